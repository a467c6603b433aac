// Page chrome shared by both players: message pages, theme, preview banner.

export function applyTheme(data) {
  const color = (data && data.theme && data.theme.colorPrimary) || (data && data.options && data.options.colorPrimary);
  if (typeof color === 'string' && /^#[0-9a-fA-F]{6}$/.test(color)) {
    document.documentElement.style.setProperty('--accent', color);
    // Text on the accent: white or near-black, whichever contrasts more.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    document.documentElement.style.setProperty('--on-accent', (1.05 / (lum + 0.05)) >= ((lum + 0.05) / 0.05) ? '#ffffff' : '#111827');
    // A version of the accent dark enough for text and focus rings on white.
    document.documentElement.style.setProperty('--accent-ink', lum > 0.18 ? `color-mix(in srgb, ${color} 45%, #000)` : color);
  }
}

export function MessagePage({ title, text, retry, onRetry, kind = 'error' }) {
  return (
    <main class="page-message" id="main">
      <div class="message-card">
        <div class={`message-icon message-${kind}`} aria-hidden="true">{kind === 'error' ? '!' : 'i'}</div>
        <h1 tabIndex={-1} data-screen-title="">{title}</h1>
        <p>{text}</p>
        {retry && onRetry && <button type="button" class="btn btn-primary" onClick={onRetry}>Try again</button>}
      </div>
    </main>
  );
}

export function PreviewBanner({ show }) {
  if (!show) return null;
  return <p class="preview-banner" role="note">Preview — progress is not recorded</p>;
}

/** Moves keyboard and screen reader focus to the new screen's title. */
export function focusTitle() {
  requestAnimationFrame(() => {
    const h = document.querySelector('[data-screen-title]');
    if (h) h.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  });
}

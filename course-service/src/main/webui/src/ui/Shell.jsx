// Page chrome shared by both players: message pages, theme, preview banner.
import { themeProperties } from '../lib/theme.js';

/**
 * Dresses the page in the session's theme (docs/themes.md): with `full` (the learner pages) the
 * resolved theme's colours, fonts and corners, else (the editors' own chrome) only the primary
 * colour. The URL's or the course's colorPrimary always overrides the theme's primary.
 */
export function applyTheme(data, { full = false } = {}) {
  const override = (data && data.theme && data.theme.colorPrimary) || (data && data.options && data.options.colorPrimary);
  const theme = full && data && data.theme && data.theme.colors ? data.theme : null;
  const style = document.documentElement.style;
  for (const [name, value] of themeProperties(theme, override)) style.setProperty(name, value);
  if (theme) document.documentElement.dataset.theme = String(theme.themeId);
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

// Page chrome shared by both players: message pages, theme, preview banner, the labels' language.
import { themeProperties } from '../lib/theme.js';
import { localize } from '../lib/i18n.js';
import { setLabelLocale, t, urlLocale } from '../lib/labels.js';
import '../labels/player.js';

const browserLanguages = () => (typeof navigator !== 'undefined' ? navigator.languages || [navigator.language] : []);

/**
 * Chooses the labels' language (docs/course-player-pages.md, "Labels"): the URL's locale or lang,
 * else the locale being played, else the course's, else the browser's, else English. Without
 * `data` (the page is still loading) the URL and the browser decide. The page chrome's <html lang>
 * follows until the player sets it from the content.
 */
export function playerLabels(data) {
  const doc = (data && data.document) || {};
  const played = data ? (doc.locale ? localize(doc, data.locale).lang : data.locale) : null;
  const lang = setLabelLocale(urlLocale(), played, doc.locale, browserLanguages());
  document.documentElement.lang = lang;
  return lang;
}

/** The builder's and screen editor's choice: the URL, else the session's language or the course's, else the browser's. */
export function authorLabels(...candidates) {
  const lang = setLabelLocale(urlLocale(), ...candidates, browserLanguages());
  document.documentElement.lang = lang;
  return lang;
}

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
        {retry && onRetry && <button type="button" class="btn btn-primary" onClick={onRetry}>{t('Try again')}</button>}
      </div>
    </main>
  );
}

export function PreviewBanner({ show }) {
  if (!show) return null;
  return <p class="preview-banner" role="note">{t('Preview — progress is not recorded')}</p>;
}

/** Moves keyboard and screen reader focus to the new screen's title. */
export function focusTitle() {
  requestAnimationFrame(() => {
    const h = document.querySelector('[data-screen-title]');
    if (h) h.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  });
}

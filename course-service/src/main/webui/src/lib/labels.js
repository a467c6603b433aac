// The pages' own labels in the learner's or author's language (docs/course-player-pages.md, "Labels").
// A label is written in English at its place in the code and looked up by that English text, so a
// missing translation falls back to English per string. Catalogues live in src/labels/<area>.js;
// each registers itself when imported, so a page's bundle carries only the labels it shows.

/** The languages the pages speak, English first (the fallback). */
export const LABEL_LOCALES = ['en', 'fr', 'de', 'es'];

const catalogues = { fr: {}, de: {}, es: {} };
let current = 'en';

/** Adds {fr: {English: French, …}, de: {…}, es: {…}} to the catalogues. */
export function addLabels(byLocale) {
  for (const [locale, entries] of Object.entries(byLocale || {})) {
    if (catalogues[locale]) Object.assign(catalogues[locale], entries);
  }
}

/**
 * The first of `candidates` (BCP 47 tags, best first: the URL's, the course's, the browser's)
 * whose language the pages speak, else English. 'fr-CA' is French; unknown tags are skipped.
 */
export function pickLabelLocale(...candidates) {
  for (const c of candidates.flat()) {
    if (typeof c !== 'string' || !c.trim()) continue;
    const lang = c.trim().toLowerCase().split(/[-_]/)[0];
    if (LABEL_LOCALES.includes(lang)) return lang;
  }
  return 'en';
}

/** Sets the language of every label from now on; the caller re-renders. Returns it. */
export function setLabelLocale(...candidates) {
  current = pickLabelLocale(...candidates);
  return current;
}

export const labelLocale = () => current;

/** The page URL's `locale` or `lang` query parameter, if any. */
export function urlLocale(search = typeof location !== 'undefined' ? location.search : '') {
  const q = new URLSearchParams(search || '');
  return q.get('locale') || q.get('lang') || null;
}

/**
 * The label for `text` (its English wording) in the current language, with {name} placeholders
 * filled from `vars`. A translation that is missing or blank falls back to the English text.
 * English words that mean two things carry their sense in brackets, which English does not show:
 * t('[navigation] Back') is "Back" and "Retour", where a flip card's t('Back') is "Verso".
 */
export function t(text, vars) {
  const tr = current === 'en' ? null : catalogues[current][text];
  const s = typeof tr === 'string' && tr.trim() ? tr : text.replace(/^\[[\w -]+\] /, '');
  if (!vars) return s;
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] === undefined || vars[k] === null ? m : String(vars[k])));
}

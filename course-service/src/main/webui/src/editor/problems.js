// Turns a refused save into words an author can act on.
import { typeLabel } from './typeLabels.js';
import { t } from '../lib/labels.js';

/** One `details` entry ({field, message}) of a screen document, named by what it is about. */
export function describeDetail(detail, doc) {
  const field = String((detail && detail.field) || '');
  const message = (detail && detail.message) || t('is not valid');
  const m = /elements\[(\d+)\](?:\.([A-Za-z]+))?(?:\[(\d+)\])?(?:\.([A-Za-z]+))?/.exec(field);
  if (m && doc && Array.isArray(doc.elements) && doc.elements[Number(m[1])]) {
    const el = doc.elements[Number(m[1])];
    const what = el.question || el.title;
    const name = `${typeLabel(el.type)}${what ? ` “${what.length > 40 ? `${what.slice(0, 39)}…` : what}”` : ''}`;
    const part = m[2] === 'answers' && m[3] != null ? `${t('answer {n}', { n: Number(m[3]) + 1 })}${m[4] ? ` ${m[4]}` : ''}` : m[2] || '';
    return `${name}: ${part ? `${part} ` : ''}${message}`;
  }
  const last = field.replace(/^document\.?/, '') || t('The screen');
  return `${last} ${message}`;
}

/** A sentence for a failed save (status 'error' / 'offline'), or null. */
export function saveProblem(error) {
  if (!error) return null;
  if (error.status === 0) return t('You are offline. Your changes are kept here and saved when the connection is back.');
  if (error.status === 401) return t('Your editing session has ended. Open the editing link again; changes since the last save are not saved.');
  if (error.status === 403) return t('This link cannot edit this screen any more. Ask for a new editing link.');
  if (error.status === 404) return t('This screen no longer exists, so your changes cannot be saved.');
  if (error.status === 413) return t('This screen is too large to save. Remove some content and try again.');
  if (error.status === 400) return t('Some changes could not be saved because the screen is not valid yet:');
  if (error.status === 429) return t('Too many saves in a short time; trying again in a moment.');
  return t('Your changes could not be saved. Trying again shortly.');
}

/**
 * Alt text problems of a document's library pictures: an image from the library
 * (`mediaId`) without alt text that is not marked decorative blocks publishing.
 * -> [{screenIndex, screenId, title, count}], one entry per screen.
 */
export function altTextProblems(screens) {
  const blank = (t) => !(typeof t === 'string' && t.trim());
  const fromLibrary = (a) => !!(a && typeof a === 'object' && a.mediaId != null);
  const out = [];
  (Array.isArray(screens) ? screens : []).forEach((s, i) => {
    if (!s || typeof s !== 'object') return;
    let count = 0;
    const hero = s.asset;
    if (fromLibrary(hero) && String(hero.mime || '').startsWith('image/') && blank(s.assetAltText) && blank(hero.altText)
      && s.assetDecorative !== true && hero.decorative !== true) count += 1;
    for (const el of Array.isArray(s.elements) ? s.elements : []) {
      if (!el || (el.type !== 'image' && el.type !== 'flipcard') || !fromLibrary(el.asset)) continue;
      if (blank(el.altText) && blank(el.asset.altText) && el.decorative !== true && el.asset.decorative !== true) count += 1;
    }
    if (count) out.push({ screenIndex: i, screenId: s.id, title: typeof s.title === 'string' ? s.title.trim() : '', count });
  });
  return out;
}

const screenName = (title, i) => (title
  ? t('Screen {n} “{title}”', { n: i + 1, title: title.length > 40 ? `${title.slice(0, 39)}…` : title })
  : t('Screen {n}', { n: i + 1 }));

/** One line for an alt text problem: "Screen 2 “Swing”: a library picture has no alt text…". */
export function altTextSentence(p) {
  const name = screenName(p.title, p.screenIndex);
  return p.count === 1
    ? t('{screen}: a library picture has no alt text. Describe it or mark it decorative before publishing.', { screen: name })
    : t('{screen}: {n} library pictures have no alt text. Describe them or mark them decorative before publishing.', { screen: name, n: p.count });
}

/**
 * The lines of a refused publish (422 with `details` naming screens, `screens[2]`), each naming
 * its screen by position and title.
 */
export function publishDetails(error, screens) {
  const list = Array.isArray(screens) ? screens : [];
  return (error && Array.isArray(error.details) ? error.details : []).map((d) => {
    const field = String((d && d.field) || '');
    // The server names the screen itself ('Screen "Swing" (s2): …'); here it is named by position too.
    const message = String((d && d.message) || t('is not valid')).replace(/^Screen (?:"[^"]*" )?\([^)]*\):\s*/, '');
    const m = /screens\[(\d+)\]/.exec(field);
    if (m && list[Number(m[1])]) {
      const s = list[Number(m[1])];
      return `${screenName(typeof s.title === 'string' ? s.title.trim() : '', Number(m[1]))}: ${message}`;
    }
    const byId = d && d.screenId != null ? list.findIndex((s) => String(s.id) === String(d.screenId)) : -1;
    if (byId >= 0) return `${screenName(list[byId].title || '', byId)}: ${message}`;
    return field ? `${field} ${message}` : message;
  });
}

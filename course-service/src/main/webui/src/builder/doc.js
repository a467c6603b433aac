// Pure helpers over the Builder 2 course document the builder edits (docs/course-builder.md).
import { labelLocale, t } from '../lib/labels.js';
import { freshScreen, newId } from '../editor/ids.js';

export const screensOf = (doc) => (doc && Array.isArray(doc.screens) ? doc.screens : []);

export function screenTitle(screen, index) {
  const title = screen && typeof screen.title === 'string' ? screen.title.trim() : '';
  return title || t('Untitled screen {n}', { n: index + 1 });
}

export function replaceScreen(doc, screen) {
  return { ...doc, screens: screensOf(doc).map((s) => (s.id === screen.id ? screen : s)) };
}

/** Moves the screen `id` to position `to` (0-based, clamped). */
export function moveScreen(doc, id, to) {
  const list = screensOf(doc).slice();
  const from = list.findIndex((s) => s.id === id);
  if (from < 0) return doc;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return doc;
  const [s] = list.splice(from, 1);
  list.splice(target, 0, s);
  return { ...doc, screens: list };
}

/** Inserts screens after the screen `afterId` (at the end when it is not found). */
export function insertScreens(doc, afterId, screens) {
  const list = screensOf(doc).slice();
  const at = list.findIndex((s) => s.id === afterId);
  list.splice(at < 0 ? list.length : at + 1, 0, ...screens);
  return { ...doc, screens: list };
}

/** Removes a screen, and its translations, so the document names only screens it has. */
export function deleteScreen(doc, id) {
  const next = { ...doc, screens: screensOf(doc).filter((s) => s.id !== id) };
  return pruneTranslations(next);
}

/**
 * A layout's screens with fresh screen, element and answer ids. A quiz layout's three screens
 * share one new quiz group id, so two quizzes made from the same layout stay apart.
 */
export function screensFromLayout(layout) {
  const groups = {};
  return (layout.screens || []).map((s) => {
    const copy = freshScreen(s);
    if (s.group && s.group.id != null) {
      if (!groups[s.group.id]) groups[s.group.id] = newId('quiz');
      copy.group = { ...s.group, id: groups[s.group.id] };
    }
    return copy;
  });
}

const isObject = (v) => v && typeof v === 'object' && !Array.isArray(v);
const emptyObject = (v) => isObject(v) && Object.keys(v).length === 0;

/**
 * Drops translations of screens, elements and answers the document no longer has, and empty
 * entries, so a saved document never names what it does not contain.
 */
export function pruneTranslations(doc) {
  if (!isObject(doc.translations)) return doc;
  const screens = new Map(screensOf(doc).map((s) => [s.id, s]));
  let changed = false;
  const translations = {};
  for (const [locale, tr] of Object.entries(doc.translations)) {
    if (!isObject(tr)) { translations[locale] = tr; continue; }
    const out = { ...tr };
    if (isObject(tr.screens)) {
      const sOut = {};
      for (const [sid, st] of Object.entries(tr.screens)) {
        const screen = screens.get(sid);
        if (!screen || !isObject(st)) { changed = true; continue; }
        const copy = { ...st };
        if (isObject(st.elements)) {
          const els = new Map((screen.elements || []).map((e) => [e.id, e]));
          const eOut = {};
          for (const [eid, et] of Object.entries(st.elements)) {
            const el = els.get(eid);
            if (!el || !isObject(et)) { changed = true; continue; }
            const ec = { ...et };
            if (isObject(et.answers)) {
              const ids = new Set((el.answers || []).map((a) => a.id));
              const aOut = {};
              for (const [aid, at] of Object.entries(et.answers)) {
                if (ids.has(aid)) aOut[aid] = at; else changed = true;
              }
              ec.answers = aOut;
            }
            eOut[eid] = ec;
          }
          copy.elements = eOut;
        }
        sOut[sid] = copy;
      }
      out.screens = sOut;
    }
    translations[locale] = out;
  }
  return changed ? { ...doc, translations } : doc;
}

/** The fields of an element a translation covers (docs/course-builder.md, translation view). */
export const TRANSLATABLE = ['question', 'title', 'description', 'cardBack', 'feedback'];

/** HTML fields (sanitised rich text) among the translatable ones. */
const HTML_DESCRIPTION = new Set(['text', 'list', 'callout', 'accordion', 'tabs', 'timeline', 'quizResults', 'question', 'quote']);
export const isHtmlField = (el, field) => field === 'description' && HTML_DESCRIPTION.has(el.type);

/** Reads translations[locale] at a path of keys; undefined when absent. */
export function readTranslation(doc, locale, path) {
  let node = doc.translations && doc.translations[locale];
  for (const k of path) {
    if (!isObject(node)) return undefined;
    node = node[k];
  }
  return typeof node === 'string' ? node : (isObject(node) && typeof node.text === 'string' ? node.text : undefined);
}

/**
 * Writes one translated string at translations[locale][...path]; an empty value removes it
 * (the player then shows the source text), and objects left empty are removed too.
 */
export function writeTranslation(doc, locale, path, value) {
  const translations = isObject(doc.translations) ? { ...doc.translations } : {};
  const root = isObject(translations[locale]) ? { ...translations[locale] } : {};
  const set = (node, i) => {
    const copy = isObject(node) ? { ...node } : {};
    const key = path[i];
    if (i === path.length - 1) {
      if (value === '' || value == null) delete copy[key]; else copy[key] = value;
    } else {
      const child = set(copy[key], i + 1);
      if (emptyObject(child)) delete copy[key]; else copy[key] = child;
    }
    return copy;
  };
  const next = set(root, 0);
  translations[locale] = next;
  return { ...doc, translations };
}

/** Locales that have translations in the document. */
export function translationLocales(doc) {
  return isObject(doc.translations) ? Object.keys(doc.translations).filter((l) => l !== (doc.locale || 'en')) : [];
}

/** A readable language name for a tag ("fr" -> "French"), in the labels' language, falling back to the tag. */
export function languageName(tag) {
  try {
    const name = new Intl.DisplayNames([labelLocale()], { type: 'language' }).of(tag);
    return name && name !== tag ? name : tag;
  } catch (e) {
    return tag;
  }
}

export const isLanguageTag = (t) => /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(t || '');

export const TYPE_NAMES = {
  heading: 'Heading', text: 'Text', image: 'Image', video: 'Video', audio: 'Audio', flipcard: 'Flip card',
  accordion: 'Accordion panel', tabs: 'Tab', quote: 'Quote', list: 'List', callout: 'Callout', timeline: 'Timeline event',
  button: 'Button', divider: 'Divider', embed: 'Embed', timeEstimate: 'Time estimate', question: 'Question', quizResults: 'Quiz results'
};

// Applies translations[locale] over the document, field by field: a translated string replaces the
// source string only when present and not blank, so a partial translation falls back per string.

const present = (v) => typeof v === 'string' && v.trim() !== '';

function mergeStrings(base, tr, skip = []) {
  if (!tr || typeof tr !== 'object') return base;
  const out = { ...base };
  for (const [k, v] of Object.entries(tr)) {
    if (skip.includes(k)) continue;
    if (present(v) && (base[k] === undefined || typeof base[k] === 'string' || base[k] === null)) out[k] = v;
  }
  return out;
}

function translateElement(el, tr) {
  if (!tr) return el;
  const out = mergeStrings(el, tr, ['answers', 'id', 'type']);
  if (Array.isArray(el.answers) && tr.answers && typeof tr.answers === 'object') {
    out.answers = el.answers.map((a) => {
      const t = tr.answers[a.id];
      const text = typeof t === 'string' ? t : t && t.text;
      return present(text) ? { ...a, text } : a;
    });
  }
  if (el.asset && present(tr.altText)) out.asset = { ...el.asset, altText: tr.altText };
  return out;
}

export function localize(doc, locale) {
  const source = (doc && doc.locale) || 'en';
  const tr = locale && locale !== source && doc.translations ? doc.translations[locale] : null;
  if (!tr) return { doc, lang: source };
  const screens = (doc.screens || []).map((s) => {
    const st = tr.screens && tr.screens[s.id];
    if (!st) return s;
    const screen = mergeStrings(s, st, ['elements', 'id', 'type', 'group']);
    screen.elements = (s.elements || []).map((e) => translateElement(e, st.elements && st.elements[e.id]));
    return screen;
  });
  return { doc: { ...doc, title: present(tr.title) ? tr.title : doc.title, screens }, lang: locale };
}

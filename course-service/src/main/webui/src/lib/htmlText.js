// Author HTML as one line of plain text, for short summaries (the builder's element cards): the
// browser's own HTML parser reads it (DOMParser makes an inert document: no script runs, nothing
// loads, nothing is inserted into the page), so every named and numeric entity decodes as the
// player shows it; tags go, blocks and line breaks part words, and runs of white space (the
// non-breaking space too) become one space.

const BLOCKS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'table', 'td', 'th', 'tr', 'ul']);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

/** The text of `html` on one line; '' for nothing. Uses the page's DOMParser (a test may set globalThis.DOMParser). */
export function htmlToText(html) {
  if (html == null || html === '') return '';
  const doc = new globalThis.DOMParser().parseFromString(String(html), 'text/html');
  const parts = [];
  const walk = (node) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) {
        parts.push(n.nodeValue);
      } else if (n.nodeType === 1) {
        const name = String(n.nodeName).toLowerCase();
        if (SKIPPED.has(name)) continue;
        const block = BLOCKS.has(name);
        if (block) parts.push(' ');
        walk(n);
        if (block) parts.push(' ');
      }
    }
  };
  walk(doc.body || doc.documentElement || doc);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Plain text on one line: runs of white space (the non-breaking space too) as one space. */
export function oneLine(text) {
  return text == null ? '' : String(text).replace(/\s+/g, ' ').trim();
}


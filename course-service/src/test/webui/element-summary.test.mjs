// node --test element-summary.test.mjs: the builder's element cards name each element with a short
// plain text (src/main/webui/src/editor/types.js elementSummary, src/lib/htmlText.js). The page reads
// author HTML with the browser's DOMParser; here parse5 (the WHATWG HTML parsing algorithm, as
// browsers run it, entities included) stands in for it. parse5 comes from the page build's
// node_modules (WEBUI_WORK, else course-service/target/webui). Run by ElementSummaryTest.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const work = process.env.WEBUI_WORK || resolve(here, '../../../target/webui');
const { parse } = createRequire(join(work, 'package.json'))('parse5');

/** parse5's tree through the DOM properties a DOMParser document offers (text 3, element 1, comment 8). */
function domNode(n, siblings, i) {
  const kind = n.nodeName === '#text' ? 3 : n.nodeName === '#comment' ? 8 : 1;
  const kids = n.childNodes || [];
  return {
    nodeType: kind,
    nodeName: kind === 1 ? String(n.tagName).toUpperCase() : n.nodeName,
    nodeValue: kind === 1 ? null : (n.value ?? n.data),
    get firstChild() { return kids.length ? domNode(kids[0], kids, 0) : null; },
    get nextSibling() { return i + 1 < siblings.length ? domNode(siblings[i + 1], siblings, i + 1) : null; }
  };
}

class Parse5DOMParser {
  parseFromString(html, type) {
    assert.equal(type, 'text/html');
    const find = (n) => (n.tagName === 'body' ? n : (n.childNodes || []).map(find).find(Boolean));
    const body = find(parse(html));
    return { body: domNode(body, [body], 0) };
  }
}
globalThis.DOMParser = Parse5DOMParser;

const { htmlToText } = await import('../../main/webui/src/lib/htmlText.js');
const { elementSummary } = await import('../../main/webui/src/editor/types.js');

test('entities decode: a non-breaking space is a space, runs of spaces are one', () => {
  assert.equal(elementSummary({ type: 'text', description: 'Birdie &nbsp;is one under' }), 'Text: Birdie is one under');
  assert.equal(htmlToText('<p>Birdie&nbsp;&nbsp; is\n one   under</p>'), 'Birdie is one under');
});

test('escaped markup shows as text, never as markup', () => {
  assert.equal(elementSummary({ type: 'text', description: '&lt;b&gt;' }), 'Text: <b>');
  assert.equal(htmlToText('<p>Use &lt;script&gt;alert(1)&lt;/script&gt; with care</p>'), 'Use <script>alert(1)</script> with care');
});

test('named and numeric entities, as a browser decodes them', () => {
  assert.equal(htmlToText('It&#39;s par &amp; a birdie'), "It's par & a birdie");
  assert.equal(htmlToText('&quot;Fore!&quot; &#x41;&#66; &eacute;t&eacute; &hellip; &mdash; &euro;5 &#x1F3CC;'), '"Fore!" AB été … — €5 🏌');
  // Unknown names stay as written; a few legacy names decode without a semicolon, as in browsers.
  assert.equal(htmlToText('&bogus; &amp &copy 2024'), '&bogus; & © 2024');
});

test('tags go; blocks and line breaks part words, inline tags do not', () => {
  assert.equal(htmlToText('<p>Golf is <b>fun</b>.</p><p>Par<br>is 72</p><ul><li>One</li><li>Two</li></ul>'), 'Golf is fun. Par is 72 One Two');
  assert.equal(htmlToText('Bir<em>die</em>'), 'Birdie');
  assert.equal(htmlToText('<script>alert(1)</script><style>p{}</style>Eagle<!-- note -->'), 'Eagle');
  assert.equal(htmlToText('<img src="x" onerror="alert(1)">'), '');
  assert.equal(htmlToText(''), '');
  assert.equal(htmlToText(null), '');
});

test('a card names the element by its title, its question, else its text, cut at 60 characters', () => {
  assert.equal(elementSummary({ type: 'flipcard', title: 'Par', description: 'ignored' }), 'Flip card: Par');
  assert.equal(elementSummary({ type: 'question', question: '  What   is par? ' }), 'Question: What is par?');
  assert.equal(elementSummary({ type: 'heading' }), 'Heading');
  assert.equal(elementSummary({ type: 'text', description: '<p>&nbsp;</p>' }), 'Text');
  const long = elementSummary({ type: 'text', description: `<p>${'Fairway &amp; green '.repeat(6)}</p>` });
  assert.equal(long, `Text: ${'Fairway & green '.repeat(4).slice(0, 57)}…`);
  // A plain-text description (the player shows it as written) is not read as HTML.
  assert.equal(elementSummary({ type: 'flipcard', description: 'Tom &amp; Jerry' }), 'Flip card: Tom &amp; Jerry');
});

// node --test page-labels.test.mjs: every label the pages show has French, German and Spanish
// (docs/course-player-pages.md, "Labels"). Scans the sources for t('…'), t("…") and t(`…`) calls
// (a template with ${} is not a label), loads the catalogues (src/labels/*.js) together and checks
// that each English text has a non-blank fr, de and es entry with the same {placeholders}, and
// that no catalogue key is unused.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../main/webui/src');
const LOCALES = ['fr', 'de', 'es'];

// Every source file of the pages is scanned (src/labels/ holds the catalogues themselves).

function sources(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'labels' ? [] : sources(p);
    return /\.(jsx?|mjs)$/.test(d.name) ? [p] : [];
  });
}

const unescape = (s) => s.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (m, c) => {
  if (c[0] === 'u') return String.fromCodePoint(parseInt(c.replace(/[u{}]/g, ''), 16));
  if (c[0] === 'x' && c.length === 3) return String.fromCharCode(parseInt(c.slice(1), 16));
  return { n: '\n', t: '\t' }[c] ?? c;
});

/** The English texts of t('…') calls in `code`. */
export function labelsIn(code) {
  const out = [];
  const re = /(?<![\w$.])t\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.|\$(?!\{))*)`)/g;
  for (const m of code.matchAll(re)) out.push(unescape(m[1] ?? m[2] ?? m[3]));
  return out;
}

/** The catalogues as {file: {fr, de, es}}: each file's addLabels argument. */
function catalogues() {
  const dir = join(SRC, 'labels');
  const out = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) {
    const body = readFileSync(join(dir, name), 'utf8').replace(/^\s*import\s[^;]*;\s*$/gm, '');
    let got = null;
    new Function('addLabels', body)((byLocale) => { got = { ...(got || {}), ...byLocale }; });
    out[name] = got || {};
  }
  return out;
}

const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');

const cats = catalogues();
const merged = Object.fromEntries(LOCALES.map((l) => [l, Object.assign({}, ...Object.values(cats).map((c) => c[l] || {}))]));

const used = new Map(); // English text -> first file using it
for (const file of sources()) {
  const rel = relative(SRC, file).split('\\').join('/');
  for (const text of labelsIn(readFileSync(file, 'utf8'))) {
    if (!used.has(text)) used.set(text, rel);
  }
}

test('the scan finds the labels of the player and the builder', () => {
  assert.deepEqual(labelsIn(`t('Next') + t("It's") + t(\`Screen {n}\`, {n}) + t(\`x\${y}\`) + at('no') + t('a\\'b')`), ['Next', "It's", 'Screen {n}', "a'b"]);
  assert.ok(used.has('Next') && used.has('Check answer'), 'player labels are found');
  assert.ok(used.size > 100, `only ${used.size} labels found`);
});

test('every label has French, German and Spanish', () => {
  const missing = [];
  for (const [text, file] of used) {
    for (const l of LOCALES) {
      const tr = merged[l][text];
      if (typeof tr !== 'string' || !tr.trim()) missing.push(`${l}: ${JSON.stringify(text)} (${file})`);
    }
  }
  assert.deepEqual(missing, [], `labels without a translation:\n${missing.join('\n')}`);
});

test('each translation keeps the same {placeholders}', () => {
  const wrong = [];
  for (const l of LOCALES) {
    for (const [text, tr] of Object.entries(merged[l])) {
      if (placeholders(text) !== placeholders(tr)) wrong.push(`${l}: ${JSON.stringify(text)} -> ${JSON.stringify(tr)}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('no catalogue key is unused, and each catalogue has the same keys in fr, de and es', () => {
  const unused = [];
  for (const [name, cat] of Object.entries(cats)) {
    for (const l of LOCALES) {
      for (const text of Object.keys(cat[l] || {})) if (!used.has(text)) unused.push(`${name} ${l}: ${JSON.stringify(text)}`);
    }
    const keys = (l) => Object.keys(cat[l] || {}).sort();
    assert.deepEqual(keys('de'), keys('fr'), `${name}: de and fr differ`);
    assert.deepEqual(keys('es'), keys('fr'), `${name}: es and fr differ`);
  }
  assert.deepEqual(unused, [], `catalogue keys no page uses:\n${unused.join('\n')}`);
});

test('the catalogues agree where they share a label (a page loads several, the last one wins)', () => {
  const differ = [];
  const names = Object.keys(cats);
  for (const [i, x] of names.entries()) {
    for (const y of names.slice(i + 1)) {
      for (const l of LOCALES) {
        for (const [text, tr] of Object.entries(cats[x][l] || {})) {
          const other = (cats[y][l] || {})[text];
          if (other !== undefined && other !== tr) differ.push(`${x}/${y} ${l}: ${JSON.stringify(text)}`);
        }
      }
    }
  }
  assert.deepEqual(differ, []);
});

test('the player, builder and canvas catalogues are there', () => {
  for (const name of ['player.js', 'builder.js', 'editor.js']) assert.ok(existsSync(join(SRC, 'labels', name)), name);
});

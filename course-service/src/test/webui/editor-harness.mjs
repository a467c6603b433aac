// Developer harness for the library screen editor (not run by Maven; see docs/course-player-pages.md).
// Serves the built pages with a fake editor API (docs/course-builder.md "Editor API": session
// exchange with intent, GET /catalogue, GET/POST /screen, PUT /screen/{id} with revisions, If-Match,
// 412/428/400) on 127.0.0.1 and drives Chromium (playwright-core) through: a refused view link, the
// layout picker, creating a quiz, editing a flip card, rich text and a question, autosave with
// If-Match, a concurrent save (412) resolved with Keep mine and with Reload theirs, undo/redo,
// element moves, the live preview, offline retry, keepalive save on hide, a refused (400) save,
// axe-core, and 375 px.
// Usage: node editor-harness.mjs [PAGES_DIR] [--serve]   (default: ../../../target/classes/META-INF/resources/play)
// --serve only serves the pages and the fake API, to try them by hand: /play/screen-editor#token=new-1
// (no screen yet: the picker) or #token=quiz-1 (a quiz); any new token name opens a new session.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const serveOnly = args.includes('--serve');
const pages = path.resolve(args.find((a) => !a.startsWith('--')) || path.join(here, '../../../target/classes/META-INF/resources/play'));
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });
const CSP = "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";

// ---------------------------------------------------------------- the fake editor API

const T = 'TEXT';
const FIELDS = {
  heading: [['title', T], ['level', 'HEADING_LEVEL']], text: [['title', T], ['description', T]],
  image: [['asset', 'ASSET'], ['altText', T], ['title', T], ['description', T]],
  video: [['asset', 'ASSET'], ['title', T], ['description', T], ['transcript', T], ['autoplay', 'BOOLEAN']],
  audio: [['asset', 'ASSET'], ['title', T], ['description', T], ['transcript', T]],
  flipcard: [['title', T], ['cardBack', T], ['asset', 'ASSET']], accordion: [['title', T], ['description', T], ['expanded', 'BOOLEAN']],
  tabs: [['title', T], ['description', T]], quote: [['description', T], ['title', T]], list: [['title', T], ['description', T], ['ordered', 'BOOLEAN']],
  callout: [['title', T], ['description', T], ['tone', 'TONE']], timeline: [['title', T], ['description', T]],
  button: [['title', T], ['url', 'LINK'], ['newWindow', 'BOOLEAN']], divider: [],
  embed: [['url', 'LINK'], ['title', T], ['height', 'NON_NEGATIVE_INTEGER']], timeEstimate: [['minutes', 'NON_NEGATIVE_INTEGER', true], ['title', T]],
  question: [['question', T], ['title', T], ['description', T], ['answers', 'ANSWERS', true], ['multiple', 'BOOLEAN'], ['feedback', T]],
  quizResults: [['title', T], ['description', T], ['passPercent', 'PERCENT']]
};

let seq = 0;
const id = (p) => `${p}-${++seq}`;
const el = (type, x, y, w, h, fields) => ({ id: id('element'), type, layout: { x, y, w, h }, ...fields });
const screen = (type, title, layoutId, elements, group) => ({ id: id('screen'), type, typeId: type === 'blocks' ? 1 : 2, title, layoutId, ...(group ? { group } : {}), elements });
const LAYOUTS = [
  { id: 'title-and-text', name: 'Title and text', category: 'text', screenType: 'blocks', make: () => [screen('blocks', 'Introduction', 'title-and-text', [
    el('heading', 0, 0, 12, 2, { title: 'Introduction', level: 1 }), el('text', 0, 2, 12, 6, { description: '<p>Write your introduction here.</p>' })])] },
  { id: 'text-image-left', name: 'Image left, text right', category: 'text', screenType: 'blocks', make: () => [screen('blocks', 'Introduction', 'text-image-left', [
    el('heading', 0, 0, 12, 2, { title: 'Introduction', level: 1 }), el('image', 0, 2, 6, 6, { title: 'Add a picture.' }), el('text', 6, 2, 6, 6, { description: '<p>Write here.</p>' })])] },
  { id: 'video', name: 'Video', category: 'media', screenType: 'blocks', make: () => [screen('blocks', 'Watch the video', 'video', [
    el('heading', 0, 0, 12, 2, { title: 'Watch the video', level: 1 }), el('video', 0, 2, 12, 7, {}), el('text', 0, 9, 12, 2, { description: '<p>What to look for.</p>' })])] },
  { id: 'flipcards', name: 'Flip cards', category: 'interactive', screenType: 'blocks', make: () => [screen('blocks', 'Key terms', 'flipcards', [
    el('heading', 0, 0, 12, 2, { title: 'Key terms', level: 1 }),
    ...[0, 1, 2].map((i) => el('flipcard', i * 4, 2, 4, 5, { title: `Write a term on the front of card ${i + 1}.`, cardBack: 'Explain the term here.' }))])] },
  { id: 'accordion', name: 'Accordion', category: 'interactive', screenType: 'blocks', make: () => [screen('blocks', 'Learn more', 'accordion', [
    el('heading', 0, 0, 12, 2, { title: 'Learn more', level: 1 }),
    ...['First topic', 'Second topic'].map((t, i) => el('accordion', 0, 2 + i * 2, 12, 2, { title: t, description: '<p>Details.</p>', expanded: i === 0 }))])] },
  { id: 'quiz-single-choice', name: 'Single-choice quiz', category: 'quiz', screenType: 'blocksQuiz', make: () => quiz(false, ['Write the correct answer here.', 'Write a plausible wrong answer.', 'Write another plausible wrong answer.'], [true, false, false]) },
  { id: 'quiz-true-false', name: 'True or false quiz', category: 'quiz', screenType: 'blocksQuiz', make: () => quiz(false, ['True', 'False'], [true, false]) }
];
function quiz(multiple, answers, correct) {
  const group = id('group');
  return [
    screen('blocks', 'Check your understanding', 'quiz-single-choice', [
      el('heading', 0, 0, 12, 2, { title: 'Check your understanding', level: 1 }),
      el('text', 0, 2, 12, 4, { description: '<p>Test what you have learned with a short quiz.</p>' }),
      el('button', 4, 6, 4, 1, { title: 'Start the quiz' })], { id: group, role: 'cover' }),
    screen('blocksQuiz', 'Question', 'quiz-single-choice', [
      el('question', 0, 0, 12, 7, { question: 'Write your question here.', multiple, feedback: 'Explain why the correct answer is right.',
        answers: answers.map((text, i) => ({ id: id('answer'), text, correct: correct[i] })) })], { id: group, role: 'question' }),
    screen('blocks', 'Your results', 'quiz-single-choice', [
      el('heading', 0, 0, 12, 2, { title: 'Your results', level: 1 }),
      el('quizResults', 0, 2, 12, 4, { title: 'Your score', description: 'You need 80% to pass.', passPercent: 80 }),
      el('button', 4, 6, 4, 1, { title: 'Try again' })], { id: group, role: 'results' })
  ];
}
const catalogue = {
  elementTypes: Object.entries(FIELDS).map(([type, f]) => ({ type, fields: f.map(([name, kind, required]) => ({ name, kind, required: !!required })) })),
  screenTypes: [{ type: 'blocks', typeId: 1 }, { type: 'blocksQuiz', typeId: 2 }],
  layouts: LAYOUTS.map(({ make, ...l }) => ({ ...l, screens: make() }))
};

const sessions = new Map(); // session -> {screenIds: [] | null}
const store = new Map(); // screen id -> {id, title, layoutId, type, typeId, role, document, revision}
const calls = [];
const exchanges = [];
const error = (status, code, message, extra = {}) => [status, { message, error: { code, status, ...(extra.reason ? { reason: extra.reason } : {}) }, ...(extra.details ? { details: extra.details } : {}) }, extra.headers];
function create(layoutId) {
  const l = LAYOUTS.find((x) => x.id === layoutId);
  const docs = l.make();
  for (const d of docs) store.set(d.id, { id: d.id, title: d.title, layoutId, type: d.type, typeId: d.typeId, role: d.group ? d.group.role : null, document: d, revision: 1 });
  return docs.map((d) => d.id);
}
const answerOf = (ids) => ({ screens: ids.map((i) => store.get(i)) });
/** Another writer saves the screen (another tab, an agent): the revision moves on. */
function concurrentSave(screenId, mutate) {
  const s = store.get(screenId);
  s.document = mutate(JSON.parse(JSON.stringify(s.document)));
  s.title = s.document.title;
  s.revision += 1;
}
function validate(doc, screenId) {
  const details = [];
  if (!doc || typeof doc !== 'object') return [{ field: 'document', message: 'is required' }];
  if (doc.id !== screenId) details.push({ field: 'document.id', message: `must stay ${screenId}` });
  (doc.elements || []).forEach((e, i) => {
    if (e.type === 'question' && !(e.answers || []).some((a) => a.correct)) details.push({ field: `document.elements[${i}].answers`, message: 'must have at least one correct answer' });
    if (e.asset && !/^https?:\/\//.test(e.asset.url || '')) details.push({ field: `document.elements[${i}].asset.url`, message: 'must be an absolute http or https URL' });
  });
  return details;
}

function api(req, body) {
  const url = req.url.split('?')[0];
  if (url === '/v1/headless/player/sessions' && req.method === 'POST') {
    exchanges.push(body);
    const token = body.token;
    if (['expired', 'used', 'invalid'].includes(token)) return error(401, 'UNAUTHORIZED', 'refused', { reason: token });
    if (token === 'view' && body.intent === 'edit') return error(403, 'FORBIDDEN', 'This link is for viewing.', { reason: 'view_only' });
    const session = `sess-${token}`;
    if (!sessions.has(session)) sessions.set(session, { screenIds: token.startsWith('quiz') ? create('quiz-single-choice') : null });
    const s = sessions.get(session);
    return [201, { session, expiresAt: new Date(Date.now() + 3600e3).toISOString(), mode: 'edit', kind: 'screen',
      screen: s.screenIds ? { id: s.screenIds[0], title: store.get(s.screenIds[0]).title } : null, options: { colorPrimary: '#0f766e' }, theme: { colorPrimary: '#0f766e' } }];
  }
  const prefix = '/v1/headless/player/editor';
  if (!url.startsWith(prefix)) return error(404, 'NOT_FOUND', 'no');
  const s = sessions.get(req.headers['x-player-session']);
  if (!s) return error(401, 'UNAUTHORIZED', 'no session', { reason: 'session' });
  const p = url.slice(prefix.length);
  calls.push({ method: req.method, path: p, ifMatch: req.headers['if-match'], body, at: Date.now() });
  if (req.method === 'GET' && p === '/catalogue') return [200, catalogue];
  if (req.method === 'GET' && p === '/screen') return s.screenIds ? [200, answerOf(s.screenIds)] : error(404, 'NOT_FOUND', 'The session has no screen yet.');
  if (req.method === 'POST' && p === '/screen') {
    if (s.screenIds) return error(409, 'CONFLICT', 'The session already has a screen.');
    if (!LAYOUTS.some((l) => l.id === body.layoutId)) return error(400, 'BAD_REQUEST', 'unknown layout', { details: [{ field: 'layoutId', message: 'unknown layout' }] });
    s.screenIds = create(body.layoutId);
    return [201, answerOf(s.screenIds)];
  }
  const m = /^\/screen\/([^/]+)$/.exec(p);
  if (req.method === 'PUT' && m) {
    const sid = decodeURIComponent(m[1]);
    if (!s.screenIds || !s.screenIds.includes(sid)) return error(404, 'NOT_FOUND', 'Not one of the session\'s screens.');
    const cur = store.get(sid);
    if (!req.headers['if-match']) return error(428, 'PRECONDITION_REQUIRED', 'If-Match is required.');
    const rev = Number(String(req.headers['if-match']).replace(/"/g, ''));
    if (rev !== cur.revision) return error(412, 'PRECONDITION_FAILED', 'The screen was changed since.', { headers: { ETag: `"${cur.revision}"` } });
    const details = validate(body.document, sid);
    if (details.length) return error(400, 'BAD_REQUEST', 'The document is not valid.', { details });
    cur.document = body.document;
    cur.title = body.document.title;
    cur.revision += 1;
    return [200, { id: sid, revision: cur.revision, savedAt: new Date().toISOString() }, { ETag: `"${cur.revision}"` }];
  }
  return error(404, 'NOT_FOUND', 'no');
}

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
const app = http.createServer((req, res) => {
  if (req.url.startsWith('/v1/')) {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const [status, json, headers] = api(req, data ? JSON.parse(data) : {});
      res.writeHead(status, { 'content-type': 'application/json', ...(headers || {}) }).end(JSON.stringify(json));
    });
    return;
  }
  let p = req.url.split('?')[0];
  if (['/play/screen-editor', '/play/builder', '/play/course', '/play/screen'].includes(p)) p += '.html';
  const file = p.startsWith('/play/') ? path.join(pages, p.slice(6)) : null;
  if (!file || !file.startsWith(pages) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end('not found');
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'content-security-policy': CSP }).end(fs.readFileSync(file));
});
await new Promise((r) => app.listen(0, '127.0.0.1', r));
const appUrl = `http://127.0.0.1:${app.address().port}`;
if (serveOnly) {
  console.log(`serving ${pages} at ${appUrl}/play/screen-editor#token=new-1 (Ctrl+C stops)`);
  await new Promise(() => {});
}

// ---------------------------------------------------------------- the checks

const failures = [];
const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });

async function axe(page, label) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, target: v.nodes[0] && v.nodes[0].target.join(' ') }));
  });
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of result) console.log(`     axe ${v.impact} ${v.id} (${v.nodes}): ${v.help} — ${v.target}`);
  check(bad.length === 0, `axe: no serious/critical violations (${label})`);
}
const puts = (sid) => calls.filter((c) => c.method === 'PUT' && c.path === `/screen/${sid}`);
const until = async (fn, what, ms = 6000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await fn()) { check(true, what); return true; } await new Promise((r) => setTimeout(r, 50)); }
  check(false, `in time: ${what}`);
  return false;
};
const statusText = (page) => page.getByRole('status', { name: 'Save status' }).innerText();
const savedStatus = async (page) => /^Saved at \d\d:\d\d:\d\d$/.test((await statusText(page)).trim());
function watchErrors(page) {
  const errors = [];
  // Expected: the 4xx answers the harness provokes on purpose (404 /screen, 403, 412, 400) are logged by Chromium.
  // And the CSP refusing the inline handler of the harness's hostile paste while DOMPurify parses it.
  const expected = /status of (404|403|412|400)|ERR_FAILED|ERR_INTERNET_DISCONNECTED|net::ERR|Executing inline event handler violates/;
  page.on('console', (m) => { if (m.type() === 'error' && !expected.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

// A learner's link is refused, and says why; the exchange carried intent "edit".
{
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${appUrl}/play/screen-editor#token=view`);
  await page.locator('h1').waitFor();
  check(await page.getByText('This link opens the screen for learning; ask for an editing link.').isVisible(), 'view_only refusal explained');
  check(exchanges.some((x) => x.token === 'view' && x.intent === 'edit'), 'the exchange passes intent "edit"');
  await page.goto(`${appUrl}/play/screen-editor?r=2#token=expired`);
  await page.getByText('This link has expired; ask for a new one.').waitFor();
  check(true, 'expired refusal explained');
  await ctx.close();
}

// 1280 px: picker -> create a quiz -> edit -> autosave -> conflicts -> undo/redo.
{
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(`${appUrl}/play/screen-editor?w=ws#token=new-1280`);
  const dialog = page.getByRole('dialog', { name: 'Choose a layout' });
  await dialog.waitFor();
  check((await page.evaluate(() => location.hash)) === '' && (await page.evaluate(() => location.search)) === '?w=ws', 'token removed, ?w= kept');
  // Focus moves once the dialog has drawn its options (a frame or two on a busy machine).
  await until(() => page.evaluate(() => document.activeElement.getAttribute('role') === 'option'), 'picker: focus starts on the first layout', 2000);
  check(await dialog.getByRole('option', { name: 'Title and text', exact: true }).isVisible(), 'picker: options named by the layout name');
  check(await page.locator('.layout-preview .heading-1').first().isVisible(), 'picker: previews rendered by the player\'s elements');
  await page.keyboard.press('ArrowRight');
  check((await page.evaluate(() => document.activeElement.textContent)).includes('Image left, text right'), 'picker: ArrowRight moves to the next layout');
  await axe(page, 'layout picker, 1280');
  await page.screenshot({ path: path.join(out, 'screen-editor-1280-picker.png') });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  const again = page.getByRole('button', { name: 'Choose a layout' });
  await again.click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForTimeout(100);
  check(await page.evaluate(() => document.activeElement.textContent.trim() === 'Choose a layout'), 'picker: Escape cancels and focus returns');
  await again.click();
  await dialog.getByRole('button', { name: 'Quiz', exact: true }).click();
  check((await dialog.getByRole('option').count()) === 2, 'picker: category filter');
  await dialog.getByRole('option', { name: 'Single-choice quiz', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: /Cover/ }).waitFor();
  const post = calls.find((c) => c.method === 'POST' && c.path === '/screen');
  check(post && post.body.layoutId === 'quiz-single-choice', 'POST /screen {layoutId} creates the chosen layout');
  check((await page.getByRole('tab').count()) === 3 && await page.getByRole('tab', { name: /Question/ }).isVisible() && await page.getByRole('tab', { name: /Results/ }).isVisible(), 'quiz: cover, question and results tabs');
  const [coverId, questionId] = sessions.get('sess-new-1280').screenIds;

  // Flip card on the cover.
  await page.getByRole('button', { name: 'Add element' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  check(await page.evaluate(() => document.activeElement.getAttribute('role') === 'menuitem'), 'add menu: focus on the first item');
  await menu.getByRole('menuitem', { name: 'Flip card' }).click();
  const front = page.getByLabel('Front', { exact: true });
  await front.waitFor();
  check(await front.evaluate((e) => e === document.activeElement), 'new element: focus on its first field');
  await front.fill('Par');
  await page.getByLabel('Back', { exact: true }).fill('Expected strokes');
  await until(() => savedStatus(page), 'autosave after the flip card edit');
  const coverPuts = puts(coverId);
  check(coverPuts.length >= 1 && coverPuts[0].ifMatch === '"1"', `autosave sends If-Match "1" (got ${coverPuts[0] && coverPuts[0].ifMatch})`);
  const card = store.get(coverId).document.elements.find((e) => e.type === 'flipcard');
  check(card && card.title === 'Par' && card.cardBack === 'Expected strokes' && store.get(coverId).revision === 1 + coverPuts.length, 'flip card saved, revision moved on');
  check(coverPuts.length <= 2, `typing is saved in few requests (${coverPuts.length})`);
  // A plain field takes plain text only, also when pasting formatted text.
  await page.getByLabel('Back', { exact: true }).evaluate((node) => {
    node.focus();
    const r = document.createRange();
    r.selectNodeContents(node);
    document.getSelection().removeAllRanges();
    document.getSelection().addRange(r);
    const dt = new DataTransfer();
    dt.setData('text/html', '<b>Strokes</b> <img src=x onerror="window.pwned=3">expected');
    dt.setData('text/plain', 'Strokes expected\non a hole');
    node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await until(() => (store.get(coverId).document.elements.find((e) => e.type === 'flipcard') || {}).cardBack === 'Strokes expected\non a hole',
    'a paste in a plain field keeps the plain text only');
  check(!(await page.evaluate(() => window.pwned)) && await page.getByLabel('Back', { exact: true }).evaluate((n) => n.querySelector('b, img') === null), 'no formatting or markup is pasted into a plain field');
  await page.getByLabel('Back', { exact: true }).fill('Expected strokes');

  // Rich text with the keyboard: Ctrl+B.
  // On the canvas a text element's body is the "Paragraph" region; its toolbar shows while it has focus.
  const rich = page.getByRole('textbox', { name: 'Paragraph', exact: true }).first();
  await rich.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Play ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('eighteen');
  await page.keyboard.press('Control+B');
  await page.keyboard.type(' holes.');
  await until(async () => /<(b|strong)>eighteen<\/(b|strong)>/.test(JSON.stringify(store.get(coverId).document)), 'rich text saved with bold');
  check(await page.getByRole('button', { name: 'Bold' }).first().isVisible(), 'rich text toolbar (Bold)');
  // A link from the keyboard (select the last word, Ctrl+K, address, Enter), and a hostile paste.
  for (let k = 0; k < 6; k++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+K');
  await page.getByLabel('Link address').first().fill('example.com/rules');
  await page.keyboard.press('Enter');
  await until(async () => /<a href=\\?"https:\/\/example\.com\/rules\\?"[^>]*>holes\.?<\/a>/.test(JSON.stringify(store.get(coverId).document)), 'rich text link (Ctrl+K) saved with https://');
  await rich.evaluate((node) => {
    node.focus();
    const dt = new DataTransfer();
    dt.setData('text/html', '<p>Pasted <img src=x onerror="window.pwned=1"><a href="javascript:alert(1)">bad</a><script>window.pwned=2</script></p>');
    node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await until(async () => JSON.stringify(store.get(coverId).document).includes('Pasted'), 'paste saved');
  const pasted = JSON.stringify(store.get(coverId).document);
  check(!/onerror|<img|javascript:|<script/i.test(pasted) && !(await page.evaluate(() => window.pwned)), 'pasted HTML is sanitised');

  // Move, duplicate, delete the flip card on the canvas (its toolbar shows once it is selected).
  const cardCount = () => page.locator('.cv-el').count();
  const before = await cardCount();
  await front.click();
  check(await page.getByRole('button', { name: /^Properties: Flip card/ }).isVisible(), 'the selected element shows its toolbar');
  await page.getByRole('button', { name: /^Duplicate: Flip card/ }).click();
  check((await cardCount()) === before + 1, 'duplicate element');
  await page.getByRole('button', { name: /^Delete: Flip card/ }).click();
  check((await cardCount()) === before, 'delete element');
  await front.click();
  await page.getByRole('button', { name: /^Move up: Flip card/ }).click();
  const order = (await page.locator('[role=tabpanel]:not([hidden]) .cv-el').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).map((t) => t.replace(/ \d+$/, ''));
  check(order.indexOf('Flip card') === order.length - 2, `move up (order: ${order.join(' / ')})`);
  await until(() => savedStatus(page), 'saved after the moves');
  const saved = store.get(coverId).document.elements.slice().sort((a, b) => (a.layout.y - b.layout.y) || (a.layout.x - b.layout.x)).map((e) => e.type);
  check(saved.indexOf('flipcard') === saved.length - 2, `the move changes the reading order that learners see (${saved.join(', ')})`);

  // The question.
  await page.getByRole('tab', { name: /Question/ }).click();
  await page.getByLabel('Question', { exact: true }).fill('What is par?');
  await page.getByLabel('Answer 1', { exact: true }).fill('Expected strokes');
  await page.getByLabel('Answer 2', { exact: true }).fill('A club');
  await page.getByLabel('Answer 2 is correct', { exact: true }).check();
  check(!(await page.getByLabel('Answer 1 is correct', { exact: true }).isChecked()), 'single choice: one correct answer');
  await page.getByLabel('Answer 1 is correct', { exact: true }).check();
  await page.getByLabel('Feedback', { exact: true }).fill('Par is the expected number of strokes.');
  await until(() => savedStatus(page), 'autosave after the question edit');
  const q = () => store.get(questionId).document.elements.find((e) => e.type === 'question');
  check(q().question === 'What is par?' && q().answers[0].text === 'Expected strokes' && q().answers[0].correct && !q().answers[1].correct, 'question saved');
  check(puts(questionId)[0].ifMatch === '"1"', 'each screen saves with its own revision');
  await axe(page, 'screen editor, question tab, 1280');

  // Live preview with the player's components: the question can be tried.
  await page.getByRole('button', { name: 'Preview' }).click();
  const pane = page.getByRole('complementary', { name: 'Preview' });
  await pane.waitFor();
  check(await pane.getByText('What is par?').isVisible() && await page.getByLabel('Feedback', { exact: true }).isVisible(), 'preview beside the form (1280)');
  await pane.getByLabel('Expected strokes').check();
  await pane.getByRole('button', { name: 'Check answer' }).click();
  check(await pane.getByText('Correct.', { exact: true }).isVisible(), 'preview: the question can be checked');
  await axe(page, 'screen editor with preview, 1280');
  await page.screenshot({ path: path.join(out, 'screen-editor-1280-preview.png') });
  await page.getByRole('button', { name: 'Preview' }).click();
  await pane.waitFor({ state: 'hidden' });

  // A refused save (400) is explained with its details.
  await page.getByLabel('Learners can choose several answers').check();
  await page.getByLabel('Answer 1 is correct', { exact: true }).uncheck();
  await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
  check(await page.getByText('Question “What is par?”: answers must have at least one correct answer').isVisible(), '400 details shown in words');
  check((await statusText(page)).includes('Save failed'), 'status: Save failed');
  await page.getByLabel('Answer 1 is correct', { exact: true }).check();
  await until(() => savedStatus(page), 'saved again once valid');

  // Conflict 1: someone else saves; Keep mine.
  concurrentSave(questionId, (d) => ({ ...d, title: 'Their title' }));
  const revTheirs = store.get(questionId).revision;
  await page.getByLabel('Feedback', { exact: true }).fill('Mine.');
  const conflict = page.getByRole('alertdialog', { name: 'Someone else saved a newer version' });
  await conflict.waitFor();
  check((await statusText(page)).trim() === 'Conflict', 'status: Conflict');
  check(await conflict.getByText(`revision ${revTheirs}`).isVisible(), 'the dialog names the newer revision');
  await axe(page, 'conflict dialog');
  await page.screenshot({ path: path.join(out, 'screen-editor-1280-conflict.png') });
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await until(() => savedStatus(page), 'Keep mine saves');
  const last = puts(questionId).at(-1);
  check(last.ifMatch === `"${revTheirs}"` && q().feedback === 'Mine.' && store.get(questionId).document.title === 'Question', 'Keep mine saves over the newer revision');

  // Conflict 2: Reload theirs, then Undo brings mine back.
  concurrentSave(questionId, (d) => { d.title = 'Their second title'; d.elements[0].feedback = 'Theirs.'; return d; });
  await page.getByLabel('Feedback', { exact: true }).fill('Mine again.');
  await conflict.waitFor();
  await conflict.getByRole('button', { name: 'Reload theirs' }).click();
  await conflict.waitFor({ state: 'hidden' });
  const panel = page.locator('[role=tabpanel]:not([hidden])');
  check((await page.getByLabel('Feedback', { exact: true }).inputValue()) === 'Theirs.' && (await panel.getByLabel('Screen title').textContent()) === 'Their second title', 'Reload theirs shows the newer version');
  check(await savedStatus(page), 'after Reload theirs: saved');
  const putsBefore = puts(questionId).length;
  await page.getByRole('button', { name: 'Undo' }).click();
  check((await page.getByLabel('Feedback', { exact: true }).inputValue()) === 'Mine again.', 'Undo after Reload theirs brings mine back');
  await until(() => q().feedback === 'Mine again.', 'the undo is autosaved');
  check(puts(questionId).length === putsBefore + 1 && puts(questionId).at(-1).ifMatch === `"${store.get(questionId).revision - 1}"`, 'undo saved with the reloaded revision');

  // Undo / redo: buttons and keyboard (outside text fields).
  await page.getByRole('button', { name: 'Redo' }).click();
  check((await page.getByLabel('Feedback', { exact: true }).inputValue()) === 'Theirs.', 'Redo button');
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+z');
  check((await page.getByLabel('Feedback', { exact: true }).inputValue()) === 'Mine again.', 'Ctrl+Z undoes');
  await page.keyboard.press('Control+Shift+Z');
  check((await page.getByLabel('Feedback', { exact: true }).inputValue()) === 'Theirs.', 'Ctrl+Shift+Z redoes');
  await page.keyboard.press('Control+z');
  // Undo across tabs: the tab of the undone change is shown.
  await page.getByRole('tab', { name: /Cover/ }).click();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+z');
  check((await page.getByRole('tab', { name: /Question/ }).getAttribute('aria-selected')) === 'true', 'undo shows the tab it changed');
  await page.keyboard.press('Control+Shift+Z');
  await until(() => savedStatus(page), 'undo/redo saved');

  // Offline: the save is retried.
  await page.route('**/v1/headless/player/editor/screen/**', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Feedback', { exact: true }).fill('Written offline.');
  await until(async () => (await statusText(page)).includes('Offline — will retry'), 'status: Offline — will retry', 4000);
  await page.unroute('**/v1/headless/player/editor/screen/**');
  await until(() => q().feedback === 'Written offline.', 'offline change saved on retry', 8000);

  // Hidden page: saved at once (keepalive), before the 800 ms quiet time.
  await page.getByLabel('Feedback', { exact: true }).fill('Saved on hide.');
  const t0 = Date.now();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await until(() => q().feedback === 'Saved on hide.', 'saved when the page is hidden', 3000);
  check(Date.now() - t0 < 700, `hidden page saves at once (${Date.now() - t0} ms)`);
  await page.evaluate(() => { delete document.visibilityState; });

  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await page.screenshot({ path: path.join(out, 'screen-editor-1280-editor.png'), fullPage: true });
  await ctx.close();
}

// 375 px: an existing quiz opens straight in the editor; the picker on a phone.
{
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(`${appUrl}/play/screen-editor#token=new-375`);
  await page.getByRole('dialog', { name: 'Choose a layout' }).waitFor();
  await page.screenshot({ path: path.join(out, 'screen-editor-375-picker.png') });
  await axe(page, 'layout picker, 375');
  const sw0 = await page.evaluate(() => document.documentElement.scrollWidth);
  check(sw0 <= 375, `picker: no horizontal scrolling at 375 px (${sw0})`);
  await page.getByRole('option', { name: 'Flip cards', exact: true }).click();
  await page.getByLabel('Front', { exact: true }).first().waitFor();
  check((await page.getByRole('tab').count()) === 0 && (await page.getByLabel('Front', { exact: true }).count()) === 3, 'a one-screen layout opens without tabs');
  await page.goto(`${appUrl}/play/screen-editor?r=2#token=quiz-375`);
  await page.getByRole('tab', { name: /Question/ }).click();
  await page.getByLabel('Question', { exact: true }).waitFor();
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  check(sw <= 375, `editor: no horizontal scrolling at 375 px (${sw})`);
  const small = await page.evaluate(() => Array.from(document.querySelectorAll('button, [role=tab], input[type=checkbox]'))
    .filter((b) => b.offsetParent && !b.closest('.layout-preview'))
    .map((b) => { const r = (b.type === 'checkbox' ? b.parentElement : b).getBoundingClientRect(); return { t: b.textContent.trim() || b.id, w: r.width, h: r.height }; })
    .filter((r) => r.w < 44 || r.h < 44));
  check(small.length === 0, `44 px targets at 375 px ${JSON.stringify(small.slice(0, 4))}`);
  await axe(page, 'screen editor, 375');
  await page.screenshot({ path: path.join(out, 'screen-editor-375-question.png'), fullPage: true });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('complementary', { name: 'Preview' }).getByText('Write your question here.').waitFor();
  check(!(await page.getByLabel('Feedback', { exact: true }).isVisible()), 'narrow: the preview replaces the form');
  const swp = await page.evaluate(() => document.documentElement.scrollWidth);
  check(swp <= 375, `preview: no horizontal scrolling at 375 px (${swp})`);
  await page.screenshot({ path: path.join(out, 'screen-editor-375-preview.png') });
  await page.getByRole('button', { name: 'Preview' }).click();
  // The question's properties open as a bottom sheet from its toolbar; Escape closes it.
  await page.getByLabel('Question', { exact: true }).click();
  await page.getByRole('button', { name: 'Properties: Question 1' }).click();
  const sheet = page.getByRole('dialog', { name: 'Question 1: properties' });
  await sheet.waitFor();
  check(await sheet.getByLabel('Answer 1 is correct', { exact: true }).isVisible() && await sheet.getByLabel('Feedback', { exact: true }).isVisible(), 'narrow: the properties sheet holds the correct answers and the feedback');
  const sws = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.querySelector('dialog[open]').scrollWidth));
  check(sws <= 375, `the sheet fits 375 px (${sws})`);
  await axe(page, 'properties sheet, 375');
  await page.screenshot({ path: path.join(out, 'screen-editor-375-sheet.png') });
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  check(await page.evaluate(() => document.activeElement && document.activeElement.dataset.act === 'properties'), 'narrow: Escape closes the sheet, focus back on Properties');
  await page.getByRole('button', { name: /Add element/ }).click();
  await page.getByRole('menu').waitFor();
  await page.screenshot({ path: path.join(out, 'screen-editor-375-menu.png') });
  await page.keyboard.press('Escape');
  check(errors.length === 0, `no console errors at 375 ${errors.join(' | ')}`);
  await ctx.close();
}

await browser.close();
app.close();
console.log(failures.length ? `\n${failures.length} check(s) failed` : '\nall checks passed');
process.exit(failures.length ? 1 : 0);

// Developer harness for the SCO runtime (not run by Maven; see docs/scorm-runtime.md).
// An "LMS" page on 127.0.0.1 gives the SCORM API with scorm-again (1.2 `API` or 2004
// `API_1484_11`, its state kept in localStorage so a reload resumes) and frames the built runtime:
// the static SCO (index.html with a hand-written course-data.js) and the dynamic launcher
// (launcher.html), which frames the built /play/lms page served from another origin with a fake
// player API. Drives Chromium (playwright-core) through a 3-screen course with one question and
// checks what the LMS received: completion, success, score, location, suspend data, session time,
// exit, and the resume after a reload; the static SCO without an LMS; no network use by the SCO.
// Screenshots go to out/.
// Usage: node scorm-harness.mjs [RUNTIME_DIR] [PAGES_DIR]
//   (defaults: ../../../target/classes/scorm-runtime and ../../../target/classes/META-INF/resources/play)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const runtime = path.resolve(process.argv[2] || path.join(here, '../../../target/classes/scorm-runtime'));
const pages = path.resolve(process.argv[3] || path.join(here, '../../../target/classes/META-INF/resources/play'));
const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });
const scormAgain = fs.readFileSync(createRequire(import.meta.url).resolve('scorm-again'), 'utf8');
const lib = path.join(here, '../../main/webui/src/lib');
const rules = await import(path.join(lib, 'progressRules.js'));
const scorm = await import(path.join(lib, 'scorm.js'));
const { suspendData } = await import(path.join(lib, 'scormTracker.js'));

const document = {
  format: 'builder2', title: 'Golf basics', locale: 'en',
  screens: [
    { id: 's1', type: 'blocks', title: 'Welcome', elements: [{ id: 'e1', type: 'text', title: 'Intro', description: '<p>Golf is fun.</p>' }] },
    { id: 's2', type: 'blocksQuiz', title: 'Check', elements: [
      { id: 'q1', type: 'question', question: 'What is par?', answers: [
        { id: 'a1', text: 'Expected strokes', correct: true }, { id: 'a2', text: 'A club', correct: false }] }] },
    { id: 's3', type: 'blocks', title: 'Results', elements: [{ id: 'r1', type: 'quizResults', title: 'Your score', passPercent: 80 }] }
  ]
};
const course = { id: 42, key: 'golf', title: 'Golf basics' };
const theme = { themeId: 2, name: 'Slate Night', colors: { primary: '#60a5fa', background: '#0f172a', surface: '#1e293b', text: '#f1f5f9', accent: '#fbbf24' },
  fonts: { heading: 'system-sans', body: 'system-sans' }, fontStacks: { heading: 'system-ui, sans-serif', body: 'system-ui, sans-serif' }, cornerStyle: 'rounded' };

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

// The platform (another origin): /play/lms and a fake player API applying the service's rules.
const platformCalls = [];
const tracking = new Map();
const learnerKeys = new Map();
const outline = rules.outlineOf(document);
function platformApi(url, body, sessionId) {
  if (url === '/v1/headless/player/lms-sessions') {
    platformCalls.push({ url, body });
    if (body.token !== 'package-token') return [403, { message: 'refused', error: { code: 'FORBIDDEN', status: 403, reason: 'invalid' } }];
    // As the service: only the key a launch answered continues a record, for the same learner id.
    const known = body.learnerKey && learnerKeys.get(body.learnerKey) === body.learnerId;
    const learnerKey = known ? body.learnerKey : `k${String(learnerKeys.size).padStart(42, '0')}`;
    learnerKeys.set(learnerKey, body.learnerId);
    const id = `sess-${learnerKey}`;
    const t = tracking.get(id) || { furthest: -1, answers: {}, completed: false, index: 0 };
    tracking.set(id, t);
    return [201, { learnerKey, session: id, expiresAt: new Date(Date.now() + 3600e3).toISOString(), mode: 'view', kind: 'course',
      course: { ...course, format: 'builder2' }, document, locale: null, options: {}, theme, narration: {},
      progress: { screenIndex: t.index, percent: t.furthest < 0 ? 0 : rules.percentOf(outline, t.furthest, t.completed), commenced: t.furthest >= 0,
        completed: t.completed, answers: t.answers } }];
  }
  if (url === '/v1/headless/player/progress') {
    const t = tracking.get(sessionId);
    if (!t) return [401, { message: 'no session', error: { code: 'UNAUTHORIZED', status: 401, reason: 'session' } }];
    platformCalls.push({ url, body });
    const next = rules.step(outline, t, body);
    Object.assign(t, next.state, { index: body.screenIndex });
    // As the service: a completed course's answer carries its score and whether it passed (the
    // page hands the server's grading to the launcher, never its own).
    const progress = next.state.completed
      ? { ...next.progress, score: rules.scoreOf(outline, next.state.answers), passed: rules.passedOf(outline, next.state.answers) }
      : next.progress;
    return [200, { progress }];
  }
  return [404, { message: 'no', error: { code: 'NOT_FOUND', status: 404 } }];
}
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.txt': 'text/plain' };
const CSP = "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";
function serveFile(res, file, root, headers = {}) {
  if (!file || !file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end('not found');
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store', ...headers }).end(fs.readFileSync(file));
}
const platform = http.createServer((req, res) => {
  if (req.method === 'POST') {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const [status, json] = platformApi(req.url, JSON.parse(data || '{}'), req.headers['x-player-session']);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
    return;
  }
  let p = req.url.split('?')[0];
  if (p === '/play/lms') p += '.html';
  serveFile(res, p.startsWith('/play/') ? path.join(pages, p.slice(6)) : null, pages, { 'content-security-policy': CSP });
});

// The LMS (its own origin): /lms.html?v=1.2|2004&sco=index|launcher frames /sco/<sco>.html.
const scoRequests = [];
let generated = {};
const LMS_SCRIPT = `
const q = new URLSearchParams(location.search);
const v12 = q.get('v') === '1.2';
const key = 'lms-state:' + q.get('v') + ':' + q.get('sco');
const api = v12 ? new Scorm12API({ logLevel: 5, autocommit: false }) : new Scorm2004API({ logLevel: 5, autocommit: false });
const saved = JSON.parse(localStorage.getItem(key) || 'null');
api.loadFromJSON(saved || (v12 ? { core: { student_id: 'learner-12', student_name: 'Doe, Jane' } } : { learner_id: 'learner-2004', learner_name: 'Jane Doe' }), '');
window.calls = [];
window.setValues = {};
const save = () => localStorage.setItem(key, JSON.stringify(api.renderCMIToJSONObject()));
api.on(v12 ? 'LMSSetValue.cmi.*' : 'SetValue.cmi.*', (k, val) => { window.calls.push(['set', k, val]); window.setValues[k] = val; });
for (const m of v12 ? ['LMSInitialize', 'LMSCommit', 'LMSFinish'] : ['Initialize', 'Commit', 'Terminate']) {
  api.on(m, () => { window.calls.push([m]); if (m !== 'LMSInitialize' && m !== 'Initialize') save(); });
}
if (v12) window.API = api; else window.API_1484_11 = api;
window.lmsApi = api;
const f = document.createElement('iframe');
f.title = 'Course'; f.id = 'sco'; f.style.cssText = 'border:0;width:100vw;height:100vh';
f.src = '/sco/' + q.get('sco') + '.html';
document.body.appendChild(f);`;
const lms = http.createServer((req, res) => {
  const p = req.url.split('?')[0];
  if (p === '/lms.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>LMS</title><body style="margin:0"><script src="/scorm-again.js"></script><script src="/lms.js"></script></body></html>');
  if (p === '/scorm-again.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(scormAgain);
  if (p === '/lms.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(LMS_SCRIPT);
  if (p.startsWith('/sco/')) {
    scoRequests.push(p);
    const name = p.slice(5);
    if (generated[name]) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(generated[name]);
    return serveFile(res, path.join(runtime, name), runtime);
  }
  res.writeHead(404).end('not found');
});
await new Promise((r) => platform.listen(0, '127.0.0.1', r));
await new Promise((r) => lms.listen(0, '127.0.0.1', r));
const platformUrl = `http://127.0.0.1:${platform.address().port}`;
const lmsUrl = `http://127.0.0.1:${lms.address().port}`;

// The pure parts, without a browser: time formats, the suspend data limit, the pass rule.
check(scorm.timespan12(65250) === '0000:01:05.25' && scorm.timespan12(3600e3 * 12 + 1) === '0012:00:00.00', 'SCORM 1.2 session time HHHH:MM:SS.SS');
check(scorm.duration2004(65250) === 'PT1M5.25S' && scorm.duration2004(0) === 'PT0S' && scorm.duration2004(3600e3) === 'PT1H'
  && scorm.duration2004(65200) === 'PT1M5.2S', 'SCORM 2004 session time PT…S');
{
  const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`question-${String(i).padStart(3, '0')}-${'x'.repeat(24)}`, ['answer-1', 'answer-2']]));
  const text = suspendData(5, many, 7, 4096);
  const kept = JSON.parse(text);
  check(text.length <= 4096 && kept.i === 5 && kept.r === 7 && Object.keys(kept.a).length > 0 && Object.keys(kept.a).length < 80,
    `suspend data stays under 4096 characters by dropping answers (${text.length} characters, ${Object.keys(kept.a).length} of 80 answers kept)`);
  check(suspendData(5, many, 7, 64000).length > 4096, 'SCORM 2004 keeps every answer (64000 characters)');
}
{
  const doc = { screens: [{ id: 's', elements: [
    { id: 'q1', type: 'question', answers: [{ id: 'a', correct: true }, { id: 'b' }] },
    { id: 'q2', type: 'question', multiple: true, answers: [{ id: 'a', correct: true }, { id: 'b', correct: true }, { id: 'c' }] },
    { id: 'q3', type: 'question', answers: [{ id: 'a', correct: true }] }] }, { id: 't', elements: [{ id: 'r', type: 'quizResults', passPercent: 67 }] }] };
  const o = rules.outlineOf(doc);
  const two = { q1: ['a'], q2: ['b', 'a'], q3: ['x'] };
  check(rules.scoreOf(o, two) === 67 && rules.passedOf(o, two) === true && rules.passedOf(o, { q1: ['a'], q2: ['a'], q3: ['a'] }) === true
    && rules.passedOf(o, { q1: ['a'], q2: ['a', 'b', 'c'], q3: ['x'] }) === false, 'score rounds like the service, pass at the quiz results pass mark');
  const s1 = rules.step(o, { furthest: -1, answers: {}, completed: false }, { screenIndex: 1, answers: { q1: ['a'] } });
  const s2 = rules.step(o, s1.state, { screenIndex: 0, answers: { q2: ['a'], q3: ['a'] } });
  check(s1.progress.percent === 99 && !s1.progress.completed && s2.progress.completed && s2.progress.percent === 100,
    'completes once the last screen was reached and every question is answered, wherever the learner is');
  check(rules.outlineOf({ screens: [] }).passPercent === 80 && rules.percentOf(rules.outlineOf({ screens: [{}, {}, {}] }), 0, false) === 33, 'pass mark 80 by default; percent floors');
}

const listed = (name) => fs.readFileSync(path.join(runtime, name), 'utf8').split('\n').filter(Boolean);
const staticFiles = listed('static.txt');
const dynamicFiles = listed('dynamic.txt');
const size = (files) => files.reduce((n, f) => n + fs.statSync(path.join(runtime, f)).size, 0);
console.log(`static SCO: ${staticFiles.length} files, ${(size(staticFiles) / 1024).toFixed(1)} KB; launcher: ${dynamicFiles.length} files, ${(size(dynamicFiles) / 1024).toFixed(1)} KB`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const errors = [];
async function newPage(ctx) {
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return page;
}
const sco = (page) => page.frameLocator('#sco');
const lmsValues = (page) => page.evaluate(() => window.setValues);
const lmsCalls = (page) => page.evaluate(() => window.calls);

async function playStatic(version, answer) {
  const ctx = await browser.newContext();
  const page = await newPage(ctx);
  generated = { 'course-data.js': `window.COURSE_PACKAGE = ${JSON.stringify({ version, course, document, locale: null, theme, narration: {} })};` };
  scoRequests.length = 0;
  const v12 = version === '1.2';
  const K = v12
    ? { status: 'cmi.core.lesson_status', raw: 'cmi.core.score.raw', location: 'cmi.core.lesson_location', time: 'cmi.core.session_time', exit: 'cmi.core.exit' }
    : { status: 'cmi.completion_status', raw: 'cmi.score.raw', location: 'cmi.location', time: 'cmi.session_time', exit: 'cmi.exit' };
  const label = `static ${version} (${answer === 'a1' ? 'right' : 'wrong'} answer)`;
  await page.goto(`${lmsUrl}/lms.html?v=${version}&sco=index`);
  const f = sco(page);
  await f.getByText('Screen 1 of 3').waitFor();
  check(await f.locator('.preview-banner').count() === 0, `${label}: no "not recorded" notice with an LMS`);
  check((await lmsCalls(page))[0][0] === (v12 ? 'LMSInitialize' : 'Initialize'), `${label}: initialised`);
  const bg = await page.frame({ url: /\/sco\/index\.html/ }).evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  check(bg === 'rgb(15, 23, 42)', `${label}: the package's theme (${bg})`);
  let v = await lmsValues(page);
  check(v[K.status] === 'incomplete', `${label}: incomplete at start (${v[K.status]})`);
  await f.getByRole('button', { name: /Next/ }).click();
  await f.getByText('What is par?').waitFor();
  await f.getByLabel(answer === 'a1' ? 'Expected strokes' : 'A club').check();
  await f.getByRole('button', { name: 'Check answer' }).click();
  await f.getByRole('button', { name: /Next/ }).click();
  await f.getByText('Screen 3 of 3').waitFor();
  await page.waitForTimeout(200);
  v = await lmsValues(page);
  const pass = answer === 'a1';
  if (v12) {
    check(v[K.status] === (pass ? 'passed' : 'failed'), `${label}: lesson_status ${v[K.status]}`);
  } else {
    check(v[K.status] === 'completed', `${label}: completion_status ${v[K.status]}`);
    check(v['cmi.success_status'] === (pass ? 'passed' : 'failed'), `${label}: success_status ${v['cmi.success_status']}`);
    check(v['cmi.score.scaled'] === (pass ? '1' : '0'), `${label}: score.scaled ${v['cmi.score.scaled']}`);
    check(v['cmi.progress_measure'] === '1', `${label}: progress_measure ${v['cmi.progress_measure']}`);
  }
  check(v[K.raw] === (pass ? '100' : '0'), `${label}: score.raw ${v[K.raw]}`);
  check(v[K.location] === '2', `${label}: location ${v[K.location]}`);
  const suspend = JSON.parse(v['cmi.suspend_data']);
  check(suspend.i === 2 && suspend.r === 2 && suspend.a.q1[0] === answer, `${label}: suspend_data ${v['cmi.suspend_data']}`);
  const commits = (await lmsCalls(page)).filter((c) => c[0] === (v12 ? 'LMSCommit' : 'Commit')).length;
  check(commits >= 3, `${label}: committed after each step (${commits})`);
  check(await f.getByText(pass ? 'Passed' : /Not passed yet/).isVisible(), `${label}: the results screen agrees`);
  // Leaving: session time, exit, one finish.
  await page.frame({ url: /\/sco\/index\.html/ }).evaluate(() => { location.href = 'about:blank'; });
  await page.waitForTimeout(300);
  v = await lmsValues(page);
  const calls = await lmsCalls(page);
  const timeOk = v12 ? /^\d{4}:\d{2}:\d{2}\.\d{2}$/.test(v[K.time]) : /^PT(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?$/.test(v[K.time]);
  check(timeOk, `${label}: session_time ${v[K.time]}`);
  check(v[K.exit] === 'suspend', `${label}: exit ${v[K.exit]}`);
  check(calls.filter((c) => c[0] === (v12 ? 'LMSFinish' : 'Terminate')).length === 1, `${label}: finished once`);
  const after = calls.slice(calls.findIndex((c) => c[0] === (v12 ? 'LMSFinish' : 'Terminate')) + 1);
  check(after.length === 0, `${label}: nothing written after finishing`);
  check(scoRequests.every((r) => ['/sco/index.html', '/sco/course-data.js', ...staticFiles.map((x) => `/sco/${x}`)].includes(r)),
    `${label}: the SCO loads only its listed files (${[...new Set(scoRequests)].join(' ')})`);
  // Reload the LMS page: the SCO resumes from location and suspend data.
  await page.goto(`${lmsUrl}/lms.html?v=${version}&sco=index`);
  await f.getByText('Screen 3 of 3').waitFor();
  check(true, `${label}: resumes at screen 3 after a reload`);
  check(await f.getByText('100%').first().isVisible(), `${label}: resumes completed (100%)`);
  await f.getByRole('button', { name: /Previous/ }).click();
  await f.getByText('What is par?').waitFor();
  check(await f.getByLabel(pass ? 'Expected strokes' : 'A club').isChecked(), `${label}: the earlier answer is shown`);
  await page.waitForTimeout(200);
  v = await lmsValues(page);
  check(!v[K.status] || v[K.status] === (v12 ? (pass ? 'passed' : 'failed') : 'completed'), `${label}: completion kept on resume (${v[K.status] || 'not rewritten'})`);
  await ctx.close();
}

async function playDynamic(version) {
  const ctx = await browser.newContext();
  const page = await newPage(ctx);
  generated = { 'launch-config.js': `window.COURSE_LAUNCH = ${JSON.stringify({ version, course, launchUrl: `${platformUrl}/play/lms?w=7`, token: 'package-token' })};` };
  const v12 = version === '1.2';
  const label = `dynamic ${version}`;
  await page.goto(`${lmsUrl}/lms.html?v=${version}&sco=launcher`);
  const launcher = sco(page);
  const player = launcher.frameLocator('iframe.course-frame');
  await player.getByText('Screen 1 of 3').waitFor();
  const frameTitle = await launcher.locator('iframe.course-frame').getAttribute('title');
  check(frameTitle === 'Golf basics', `${label}: the course frame has a title (${frameTitle})`);
  const exchange = platformCalls.filter((c) => c.url.endsWith('/lms-sessions')).at(-1);
  check(exchange && exchange.body.token === 'package-token' && exchange.body.learnerId === (v12 ? 'learner-12' : 'learner-2004')
    && exchange.body.learnerName === (v12 ? 'Doe, Jane' : 'Jane Doe'),
    `${label}: /play/lms exchanged the token and the learner ${JSON.stringify(exchange && exchange.body)}`);
  const lmsPage = page.frames().find((fr) => fr.url().startsWith(platformUrl));
  check(lmsPage && !lmsPage.url().includes('#'), `${label}: the token left the address bar (${lmsPage && lmsPage.url()})`);
  await player.getByRole('button', { name: /Next/ }).click();
  await player.getByLabel('Expected strokes').check();
  await player.getByRole('button', { name: 'Check answer' }).click();
  await player.getByRole('button', { name: /Next/ }).click();
  await player.getByText('Screen 3 of 3').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `scorm-dynamic-${version}-results.png`) });
  let v = await lmsValues(page);
  if (v12) {
    check(v['cmi.core.lesson_status'] === 'passed', `${label}: lesson_status ${v['cmi.core.lesson_status']}`);
    check(v['cmi.core.score.raw'] === '100' && v['cmi.core.lesson_location'] === '2', `${label}: score ${v['cmi.core.score.raw']}, location ${v['cmi.core.lesson_location']}`);
  } else {
    check(v['cmi.completion_status'] === 'completed' && v['cmi.success_status'] === 'passed', `${label}: ${v['cmi.completion_status']} / ${v['cmi.success_status']}`);
    check(v['cmi.score.raw'] === '100' && v['cmi.score.scaled'] === '1' && v['cmi.location'] === '2', `${label}: score ${v['cmi.score.raw']} (${v['cmi.score.scaled']}), location ${v['cmi.location']}`);
  }
  // A message from anywhere but the course frame is ignored.
  const before = JSON.stringify(await lmsValues(page));
  await page.frame({ url: /launcher\.html/ }).evaluate(() => window.postMessage({ type: 'course-platform:lms', completed: true, passed: false, score: 0, location: 0, percent: 100 }, '*'));
  await page.evaluate(() => document.getElementById('sco').contentWindow.postMessage({ type: 'course-platform:lms', completed: true, passed: false, score: 0, location: 0, percent: 100 }, '*'));
  await page.waitForTimeout(200);
  check(JSON.stringify(await lmsValues(page)) === before, `${label}: messages from other windows are ignored`);
  await page.frame({ url: /launcher\.html/ }).evaluate(() => { location.href = 'about:blank'; });
  await page.waitForTimeout(300);
  v = await lmsValues(page);
  const t = v[v12 ? 'cmi.core.session_time' : 'cmi.session_time'];
  check(v12 ? /^\d{4}:\d{2}:\d{2}\.\d{2}$/.test(t) : /^PT/.test(t), `${label}: session_time ${t}`);
  check(v[v12 ? 'cmi.core.exit' : 'cmi.exit'] === 'suspend', `${label}: exit suspend`);
  check((await lmsCalls(page)).filter((c) => c[0] === (v12 ? 'LMSFinish' : 'Terminate')).length === 1, `${label}: finished once`);
  const kept = JSON.parse(v['cmi.suspend_data'] || '{}').learnerKey;
  check(typeof kept === 'string' && kept.length === 43,
    `${label}: the launcher keeps the learner key in suspend_data (${v['cmi.suspend_data']})`);
  // Reopened: the launcher hands the kept key back, the platform resumes (server progress), the LMS keeps completion.
  await page.goto(`${lmsUrl}/lms.html?v=${version}&sco=launcher`);
  await sco(page).frameLocator('iframe.course-frame').getByText('Screen 3 of 3').waitFor();
  const again = platformCalls.filter((c) => c.url.endsWith('/lms-sessions')).at(-1);
  check(again.body.learnerKey === kept, `${label}: the next launch presents the kept key (${again.body.learnerKey})`);
  check(true, `${label}: resumes at screen 3 from the platform`);
  await ctx.close();
}

async function noLms() {
  const ctx = await browser.newContext();
  const page = await newPage(ctx);
  generated = { 'course-data.js': `window.COURSE_PACKAGE = ${JSON.stringify({ version: '2004', course, document, locale: null, theme, narration: {} })};` };
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${lmsUrl}/sco/index.html`);
  await page.getByText('Screen 1 of 3').waitFor();
  check(await page.getByText(/progress is not recorded/).isVisible(), 'static without an LMS: plays and says progress is not recorded');
  await page.screenshot({ path: path.join(out, 'scorm-static-no-lms.png') });
  await page.getByRole('button', { name: /Next/ }).click();
  await page.getByLabel('Expected strokes').check();
  await page.getByRole('button', { name: 'Check answer' }).click();
  await page.getByRole('button', { name: /Next/ }).click();
  await page.getByText('You answered 1 of 1 question correctly').waitFor();
  check(requests.every((u) => u.startsWith(`${lmsUrl}/sco/`)), `static without an LMS: no request outside the package (${requests.length} requests)`);
  generated = { 'launch-config.js': `window.COURSE_LAUNCH = ${JSON.stringify({ version: '1.2', course, launchUrl: `${platformUrl}/play/lms?w=7`, token: 'package-token' })};` };
  await page.goto(`${lmsUrl}/sco/launcher.html`);
  await page.getByText(/none was found/).waitFor();
  check(await page.locator('iframe').count() === 0, 'launcher without an LMS: says so and frames nothing');
  await ctx.close();
}

try {
  await playStatic('1.2', 'a1');
  await playStatic('2004', 'a1');
  await playStatic('1.2', 'a2');
  await playStatic('2004', 'a2');
  await playDynamic('1.2');
  await playDynamic('2004');
  await noLms();
  const unexpected = errors.filter((e) => !/Failed to load resource.*404/.test(e));
  check(unexpected.length === 0, `no console errors or warnings ${unexpected.join(' | ')}`);
} catch (e) {
  failures++;
  console.log('FAIL', e);
} finally {
  await browser.close();
  platform.close();
  lms.close();
}
console.log(failures ? `\n${failures} check(s) failed` : '\nall checks passed');
process.exit(failures ? 1 : 0);

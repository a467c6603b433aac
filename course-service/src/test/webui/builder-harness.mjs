// Developer harness for the course builder (/play/builder; not run by Maven; see docs/course-builder.md).
// Serves the built pages with a fake player session exchange and a fake editor API
// (/v1/headless/player/editor: catalogue, course, content with revisions and If-Match, publish, revert,
// migration preview), frames the builder from a parent page on another origin, and drives Chromium
// (playwright-core) through adding, editing, reordering, undo, autosave, conflicts, preview, publish,
// discard, translation, a Classic migration and media (upload to a fake storage, the library, drag and
// drop, alt text before publishing, srcset) and the canvas (text written in place, the formatting toolbar,
// the properties panel and its bottom sheet, add after the selected element, move, duplicate, delete,
// keyboard only), at 1280 and 375 px, with axe-core on every view.
// Usage: node builder-harness.mjs [PAGES_DIR]   (default: ../../../target/classes/META-INF/resources/play)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const pages = path.resolve(process.argv[2] || path.join(here, '../../../target/classes/META-INF/resources/play'));
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });
const CSP = "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";
const clone = (x) => JSON.parse(JSON.stringify(x));

// ---------------------------------------------------------------- fixtures
const T = (name) => ({ name, kind: 'TEXT', required: false });
const F = (name, kind, required = false) => ({ name, kind, required });
const elementTypes = [
  ['heading', T('title'), F('level', 'HEADING_LEVEL')], ['text', T('title'), T('description')],
  ['image', F('asset', 'ASSET'), T('altText'), T('title'), T('description')],
  ['video', F('asset', 'ASSET'), T('title'), T('description'), T('transcript'), F('autoplay', 'BOOLEAN')],
  ['audio', F('asset', 'ASSET'), T('title'), T('description'), T('transcript')],
  ['flipcard', T('title'), T('cardBack'), F('asset', 'ASSET')], ['accordion', T('title'), T('description'), F('expanded', 'BOOLEAN')],
  ['tabs', T('title'), T('description')], ['quote', T('description'), T('title')], ['list', T('title'), T('description'), F('ordered', 'BOOLEAN')],
  ['callout', T('title'), T('description'), F('tone', 'TONE')], ['timeline', T('title'), T('description')],
  ['button', T('title'), F('url', 'LINK'), F('newWindow', 'BOOLEAN')], ['divider'], ['embed', F('url', 'LINK'), T('title'), F('height', 'NON_NEGATIVE_INTEGER')],
  ['timeEstimate', F('minutes', 'NON_NEGATIVE_INTEGER', true), T('title')],
  ['question', T('question'), T('title'), T('description'), F('answers', 'ANSWERS', true), F('multiple', 'BOOLEAN'), T('feedback')],
  ['quizResults', T('title'), T('description'), F('passPercent', 'PERCENT')]
].map(([type, ...fields]) => ({ type, fields }));
const L = (x, y, w, h) => ({ x, y, w, h });
const layouts = [
  { id: 'title-and-text', name: 'Title and text', category: 'text', screenType: 'blocks', screens: [
    { id: 'screen-1', type: 'blocks', typeId: 1, title: 'Introduction', layoutId: 'title-and-text', elements: [
      { id: 'el-1', type: 'heading', title: 'Introduction', level: 1, layout: L(0, 0, 12, 2) },
      { id: 'el-2', type: 'text', description: '<p>Write your introduction here.</p>', layout: L(0, 2, 12, 6) }] }] },
  { id: 'bullet-list', name: 'Bullet list', category: 'text', screenType: 'blocks', screens: [
    { id: 'screen-1', type: 'blocks', typeId: 1, title: 'Key points', layoutId: 'bullet-list', elements: [
      { id: 'el-1', type: 'heading', title: 'Key points', level: 1, layout: L(0, 0, 12, 2) },
      { id: 'el-2', type: 'list', ordered: false, description: '<ul><li>First</li><li>Second</li></ul>', layout: L(0, 2, 12, 6) }] }] },
  { id: 'image-caption', name: 'Image with caption', category: 'media', screenType: 'blocks', screens: [
    { id: 'screen-1', type: 'blocks', typeId: 1, title: 'Picture', layoutId: 'image-caption', elements: [
      { id: 'el-1', type: 'heading', title: 'Picture', level: 1, layout: L(0, 0, 12, 2) },
      { id: 'el-2', type: 'image', layout: L(2, 2, 8, 6) }] }] },
  { id: 'flipcards', name: 'Flip cards', category: 'interactive', screenType: 'blocks', screens: [
    { id: 'screen-1', type: 'blocks', typeId: 1, title: 'Key terms', layoutId: 'flipcards', elements: [
      { id: 'el-1', type: 'heading', title: 'Key terms', level: 1, layout: L(0, 0, 12, 2) },
      ...[0, 1, 2].map((i) => ({ id: `el-${i + 2}`, type: 'flipcard', title: `Write a term on the front of card ${i + 1}.`,
        cardBack: 'Explain the term here; learners see this when the card flips.', layout: L(i * 4, 2, 4, 5) }))] }] },
  { id: 'quiz-single-choice', name: 'Single-choice quiz', category: 'quiz', screenType: 'blocksQuiz', screens: [
    { id: 'screen-1', type: 'blocks', typeId: 1, title: 'Check your understanding', layoutId: 'quiz-single-choice', group: { id: 'group-1', role: 'cover' }, elements: [
      { id: 'el-1', type: 'heading', title: 'Check your understanding', level: 1, layout: L(0, 0, 12, 2) },
      { id: 'el-2', type: 'button', title: 'Start the quiz', layout: L(4, 6, 4, 1) }] },
    { id: 'screen-2', type: 'blocksQuiz', typeId: 2, title: 'Question', layoutId: 'quiz-single-choice', group: { id: 'group-1', role: 'question' }, elements: [
      { id: 'el-3', type: 'question', question: 'Write your question here.', multiple: false, feedback: 'Explain why.', layout: L(0, 0, 12, 7), answers: [
        { id: 'answer-1', text: 'Right', correct: true }, { id: 'answer-2', text: 'Wrong', correct: false }] }] },
    { id: 'screen-3', type: 'blocks', typeId: 1, title: 'Your results', layoutId: 'quiz-single-choice', group: { id: 'group-1', role: 'results' }, elements: [
      { id: 'el-4', type: 'quizResults', title: 'Your score', passPercent: 80, layout: L(0, 2, 12, 4) }] }] }
];
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const themes = [
  { id: 1, name: 'Indigo', builtIn: true, colors: { primary: '#4f46e5', background: '#f6f7f9', surface: '#ffffff', text: '#111827', accent: '#0e7490' },
    fonts: { heading: 'system-sans', body: 'system-sans' }, fontStacks: { heading: SANS, body: SANS }, cornerStyle: 'rounded' },
  { id: 2, name: 'Slate Night', builtIn: true, colors: { primary: '#60a5fa', background: '#0f172a', surface: '#1e293b', text: '#f1f5f9', accent: '#fbbf24' },
    fonts: { heading: 'system-sans', body: 'system-sans' }, fontStacks: { heading: SANS, body: SANS }, cornerStyle: 'rounded' },
  { id: 1000, name: 'Club colours', builtIn: false, colors: { primary: '#7c2d12', background: '#ffffff', surface: '#f3f6fa', text: '#102030', accent: '#0f766e' },
    fonts: { heading: 'serif', body: 'humanist' }, fontStacks: { heading: 'Georgia, serif', body: SANS }, cornerStyle: 'pill' }];
const catalogue = { elementTypes, screenTypes: [{ type: 'blocks', typeId: 1 }, { type: 'blocksQuiz', typeId: 2 }], layouts };

const builderDoc = () => ({
  format: 'builder2', title: 'Golf basics', description: 'Learn the game.', locale: 'en',
  screens: [
    { id: 's1', type: 'blocks', typeId: 1, title: 'Welcome', elements: [
      { id: 'e1', type: 'text', title: 'Intro', description: '<p>Golf is <strong>fun</strong>.</p>' },
      { id: 'e2', type: 'timeEstimate', minutes: 12 }] },
    { id: 's2', type: 'blocksQuiz', typeId: 2, title: 'Check', elements: [
      { id: 'q1', type: 'question', question: 'What is par?', answers: [
        { id: 'a1', text: 'Expected strokes', correct: true }, { id: 'a2', text: 'A club', correct: false }] }] },
    { id: 's3', type: 'blocks', typeId: 1, title: 'Wrap-up', elements: [{ id: 'e3', type: 'text', description: '<p>Well done.</p>' }] }
  ]
});
const classicDoc = (blocked) => ({
  format: 'classic', title: 'Old course', slides: [
    { id: 101, kind: 'content', heading: 'Intro', body: '<p>Welcome to the old course.</p>' },
    { id: 102, kind: 'flashcards', heading: 'Terms', cards: [{ id: 1, front: 'Par', back: 'Expected strokes' }] },
    { id: 103, kind: 'quiz', heading: 'Check', questions: [{ id: 7, prompt: 'Is golf fun?', choices: [{ id: 1, text: 'Yes', correct: true }, { id: 2, text: 'No' }] }] },
    ...(blocked ? [{ id: 105, kind: 'flash', heading: 'Legacy animation', swf: 'x.swf' }] : [])
  ]
});
function convert(doc) {
  const blocked = doc.slides.filter((s) => !['content', 'flashcards', 'quiz', 'video'].includes(s.kind))
    .map((s) => ({ screenId: String(s.id), reason: `${s.kind} slides cannot be converted` }));
  if (blocked.length) return { preview: { status: 'blocked', total: doc.slides.length, changed: 0, blocked } };
  const screens = doc.slides.map((s) => {
    if (s.kind === 'flashcards') return { id: String(s.id), type: 'blocks', typeId: 1, title: s.heading, elements: s.cards.map((c) => ({ id: `c${c.id}`, type: 'flipcard', title: c.front, cardBack: c.back })) };
    if (s.kind === 'quiz') return { id: String(s.id), type: 'blocksQuiz', typeId: 2, title: s.heading, elements: s.questions.map((q) => ({ id: String(q.id), type: 'question', question: q.prompt, answers: q.choices.map((c) => ({ id: String(c.id), text: c.text, correct: !!c.correct })) })) };
    return { id: String(s.id), type: 'blocks', typeId: 1, title: s.heading, elements: [{ id: `t${s.id}`, type: 'text', description: s.body }] };
  });
  return { preview: { status: 'ok', total: doc.slides.length, changed: screens.length, blocked: [] }, document: { format: 'builder2', title: doc.title, locale: 'en', screens } };
}

// ---------------------------------------------------------------- fake API
let parentOrigin;
const courses = new Map(); // session -> state
const calls = [];
const flags = { offlineUntil: 0 };
function optionsFor(token) {
  const o = { back: 'event', parentOrigin };
  if (token.includes('translate')) Object.assign(o, { language: 'fr', translations: true });
  if (token.includes('flowpreview')) o.flow = 'preview';
  if (token.includes('native')) o.back = 'native';
  return o;
}
function sessionAnswer(token) {
  if (['expired', 'used', 'invalid'].includes(token)) return [401, { message: 'refused', error: { code: 'UNAUTHORIZED', status: 401, reason: token } }];
  if (token.startsWith('view')) return [403, { message: 'view only', error: { code: 'FORBIDDEN', status: 403, reason: 'view_only' } }];
  const session = `sess-${token}`;
  if (!courses.has(session)) {
    const st = { revision: 1, migration: null, published: null, course: { id: 42, title: 'Golf basics', format: 'builder2', published: false } };
    if (token.startsWith('new')) { st.course = null; st.document = null; }
    else if (token.startsWith('classic') || token.startsWith('blocked')) { st.document = classicDoc(token.startsWith('blocked')); st.course = { id: 43, title: 'Old course', format: 'classic', published: true }; }
    else st.document = builderDoc();
    courses.set(session, st);
  }
  const st = courses.get(session);
  return [201, { session, expiresAt: new Date(Date.now() + 3600e3).toISOString(), mode: 'edit', kind: 'course', course: st.course,
    locale: 'en', options: optionsFor(token), theme: {}, progress: null }];
}
const err = (status, message, extra = {}) => [status, { message, error: { code: 'E', status, ...(extra.reason ? { reason: extra.reason } : {}) }, ...(extra.details ? { details: extra.details } : {}) }];
function validate(doc) {
  const details = [];
  if (!doc || doc.format !== 'builder2') details.push({ field: 'document.format', message: 'must be builder2' });
  (doc && doc.screens || []).forEach((s, i) => (s.elements || []).forEach((e, j) => {
    if (e.type === 'question' && !(e.answers || []).some((a) => a.correct)) details.push({ field: `document.screens[${i}].elements[${j}].answers`, message: 'needs at least one correct answer' });
  }));
  if (!doc || !Array.isArray(doc.screens) || doc.screens.length === 0) details.push({ field: 'document.screens', message: 'needs at least one screen' });
  return details;
}
// ---- the media library (docs/media.md): files go to a fake storage on this server (/__s3/…)
const library = [];
const uploads = new Map(); // media id -> bytes put
const held = []; // PUTs held open (a slow upload, to cancel)
const flagsMedia = { holdPuts: false };
const mediaJson = (m) => ({ ...m });
for (let i = 1; i <= 30; i += 1) {
  library.push({ id: 1000 + i, kind: i % 10 === 0 ? 'audio' : 'image', contentType: i % 10 === 0 ? 'audio/mpeg' : 'image/png',
    filename: i === 28 ? 'fairway-photo.png' : `picture-${i}.png`, size: 1000 * i, width: i % 10 === 0 ? null : 1600, height: i % 10 === 0 ? null : 900,
    altText: i === 29 ? 'A fairway at dawn' : null, decorative: false, status: 'ready', error: null,
    url: `/play/media/tok${i}/${i % 10 === 0 ? 'file.mp3' : 'w1280.png'}`, variants: i % 10 === 0 ? [] : [320, 640, 1280].map((w) => ({ width: w, url: `/play/media/tok${i}/w${w}.png` })),
    courseId: 42, created: new Date(Date.UTC(2026, 0, i)).toISOString(), updated: null });
}
let mediaSeq = 5000;
function absolute(m) {
  const abs = (u) => (u && u.startsWith('/') ? `${appUrl}${u}` : u);
  return { ...m, url: abs(m.url), variants: (m.variants || []).map((v) => ({ ...v, url: abs(v.url) })) };
}
function mediaRoute(method, route, body) {
  const [pathPart, query] = route.split('?');
  const q = new URLSearchParams(query || '');
  if (method === 'GET' && pathPart === '/media') {
    const search = (q.get('search') || '').toLowerCase();
    const all = library.filter((m) => m.status === 'ready' && (!q.get('kind') || m.kind === q.get('kind'))
      && (!search || m.filename.toLowerCase().includes(search) || (m.altText || '').toLowerCase().includes(search)))
      .sort((a, b) => b.created.localeCompare(a.created));
    const from = Number(q.get('cursor') || 0);
    const limit = Number(q.get('limit') || 24);
    const items = all.slice(from, from + limit).map(absolute);
    return [200, items, { 'X-Total-Count': String(all.length), ...(from + limit < all.length ? { 'X-Next-Cursor': String(from + limit) } : {}) }];
  }
  if (method === 'POST' && pathPart === '/media') {
    const kind = String(body.contentType || '').split('/')[0];
    if (!['image', 'audio', 'video'].includes(kind) || body.contentType === 'image/webp') return err(415, 'Accepted: JPEG, PNG, GIF and SVG pictures, MP3, M4A, WAV and OGG audio, MP4 and WebM video.');
    if (body.size > 25 * 1024 * 1024 && kind === 'image') return err(413, 'Pictures are at most 25 MB.');
    const id = ++mediaSeq;
    const m = { id, kind, contentType: body.contentType, filename: body.filename, size: body.size, width: null, height: null, altText: body.altText || null,
      decorative: !!body.decorative, status: 'pending', error: null, url: null, variants: [], courseId: 42, created: new Date().toISOString(), updated: null };
    library.push(m);
    return [201, { media: absolute(m), upload: { url: `${appUrl}/__s3/bucket/${id}?X-Amz-Signature=x`, method: 'PUT', headers: { 'Content-Type': body.contentType }, expiresAt: new Date(Date.now() + 3600e3).toISOString() } }];
  }
  const m = /^\/media\/(\d+)(\/complete)?$/.exec(pathPart);
  const item = m && library.find((x) => x.id === Number(m[1]));
  if (!item) return err(404, 'no such medium');
  if (method === 'POST' && m[2]) {
    const bytes = uploads.get(item.id);
    if (!bytes) return err(409, 'Upload the file first.');
    if (bytes.toString('latin1').startsWith('not a picture')) { item.status = 'failed'; item.error = 'The file is not a picture.'; return err(422, 'The file is not a picture.'); }
    item.status = 'ready';
    if (item.kind === 'image') {
      item.width = 1600; item.height = 900; item.url = `/play/media/t${item.id}/w1280.png`;
      item.variants = [320, 640, 1280].map((w) => ({ width: w, url: `/play/media/t${item.id}/w${w}.png` }));
    } else item.url = `/play/media/t${item.id}/file.${item.kind === 'video' ? 'mp4' : 'mp3'}`;
    return [200, absolute(item)];
  }
  if (method === 'PATCH' && !m[2]) {
    if (body.altText !== undefined) item.altText = body.altText;
    if (body.decorative !== undefined) item.decorative = !!body.decorative;
    return [200, absolute(item)];
  }
  return err(404, 'no route');
}
function missingAlt(doc) {
  const details = [];
  (doc.screens || []).forEach((s, i) => {
    const bad = (s.elements || []).some((e) => e.type === 'image' && e.asset && e.asset.mediaId != null && !(e.altText || '').trim() && !e.decorative);
    if (bad) details.push({ field: `screens[${i}]`, message: `Screen "${s.title}" (${s.id}): the image's picture needs alt text, or mark it decorative` });
  });
  return details;
}
void mediaJson;
function editor(method, route, body, req, st) {
  const whole = () => ({ course: st.course, document: st.document, revision: st.revision, migrationPreview: !!st.migration });
  if (method === 'GET' && route === '/catalogue') return [200, catalogue];
  if (method === 'GET' && route === '/themes') return [200, themes];
  if (method === 'GET' && route === '/course') return st.course ? [200, whole(), { ETag: `"${st.revision}"` }] : err(404, 'no course');
  if (method === 'POST' && route === '/course') {
    if (st.course) return err(409, 'has a course');
    if (!body.title) return err(400, 'title', { details: [{ field: 'title', message: 'is required' }] });
    st.course = { id: 44, title: body.title, format: 'builder2', published: false };
    st.document = { format: 'builder2', title: body.title, description: body.description || '', locale: 'en', screens: [{ id: 'n1', type: 'blocks', typeId: 1, title: 'Untitled screen', elements: [] }] };
    return [201, whole()];
  }
  if (!st.course) return err(404, 'no course');
  if (route.startsWith('/media')) return mediaRoute(method, route, body, st);
  if (method === 'POST' && route === '/course/publish' && missingAlt(st.document).length) {
    return err(422, 'Every picture from the media library needs alt text, or to be marked decorative, before the course is published.', { details: missingAlt(st.document) });
  }
  if (method === 'PUT' && route === '/course/content') {
    const m = /^"?(\d+)"?$/.exec(req.headers['if-match'] || '');
    if (!m) return err(428, 'If-Match required');
    if (st.course.format === 'classic') return err(422, 'classic');
    if (Number(m[1]) !== st.revision) return [...err(412, 'stale revision'), { ETag: `"${st.revision}"` }];
    const details = validate(body.document);
    if (details.length) return err(400, 'invalid document', { details });
    st.document = body.document;
    st.revision += 1;
    st.course = { ...st.course, title: body.document.title };
    return [200, { course: st.course, revision: st.revision, savedAt: new Date().toISOString() }, { ETag: `"${st.revision}"` }];
  }
  if (method === 'POST' && route === '/course/publish') {
    st.published = clone(st.document); st.course = { ...st.course, published: true }; st.revision += 1;
    return [200, { course: st.course, revision: st.revision }, { ETag: `"${st.revision}"` }];
  }
  if (method === 'POST' && route === '/course/revert') {
    if (!st.published) return err(409, 'never published');
    st.document = clone(st.published); st.revision += 1; st.course = { ...st.course, title: st.document.title };
    return [200, { course: st.course, document: st.document, revision: st.revision }];
  }
  if (method === 'POST' && route === '/course/migration-preview') {
    if (st.document.format !== 'classic') return err(409, 'not classic');
    const r = convert(st.document);
    if (r.preview.status === 'blocked') return [200, { preview: r.preview, ...whole(), migrationPreview: false }];
    st.migration = st.document; st.document = r.document; st.revision += 1; st.course = { ...st.course, format: 'builder2' };
    return [200, { preview: r.preview, ...whole(), migrationPreview: true }];
  }
  if (method === 'POST' && route === '/course/migration-preview/accept') { st.migration = null; st.revision += 1; return [200, whole()]; }
  if (method === 'DELETE' && route === '/course/migration-preview') {
    st.document = st.migration; st.migration = null; st.revision += 1; st.course = { ...st.course, format: 'classic' };
    return [200, whole()];
  }
  return err(404, 'no route');
}
function api(req, body, res) {
  const url = req.url.split('?')[0];
  if (url === '/v1/headless/player/sessions') { calls.push({ method: req.method, url, body }); return sessionAnswer(body.token); }
  if (url.startsWith('/__test/')) {
    const st = courses.get(body.session);
    if (url === '/__test/concurrent') { // another writer saves a newer version
      st.document = { ...clone(st.document), title: body.title || 'Their title' };
      st.revision += 1;
      return [200, { revision: st.revision }];
    }
    if (url === '/__test/offline') { flags.offlineUntil = Date.now() + (body.ms || 2000); return [200, {}]; }
    if (url === '/__test/state') return [200, st];
    if (url === '/__test/expire') { courses.delete(body.session); return [200, {}]; }
  }
  const s = req.headers['x-player-session'];
  if (url.startsWith('/v1/headless/player/')) calls.push({ method: req.method, url, body, session: s, ifMatch: req.headers['if-match'], at: Date.now() });
  if (!url.startsWith('/v1/headless/player/editor')) return err(404, 'no route');
  if (!s || !courses.has(s)) return err(401, 'no session', { reason: 'session' });
  if (req.method === 'PUT' && Date.now() < flags.offlineUntil) { res.destroy(); return null; }
  const route = url.slice('/v1/headless/player/editor'.length);
  return editor(req.method, route.startsWith('/media') ? req.url.slice('/v1/headless/player/editor'.length) : route, body, req, courses.get(s));
}
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const app = http.createServer((req, res) => {
  if (req.url.startsWith('/__s3/bucket/') && req.method === 'PUT') {
    const id = Number(/\/(\d+)\?/.exec(req.url)[1]);
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      calls.push({ method: 'PUT', url: '/__s3', contentType: req.headers['content-type'], length: Number(req.headers['content-length']), at: Date.now() });
      const finish = () => { uploads.set(id, Buffer.concat(chunks)); res.writeHead(200).end(); };
      if (flagsMedia.holdPuts) held.push({ finish, res }); else finish();
    });
    return;
  }
  if (req.url.startsWith('/play/media/')) {
    return res.writeHead(200, { 'content-type': req.url.endsWith('.png') ? 'image/png' : 'application/octet-stream' }).end(PNG);
  }
  if (req.method !== 'GET' || req.url.startsWith('/v1/')) {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const r = api(req, JSON.parse(data || '{}'), res);
      if (!r) return;
      const [status, json, headers] = r;
      res.writeHead(status, { 'content-type': 'application/json', ...(headers || {}) }).end(JSON.stringify(json));
    });
    return;
  }
  let p = req.url.split('?')[0];
  if (['/play/course', '/play/screen', '/play/builder'].includes(p)) p += '.html';
  const file = p.startsWith('/play/') ? path.join(pages, p.slice(6)) : null;
  if (!file || !file.startsWith(pages) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end('not found');
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'content-security-policy': CSP }).end(fs.readFileSync(file));
});
const parent = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body style="margin:0">
<iframe id="f" title="Course builder" style="border:0;width:100vw;height:100vh" src="${decodeURIComponent(req.url.slice(1))}"></iframe>
<script>window.messages=[];addEventListener('message',e=>{window.messages.push({origin:e.origin,data:e.data})});</script></body></html>`);
});
await new Promise((r) => app.listen(0, '127.0.0.1', r));
await new Promise((r) => parent.listen(0, '127.0.0.1', r));
const appUrl = `http://127.0.0.1:${app.address().port}`;
parentOrigin = `http://127.0.0.1:${parent.address().port}`;
const control = (what, body) => fetch(`${appUrl}/__test/${what}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());

// ---------------------------------------------------------------- checks
const failures = [];
const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });

async function axe(frame, label) {
  await frame.evaluate(axeSource).catch(() => {});
  const result = await frame.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of result) console.log(`     axe ${v.impact} ${v.id} (${v.nodes}): ${v.help} ${v.targets.join(' | ')}`);
  check(bad.length === 0, `axe: no serious/critical violations (${label})`);
}
const stateOf = (session) => control('state', { session });
async function waitFor(fn, what, timeout = 6000) {
  const end = Date.now() + timeout;
  let v;
  while (Date.now() < end) { v = await fn(); if (v) return v; await new Promise((r) => setTimeout(r, 100)); }
  check(false, `timed out: ${what}`);
  return v;
}
// The options' accessible names (their titles; the number and the details beside them are aria-hidden).
const optionNames = (f) => f.getByRole('listbox', { name: 'Screens' }).getByRole('option').evaluateAll((els) => els.map((e) =>
  [...e.querySelectorAll('*')].filter((c) => c.children.length === 0 && !c.closest('[aria-hidden="true"]')).map((c) => c.textContent).join('').trim()));
const titles = async (session) => (await stateOf(session)).document.screens.map((s) => s.title);
const puts = () => calls.filter((c) => c.method === 'PUT' && c.url !== '/__s3');

async function open(width, token, { framed = true } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 375 ? 740 : 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|status of 4\d\d|ERR_EMPTY_RESPONSE|Failed to fetch/.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const url = `${appUrl}/play/builder?w=ws1#token=${token}`;
  let f; let frame;
  if (framed) {
    await page.goto(`${parentOrigin}/${encodeURIComponent(url)}`);
    f = page.frameLocator('#f');
    await page.waitForFunction(() => document.querySelector('#f') && document.querySelector('#f').contentWindow);
    frame = await waitFor(() => page.frame({ url: /play\/builder/ }), 'builder frame');
  } else {
    await page.goto(url);
    f = page; frame = page.mainFrame();
  }
  return { ctx, page, f, frame, errors, session: `sess-${token}` };
}

// ---- 1. The main flow at 1280 px: add, edit, reorder, undo, autosave, conflicts, preview, publish, discard, translate, back.
{
  const { ctx, page, f, frame, errors, session } = await open(1280, 'edit-main');
  const list = f.getByRole('listbox', { name: 'Screens' });
  await list.waitFor();
  check((await frame.evaluate(() => location.hash)) === '', 'token removed from the URL');
  check(calls.some((c) => c.url.endsWith('/sessions') && c.body.intent === 'edit'), 'session exchanged with intent "edit"');
  check((await f.getByLabel('Course title').inputValue()) === 'Golf basics', 'course title in the toolbar');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Check', 'Wrap-up']), 'screen list shows the screen titles as options');
  check(await f.getByRole('status', { name: 'Save status' }).count() === 1, 'save status is a named status region');
  check(await f.getByRole('main').count() === 1 && await f.getByRole('banner').count() === 1 && await f.getByRole('complementary', { name: 'Course outline' }).count() === 1, 'landmarks: banner, outline, main');
  await axe(frame, 'builder, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280.png') });

  // Targets are at least 44 px.
  const small = await frame.evaluate(() => [...document.querySelectorAll('.b-bar button, .b-bar input, .b-side button, .b-side summary, .b-screen, .b-side input')]
    .filter((e) => e.offsetParent).map((e) => [e.textContent.trim() || e.id || e.className, Math.round(e.getBoundingClientRect().height), Math.round(e.getBoundingClientRect().width)])
    .filter(([, h, w]) => h < 44 || w < 44));
  check(small.length === 0, `builder controls are at least 44 px ${JSON.stringify(small)}`);

  // Add a screen from a layout, with the keyboard: it goes after the selected screen (Welcome).
  await f.getByRole('button', { name: 'Add screen' }).focus();
  await page.keyboard.press('Enter');
  const picker = f.getByRole('dialog');
  await picker.waitFor();
  await axe(frame, 'layout picker, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280-picker.png') });
  await picker.getByRole('button', { name: /Interactive/ }).click();
  await picker.getByRole('option', { name: 'Flip cards' }).click();
  await picker.waitFor({ state: 'detached' });
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Key terms', 'Check', 'Wrap-up']), 'layout screen inserted after the selected screen');
  check((await list.getByRole('option', { name: 'Key terms' }).getAttribute('aria-selected')) === 'true', 'the new screen is selected');
  await f.locator('.b-toast').filter({ hasText: 'Added' }).waitFor();
  await waitFor(async () => (await titles(session)).includes('Key terms'), 'autosave of the added screen');
  const added = (await stateOf(session)).document.screens[1];
  check(added.id !== 'screen-1' && added.elements.every((e) => !/^el-\d$/.test(e.id)), 'the added screen has fresh ids');
  check(/^"\d+"$/.test(puts().at(-1).ifMatch), 'saves send If-Match with the revision');

  // Edit a flip card.
  await f.getByLabel('Front').first().fill('Birdie');
  await f.getByLabel('Back').first().fill('One under par');
  await waitFor(async () => {
    const el = (await stateOf(session)).document.screens[1].elements.find((e) => e.type === 'flipcard');
    return el.title === 'Birdie' && el.cardBack === 'One under par';
  }, 'flip card edit saved');
  check(true, 'flip card front and back edited and autosaved');
  check(/^Saved at \d\d:\d\d:\d\d$/.test(await f.getByRole('status', { name: 'Save status' }).textContent()), 'status says "Saved at hh:mm:ss"');

  // Edit a question: prompt, an answer, its correct flag, feedback.
  await list.getByRole('option', { name: 'Check' }).click();
  await f.getByLabel('Question', { exact: true }).fill('What does par mean?');
  await f.getByRole('textbox', { name: 'Answer 2', exact: true }).fill('The number of clubs');
  await f.getByRole('checkbox', { name: 'Answer 2 is correct' }).check();
  await waitFor(async () => (await stateOf(session)).document.screens[2].elements[0].answers[1].correct === true, 'correct flag saved');
  await f.getByRole('checkbox', { name: 'Answer 1 is correct' }).check();
  await f.getByLabel('Feedback').fill('Par is the expected number of strokes.');
  await waitFor(async () => {
    const q = (await stateOf(session)).document.screens[2].elements[0];
    return q.question === 'What does par mean?' && q.answers[1].text === 'The number of clubs' && q.answers[0].correct === true && q.answers[1].correct === false && q.feedback;
  }, 'question edit saved');
  check(true, 'question prompt, answer, correct flag and feedback edited and autosaved');

  // Reorder with the keyboard: Alt+ArrowDown on the selected option, announced.
  await list.getByRole('option', { name: 'Key terms' }).click();
  await list.getByRole('option', { name: 'Key terms' }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Check', 'Key terms', 'Wrap-up']), 'Alt+ArrowDown moves the screen down');
  await f.locator('.b-toast').filter({ hasText: 'moved to position 3 of 4' }).waitFor();
  check(true, 'the new position is announced');
  check(await frame.evaluate(() => document.activeElement && document.activeElement.getAttribute('role') === 'option' && document.activeElement.textContent.includes('Key terms')), 'focus stays on the moved screen');
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Key terms', 'Welcome', 'Check', 'Wrap-up']), 'Alt+ArrowUp moves the screen up');
  await page.keyboard.press('ArrowDown');
  check((await list.getByRole('option', { name: 'Welcome' }).getAttribute('aria-selected')) === 'true', 'arrow keys move the selection');

  // Undo from the keyboard (focus in the list, not a text field) and the toolbar, then redo.
  await page.keyboard.press('Control+z');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Key terms', 'Check', 'Wrap-up']), 'Ctrl+Z undoes a move');
  await f.getByRole('button', { name: 'Undo', exact: true }).click();
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Check', 'Key terms', 'Wrap-up']), 'the Undo button undoes the next step');
  await f.getByRole('button', { name: 'Redo', exact: true }).click();
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Key terms', 'Check', 'Wrap-up']), 'Redo redoes it');
  await list.getByRole('option', { name: 'Welcome' }).focus();
  await page.keyboard.press('Control+Shift+Z');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Key terms', 'Welcome', 'Check', 'Wrap-up']), 'Ctrl+Shift+Z redoes');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Key terms', 'Welcome', 'Check', 'Wrap-up']), 'Ctrl+Y redoes');
  await waitFor(async () => JSON.stringify(await titles(session)) === JSON.stringify(['Key terms', 'Welcome', 'Check', 'Wrap-up']), 'undo/redo autosaved');
  check(true, 'undo and redo are autosaved');

  // Move buttons, duplicate and delete (with undo).
  await list.getByRole('option', { name: 'Key terms' }).click();
  await f.getByRole('button', { name: 'Move screen down' }).click();
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Key terms', 'Check', 'Wrap-up']), 'Move screen down button');
  await f.getByRole('button', { name: 'Duplicate screen' }).click();
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Key terms', 'Key terms', 'Check', 'Wrap-up']), 'Duplicate screen');
  await f.getByRole('button', { name: 'Delete screen' }).click();
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Welcome', 'Key terms', 'Check', 'Wrap-up']), 'Delete screen');
  await f.getByRole('button', { name: 'Move screen up' }).click();
  await f.getByRole('button', { name: 'Undo', exact: true }).click();

  // Drag and drop: Wrap-up onto the top half of Welcome.
  await list.getByRole('option', { name: 'Wrap-up' }).dragTo(list.getByRole('option', { name: 'Welcome' }), { targetPosition: { x: 40, y: 5 } });
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Wrap-up', 'Welcome', 'Key terms', 'Check']), 'drag and drop reorders');
  await f.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitFor(async () => JSON.stringify(await titles(session)) === JSON.stringify(['Welcome', 'Key terms', 'Check', 'Wrap-up']), 'saved after drag and undo');

  // Offline: the save fails, the status says so, it retries.
  await control('offline', { ms: 2500 }); // saves in the next 2.5 s lose their connection
  await f.getByLabel('Course title').fill('Golf basics!');
  const seen = [];
  await waitFor(async () => { const t = await f.getByRole('status', { name: 'Save status' }).textContent(); seen.push(t); return /Offline/.test(t); }, 'offline status', 5000);
  console.log('     statuses:', [...new Set(seen)].join(' / '));
  check(true, 'offline save shows "Offline — will retry"');
  await waitFor(async () => (await stateOf(session)).document.title === 'Golf basics!', 'retried after offline', 14000);
  check(true, 'the save is retried');

  // Conflict, Keep mine: someone else saves; my next save gets 412; keeping mine saves over theirs.
  await control('concurrent', { session, title: 'Their title' });
  const before = (await stateOf(session)).revision;
  await f.getByLabel('Course title').fill('My title');
  const conflict = f.getByRole('alertdialog');
  await conflict.waitFor();
  await conflict.getByText(`revision ${before}`).waitFor();
  check(true, 'the conflict dialog names the newer revision');
  await axe(frame, 'conflict dialog, 1280');
  check(puts().at(-1) && (await stateOf(session)).document.title === 'Their title', 'the refused save changed nothing');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await waitFor(async () => (await stateOf(session)).document.title === 'My title', 'keep mine saved');
  check((await stateOf(session)).revision === before + 1, 'Keep mine saves over theirs as a new revision');

  // Conflict, Reload theirs: their version loads, no save; Undo brings mine back.
  await control('concurrent', { session, title: 'Their second title' });
  await f.getByLabel('Course title').fill('Mine again');
  await f.getByRole('alertdialog').waitFor();
  await f.getByRole('button', { name: 'Reload theirs' }).click();
  await f.getByRole('alertdialog').waitFor({ state: 'detached' });
  check((await f.getByLabel('Course title').inputValue()) === 'Their second title', 'Reload theirs shows their version');
  const putsAfterReload = puts().length;
  await page.waitForTimeout(1200);
  check(puts().length === putsAfterReload && (await stateOf(session)).document.title === 'Their second title', 'reloading theirs saves nothing');
  await f.getByRole('button', { name: 'Undo', exact: true }).click();
  check((await f.getByLabel('Course title').inputValue()) === 'Mine again', 'mine is still in the undo history');
  await waitFor(async () => (await stateOf(session)).document.title === 'Mine again', 'undo to mine saved');
  await f.getByRole('button', { name: 'Redo', exact: true }).click();
  await waitFor(async () => (await stateOf(session)).document.title === 'Their second title', 'redo saved');

  // Theme: chosen in the course settings from the editor API's list, autosaved as document.theme.themeId.
  await f.getByText('Course settings').click();
  const themePicker = f.getByLabel("Theme", { exact: true });
  check(JSON.stringify(await themePicker.locator("option").allTextContents()) === JSON.stringify(['Default look', 'Indigo', 'Slate Night', 'Club colours']), 'theme picker lists the default, built-ins and workspace themes');
  await themePicker.focus();
  await themePicker.selectOption({ label: "Slate Night" });
  await waitFor(async () => { const d = (await stateOf(session)).document; return d.theme && d.theme.themeId === 2; }, 'theme autosaved');
  check(true, 'choosing a theme autosaves document.theme.themeId');
  check(/Slate Night/.test(await f.locator('#course-theme-hint').textContent()), 'the hint names the chosen theme');
  const canvasBg = await frame.evaluate(() => getComputedStyle(document.querySelector('.cv-page')).backgroundColor);
  check(canvasBg === 'rgb(15, 23, 42)', `the canvas wears the course's theme (background ${canvasBg})`);
  await axe(frame, 'canvas in a dark theme, 1280');

  // Preview from the selected screen: the player's components, nothing recorded.
  await list.getByRole('option', { name: 'Check' }).click();
  const progressBefore = calls.filter((c) => c.url.endsWith('/progress')).length;
  await f.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = f.getByRole('dialog', { name: 'Preview' });
  await preview.waitFor();
  check(await preview.getByText('What does par mean?').isVisible(), 'preview starts at the selected screen');
  check(await preview.getByText('Screen 3 of 4').isVisible() && await preview.getByText('Preview — progress is not recorded').isVisible(), 'preview shows the player with its preview banner');
  await preview.getByLabel('Expected strokes').check();
  await preview.getByRole('button', { name: 'Check answer' }).click();
  await preview.getByText('Correct.', { exact: true }).waitFor();
  await preview.getByRole('button', { name: /Next/ }).click();
  await preview.getByText('Screen 4 of 4').waitFor();
  const stage = await frame.evaluate(() => getComputedStyle(document.querySelector('.b-stage')).backgroundColor);
  check(stage === 'rgb(15, 23, 42)', `the preview wears the chosen theme (${stage})`);
  await axe(frame, 'preview, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280-preview.png') });
  await preview.getByRole('button', { name: 'Phone' }).click();
  await page.screenshot({ path: path.join(out, 'builder-1280-preview-phone.png') });
  check(calls.filter((c) => c.url.endsWith('/progress')).length === progressBefore, 'preview records nothing');
  await preview.getByRole('button', { name: 'Close preview' }).click();
  await preview.waitFor({ state: 'detached' });
  check(await frame.evaluate(() => document.activeElement && document.activeElement.textContent.trim() === 'Preview'), 'focus returns to Preview');

  // Publish: pending changes are saved first.
  await f.getByLabel('Course title').fill('Golf basics, published');
  await f.getByRole('button', { name: 'Publish' }).click();
  await f.getByText('Published', { exact: true }).waitFor();
  const st = await stateOf(session);
  check(st.published && st.published.title === 'Golf basics, published', 'Publish saves pending changes, then publishes');
  const lastPut = puts().at(-1); const pub = calls.filter((c) => c.url.endsWith('/publish')).at(-1);
  check(lastPut.at <= pub.at, 'the save lands before the publish call');
  await f.getByLabel('Course title').fill('Golf basics, published');
  await f.getByLabel('Course title').fill('Edited after publishing');
  await waitFor(async () => (await stateOf(session)).document.title === 'Edited after publishing', 'saved after publishing');
  check(!(await f.getByRole('alertdialog').count()), 'the first save after publishing uses the revision publishing answered (no conflict)');
  await f.getByLabel('Course title').fill('Golf basics, published');
  await waitFor(async () => (await stateOf(session)).document.title === 'Golf basics, published', 'title restored');

  // Discard draft changes: confirmation, then the published version is back.
  await f.getByLabel('Course title').fill('Draft I will throw away');
  await waitFor(async () => (await stateOf(session)).document.title === 'Draft I will throw away', 'draft saved');
  await f.getByRole('button', { name: 'Discard draft changes' }).click();
  const confirm = f.getByRole('alertdialog');
  await confirm.waitFor();
  await axe(frame, 'discard confirmation, 1280');
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await confirm.waitFor({ state: 'detached' });
  check((await f.getByLabel('Course title').inputValue()) === 'Golf basics, published' && (await stateOf(session)).document.title === 'Golf basics, published', 'Discard draft changes reverts to the published version');

  // Translation view.
  await f.getByRole('button', { name: 'Translate' }).click();
  check((await f.getByRole('button', { name: 'Translate' }).getAttribute('aria-pressed')) === 'true', 'Translate is pressed');
  check(await frame.evaluate(() => document.activeElement && document.activeElement.id === 'translate-title'), 'focus moves to the translation view');
  await f.getByLabel('Add a language').fill('fr');
  await f.getByRole('button', { name: 'Add', exact: true }).click();
  await f.getByLabel('Course title (French)').fill('Les bases du golf');
  await f.getByLabel('Screen title (French)').first().fill('Bienvenue');
  await f.getByLabel('Answer 1 (French)').fill('Le nombre de coups prévu');
  await waitFor(async () => {
    const tr = ((await stateOf(session)).document.translations || {}).fr;
    return tr && tr.title === 'Les bases du golf' && tr.screens.s1.title === 'Bienvenue' && tr.screens.s2.elements.q1.answers.a1 === 'Le nombre de coups prévu';
  }, 'translation saved');
  check(true, 'translations are saved into translations[locale]');
  await f.getByLabel('Screen title (French)').first().fill('');
  await waitFor(async () => !(((await stateOf(session)).document.translations.fr.screens || {}).s1 || {}).title, 'cleared translation removed');
  check(true, 'an emptied translation is removed (the source text is used)');
  await f.getByLabel('Screen title (French)').first().fill('Bienvenue');
  await axe(frame, 'translation view, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280-translate.png') });
  await f.getByRole('button', { name: 'Preview', exact: true }).click();
  await f.getByRole('dialog', { name: 'Preview' }).getByText('Les bases du golf').first().waitFor();
  check(true, 'preview from the translation view shows the translation');
  await f.getByRole('button', { name: 'Close preview' }).click();
  await f.getByRole('button', { name: 'Done translating' }).click();
  check(await frame.evaluate(() => document.activeElement && document.activeElement.textContent.trim() === 'Translate'), 'Done translating returns focus to Translate');

  // Ctrl+Z inside a text field is the field's own undo, not the builder's.
  const putsBefore = puts().length;
  const optionsBefore = await optionNames(f);
  await f.getByLabel('Course title').focus();
  await page.keyboard.press('Control+z');
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(optionsBefore), 'Ctrl+Z in a text field leaves the builder history alone');
  void putsBefore;

  // Back: course:back to the parent origin, after saving.
  await f.getByRole('button', { name: 'Back' }).click();
  await page.waitForFunction(() => window.messages.some((m) => m.data.type === 'course:back'));
  const msgs = await page.evaluate(() => window.messages);
  check(msgs.every((m) => m.origin === appUrl && m.data.source === 'course-platform' && m.data.courseId === 42), 'course:back posted to the parent with courseId');
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}

// ---- 2. Flows and options: translation view from the URL, preview flow, native back.
{
  const { ctx, f, frame, errors } = await open(1280, 'edit-translate');
  // The session's language (fr) is also the builder's own: its labels are French.
  // The translation's target language is not the author's: the builder's own words stay the course's (English).
  await f.getByRole('heading', { name: 'Translate' }).waitFor();
  check((await f.getByLabel('Language', { exact: true }).inputValue()) === 'fr', 'language + translations open the translation view in that language');
  check(await f.getByText('Learn the game.').count() > 0 && await f.getByLabel('Course description (French)').count() === 1, 'course description is translatable');
  await axe(frame, 'translation view from options, 1280');
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}
{
  const { ctx, f, frame } = await open(1280, 'edit-flowpreview');
  await f.getByRole('dialog', { name: 'Preview' }).waitFor();
  check(await f.getByRole('dialog', { name: 'Preview' }).getByText('Screen 1 of 3').isVisible(), 'flow=preview opens the preview');
  await f.getByRole('button', { name: 'Close preview' }).click();
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  check(await frame.evaluate(() => !document.querySelector('dialog[open]')), 'closing it shows the editor');
  await ctx.close();
}

{
  // The session ends while editing: the editor stays and says why nothing is saved.
  const { ctx, f, session } = await open(1280, 'edit-expire');
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  await control('expire', { session });
  await f.getByLabel('Course title').fill('Edited after the session ended');
  await f.getByText('Your editing session has ended').waitFor();
  check((await f.getByLabel('Course title').inputValue()) === 'Edited after the session ended', 'an ended session is explained and the edits stay on screen');
  await ctx.close();
}

// ---- 3. A new course.
{
  const { ctx, f, frame, session, errors } = await open(1280, 'new-course');
  await f.getByRole('heading', { name: 'Create a course' }).waitFor();
  await axe(frame, 'new course form');
  await f.getByRole('button', { name: 'Create course' }).click();
  check(await f.getByText('Give the course a title.').isVisible(), 'the form asks for a title');
  await f.getByLabel('Course title').fill('Putting');
  await f.getByRole('button', { name: 'Create course' }).click();
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  check((await stateOf(session)).course.title === 'Putting' && (await f.getByLabel('Course title').inputValue()) === 'Putting', 'Create course creates it and opens the builder');
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}

// ---- 4. Classic courses: preview the conversion, discard, keep; and a course that cannot convert.
{
  const { ctx, page, f, frame, session, errors } = await open(1280, 'classic-one');
  await f.getByRole('button', { name: 'Preview conversion' }).waitFor();
  check(await f.getByText('Classic course').isVisible(), 'a Classic course opens on the migration panel');
  await axe(frame, 'migration panel');
  await f.getByRole('button', { name: 'Preview conversion' }).click();
  await f.getByRole('button', { name: 'Keep the conversion' }).waitFor();
  const stage = f.getByRole('region', { name: 'Converted course' });
  check(await stage.getByRole('heading', { name: 'Intro' }).isVisible() && await stage.getByText('Screen 1 of 3').isVisible(), 'the converted course is shown in the player');
  check(await f.getByText('3 of 3 slides converted').isVisible(), 'the conversion summary is shown');
  await axe(frame, 'migration preview');
  await page.screenshot({ path: path.join(out, 'builder-1280-migration.png') });
  await f.getByRole('button', { name: 'Discard conversion' }).click();
  await f.getByRole('button', { name: 'Preview conversion' }).waitFor();
  check((await stateOf(session)).document.format === 'classic', 'Discard conversion brings the Classic draft back');
  await f.getByRole('button', { name: 'Preview conversion' }).click();
  await f.getByRole('button', { name: 'Keep the conversion' }).click();
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  check(JSON.stringify(await optionNames(f)) === JSON.stringify(['Intro', 'Terms', 'Check']) && !(await stateOf(session)).migration, 'Keep the conversion opens the builder on the converted course');
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}
{
  const { ctx, f, frame, session } = await open(1280, 'blocked-one');
  await f.getByRole('button', { name: 'Preview conversion' }).click();
  await f.getByText('Legacy animation (Flash animation)').waitFor();
  check(await f.getByText('The course stays Classic').isVisible() && (await stateOf(session)).document.format === 'classic', 'blocked slides are listed and the course stays Classic');
  await axe(frame, 'migration blocked');
  await ctx.close();
}

// ---- 5. Refusals.
{
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await ctx.newPage();
  for (const [token, text] of [['view-1', 'This link opens the course for learning; ask for an editing link.'], ['expired', 'This link has expired; ask for a new one.'], ['used', 'already opened']]) {
    await page.goto(`${appUrl}/play/builder?r=${token}#token=${token}`);
    await page.locator('h1').waitFor();
    check(await page.getByText(text).first().isVisible(), `refusal "${token}" explained`);
  }
  await page.goto(`${appUrl}/play/builder?r=none`);
  await page.locator('h1').waitFor();
  check(await page.getByText('No editing link').isVisible(), 'no token explained');
  await ctx.close();
}

// ---- 6. 375 px: the outline above the editor, no horizontal scrolling, keyboard-only add.
{
  const { ctx, page, f, frame, session, errors } = await open(375, 'edit-narrow');
  const list = f.getByRole('listbox', { name: 'Screens' });
  await list.waitFor();
  const sw = await frame.evaluate(() => document.documentElement.scrollWidth);
  if (sw > 375) console.log('     wider than 375:', await frame.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 376).slice(0, 6).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).join(', ')));
  check(sw <= 375, `no horizontal scrolling at 375 px (scrollWidth ${sw})`);
  const above = await frame.evaluate(() => document.querySelector('.b-side').getBoundingClientRect().bottom <= document.querySelector('.b-main').getBoundingClientRect().top + 1);
  check(above, 'the screen list is above the editor at 375 px');
  await axe(frame, 'builder, 375');
  await page.screenshot({ path: path.join(out, 'builder-375.png') });
  await page.screenshot({ path: path.join(out, 'builder-375-full.png'), fullPage: true });
  const small = await frame.evaluate(() => [...document.querySelectorAll('.b-bar button, .b-bar input, .b-side button, .b-screen')]
    .filter((e) => e.offsetParent).filter((e) => e.getBoundingClientRect().height < 44 || e.getBoundingClientRect().width < 44).map((e) => e.textContent.trim()));
  check(small.length === 0, `44 px targets at 375 px ${JSON.stringify(small)}`);
  // Keyboard only: Tab to Add screen, choose a layout with the arrow keys and Enter.
  await f.getByRole('button', { name: 'Add screen' }).focus();
  await page.keyboard.press('Enter');
  await f.getByRole('dialog').waitFor();
  await axe(frame, 'layout picker, 375');
  await page.screenshot({ path: path.join(out, 'builder-375-picker.png') });
  const firstOption = f.getByRole('dialog').getByRole('option').first();
  await firstOption.focus();
  await page.keyboard.press('ArrowRight');
  const chosen = await frame.evaluate(() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent);
  await page.keyboard.press('Enter');
  await f.getByRole('dialog').waitFor({ state: 'detached' });
  const names = await optionNames(f);
  check(names.length === 4 && names[1] !== 'Check', `keyboard: the picker adds a layout (${chosen})`);
  await waitFor(async () => (await stateOf(session)).document.screens.length === 4, 'saved at 375');
  const sw2 = await frame.evaluate(() => document.documentElement.scrollWidth);
  check(sw2 <= 375, `still no horizontal scrolling after editing (scrollWidth ${sw2})`);
  await f.getByRole('button', { name: 'Preview', exact: true }).click();
  await f.getByRole('dialog', { name: 'Preview' }).waitFor();
  await axe(frame, 'preview, 375');
  await page.screenshot({ path: path.join(out, 'builder-375-preview.png') });
  await f.getByRole('button', { name: 'Close preview' }).click();
  await f.getByRole('button', { name: 'Translate' }).click();
  await f.getByLabel('Add a language').fill('de');
  await f.getByRole('button', { name: 'Add', exact: true }).click();
  await axe(frame, 'translation view, 375');
  const sw3 = await frame.evaluate(() => document.documentElement.scrollWidth);
  check(sw3 <= 375, `translation view fits 375 px (scrollWidth ${sw3})`);
  await page.screenshot({ path: path.join(out, 'builder-375-translate.png') });
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}

// ---- 7. Media: upload with progress and alt text, the library, drag and drop, cancel, refusals,
//         alt text problems before publishing, srcset in the preview, 375 px.
{
  const { ctx, page, f, frame, session, errors } = await open(1280, 'edit-media');
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  const docNow = async () => (await stateOf(session)).document;
  const imageOf = async () => (await docNow()).screens[0].elements.find((e) => e.type === 'image');
  // Add an image element, then upload a picture from its card.
  await f.getByRole('button', { name: /Add element/ }).click();
  await f.getByRole('menuitem', { name: /Image/ }).click();
  // The new image is selected: its properties panel holds the media buttons, the alt text and the decorative flag.
  const card = f.locator('.cv-panel');
  await f.getByRole('heading', { name: /^Image \d+: properties$/ }).waitFor();
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'swing.png', mimeType: 'image/png', buffer: PNG });
  const up = f.getByRole('dialog', { name: 'Upload a picture' });
  await up.waitFor();
  check(await up.locator('progress').count() === 1 && await up.getByRole('status').count() >= 1, 'the upload dialog shows a progress bar and a polite status');
  check(await frame.evaluate(() => document.activeElement && document.activeElement.tagName === 'TEXTAREA'), 'focus starts on the alt text');
  await up.getByRole('button', { name: 'Insert' }).and(f.locator(':enabled')).waitFor();
  check(await up.getByText('Uploaded and checked.').isVisible(), 'the upload says it is done');
  await axe(frame, 'upload dialog, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280-upload.png') });
  await up.getByRole('button', { name: 'Insert' }).click();
  check(await up.getByText('Describe the picture, or mark it decorative.').isVisible(), 'Insert without alt text asks for it');
  await up.getByLabel(/^Alt text/).fill('A golfer mid-swing');
  await up.getByRole('button', { name: 'Insert' }).click();
  await up.waitFor({ state: 'detached' });
  const put = calls.filter((c) => c.url === '/__s3').at(-1);
  check(put && put.contentType === 'image/png' && put.length === PNG.length, 'the file is PUT with the signed Content-Type');
  let img = await waitFor(async () => { const e = await imageOf(); return e && e.asset && e.asset.mediaId ? e : null; }, 'uploaded picture saved');
  check(img.altText === 'A golfer mid-swing' && JSON.stringify(img.asset.widths) === '[320,640,1280]' && img.asset.width === 1600, 'the element gets the library asset (mediaId, widths, size) and the alt text');
  check(calls.some((c) => c.method === 'PATCH' && c.body.altText === 'A golfer mid-swing'), 'the medium stores the alt text too (PATCH)');

  // The library: search, kind, load more, keyboard; a picture without alt text asks for it.
  await card.getByRole('button', { name: 'Choose from library' }).click();
  const lib = f.getByRole('dialog', { name: 'Choose from the library' });
  await lib.getByRole('list').getByRole('button').first().waitFor();
  check(await frame.evaluate(() => document.activeElement && document.activeElement.type === 'search'), 'focus starts in the search box');
  const firstName = await lib.getByRole('list').getByRole('button').first().textContent();
  check(/swing\.png/.test(firstName), `recent first: the new upload leads (${firstName.slice(0, 40)})`);
  const before = await lib.getByRole('list').getByRole('button').count();
  await lib.getByRole('button', { name: 'Load more' }).click();
  await waitFor(async () => (await lib.getByRole('list').getByRole('button').count()) > before, 'more media loaded');
  check(await lib.locator('img').first().getAttribute('src').then((u) => /w320\.png$/.test(u)), 'thumbnails are the smallest variant');
  await axe(frame, 'library dialog, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280-library.png') });
  await lib.getByLabel('Search').fill('fairway');
  await waitFor(async () => (await lib.getByRole('list').getByRole('button').count()) === 2, 'search narrows the list');
  await lib.getByRole('list').getByRole('button', { name: /fairway-photo/ }).focus();
  await page.keyboard.press('Enter');
  const describe = f.getByRole('dialog', { name: 'Describe the picture' });
  await describe.waitFor();
  // Focus moves in the next frame once the step shows.
  check(!!(await waitFor(() => frame.evaluate(() => document.activeElement && document.activeElement.tagName === 'TEXTAREA'), 'focus on the alt text', 2000)), 'a picture without alt text asks for it (focus on the field)');
  await axe(frame, 'library alt text step, 1280');
  await describe.getByLabel(/^Decorative/).check();
  await describe.getByRole('button', { name: 'Insert' }).click();
  await describe.waitFor({ state: 'detached' });
  img = await waitFor(async () => { const e = await imageOf(); return e && e.asset.mediaId === 1028 ? e : null; }, 'library picture saved');
  check(img.decorative === true && img.altText === '', 'a decorative library picture: decorative, empty alt text');

  // Alt text problems: named by screen before publishing, and the refused publish names it too.
  await card.getByLabel('Decorative picture').uncheck();
  await f.getByRole('heading', { name: 'Before you publish' }).waitFor();
  check(await f.getByText('Screen 1 “Welcome”: a library picture has no alt text.').isVisible(), 'a picture without alt text is a problem naming its screen');
  await waitFor(async () => (await imageOf()).decorative === undefined, 'decorative cleared');
  await f.getByRole('button', { name: 'Publish' }).click();
  await f.getByText('Screen 1 “Welcome”: the image\'s picture needs alt text, or mark it decorative').waitFor();
  check(true, 'the refused publish lists the screens it names');
  await card.getByLabel('Alt text', { exact: true }).fill('Dawn on the fairway');
  await f.getByRole('heading', { name: 'Before you publish' }).waitFor({ state: 'detached' });
  check(true, 'the problem goes when the picture is described');

  // The preview renders the library picture with srcset, sizes, width and height.
  await waitFor(async () => (await imageOf()).altText === 'Dawn on the fairway', 'alt text saved');
  await f.getByRole('button', { name: 'Preview', exact: true }).click();
  const shown = f.getByRole('dialog', { name: 'Preview' }).locator('img.media').first();
  await shown.waitFor();
  const attrs = await shown.evaluate((e) => ({ srcset: e.getAttribute('srcset'), sizes: e.getAttribute('sizes'), w: e.getAttribute('width'), h: e.getAttribute('height'), alt: e.getAttribute('alt') }));
  check(/tok28\/w320\.png 320w, .*tok28\/w640\.png 640w, .*tok28\/w1280\.png 1280w$/.test(attrs.srcset) && attrs.sizes && attrs.w === '1600' && attrs.h === '900'
    && attrs.alt === 'Dawn on the fairway', `the player renders srcset, sizes, width, height and alt ${JSON.stringify(attrs)}`);
  await f.getByRole('button', { name: 'Close preview' }).click();

  // Drag and drop a video onto the screen: a video element at the end.
  const count = (await docNow()).screens[0].elements.length;
  await frame.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], 'clip.mp4', { type: 'video/mp4' }));
    const target = document.querySelector('.screen-form');
    for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  const vd = f.getByRole('dialog', { name: 'Upload a video' });
  await vd.getByRole('button', { name: 'Insert' }).and(f.locator(':enabled')).waitFor();
  await vd.getByRole('button', { name: 'Insert' }).click();
  const els = await waitFor(async () => { const e = (await docNow()).screens[0].elements; return e.length === count + 1 ? e : null; }, 'dropped video saved');
  check(els.at(-1).type === 'video' && /file\.mp4$/.test(els.at(-1).asset.url) && els.at(-1).asset.mime === 'video/mp4', 'a dropped video becomes a video element after the selected image (the last element)');
  // Select the image again (a click on it on the canvas) for the uploads below.
  await f.getByRole('group', { name: /^Image \d+$/ }).click();
  await f.getByRole('heading', { name: /^Image \d+: properties$/ }).waitFor();

  // Cancel while the file is on its way; then a refused type and a file that is not a picture.
  flagsMedia.holdPuts = true;
  const c2 = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload' }).click();
  await (await c2).setFiles({ name: 'slow.png', mimeType: 'image/png', buffer: PNG });
  await waitFor(() => held.length > 0, 'upload held');
  const completes = calls.filter((c) => /complete$/.test(c.url)).length;
  await f.getByRole('button', { name: 'Cancel upload' }).click();
  await f.getByRole('dialog', { name: 'Upload a picture' }).waitFor({ state: 'detached' });
  flagsMedia.holdPuts = false;
  held.splice(0).forEach((h) => h.finish());
  await new Promise((r) => setTimeout(r, 300));
  check(calls.filter((c) => /complete$/.test(c.url)).length === completes, 'a cancelled upload is never completed');
  for (const [name, type, body, text] of [['photo.webp', 'image/webp', PNG, 'This type of file cannot be used.'], ['fake.png', 'image/png', Buffer.from('not a picture'), 'The picture was refused: The file is not a picture.']]) {
    const c3 = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Upload' }).click();
    await (await c3).setFiles({ name, mimeType: type, buffer: body });
    const d = f.getByRole('dialog', { name: 'Upload a picture' });
    await d.getByRole('alert').filter({ hasText: text }).waitFor();
    check(true, `refused in words: ${text}`);
    await d.getByRole('button', { name: 'Close' }).click();
  }
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}
{
  const { ctx, page, f, frame, errors } = await open(375, 'edit-media-narrow');
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  // At 375 px the properties are a bottom sheet: the screen's open from the button beside its title.
  await f.getByRole('button', { name: 'Screen properties' }).click();
  await f.getByRole('dialog', { name: 'Screen properties' }).waitFor();
  await f.getByRole('button', { name: 'Choose from library' }).first().click();
  const lib = f.getByRole('dialog', { name: 'Choose from the library' });
  await lib.getByRole('list').getByRole('button').first().waitFor();
  await lib.getByLabel('Kind').selectOption('video');
  await lib.getByRole('button', { name: /clip\.mp4/ }).waitFor();
  check(await lib.getByRole('list').getByRole('button').count() === 1, 'the kind filter shows only videos');
  await lib.getByLabel('Kind').selectOption('');
  await lib.getByRole('list').getByRole('button').first().waitFor();
  const sw = await frame.evaluate(() => Math.max(document.documentElement.scrollWidth, document.querySelector('dialog[open]').scrollWidth));
  check(sw <= 375, `the library fits 375 px (scrollWidth ${sw})`);
  await axe(frame, 'library dialog, 375');
  await page.screenshot({ path: path.join(out, 'builder-375-library.png') });
  await page.keyboard.press('Escape');
  await lib.waitFor({ state: 'detached' });
  check(await frame.evaluate(() => document.activeElement && document.activeElement.textContent === 'Choose from library'), 'Escape closes the library and focus returns');
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}

// ---- 8. The canvas: text written in place, the formatting toolbar, the properties panel, add after
//         the selected element, move, duplicate, delete, undo, keyboard only; the bottom sheet at 375 px.
{
  const { ctx, page, f, frame, session, errors } = await open(1280, 'edit-canvas');
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  const els = async () => (await stateOf(session)).document.screens[0].elements;
  const lastPut = () => puts().filter((c) => c.url.endsWith('/course/content')).at(-1);
  const status = () => frame.evaluate(() => [...document.querySelectorAll('.canvas [role=status]')].map((e) => e.textContent).join(''));
  check(await f.getByRole('textbox', { name: 'Screen title', exact: true }).textContent() === 'Welcome', 'the screen title is written on the canvas');
  check(await frame.evaluate(() => !!document.querySelector('.cv-page .block-text') && !!document.querySelector('.cv-page .time-estimate')), 'the canvas draws the elements with the player\'s classes');

  // A heading (added at the end) and the paragraph, written in place: both reach the saved document.
  await f.getByRole('button', { name: /Add element/ }).click();
  await f.getByRole('menuitem', { name: 'Heading' }).click();
  check(/Heading added at the end, position 3\./.test(await waitFor(status, 'add announced')), 'adding is announced');
  check(await frame.evaluate(() => document.activeElement && document.activeElement.getAttribute('aria-label') === 'Heading'), 'focus goes to the new heading\'s text');
  await f.getByLabel('Heading', { exact: true }).first().fill('Before you tee off');
  await f.getByLabel('Paragraph', { exact: true }).first().fill('Study the map of the course.');
  await waitFor(async () => {
    const put = lastPut();
    const e = put && put.body.document.screens[0].elements;
    return e && e.some((x) => x.type === 'heading' && x.title === 'Before you tee off') && /Study the map of the course\./.test(e[0].description);
  }, 'heading and paragraph in the PUT document');
  check(true, 'a heading and a paragraph written on the canvas are saved (PUT document)');
  check(await frame.evaluate(() => !!document.querySelector('.cv-page [data-placeholder]')), 'empty regions carry a placeholder attribute');

  // Bold a word with the formatting toolbar shown on the focused paragraph.
  const para = f.getByRole('textbox', { name: 'Paragraph', exact: true }).first();
  await para.click();
  check(await f.getByRole('toolbar', { name: 'Paragraph: formatting' }).isVisible(), 'the formatting toolbar shows on the focused paragraph');
  await frame.evaluate(() => {
    const box = document.querySelector('[aria-label="Paragraph"]');
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode()) && !node.data.includes('map'));
    const r = document.createRange();
    r.setStart(node, node.data.indexOf('map'));
    r.setEnd(node, node.data.indexOf('map') + 3);
    const sel = document.getSelection();
    sel.removeAllRanges();
    sel.addRange(r);
  });
  await f.getByRole('button', { name: 'Bold' }).click();
  await waitFor(async () => /<(strong|b)>map<\/(strong|b)>/.test((await els())[0].description), 'bold saved');
  check(true, 'a word made bold with the toolbar is saved as bold');
  await axe(frame, 'canvas with the formatting toolbar, 1280');
  await page.screenshot({ path: path.join(out, 'builder-1280-canvas.png') });

  // The heading level in the side panel.
  await f.getByRole('textbox', { name: 'Heading', exact: true }).click();
  await f.getByRole('heading', { name: 'Heading 3: properties' }).waitFor();
  await f.locator('.cv-panel').getByLabel('Level').selectOption('3');
  await waitFor(async () => (await els()).find((e) => e.type === 'heading').level === 3, 'level saved');
  check(await frame.evaluate(() => !!document.querySelector('.cv-page .heading-4')), 'a level 3 heading is drawn as the player draws it');
  await axe(frame, 'canvas with an element selected, 1280');

  // Add after the selected element (the paragraph), move it, duplicate it, delete the copy, undo.
  await para.click();
  await f.getByRole('button', { name: 'Add element after Text 1' }).click();
  await f.getByRole('menuitem', { name: 'Callout' }).click();
  await waitFor(async () => (await els()).length === 4, 'callout saved');
  check(JSON.stringify((await els()).map((e) => e.type)) === '["text","callout","timeEstimate","heading"]', 'the new element goes after the selected one');
  check(/Callout added after Text 1\./.test(await waitFor(status, 'announced')), 'adding after is announced');
  await f.getByRole('button', { name: 'Move down: Callout 2' }).click();
  await waitFor(async () => (await els())[2].type === 'callout', 'move saved');
  check(/Callout moved to position 3 of 4\./.test(await waitFor(async () => (/moved/.test(await status()) ? status() : ''), 'move announced')), 'the move is announced');
  check(await frame.evaluate(() => document.activeElement && document.activeElement.dataset.act === 'down'), 'focus stays on Move down');
  await f.getByRole('button', { name: 'Duplicate: Callout 3' }).click();
  await waitFor(async () => (await els()).length === 5, 'duplicate saved');
  check((await els())[3].type === 'callout' && (await els())[3].id !== (await els())[2].id, 'the copy follows the original with a fresh id');
  await f.getByRole('button', { name: 'Delete: Callout 4' }).click();
  await waitFor(async () => (await els()).length === 4, 'delete saved');
  check(/Callout deleted\. Undo brings it back\./.test(await waitFor(async () => (/deleted/.test(await status()) ? status() : ''), 'delete announced')), 'the delete is announced');
  check(await frame.evaluate(() => !!document.activeElement.closest('[data-el]')), 'focus goes to the neighbouring element');
  await f.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitFor(async () => (await els()).length === 5, 'undo saved');
  check(true, 'Undo brings the deleted element back');

  // Keyboard only: from the screen title, Tab reaches the paragraph; typing edits it.
  await f.getByRole('textbox', { name: 'Screen title', exact: true }).focus();
  let reached = false;
  for (let k = 0; k < 12 && !reached; k++) {
    await page.keyboard.press('Tab');
    reached = await frame.evaluate(() => document.activeElement && document.activeElement.getAttribute('aria-label') === 'Paragraph');
  }
  check(reached, 'Tab reaches the paragraph from the screen title');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Walk the course.');
  await waitFor(async () => /Walk the course\./.test((await els())[0].description), 'typed paragraph saved');
  check(true, 'a paragraph edited with the keyboard only is saved');
  await page.keyboard.press('Tab');
  check(await frame.evaluate(() => document.activeElement && document.activeElement.closest('[role=toolbar]') !== null), 'Tab from the paragraph reaches its formatting toolbar');
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}
{
  const { ctx, page, f, frame, session, errors } = await open(375, 'edit-canvas-narrow');
  await f.getByRole('listbox', { name: 'Screens' }).waitFor();
  await f.getByRole('textbox', { name: 'Paragraph', exact: true }).first().click();
  const props = f.getByRole('button', { name: 'Properties: Text 1' });
  await props.click();
  const sheet = f.getByRole('dialog', { name: 'Text 1: properties' });
  await sheet.waitFor();
  const fit = await frame.evaluate(() => {
    const r = document.querySelector('dialog.cv-sheet').getBoundingClientRect();
    return { bottom: Math.round(r.bottom), left: Math.round(r.left), width: Math.round(r.width), vw: innerWidth, vh: innerHeight };
  });
  check(fit.bottom === fit.vh && fit.left === 0 && fit.width === fit.vw, `the properties open as a bottom sheet at 375 px ${JSON.stringify(fit)}`);
  await axe(frame, 'properties sheet, 375');
  await page.screenshot({ path: path.join(out, 'builder-375-sheet.png') });
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  check(await frame.evaluate(() => document.activeElement && document.activeElement.dataset.act === 'properties'), 'Escape closes the sheet and focus returns to Properties');
  await props.click();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await sheet.waitFor({ state: 'detached' });
  check(await frame.evaluate(() => document.activeElement && document.activeElement.dataset.act === 'properties'), 'Close closes the sheet and focus returns');
  const sw = await frame.evaluate(() => document.documentElement.scrollWidth);
  check(sw <= 375, `the canvas fits 375 px (scrollWidth ${sw})`);
  await axe(frame, 'canvas, 375');
  await page.screenshot({ path: path.join(out, 'builder-375-canvas.png') });
  check(errors.length === 0, `no console errors ${errors.join(' | ')}`);
  await ctx.close();
}

await builderInGerman();

await browser.close();
app.close(); parent.close();
console.log(failures.length ? `\n${failures.length} check(s) failed:\n - ${failures.join('\n - ')}` : '\nall checks passed');
process.exit(failures.length ? 1 : 0);

// ---- The builder's own labels in German (locale=de in the URL): the new course form and its
// validation, the builder's chrome (back, screen list, settings, media buttons), a refusal page.
async function builderInGerman() {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|status of 4\d\d/.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${appUrl}/play/builder?locale=de#token=new-de`);
  await page.getByRole('heading', { name: 'Kurs erstellen' }).waitFor();
  check((await page.evaluate(() => document.documentElement.lang)) === 'de' && (await page.title()) === 'Neuer Kurs', 'de: <html lang="de">, the page title in German');
  await page.getByRole('button', { name: 'Kurs erstellen' }).click();
  check(await page.getByText('Geben Sie dem Kurs einen Titel.').isVisible(), 'de: the form asks for a title in German');
  await axe(page.mainFrame(), 'de: new course form');
  await page.getByLabel('Kurstitel').fill('Golf');
  await page.getByRole('button', { name: 'Kurs erstellen' }).click();
  await page.getByRole('listbox', { name: 'Bildschirme' }).waitFor();
  check(await page.getByRole('button', { name: 'Zurück' }).isVisible(), 'de: the back button says "Zurück"');
  await page.getByText('Kurseinstellungen').click();
  check(await page.getByLabel('Design', { exact: true }).isVisible() && await page.getByLabel('Primärfarbe als Hex-Code').isVisible(), 'de: course settings in German (Design, Primärfarbe)');
  await axe(page.mainFrame(), 'de: builder');
  await page.screenshot({ path: path.join(out, 'builder-1280-de.png') });
  check(errors.length === 0, `de: no console errors ${errors.join(' | ')}`);
  await page.goto(`${appUrl}/play/builder?locale=de&r=expired#token=expired`);
  await page.locator('h1').waitFor();
  check((await page.locator('h1').textContent()) === 'Dieser Link ist abgelaufen', 'de: a refusal page in German');
  await ctx.close();
}

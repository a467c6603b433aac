// bench/chaos-load.mjs — the client load of bench/chaos.sh: scenarios of members, enrolments,
// courses, SCORM uploads and migration batches, all through the ingress, started at an even
// pace over --seconds so that they overlap every kill of the chaos run.
//
// A client as a careful integrator writes it: a 5xx, a 429 or a connection error is retried with
// back-off for up to --give-up seconds. Every write that takes one carries an Idempotency-Key
// (docs/idempotency.md), the same on each retry, so a write whose answer was lost is answered
// again, not made twice, and the ingress may resend it to another replica. With --keys 0 it sends
// none, and a course create or import is looked up by its unique title before it is sent again
// instead. Every answer is logged (requests.jsonl: t, op, status, ms); every write the platform
// acknowledged with a 2xx is listed in effects.csv (kind,id,detail) for bench/chaos.sh to find in
// the database afterwards.
//
// Usage: node bench/chaos-load.mjs --base URL --auth 'SERVICE:ws:key' --out DIR --zip FILE
//          [--members N] [--courses N] [--migrations N] [--scorm N] [--seconds S]
//          [--concurrency C] [--give-up S] [--tag T] [--keys 1|0]
import { randomUUID } from 'node:crypto';
import { appendFileSync, createWriteStream, readFileSync, statSync, writeFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const base = args.base;
const auth = args.auth;
const out = args.out;
const tag = args.tag ?? `${Date.now()}`;
const counts = {
  member: +(args.members ?? 800),
  course: +(args.courses ?? 700),
  migration: +(args.migrations ?? 150),
  scorm: +(args.scorm ?? 60),
};
const seconds = +(args.seconds ?? 240);
const concurrency = +(args.concurrency ?? 24);
const giveUpMs = +(args['give-up'] ?? 240) * 1000;
const keys = (args.keys ?? '1') !== '0';
const zip = readFileSync(args.zip);
const zipSize = statSync(args.zip).size;

const log = createWriteStream(`${out}/requests.jsonl`);
writeFileSync(`${out}/effects.csv`, '');
const effect = (kind, id, detail = '') => appendFileSync(`${out}/effects.csv`, `${kind},${id},${detail}\n`);
const tally = { requests: 0, ok: 0, s5xx: 0, network: 0, s429: 0, gaveUp: 0, lookups: 0, adopted: 0, replayed: 0 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One HTTP exchange, logged. Answers {status, body, headers}; status 0 when nothing came back. */
async function once(op, method, url, { json, form, raw, headers = {} } = {}) {
  const t = Date.now();
  const h = { ...headers };
  let body;
  if (json !== undefined) { h['Content-Type'] = 'application/json'; body = JSON.stringify(json); }
  if (form !== undefined) { h['Content-Type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(form).toString(); }
  if (raw !== undefined) body = raw;
  let status = 0, text = '', resHeaders = null;
  try {
    const res = await fetch(url, { method, headers: h, body, signal: AbortSignal.timeout(60_000) });
    status = res.status;
    resHeaders = res.headers;
    text = await res.text();
  } catch (e) {
    text = String(e?.cause?.code ?? e?.message ?? e);
  }
  tally.requests++;
  if (status >= 200 && status < 300) tally.ok++;
  if (resHeaders?.get('idempotent-replayed') === 'true') tally.replayed++;
  else if (status >= 500) tally.s5xx++;
  else if (status === 0) tally.network++;
  else if (status === 429) tally.s429++;
  log.write(JSON.stringify({ t, op, method, status, ms: Date.now() - t }) + '\n');
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = text; }
  return { status, body: parsed, headers: resHeaders };
}

const retryable = (s) => s === 0 || s === 429 || s >= 500;

/**
 * A request retried while the platform answers 5xx/429 or nothing. `before` runs before each retry
 * and may answer a result instead (a create found to have happened after all).
 */
async function call(op, method, path, opts = {}, before = null) {
  const started = Date.now();
  const headers = { Authorization: auth, ...(opts.headers ?? {}) };
  // One key per logical write, the same on every retry of it.
  if (opts.keyed && keys) headers['Idempotency-Key'] = randomUUID();
  const url = path.startsWith('http') ? path : base + path;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0 && before) {
      const found = await before();
      if (found) { tally.adopted++; return found; }
    }
    const r = await once(op, method, url, { ...opts, headers: path.startsWith('http') ? opts.headers ?? {} : headers });
    if (!retryable(r.status)) return r;
    if (Date.now() - started > giveUpMs) { tally.gaveUp++; return { ...r, gaveUp: true }; }
    await sleep(Math.min(5000, 250 * 2 ** Math.min(attempt, 5)));
  }
}

const ok = (r) => r.status >= 200 && r.status < 300;
const list = (b) => (Array.isArray(b) ? b : b?.data ?? b?.items ?? b?.courses ?? []);

/** A course create: keyed, or without keys looked up by its unique title before a retry. */
async function createCourse(op, path, json, title) {
  if (keys) return call(op, 'POST', path, { json, keyed: true });
  const find = async () => {
    tally.lookups++;
    const r = await call(`${op}-lookup`, 'GET', `/v1/headless/courses?title=${encodeURIComponent(title)}&length=5`);
    const hit = ok(r) ? list(r.body).find((c) => c.title === title) : null;
    return hit ? { status: 201, body: hit, adopted: true } : null;
  };
  return call(op, 'POST', path, { json }, find);
}

const builder2 = (title, n) => ({
  format: 'builder2', title, locale: 'en',
  screens: [{ id: 's1', type: 'blocks', title: `Screen ${n}`, elements: [] }],
});
const classic = (title) => ({
  format: 'classic', title,
  slides: [
    { id: 1, kind: 'content', heading: 'Intro', body: '<p>Text to convert.</p>' },
    { id: 2, kind: 'quiz', heading: 'Quiz', questions: [{ id: 201, prompt: 'Q?', choices: [{ id: 1, text: 'A', correct: true }, { id: 2, text: 'B', correct: false }] }] },
  ],
});

// Courses that exist and that members-service may know (for enrolments).
const courseIds = [];

async function memberScenario(i) {
  const email = `chaos-${tag}-${i}@example.com`;
  const created = await call('member-create', 'POST', '/api/v1/members', { json: { email, active: true }, keyed: true });
  if (!ok(created)) return;
  const userId = created.body.id;
  effect('member', userId, email);
  // The same create again: an update of nothing, and the idempotency check (same id).
  const again = await call('member-update', 'POST', '/api/v1/members', { json: { email, active: true }, keyed: true });
  if (ok(again) && again.body.id !== userId) effect('member-twice', userId, again.body.id);
  if (courseIds.length) {
    const course = courseIds[Math.floor(Math.random() * courseIds.length)];
    // members-service learns courses from course-events: a 404 may only mean it has not yet.
    const deadline = Date.now() + 120_000;
    const enrolKey = keys ? { 'Idempotency-Key': randomUUID() } : {};
    for (;;) {
      const r = await call('enrol', 'POST', '/api/v1/enrolments', { form: { user: userId, course }, headers: enrolKey });
      if (ok(r)) { effect('enrolment', userId, course); break; }
      if (r.status === 409) break;   // enrolled already: a retried enrolment that had worked
      if (r.status !== 404 || Date.now() > deadline) { if (r.status === 404) effect('enrol-404', userId, course); break; }
      await sleep(1000);
    }
  }
}

async function courseScenario(i) {
  const title = `Chaos ${tag} course ${i}`;
  const created = await createCourse('course-create', '/v1/headless/courses', { title, identifier: 'chaos' }, title);
  if (!ok(created)) return;
  const id = created.body.id;
  effect('course', id, title);
  courseIds.push(id);
  for (let n = 1; n <= 2; n++) {
    const put = await call('course-update', 'PUT', `/v1/headless/course/${id}/content`, { json: { document: builder2(title, n) } });
    if (ok(put)) effect('update', id, put.body.revision ?? '');
    const pub = await call('course-publish', 'POST', `/v1/headless/course/${id}/publish`, { keyed: true });
    if (ok(pub)) effect('publish', id, '');
  }
}

async function migrationScenario(i) {
  const ids = [];
  for (let k = 0; k < 3; k++) {
    const title = `Chaos ${tag} classic ${i}-${k}`;
    const r = await createCourse('course-import', '/v1/headless/courses/import', { identifier: 'chaos', document: classic(title) }, title);
    if (!ok(r)) continue;
    effect('course', r.body.id, title);
    ids.push(r.body.id);
  }
  if (ids.length < 2) return;
  const batch = await call('migration-batch', 'POST', '/v1/headless/course-migrations', { json: { courseIds: ids }, keyed: true });
  if (ok(batch) && batch.body?.id) effect('batch', batch.body.id, ids.join(' '));
}

async function scormScenario(i) {
  const name = `chaos-${i}.zip`;
  const ticket = await call('scorm-upload', 'POST', '/v1/headless/scorm-package/upload', { json: { name, size: zipSize } });
  if (!ok(ticket)) return;
  const put = await call('scorm-put', 'PUT', ticket.body.url, { raw: zip, headers: { 'Content-Type': 'application/zip' } });
  if (!ok(put)) return;
  const created = await call('scorm-create', 'POST', '/v1/headless/scorm-package', { json: { hash: ticket.body.hash, name } });
  if (ok(created)) { effect('scorm', created.body.courseId, ticket.body.hash); effect('course', created.body.courseId, ''); }
  else if (created.status === 409) effect('scorm-409', ticket.body.hash, '');  // the hash was used: an earlier try made it
}

const kinds = { member: memberScenario, course: courseScenario, migration: migrationScenario, scorm: scormScenario };
const plan = [];
for (const [k, n] of Object.entries(counts)) for (let i = 0; i < n; i++) plan.push([k, i]);
// Courses first for a moment, so that the first enrolments have courses to pick from.
plan.sort(() => Math.random() - 0.5);
plan.unshift(...plan.splice(plan.findIndex(([k]) => k === 'course'), 1));

const started = Date.now();
let running = 0, done = 0;
const gap = (seconds * 1000) / Math.max(1, plan.length);
const status = setInterval(() => {
  console.log(`load: ${done}/${plan.length} scenarios, ${tally.requests} requests, ${tally.s5xx} 5xx, ${tally.network} no answer, ${tally.gaveUp} given up (${Math.round((Date.now() - started) / 1000)}s)`);
}, 10_000);
await Promise.all(plan.map(async ([k, i], n) => {
  await sleep(n * gap);
  while (running >= concurrency) await sleep(50);
  running++;
  try { await kinds[k](i); } catch (e) { console.error(`scenario ${k} ${i}: ${e}`); }
  finally { running--; done++; }
}));
clearInterval(status);
await new Promise((r) => log.end(r));
const summary = { ...tally, scenarios: counts, seconds: Math.round((Date.now() - started) / 1000) };
writeFileSync(`${out}/summary.json`, JSON.stringify(summary));
console.log(`load: done ${JSON.stringify(summary)}`);

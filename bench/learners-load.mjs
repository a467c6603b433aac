// bench/learners-load.mjs — the load of bench/learners.sh: reads its plan (JSON) on stdin, runs
// the warm-up learners, then every other learner at once, and prints a RESULT line and a JSON
// summary. Each learner does what the course player does: one session exchange, then one
// numbered progress write per screen (with the question's answers on the quiz screen), pausing
// thinkMs ±50 % between screens.
import { performance } from 'node:perf_hooks';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));

const times = { exchange: [], progress: [], byScreen: [] };
const errors = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(kind, path, body, session, record, screen) {
  const headers = { 'Content-Type': 'application/json' };
  if (session) headers['X-Player-Session'] = session;
  const start = performance.now();
  let res;
  try {
    res = await fetch(plan.baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (e) {
    errors.push(`${kind}: ${e.cause?.code || e.message}`);
    return null;
  }
  const text = await res.text();
  const ms = performance.now() - start;
  if (!res.ok) {
    errors.push(`${kind}: ${res.status} ${text.slice(0, 120)}`);
    return null;
  }
  if (record) {
    times[kind].push(ms);
    if (screen !== undefined) (times.byScreen[screen] ??= []).push(ms);
  }
  return text ? JSON.parse(text) : {};
}

async function learner(token, record) {
  const session = await call('exchange', '/v1/headless/player/sessions', { token }, null, record);
  if (!session) return;
  let sequence = 0;
  for (let screen = 0; screen < plan.screens; screen++) {
    const pause = plan.thinkMs * (0.5 + Math.random());
    if (pause > 0) await sleep(pause);
    const body = { screenIndex: screen, visibleSeconds: Math.round(pause / 1000), sequence: ++sequence };
    // A course records its question's answers with the progress of the quiz screen.
    if (screen === plan.quizScreen) body.answers = { q1: ['a1'] };
    await call('progress', '/v1/headless/player/progress', body, session.session, record, screen);
  }
}

const warm = plan.tokens.slice(0, plan.warmup);
const measured = plan.tokens.slice(plan.warmup);
await Promise.all(warm.map((t) => learner(t, false)));
const warmupErrors = errors.length;
const started = performance.now();
await Promise.all(measured.map((t) => learner(t, true)));
const seconds = (performance.now() - started) / 1000;

const pct = (list, p) => {
  if (!list.length) return null;
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
};
const requests = times.exchange.length + times.progress.length;
const summary = {
  learners: measured.length,
  seconds: Math.round(seconds * 10) / 10,
  requests,
  perSecond: Math.round(requests / seconds),
  errors: errors.length - warmupErrors,
  firstErrors: errors.slice(warmupErrors, warmupErrors + 5),
  progress: { count: times.progress.length, p50: pct(times.progress, 50), p95: pct(times.progress, 95),
    p99: pct(times.progress, 99), max: pct(times.progress, 100) },
  exchange: { p50: pct(times.exchange, 50), p99: pct(times.exchange, 99) },
  // Where the tail is: each screen's p99 (the first screen's writes commence every record at once).
  progressP99ByScreen: times.byScreen.map((list) => pct(list, 99)),
};
console.log(`RESULT learners learners=${summary.learners} think_ms=${plan.thinkMs} requests=${requests} per_s=${summary.perSecond} `
  + `errors=${summary.errors} progress_p50_ms=${summary.progress.p50} progress_p95_ms=${summary.progress.p95} `
  + `progress_p99_ms=${summary.progress.p99} progress_max_ms=${summary.progress.max} exchange_p50_ms=${summary.exchange.p50} `
  + `exchange_p99_ms=${summary.exchange.p99}`);
console.log(JSON.stringify(summary));
process.exit(summary.errors === 0 ? 0 : 1);

// The course player sends its progress writes in order, one at a time, numbered
// (src/lib/progressQueue.js), so a Next clicked faster than the server answers never leaves the
// stored screen, nor what /play/lms relays, behind the learner's. The tracker's relay (what
// /play/lms tells the LMS, src/lib/serverTracker.js) runs against a stubbed fetch.
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { mergeWrites, progressQueue, sequencer } from '../src/lib/progressQueue.js';
import { serverTracker } from '../src/lib/serverTracker.js';

/** A server whose answers the test releases by hand: sent lists the writes in the order they went. */
function slowServer() {
  const sent = [];
  const send = (body, { keepalive }) => new Promise((resolve, reject) => {
    sent.push({ body, keepalive, answer: (a) => resolve(a ?? { screenIndex: body.screenIndex, sequence: body.sequence }), fail: reject });
  });
  return { sent, send };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function counter() {
  let n = 0;
  return () => ++n;
}

test('one write in flight; writes made meanwhile wait and go as one, the latest screen winning', async () => {
  const server = slowServer();
  const queue = progressQueue(server.send, { nextSequence: counter() });
  const first = queue.push({ screenIndex: 1, visibleSeconds: 4 });
  const second = queue.push({ screenIndex: 2, visibleSeconds: 3, answers: { q1: ['a1'] } });
  const third = queue.push({ screenIndex: 3, visibleSeconds: 2, answers: { q1: ['a2'], q2: ['b1'] } });
  await settle();
  assert.equal(server.sent.length, 1, 'the second write waits for the first answer');
  assert.deepEqual(server.sent[0].body, { screenIndex: 1, visibleSeconds: 4, sequence: 1 });
  assert.equal(queue.newer(1), true);

  server.sent[0].answer();
  assert.deepEqual(await first, { screenIndex: 1, sequence: 1 });
  await settle();
  assert.equal(server.sent.length, 2);
  assert.deepEqual(server.sent[1].body, { screenIndex: 3, visibleSeconds: 5, answers: { q1: ['a2'], q2: ['b1'] }, sequence: 2 });
  server.sent[1].answer();
  assert.deepEqual(await second, { screenIndex: 3, sequence: 2 });
  assert.deepEqual(await third, { screenIndex: 3, sequence: 2 });
  assert.equal(queue.newer(2), false);
});

test('sequence numbers rise in the order writes are sent, and a failed write does not stop the next', async () => {
  const server = slowServer();
  const queue = progressQueue(server.send, { nextSequence: counter() });
  const results = [];
  for (let i = 0; i < 5; i++) {
    results.push(queue.push({ screenIndex: i, visibleSeconds: 1 }).then((a) => a, (e) => e.message));
    await settle();
    if (i === 0) server.sent[0].fail(new Error('offline'));
    else server.sent[server.sent.length - 1].answer();
    await settle();
  }
  assert.deepEqual(server.sent.map((s) => s.body.sequence), [1, 2, 3, 4, 5]);
  assert.deepEqual(server.sent.map((s) => s.body.screenIndex), [0, 1, 2, 3, 4]);
  assert.equal(await results[0], 'offline');
  assert.deepEqual(await results[4], { screenIndex: 4, sequence: 5 });
});

test('a keepalive write (the page is going away) goes at once, with what was waiting', async () => {
  const server = slowServer();
  const queue = progressQueue(server.send, { nextSequence: counter() });
  queue.push({ screenIndex: 1, visibleSeconds: 1 });
  queue.push({ screenIndex: 2, visibleSeconds: 2 });
  const last = queue.push({ screenIndex: 2, visibleSeconds: 7 }, { keepalive: true });
  await settle();
  assert.equal(server.sent.length, 2);
  assert.equal(server.sent[1].keepalive, true);
  assert.deepEqual(server.sent[1].body, { screenIndex: 2, visibleSeconds: 9, sequence: 2 });
  server.sent[1].answer();
  assert.deepEqual(await last, { screenIndex: 2, sequence: 2 });
  server.sent[0].answer();
  await settle();
  assert.equal(server.sent.length, 2, 'nothing was left to send');
});

test('merged writes add their visible seconds up to the API bound and keep the later answer of a question', () => {
  assert.deepEqual(mergeWrites({ screenIndex: 1, visibleSeconds: 200 }, { screenIndex: 0, visibleSeconds: 200 }), { screenIndex: 0, visibleSeconds: 300 });
  assert.deepEqual(mergeWrites({ screenIndex: 1, visibleSeconds: 0, answers: { q: ['a'] } }, { screenIndex: 1, visibleSeconds: 0 }),
    { screenIndex: 1, visibleSeconds: 0, answers: { q: ['a'] } });
});

test('numbers rise across a reload: the clock, or one above the last number kept', () => {
  let kept = 0;
  let clock = 1000;
  const store = { now: () => clock, load: () => kept, save: (n) => { kept = n; } };
  const first = sequencer(store);
  assert.equal(first(), 1000);
  assert.equal(first(), 1001);
  assert.equal(first(), 1002);
  const reloaded = sequencer(store);
  assert.equal(reloaded(), 1003, 'the clock has not moved on: one above the number kept');
  clock = 5000;
  assert.equal(reloaded(), 5000);
  clock = 10;
  assert.equal(reloaded(), 5001, 'a clock set back never lowers the number');
});

test('the tracker relays only the latest write\'s answer: never one a newer write supersedes', async () => {
  const calls = [];
  globalThis.fetch = (path, init) => new Promise((resolve, reject) => {
    const body = JSON.parse(init.body);
    calls.push({ path, session: init.headers['X-Player-Session'], body, reject,
      answer: (screenIndex = body.screenIndex) => resolve(new Response(JSON.stringify({ progress: { screenIndex, percent: 10 * (screenIndex + 1) } }))) });
  });
  try {
    const relayed = [];
    const tracker = serverTracker({ session: 's1' }, { kind: 'lms', onProgress: (p) => relayed.push(p.screenIndex) });
    // Next, Next, Next faster than the server answers.
    const answers = [1, 2, 3].map((i) => tracker.progress({ screenIndex: i, visibleSeconds: 1 }));
    await settle();
    assert.equal(calls.length, 1);
    assert.equal(calls[0].path, '/v1/headless/player/progress');
    assert.equal(calls[0].session, 's1');
    calls[0].answer();
    assert.equal((await answers[0]).screenIndex, 1);
    await settle();
    assert.deepEqual(relayed, [], 'screen 1 is not relayed: the write of screen 3 waits');
    assert.equal(calls.length, 2);
    assert.equal(calls[1].body.screenIndex, 3);
    assert.ok(calls[1].body.sequence > calls[0].body.sequence);
    calls[1].answer();
    assert.equal((await answers[2]).screenIndex, 3);
    assert.deepEqual(relayed, [3]);

    // The page goes away while a write is out: the keepalive write overtakes it; its late answer is not relayed.
    const slow = tracker.progress({ screenIndex: 4, visibleSeconds: 1 });
    await settle();
    const leaving = tracker.progress({ screenIndex: 5, visibleSeconds: 1 }, { keepalive: true });
    await settle();
    assert.equal(calls.length, 4);
    calls[3].answer();
    assert.equal((await leaving).screenIndex, 5);
    calls[2].answer();
    assert.equal((await slow).screenIndex, 5, 'the late answer resolves to the newest place');
    assert.deepEqual(relayed, [3, 5]);
    await settle();

    // When the last write fails, the newest answer held back is relayed.
    const held = tracker.progress({ screenIndex: 6, visibleSeconds: 1 });
    const failing = tracker.progress({ screenIndex: 7, visibleSeconds: 1 }).catch((e) => e.status);
    await settle();
    assert.equal(calls.length, 5);
    calls[4].answer();
    await held;
    await settle();
    assert.deepEqual(relayed, [3, 5]);
    calls[5].reject(new TypeError('offline'));
    assert.equal(await failing, 0);
    assert.deepEqual(relayed, [3, 5, 6]);
  } finally {
    delete globalThis.fetch;
  }
});

// Progress writes of one player session, sent in order (docs/course-player.md, "Write order"): one
// write in flight at a time; the writes made meanwhile wait, merged into one (the latest screen,
// their visible seconds added, their answers together), and every write sent carries a rising
// `sequence`, so the server keeps the newest screen even when an earlier write arrives late.
// No DOM and no fetch here: serverTracker.js gives the sending.

/** The player API's bound on one write's visible seconds. */
export const MAX_VISIBLE_SECONDS = 300;

/** Two writes as one: b's screen, a's and b's visible seconds added (at most 300), a's answers then b's. */
export function mergeWrites(a, b) {
  const merged = { ...a, ...b, visibleSeconds: Math.min(MAX_VISIBLE_SECONDS, (a.visibleSeconds | 0) + (b.visibleSeconds | 0)) };
  if (a.answers || b.answers) merged.answers = { ...(a.answers || {}), ...(b.answers || {}) };
  return merged;
}

/**
 * Rising sequence numbers: the clock's milliseconds, or one more than the last number when that is
 * higher, so a reloaded page (a new counter) still numbers above the writes sent before the reload.
 * load() gives the last number kept (0: none) and save(n) keeps one.
 */
export function sequencer({ now = Date.now, load = () => 0, save = () => {} } = {}) {
  let last = Number(load()) || 0;
  return () => {
    last = Math.max(last + 1, Math.floor(now()));
    save(last);
    return last;
  };
}

/**
 * send(body, {keepalive, sequence}) posts one write (body with its `sequence`) and resolves to the
 * answer. push(body, {keepalive}) resolves with the answer of the write that carried body (merged
 * writes share one), or rejects with that write's error. A keepalive write (the page is going away)
 * does not wait: it goes at once, merged with the write waiting, if any. newer(sequence) tells
 * whether a write after that one waits or was sent.
 */
export function progressQueue(send, { nextSequence = sequencer() } = {}) {
  let busy = false;
  let waiting = null; // {body, callers: [{resolve, reject}]}
  let lastSent = 0;

  const dispatch = (body, callers, keepalive) => {
    const sequence = nextSequence();
    lastSent = sequence;
    let sent;
    try {
      sent = Promise.resolve(send({ ...body, sequence }, { keepalive, sequence }));
    } catch (e) {
      sent = Promise.reject(e);
    }
    return sent.then(
      (answer) => { callers.forEach((c) => c.resolve(answer)); },
      (error) => { callers.forEach((c) => c.reject(error)); }
    );
  };

  const drain = () => {
    if (!waiting) {
      busy = false;
      return;
    }
    const next = waiting;
    waiting = null;
    dispatch(next.body, next.callers, false).then(drain);
  };

  return {
    push(body, { keepalive = false } = {}) {
      return new Promise((resolve, reject) => {
        const caller = { resolve, reject };
        if (keepalive) {
          const all = waiting ? { body: mergeWrites(waiting.body, body), callers: [...waiting.callers, caller] } : { body, callers: [caller] };
          waiting = null;
          dispatch(all.body, all.callers, true);
          return;
        }
        if (waiting) {
          waiting = { body: mergeWrites(waiting.body, body), callers: [...waiting.callers, caller] };
          return;
        }
        if (busy) {
          waiting = { body, callers: [caller] };
          return;
        }
        busy = true;
        dispatch(body, [caller], false).then(drain);
      });
    },
    newer(sequence) {
      return !!waiting || lastSent > sequence;
    }
  };
}

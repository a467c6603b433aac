// Autosave (docs/course-builder.md "The editor's model"): saves a value about `delay` ms after it
// stops changing, one save at a time, with the revision it was loaded or last saved at.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';

const RETRY_MS = 5000;

function sameJson(a, b) {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch (e) {
    return false;
  }
}

/**
 * useAutosave({value, revision, save, delay = 800, enabled = true})
 *   -> {status, savedAt, revision, conflict, error, flush, acceptRevision(rev), markSaved(value, rev)}
 *
 * - `save(value, revision, {keepalive})` is async and resolves to the new revision (a number); it
 *   rejects with ApiError (412 = someone saved a newer revision; its `etag` names that revision).
 * - status: 'saved' | 'saving' | 'unsaved' | 'offline' | 'conflict' | 'error'; savedAt: Date | null;
 *   conflict: {revision} | null; error: the last ApiError (offline/error) or null.
 * - A change of `value` (by reference) is saved after `delay` ms of quiet; one save is in flight at a
 *   time and a value changed during it is saved right after. A value equal (as JSON) to the saved
 *   one is not sent again. Offline (status 0) and server errors (5xx, 429) retry every 5 s; other
 *   refusals (400, 401, 413…) wait for the next change. A 412 stops saving until
 *   acceptRevision(rev) (Keep mine: save this value over revision rev) or markSaved(value, rev)
 *   (Reload theirs, or any reload: `value` is what the server has at `rev`; pass the very object
 *   the page will show, so it is not saved again).
 * - flush() resolves when everything is saved; it rejects on a conflict or a failed save.
 * - When the page is hidden or closed, pending changes are saved at once with `keepalive`.
 * - A new `revision` argument (different from the previous one) becomes the base revision.
 */
export function useAutosave({ value, revision, save, delay = 800, enabled = true }) {
  const ref = useRef(null);
  if (ref.current === null) {
    ref.current = {
      saved: value, base: revision, revisionArg: revision, inFlight: false, again: false, force: false, gen: 0,
      timer: null, retry: null, status: 'saved', savedAt: null, conflict: null, error: null, waiters: []
    };
  }
  const st = ref.current;
  st.value = value;
  st.save = save;
  st.delay = delay;
  st.enabled = enabled;
  if (revision !== st.revisionArg) {
    st.revisionArg = revision;
    if (revision != null) st.base = revision;
  }

  const [snap, setSnap] = useState(() => ({ status: 'saved', savedAt: null, revision, conflict: null, error: null }));
  const api = useRef(null);

  if (api.current === null) {
    const publish = () => setSnap({ status: st.status, savedAt: st.savedAt, revision: st.base, conflict: st.conflict, error: st.error });
    const dirty = () => st.force || st.value !== st.saved;
    const clearTimers = () => {
      clearTimeout(st.timer);
      clearTimeout(st.retry);
      st.timer = st.retry = null;
    };
    const settle = (error) => {
      const waiters = st.waiters;
      st.waiters = [];
      waiters.forEach((w) => (error ? w.reject(error) : w.resolve(st.base)));
    };
    const run = (keepalive = false) => {
      clearTimeout(st.timer);
      st.timer = null;
      if (!st.enabled || st.conflict) return;
      if (st.inFlight) {
        st.again = true;
        return;
      }
      if (!dirty()) {
        if (st.status !== 'saved') { st.status = 'saved'; publish(); }
        settle();
        return;
      }
      const v = st.value;
      const force = st.force;
      if (!force && sameJson(v, st.saved)) {
        st.saved = v;
        st.status = 'saved';
        publish();
        settle();
        return;
      }
      clearTimeout(st.retry);
      st.retry = null;
      st.force = false;
      st.inFlight = true;
      st.again = false;
      st.status = 'saving';
      publish();
      const gen = st.gen;
      Promise.resolve()
        .then(() => st.save(v, st.base, { keepalive }))
        .then((rev) => {
          if (gen !== st.gen) return;
          if (typeof rev === 'number') st.base = rev;
          st.saved = v;
          st.savedAt = new Date();
          st.error = null;
          st.status = dirty() ? 'unsaved' : 'saved';
        }, (e) => {
          if (gen !== st.gen) return;
          const error = e instanceof ApiError ? e : new ApiError(0, 'network', e && e.message);
          if (force) st.force = true;
          if (error.status === 412) {
            st.conflict = { revision: error.etag == null ? null : error.etag };
            st.status = 'conflict';
          } else {
            st.error = error;
            st.status = error.status === 0 ? 'offline' : 'error';
            if (error.status === 0 || error.status >= 500 || error.status === 429) {
              st.retry = setTimeout(() => run(), RETRY_MS);
            }
          }
          settle(error);
        })
        .finally(() => {
          if (gen !== st.gen) return;
          st.inFlight = false;
          publish();
          if (st.status === 'unsaved' || (st.again && st.status === 'saved' && dirty())) run();
          else if (st.status === 'saved') settle();
        });
    };
    const flush = () => {
      if (st.conflict) {
        return Promise.reject(new ApiError(412, 'conflict', 'Someone else saved a newer version.', [], st.conflict.revision));
      }
      if (!st.enabled) return dirty() ? Promise.reject(new ApiError(0, 'disabled', 'Saving is paused.')) : Promise.resolve(st.base);
      return new Promise((resolve, reject) => {
        st.waiters.push({ resolve, reject });
        if (st.inFlight) st.again = true;
        else run();
      });
    };
    const acceptRevision = (rev) => {
      if (rev != null) st.base = rev;
      st.conflict = null;
      st.error = null;
      st.force = true;
      run();
    };
    const markSaved = (v, rev) => {
      st.gen += 1;
      st.inFlight = false;
      st.again = false;
      clearTimers();
      st.saved = v;
      if (rev != null) st.base = rev;
      st.conflict = null;
      st.error = null;
      st.force = false;
      st.savedAt = new Date();
      st.status = st.value === v ? 'saved' : 'unsaved';
      publish();
      if (st.status === 'saved') settle();
      else st.timer = setTimeout(() => run(), st.delay);
    };
    api.current = { run, flush, acceptRevision, markSaved, dirty, publish, clearTimers };
  }
  const { run, flush, acceptRevision, markSaved, dirty, publish, clearTimers } = api.current;

  // A new value: save it after `delay` ms of quiet.
  useEffect(() => {
    if (!enabled || st.conflict) return;
    if (value === st.saved && !st.force) {
      clearTimeout(st.timer);
      st.timer = null;
      if (!st.inFlight && st.status === 'unsaved') { st.status = 'saved'; publish(); }
      return;
    }
    if (st.status === 'saved') { st.status = 'unsaved'; publish(); }
    clearTimeout(st.timer);
    st.timer = setTimeout(() => run(), delay);
  }, [value, enabled]);

  // Hidden or closed page: save now, with keepalive. Back online: retry at once.
  useEffect(() => {
    const now = () => {
      if (st.enabled && !st.conflict && !st.inFlight && dirty()) run(true);
    };
    const onVisibility = () => { if (document.visibilityState === 'hidden') now(); };
    const onOnline = () => { if (st.status === 'offline') run(); };
    const onBeforeUnload = (e) => {
      // Changes that could not be saved (conflict, offline, refused) would be lost: ask first.
      if (dirty() && ['conflict', 'offline', 'error'].includes(st.status)) e.preventDefault();
    };
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      clearTimers();
    };
  }, []);

  return useMemo(() => ({ ...snap, flush, acceptRevision, markSaved }), [snap]);
}

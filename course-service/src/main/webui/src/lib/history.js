// Undo and redo for a value that is replaced (never mutated) on every change.
import { useCallback, useMemo, useRef, useState } from 'preact/hooks';

const MAX_STEPS = 200;
const COALESCE_MS = 1000;

/**
 * useHistory(initial) -> {value, set(next, coalesceKey?), undo(), redo(), canUndo, canRedo, reset(value)}.
 * `set` pushes a step (`next` may also be a function of the current value). Consecutive `set`
 * calls with the same non-null coalesceKey within 1000 ms of the group's first one replace the
 * top step, so typing makes about one step per second per field. `reset` clears the history.
 * At most 200 steps are kept. The functions are stable and see the latest value.
 */
export function useHistory(initial) {
  const ref = useRef(null);
  if (ref.current === null) {
    ref.current = { past: [], present: typeof initial === 'function' ? initial() : initial, future: [], key: null, since: 0 };
  }
  const [, setTick] = useState(0);
  const bump = () => setTick((t) => t + 1);

  const set = useCallback((next, coalesceKey = null) => {
    const h = ref.current;
    const value = typeof next === 'function' ? next(h.present) : next;
    if (value === h.present) return;
    const now = Date.now();
    if (coalesceKey != null && coalesceKey === h.key && now - h.since < COALESCE_MS && h.past.length > 0) {
      h.present = value;
    } else {
      h.past.push(h.present);
      if (h.past.length > MAX_STEPS) h.past.splice(0, h.past.length - MAX_STEPS);
      h.present = value;
      h.key = coalesceKey;
      h.since = now;
    }
    h.future = [];
    bump();
  }, []);

  const undo = useCallback(() => {
    const h = ref.current;
    if (!h.past.length) return false;
    h.future.unshift(h.present);
    h.present = h.past.pop();
    h.key = null;
    bump();
    return true;
  }, []);

  const redo = useCallback(() => {
    const h = ref.current;
    if (!h.future.length) return false;
    h.past.push(h.present);
    h.present = h.future.shift();
    h.key = null;
    bump();
    return true;
  }, []);

  const reset = useCallback((value) => {
    ref.current = { past: [], present: value, future: [], key: null, since: 0 };
    bump();
  }, []);

  /** The latest value, also between a set() and the next render. */
  const current = useCallback(() => ref.current.present, []);

  const h = ref.current;
  const canUndo = h.past.length > 0;
  const canRedo = h.future.length > 0;
  return useMemo(() => ({ value: h.present, set, undo, redo, canUndo, canRedo, reset, current }),
    [h.present, canUndo, canRedo]);
}

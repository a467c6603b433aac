// @vitest-environment jsdom
// Undo and redo of the editors (src/lib/history.js): every change is a step, typing in one field
// makes about one step a second, at most 200 steps are kept, and a new change drops the redo.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { useHistory } from '../src/lib/history.js';
import { mountHook } from './mountHook.js';

beforeEach(() => vi.useFakeTimers({ now: new Date('2025-01-01T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

function history(initial) {
  const { result } = mountHook(() => useHistory(initial));
  const call = (fn) => {
    let out;
    act(() => { out = fn(result.current); });
    return out;
  };
  return { h: () => result.current, call };
}

describe('undo and redo', () => {
  test('nothing to undo or redo at first; undo and redo then walk the steps both ways', () => {
    const { h, call } = history({ title: 'a' });
    expect(h().canUndo).toBe(false);
    expect(h().canRedo).toBe(false);
    expect(call((x) => x.undo())).toBe(false);
    expect(call((x) => x.redo())).toBe(false);
    expect(h().value).toEqual({ title: 'a' });

    call((x) => x.set({ title: 'b' }));
    call((x) => x.set((v) => ({ ...v, title: `${v.title}c` })));
    expect(h().value).toEqual({ title: 'bc' });
    expect(h().canUndo).toBe(true);

    expect(call((x) => x.undo())).toBe(true);
    expect(h().value).toEqual({ title: 'b' });
    expect(call((x) => x.undo())).toBe(true);
    expect(h().value).toEqual({ title: 'a' });
    expect(h().canUndo).toBe(false);
    expect(call((x) => x.undo())).toBe(false);
    expect(h().value).toEqual({ title: 'a' });

    expect(call((x) => x.redo())).toBe(true);
    expect(call((x) => x.redo())).toBe(true);
    expect(h().value).toEqual({ title: 'bc' });
    expect(h().canRedo).toBe(false);
    expect(call((x) => x.redo())).toBe(false);
  });

  test('a change after an undo drops what could be redone', () => {
    const { h, call } = history(1);
    call((x) => x.set(2));
    call((x) => x.set(3));
    call((x) => x.undo());
    expect(h().canRedo).toBe(true);
    call((x) => x.set(4));
    expect(h().canRedo).toBe(false);
    expect(call((x) => x.redo())).toBe(false);
    call((x) => x.undo());
    expect(h().value).toBe(2);
  });

  test('setting the value it already has is no step', () => {
    const doc = { screens: [] };
    const { h, call } = history(doc);
    call((x) => x.set(doc));
    call((x) => x.set((v) => v));
    expect(h().canUndo).toBe(false);
  });

  test('at most 200 steps are kept: the oldest go first', () => {
    const { h, call } = history(0);
    for (let i = 1; i <= 205; i++) call((x) => x.set(i));
    let undone = 0;
    while (call((x) => x.undo())) undone++;
    expect(undone).toBe(200);
    expect(h().value).toBe(5);
    for (let i = 0; i < 200; i++) call((x) => x.redo());
    expect(h().value).toBe(205);
  });

  test('reset starts a new history from the value given', () => {
    const { h, call } = history('draft');
    call((x) => x.set('edited'));
    call((x) => x.reset('reloaded'));
    expect(h().value).toBe('reloaded');
    expect(h().canUndo).toBe(false);
    expect(h().canRedo).toBe(false);
  });

  test('current() sees a set value before the next render', () => {
    const { h } = history('a');
    let seen;
    act(() => {
      h().set('b');
      seen = h().current();
    });
    expect(seen).toBe('b');
  });
});

describe('typing makes about one step a second per field', () => {
  test('changes of one field within a second of the first are one step; a later one is the next', () => {
    const { h, call } = history('');
    call((x) => x.set('H', 'title'));
    vi.advanceTimersByTime(400);
    call((x) => x.set('He', 'title'));
    vi.advanceTimersByTime(500);
    call((x) => x.set('Hel', 'title'));
    vi.advanceTimersByTime(200); // 1100 ms after the group's first change
    call((x) => x.set('Hell', 'title'));
    call((x) => x.set('Hello', 'title'));

    call((x) => x.undo());
    expect(h().value).toBe('Hel');
    call((x) => x.undo());
    expect(h().value).toBe('');
    expect(h().canUndo).toBe(false);
  });

  test('another field, a change without a key, or an undo in between starts a new step', () => {
    const { h, call } = history({ a: '', b: '' });
    call((x) => x.set((v) => ({ ...v, a: 'x' }), 'a'));
    call((x) => x.set((v) => ({ ...v, b: 'y' }), 'b'));
    call((x) => x.set((v) => ({ ...v, b: 'yy' }), null));
    call((x) => x.set((v) => ({ ...v, b: 'yyy' }), null));
    expect(h().value).toEqual({ a: 'x', b: 'yyy' });
    call((x) => x.undo());
    expect(h().value).toEqual({ a: 'x', b: 'yy' });
    call((x) => x.set((v) => ({ ...v, a: 'xz' }), 'a'));
    call((x) => x.set((v) => ({ ...v, a: 'xzz' }), 'a'));
    call((x) => x.undo());
    expect(h().value).toEqual({ a: 'x', b: 'yy' });
    call((x) => x.undo());
    call((x) => x.undo());
    call((x) => x.undo());
    expect(h().value).toEqual({ a: '', b: '' });
    expect(h().canUndo).toBe(false);
  });
});

// @vitest-environment jsdom
// Autosave of the editors (src/lib/autosave.js): a change is saved after a quiet spell, one save at a
// time with the revision last saved, a conflict (412) stops saving until the author chooses, and a
// failed save is retried when it can succeed later.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { useAutosave } from '../src/lib/autosave.js';
import { ApiError } from '../src/lib/api.js';
import { mountHook } from './mountHook.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A server whose answers the test gives by hand; calls lists the saves in the order they were made. */
function server() {
  const calls = [];
  const save = (value, revision, opts) => new Promise((resolve, reject) => {
    calls.push({ value, revision, keepalive: opts.keepalive, resolve, reject });
  });
  return { calls, save };
}

/** Lets `ms` pass on the fake clock, running the timers, promises and renders that fall due. */
const pass = (ms = 0) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

function editor(first, { revision = 1, delay = 800 } = {}) {
  const srv = server();
  let props = { value: first, revision, save: srv.save, delay };
  const mounted = mountHook((p) => useAutosave(p), props);
  return {
    calls: srv.calls,
    a: () => mounted.result.current,
    change(value) {
      props = { ...props, value };
      mounted.update(props);
    },
    unmount: mounted.unmount
  };
}

describe('saving after a quiet spell', () => {
  test('changes in quick succession are saved once, the latest, delay ms after the last one', async () => {
    const e = editor({ title: 'a' });
    expect(e.a().status).toBe('saved');
    e.change({ title: 'ab' });
    expect(e.a().status).toBe('unsaved');
    await pass(500);
    e.change({ title: 'abc' });
    await pass(500);
    e.change({ title: 'abcd' });
    await pass(799);
    expect(e.calls).toHaveLength(0);
    await pass(1);
    expect(e.calls).toHaveLength(1);
    expect(e.calls[0].value).toEqual({ title: 'abcd' });
    expect(e.calls[0].revision).toBe(1);
    expect(e.calls[0].keepalive).toBe(false);
    expect(e.a().status).toBe('saving');

    e.calls[0].resolve(2);
    await pass();
    expect(e.a().status).toBe('saved');
    expect(e.a().revision).toBe(2);
    expect(e.a().savedAt).toBeInstanceOf(Date);
    await pass(5000);
    expect(e.calls).toHaveLength(1);
  });

  test('one save at a time: a change made during a save goes after it, with the revision it saved', async () => {
    const e = editor('v1', { revision: 4 });
    e.change('v2');
    await pass(800);
    e.change('v3');
    await pass(2000);
    expect(e.calls).toHaveLength(1);
    e.calls[0].resolve(5);
    await pass();
    expect(e.calls).toHaveLength(2);
    expect(e.calls[1]).toMatchObject({ value: 'v3', revision: 5 });
    e.calls[1].resolve(6);
    await pass();
    expect(e.a()).toMatchObject({ status: 'saved', revision: 6 });
  });

  test('a value equal to the saved one is not sent again', async () => {
    const e = editor({ title: 'same', screens: [1, 2] });
    e.change({ title: 'same', screens: [1, 2] });
    await pass(2000);
    expect(e.calls).toHaveLength(0);
    expect(e.a().status).toBe('saved');
  });

  test('flush saves at once and resolves with the revision once everything is saved', async () => {
    const e = editor('draft', { revision: 1 });
    e.change('final');
    let revision;
    act(() => { e.a().flush().then((r) => { revision = r; }); });
    await pass();
    expect(e.calls).toHaveLength(1);
    e.calls[0].resolve(2);
    await pass();
    expect(revision).toBe(2);
  });

  test('a page going away saves a pending change at once, with keepalive', async () => {
    const e = editor('draft');
    e.change('typed just now');
    await pass(100);
    act(() => { window.dispatchEvent(new Event('pagehide')); });
    await pass();
    expect(e.calls).toHaveLength(1);
    expect(e.calls[0]).toMatchObject({ value: 'typed just now', keepalive: true });
  });
});

describe('a conflict: someone saved a newer revision', () => {
  async function inConflict() {
    const e = editor('mine', { revision: 3 });
    e.change('mine, edited');
    await pass(800);
    e.calls[0].reject(new ApiError(412, 'conflict', 'Someone else saved', [], 7));
    await pass();
    return e;
  }

  test('stops saving and says which revision is newer; flush rejects', async () => {
    const e = await inConflict();
    expect(e.a().status).toBe('conflict');
    expect(e.a().conflict).toEqual({ revision: 7 });
    e.change('mine, edited more');
    await pass(10000);
    expect(e.calls).toHaveLength(1);
    let refused;
    await act(async () => { await e.a().flush().catch((err) => { refused = err; }); });
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(412);
  });

  test('Keep mine saves the page\'s value over the newer revision', async () => {
    const e = await inConflict();
    act(() => e.a().acceptRevision(7));
    await pass();
    expect(e.calls).toHaveLength(2);
    expect(e.calls[1]).toMatchObject({ value: 'mine, edited', revision: 7 });
    e.calls[1].resolve(8);
    await pass();
    expect(e.a()).toMatchObject({ status: 'saved', revision: 8, conflict: null });
  });

  test('Reload theirs takes the server\'s value as saved and sends nothing', async () => {
    const e = await inConflict();
    const theirs = 'theirs';
    e.change(theirs);
    act(() => e.a().markSaved(theirs, 7));
    await pass(5000);
    expect(e.calls).toHaveLength(1);
    expect(e.a()).toMatchObject({ status: 'saved', revision: 7, conflict: null });
    e.change('edited after the reload');
    await pass(800);
    expect(e.calls[1]).toMatchObject({ value: 'edited after the reload', revision: 7 });
  });
});

describe('a failed save', () => {
  test('offline: retried every 5 s until it goes through', async () => {
    const e = editor('a', { revision: 1 });
    e.change('b');
    await pass(800);
    e.calls[0].reject(new TypeError('Failed to fetch'));
    await pass();
    expect(e.a().status).toBe('offline');
    expect(e.a().error.status).toBe(0);
    await pass(4999);
    expect(e.calls).toHaveLength(1);
    await pass(1);
    expect(e.calls).toHaveLength(2);
    expect(e.calls[1]).toMatchObject({ value: 'b', revision: 1 });
    e.calls[1].reject(new ApiError(0, 'network', 'The connection failed.'));
    await pass(5000);
    expect(e.calls).toHaveLength(3);
    e.calls[2].resolve(2);
    await pass();
    expect(e.a()).toMatchObject({ status: 'saved', revision: 2, error: null });
  });

  test('a server error or too many requests is retried too', async () => {
    for (const status of [503, 429]) {
      const e = editor('a');
      e.change('b');
      await pass(800);
      e.calls[0].reject(new ApiError(status, 'x', 'busy'));
      await pass();
      expect(e.a().status).toBe('error');
      await pass(5000);
      expect(e.calls).toHaveLength(2);
      e.unmount();
    }
  });

  test('a refusal (400) is not retried; the next change is saved', async () => {
    const e = editor('a');
    e.change('b');
    await pass(800);
    e.calls[0].reject(new ApiError(400, 'invalid', 'The title is too long'));
    await pass();
    expect(e.a().status).toBe('error');
    expect(e.a().error.status).toBe(400);
    await pass(20000);
    expect(e.calls).toHaveLength(1);
    e.change('c');
    await pass(800);
    expect(e.calls).toHaveLength(2);
    expect(e.calls[1].value).toBe('c');
  });
});

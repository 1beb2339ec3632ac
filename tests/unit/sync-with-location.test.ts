// syncWithLocation (web/src/state/app-state.ts) with fake timers and a fake window: the address
// is rewritten once typing pauses (200 ms), at once when the page is hidden or left, never over
// a link pasted meanwhile, and the link the page was opened with is left as it was.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAppState, syncWithLocation } from '../../web/src/state/app-state';
import { realCore } from './real-core';

// The serving model's message pack is a module vite's build writes (vite.config.js); its
// messages do not matter here.
vi.mock('virtual:messages/serve', () => ({ default: { en: {}, zh: {} } }));

const OPENED = '#v=2&m=gpt3-175b&a=h100-80g&cluster=1000';
const PASTED = '#v=2&m=qwen-32b&a=rg800-32g&cluster=100';

/** The parts of a window syncWithLocation uses; replaceState rewrites the hash as browsers do. */
function fakeWindow(hash: string) {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const win = Object.assign(new EventTarget(), {
    location: { hash },
    document,
    history: {
      replaceState: vi.fn((_state: unknown, _unused: string, url: string) => {
        win.location.hash = url;
      }),
    },
    // Through the globals at call time, so that vitest's fake timers drive them.
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  });
  return win;
}

function start(hash = OPENED) {
  const win = fakeWindow(hash);
  const state = createAppState(realCore(), {
    hash,
    baseUrl: 'https://example.org/',
    browserLang: 'en',
  });
  const stop = syncWithLocation(state, win as unknown as Window);
  const writes = () => win.history.replaceState.mock.calls.map((call) => call[2]);
  return { win, state, stop, writes };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('syncWithLocation', () => {
  test('the link the page was opened with is not rewritten until something changes', () => {
    const { writes } = start('#v=2&m=gpt3-175b&pp=10&zz=1'); // an unknown key stays in it
    vi.advanceTimersByTime(10_000);
    expect(writes()).toEqual([]);
  });

  test('a change is written once typing has paused for 200 ms', () => {
    const { state, writes, win } = start();
    state.setText('pp', '1');
    vi.advanceTimersByTime(150);
    state.setText('pp', '12'); // typing on: the wait starts again
    vi.advanceTimersByTime(199);
    expect(writes()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes()).toEqual(['#v=2&m=gpt3-175b&a=h100-80g&pp=12&cluster=1000']);
    expect(win.location.hash).toBe('#v=2&m=gpt3-175b&a=h100-80g&pp=12&cluster=1000');
    vi.advanceTimersByTime(10_000);
    expect(writes()).toHaveLength(1);
  });

  test('leaving the page writes a change still waiting, at once and once', () => {
    const { state, writes, win } = start();
    state.setText('pp', '10');
    win.dispatchEvent(new Event('pagehide'));
    expect(writes()).toEqual(['#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000']);
    vi.advanceTimersByTime(1000);
    expect(writes()).toHaveLength(1);
  });

  test('hiding the page writes a change still waiting; becoming visible does not', () => {
    const { state, writes, win } = start();
    state.setText('pp', '10');
    win.document.dispatchEvent(new Event('visibilitychange')); // still visible
    expect(writes()).toEqual([]);
    win.document.visibilityState = 'hidden';
    win.document.dispatchEvent(new Event('visibilitychange'));
    expect(writes()).toEqual(['#v=2&m=gpt3-175b&a=h100-80g&pp=10&cluster=1000']);
  });

  test('a link pasted while a change waits wins: it is opened and the change never written', () => {
    const { state, writes, win } = start();
    state.setText('pp', '4');
    win.location.hash = PASTED;
    win.dispatchEvent(new Event('hashchange'));
    expect(state.texts.value.model).toBe('qwen-32b');
    expect(state.texts.value.pp).toBe('');
    vi.advanceTimersByTime(1000);
    win.dispatchEvent(new Event('pagehide'));
    expect(writes()).toEqual([]);
    expect(win.location.hash).toBe(PASTED);
  });

  // Bug: a change's write falling due after a link was pasted, but before its hashchange came,
  // wrote the old plan over the link, and the hashchange then found its own write: the pasted
  // link was lost (seen when an e2e test opened a second plan on the same page).
  test('a write falling due between a pasted link and its hashchange leaves the link', () => {
    const { state, writes, win } = start();
    state.setText('pp', '4');
    win.location.hash = PASTED; // the address has moved; its event is still queued
    vi.advanceTimersByTime(200);
    expect(writes()).toEqual([]);
    win.dispatchEvent(new Event('hashchange'));
    expect(state.texts.value.model).toBe('qwen-32b');
    expect(win.location.hash).toBe(PASTED);
  });

  test('leaving the page right after a link was pasted keeps the link for the next load', () => {
    const { state, writes, win } = start();
    state.setText('pp', '4');
    win.location.hash = PASTED;
    win.dispatchEvent(new Event('pagehide')); // a reload before the hashchange was handled
    expect(writes()).toEqual([]);
    expect(win.location.hash).toBe(PASTED);
  });

  // Bug: the full module's report of the same plan rewrote the address a second after a page
  // opened, though nothing had changed.
  test('the full module arriving is no change: the link the page was opened with stays', async () => {
    const opened = '#v=2&a=h100-80g&tokens=1e12&m=llama-3.1-70b&tp=8&pp=4&dp=8';
    const { state, writes, win } = start(opened);
    await state.wantFullModule();
    expect(state.fullModule.value).toBe('ready');
    vi.advanceTimersByTime(10_000);
    expect(writes()).toEqual([]);
    expect(win.location.hash).toBe(opened);
    // A change after it is written, in the link's own order.
    state.setText('pp', '2');
    vi.advanceTimersByTime(200);
    expect(writes()).toEqual(['#v=2&m=llama-3.1-70b&a=h100-80g&tp=8&pp=2&dp=8&tokens=1e12']);
  });

  test('its own write is not taken for a pasted link', () => {
    const { state, win } = start();
    const openLink = vi.spyOn(state, 'openLink');
    state.setText('pp', '10');
    vi.advanceTimersByTime(200);
    win.dispatchEvent(new Event('hashchange')); // the hash is the one it wrote
    expect(openLink).not.toHaveBeenCalled();
  });

  test('stopping drops a waiting change and stops listening', () => {
    const { state, writes, win, stop } = start();
    state.setText('pp', '10');
    stop();
    vi.advanceTimersByTime(1000);
    win.dispatchEvent(new Event('pagehide'));
    win.location.hash = PASTED;
    win.dispatchEvent(new Event('hashchange'));
    expect(writes()).toEqual([]);
    expect(state.texts.value.model).toBe('gpt3-175b');
  });
});

// The cold start's wait for its first page before the view loads, and the pre-paint of that page.
// The wait's end is on fake timers held by the test.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { FIRST_PAGE_WAIT_MS, firstAnswer, KEYS_WAIT_MS, pageWaitMs, paintWhenRows } from '../../src/ui/start/firstAnswer';
import { pageOf, report, website } from '../helpers/records';

const loading = () => {
  const store = createStore(initialState({ tab: 'websites' }));
  store.dispatch({ type: 'list/request', tab: 'websites', requestId: 1 });
  return store;
};
const settled = (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('firstAnswer: the view waits briefly for the first page', () => {
  it('ends when the shown tab gets its page', async () => {
    vi.useFakeTimers();
    const store = loading();
    const done = settled(firstAnswer(store, 25));
    await vi.advanceTimersByTimeAsync(10);
    expect(done()).toBe(false);
    store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1)]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends on a failure too: there is an answer to draw', async () => {
    vi.useFakeTimers();
    const store = loading();
    const done = settled(firstAnswer(store, 25));
    store.dispatch({ type: 'list/failed', tab: 'websites', requestId: 1, message: 'Could not reach the analytics host' });
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('ends after its time when no answer comes (a far server), and leaves the store alone', async () => {
    vi.useFakeTimers();
    const store = loading();
    const done = settled(firstAnswer(store, 25));
    await vi.advanceTimersByTimeAsync(24);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
    // Unsubscribed: a later answer finds no listener of the wait.
    store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1)]) });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait when there are rows already (a warm start) or nothing is asked', async () => {
    const warm = createStore(initialState({ tab: 'websites' }));
    warm.dispatch({ type: 'list/warm', tab: 'websites', page: pageOf([website(1)]), savedAt: 0 });
    warm.dispatch({ type: 'list/request', tab: 'websites', requestId: 1 });
    await expect(firstAnswer(warm, 60_000)).resolves.toBeUndefined();
    await expect(firstAnswer(createStore(initialState()), 60_000)).resolves.toBeUndefined();
  });
});

describe('pageWaitMs: how long the first frame waits for the shown tab', () => {
  it('as the view at start on the tab it started on; as a held frame when keys typed before it showed another, till its page', async () => {
    vi.useFakeTimers();
    const store = loading();
    store.dispatch({ type: 'list/request', tab: 'reports', requestId: 2 });
    expect(pageWaitMs('websites', store.getState())).toBe(FIRST_PAGE_WAIT_MS);
    // `2` read before the first frame: the Reports page, answered 200 ms later, is waited for.
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    expect(pageWaitMs('websites', store.getState())).toBe(KEYS_WAIT_MS);
    const done = settled(firstAnswer(store, pageWaitMs('websites', store.getState())));
    await vi.advanceTimersByTimeAsync(200);
    expect(done()).toBe(false);
    store.dispatch({ type: 'list/loaded', tab: 'reports', requestId: 2, page: pageOf([report(1)]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(KEYS_WAIT_MS).toBeGreaterThan(200);
  });
});

describe('paintWhenRows: the first page is drawn once, as it arrives', () => {
  it('paints on each change until a paint draws, then stops; the stop also ends it early', () => {
    const store = loading();
    const paints: boolean[] = [];
    const rows = () => store.getState().tabs.websites.data !== null;
    const stop = paintWhenRows(store, () => {
      paints.push(rows());
      return rows();
    });
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'a change without rows' });
    expect(paints).toEqual([false]);
    store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1)]) });
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'after the rows' });
    expect(paints).toEqual([false, true]);
    stop();

    const other = loading();
    let calls = 0;
    paintWhenRows(other, () => (calls++, false))();
    other.dispatch({ type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1)]) });
    expect(calls).toBe(0);
  });
});

// A frame that shows a server's answer is drawn at once, not when Ink's frame throttle next allows
// (the build's patch `ink-render-now` hands the throttle's flush to the deck). Ink here is the
// deck's: throttled (not ink-testing-library's debug mode), writing to a stream that records.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { render, type RenderOptions } from 'ink';
import { initialState } from '../../src/state/reducer';
import { createStore, type Store } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/theme';
import { pageOf, website } from '../helpers/records';

class Out extends EventEmitter {
  columns = 100;
  rows = 30;
  isTTY = true;
  written = '';
  write = (data: string) => {
    this.written += data;
    return true;
  };
}

class In extends EventEmitter {
  isTTY = true;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => null;
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  vi.useRealTimers();
});

// The throttle's clock is faked (its timers and Date); React commits in a microtask and the test
// lets those run with a real setImmediate.
const turn = () => new Promise((r) => setImmediate(r));

/** The App on a loaded list under the deck's Ink options; `withRenderNow` wires the patch's flush. */
async function mount(withRenderNow: boolean): Promise<{ store: Store; out: Out }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const store = createStore(initialState());
  store.dispatch({ type: 'list/request', tab: 'websites', requestId: 1 });
  store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1, { domain: 'first.example' })], { total: 1, lastPage: 1 }) });
  const out = new Out();
  let flush = () => {};
  const instance = render(
    <App store={store} info={{ profile: 'p', hosts: { analytics: 'https://a.example', seo: 'https://s.example' }, demo: false }} theme={makeTheme({ NO_COLOR: '1' })} size={{ columns: 100, rows: 30 }} exit={() => {}} write={() => {}} renderNow={withRenderNow ? () => flush() : undefined} />,
    {
      stdout: out as unknown as NodeJS.WriteStream,
      stdin: new In() as unknown as NodeJS.ReadStream,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 60,
      // Under CI (as `.ci/run` sets it) Ink would draw only the last frame, at unmount; the frames
      // under test are a terminal's, as the deck asks for (src/ui/mount.tsx).
      interactive: true,
      exposeRenderNow: (f: () => void) => (flush = f),
    } as RenderOptions,
  );
  unmount = () => instance.unmount();
  // The first frames (and the App's page-size effect) come and go; then the throttle is idle.
  for (let i = 0; i < 50 && !out.written.includes('first.example'); i++) {
    await turn();
    vi.advanceTimersByTime(20);
  }
  expect(out.written).toContain('first.example');
  return { store, out };
}

/** A frame drawn just now (the request's spinner), then the answer within the throttle's window. */
async function answerRightAfterAFrame(store: Store) {
  store.dispatch({ type: 'list/request', tab: 'websites', requestId: 2 });
  await turn();
  store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: 2, page: pageOf([website(2, { domain: 'answer.example' })], { total: 1, lastPage: 1 }) });
  await turn();
}

describe('answers are drawn at once', () => {
  it('the frame with the answer is written while the answer is handled, not after the throttle', async () => {
    const { store, out } = await mount(true);
    await answerRightAfterAFrame(store);
    expect(out.written).toContain('answer.example');
  });

  it('without the flush, Ink holds the same frame back (what the patch changes)', async () => {
    const { store, out } = await mount(false);
    await answerRightAfterAFrame(store);
    expect(out.written).not.toContain('answer.example');
    // It does come, once the throttle's window is over.
    vi.advanceTimersByTime(17);
    expect(out.written).toContain('answer.example');
  });
});

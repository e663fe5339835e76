// How long a message stays: message_seconds (default 4 s, an error twice as long, as before the
// setting), on a fake clock; in screen-reader mode no timer at all, and the next key clears it.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../../src/config';
import { messageTimes } from '../../src/state/chrome/effects';
import { startChrome } from '../helpers/chromeEffects';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { Text } from 'ink';
import { useSyncExternalStore } from 'react';
import type { Store } from '../../src/state/store';
import { useInputRouter } from '../../src/ui/input/useInputRouter';
import { fakeTimeouts } from '../helpers/clock';
import { renderInk, type InkHarness } from '../helpers/ink';
import { pageOf, website } from '../helpers/records';
import { waitFor } from '../helpers/wait';

const configDir = '/cfg';

describe('the message_seconds setting', () => {
  it('defaults to 4 s (an error 8 s), as messages stayed before it; the flag, environment and file set it within its limits', () => {
    const def = resolveConfig({ flags: {}, env: {}, configDir });
    expect(def.messageMs).toBe(4000);
    expect(messageTimes(def.messageMs, false)).toEqual({ success: 4000, info: 4000, error: 8000 });
    expect(resolveConfig({ flags: {}, env: { SITEDECK_MESSAGE_SECONDS: '2.5' }, configDir }).messageMs).toBe(2500);
    expect(resolveConfig({ flags: { messageSeconds: '60' }, env: {}, configDir })).toMatchObject({ messageMs: 60_000, sources: { message_seconds: 'flag' } });
    expect(() => resolveConfig({ flags: {}, env: { SITEDECK_MESSAGE_SECONDS: '0' }, configDir })).toThrow(ConfigError);
    expect(() => resolveConfig({ flags: {}, env: { SITEDECK_MESSAGE_SECONDS: '3601' }, configDir })).toThrow(/SITEDECK_MESSAGE_SECONDS/);
  });

  it('a message goes after the setting’s time, an error after twice that, not a millisecond sooner', () => {
    const clock = fakeTimeouts();
    try {
      const store = createStore(initialState());
      const chrome = startChrome(store, messageTimes(10_000, false));
      store.dispatch({ type: 'flash/show', kind: 'info', text: 'copied site1.example.com' });
      clock.advance(9_999);
      expect(store.getState().flash?.text).toBe('copied site1.example.com');
      clock.advance(1);
      expect(store.getState().flash).toBeNull();
      store.dispatch({ type: 'flash/show', kind: 'error', text: 'Could not reach the host' });
      clock.advance(19_999);
      expect(store.getState().flash?.text).toBe('Could not reach the host');
      clock.advance(1);
      expect(store.getState().flash).toBeNull();
      chrome.stop();
    } finally {
      clock.restore();
    }
  });

  it('a step of work under way stays while the work goes on (a run waiting a minute for the rate limit); its outcome then goes as any message', () => {
    const clock = fakeTimeouts();
    try {
      // As a run's step says it (src/state/marks/run.ts): a flash about progress.
      const store = createStore({ ...initialState(), flash: { id: 1, kind: 'info', text: 'Updating 110/300 marked websites', about: 'progress' }, nextId: 2 });
      const chrome = startChrome(store, messageTimes(4000, false));
      clock.advance(60_000);
      expect(store.getState().flash?.text).toBe('Updating 110/300 marked websites');
      store.dispatch({ type: 'flash/show', kind: 'success', text: '150 updated · 150 already Enabled, left alone' });
      clock.advance(4_000);
      expect(store.getState().flash).toBeNull();
      chrome.stop();
    } finally {
      clock.restore();
    }
  });

  it('for a screen reader a message has no timer: an hour on, it is still there', () => {
    const clock = fakeTimeouts();
    try {
      const store = createStore(initialState());
      const chrome = startChrome(store, messageTimes(4000, true));
      store.dispatch({ type: 'flash/show', kind: 'success', text: 'saved site36.example.org' });
      clock.advance(3_600_000);
      expect(store.getState().flash?.text).toBe('saved site36.example.org');
      chrome.stop();
    } finally {
      clock.restore();
    }
  });
});

/** The deck's key router alone, on a store, drawing the flash line's text. */
function Keys({ store, untilKey }: { store: Store; untilKey: boolean }) {
  const flash = useSyncExternalStore(store.subscribe, () => store.getState().flash);
  useInputRouter({ store, exit: () => {}, write: () => {} }, { messagesUntilKey: untilKey });
  return <Text>{flash?.text ?? '(no message)'}</Text>;
}

describe('a message until the next key', () => {
  let ui: InkHarness | undefined;
  afterEach(() => ui?.unmount());

  async function deck(untilKey: boolean) {
    const store = createStore(initialState({ tab: 'websites' }));
    store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: store.getState().tabs.websites.requestId, page: pageOf([website(1), website(2)]) });
    ui = renderInk(<Keys store={store} untilKey={untilKey} />);
    store.dispatch({ type: 'flash/show', kind: 'success', text: 'copied site1.example.com' });
    await ui.waitForFrame((f) => f.includes('copied site1.example.com'), 'the message');
    return { store, ui };
  }

  it('screen-reader mode (App passes it): the next key clears the message before it acts', async () => {
    const { store, ui } = await deck(true);
    await ui.press('j', { until: (f) => f.includes('(no message)') });
    expect(store.getState().tabs.websites.cursor).toBe(1);
    // A key that says something says its own message, not the old one.
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'first' });
    await ui.press('x', { until: (f) => !f.includes('first') });
  });

  it('the drawn deck: a key leaves the message to its timer', async () => {
    const { store, ui } = await deck(false);
    ui.write('j');
    await waitFor(() => store.getState().tabs.websites.cursor === 1, 'the cursor on the second row');
    expect(ui.frame()).toContain('copied site1.example.com');
  });
});

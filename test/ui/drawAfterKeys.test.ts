// Between the deck's first frame and Ink's first read of the keyboard the view is told of the
// store's changes once, together, two turns of the event loop later (src/ui/start/drawAfterKeys.ts): an
// answer that came meanwhile (the hidden tab's) draws no frame of its own before a key typed then.
import { describe, expect, it } from 'vitest';
import { drawAfterKeys } from '../../src/ui/start/drawAfterKeys';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the view after the first frame', () => {
  it('hears of the changes meanwhile once, after the keys had their turn; then of each as ever', async () => {
    const store = createStore(initialState({ readOnly: false }));
    const after = drawAfterKeys(store);
    let told = 0;
    after.store.watch(() => told++);
    const released = after.release();
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'the hidden tab answered' });
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'a key' });
    await turn();
    expect(told).toBe(0);
    await released;
    expect(told).toBe(1);
    expect(after.store.getState().flash?.text).toBe('a key');
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'later' });
    expect(told).toBe(2);
  });

  it('tells the view at once of the keys typed while the first frame was drawn, and holds what comes after them', async () => {
    const store = createStore(initialState({ readOnly: false }));
    const after = drawAfterKeys(store);
    let told = 0;
    after.store.watch(() => told++);
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'a key typed as the frame was drawn' });
    expect(told).toBe(0);
    after.tell();
    expect(told).toBe(1);
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'the hidden tab answered' });
    after.tell();
    expect(told).toBe(2);
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'another answer' });
    await turn();
    expect(told).toBe(2);
    await after.release();
    expect(told).toBe(3);
    store.dispatch({ type: 'flash/show', kind: 'info', text: 'later' });
    expect(told).toBe(4);
  });
});

// The store tells its listeners every state in order and the view once per dispatch round; a round
// that starts a request lets the request leave before the view draws.
import { describe, expect, it } from 'vitest';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';

const turn = () => new Promise((r) => setImmediate(r));

describe('createStore', () => {
  it('listeners see each state of a round in order; the view hears of the round once, at its end', () => {
    const store = createStore(initialState());
    const seen: string[] = [];
    store.subscribe((s, prev) => {
      seen.push(`${prev.tab}→${s.tab}`);
      // A listener's dispatch runs after the current one, in the same round.
      if (s.tab === 'reports') store.dispatch({ type: 'tab/select', tab: 'websites' });
    });
    let views = 0;
    store.watch(() => {
      views++;
      seen.push(`view sees ${store.getState().tab}`);
    });
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    expect(seen).toEqual(['websites→reports', 'reports→websites', 'view sees websites']);
    expect(views).toBe(1);
  });

  it('a round whose state did not change tells nobody', () => {
    const store = createStore(initialState());
    let calls = 0;
    store.subscribe(() => calls++);
    store.watch(() => calls++);
    store.dispatch({ type: 'tab/select', tab: 'websites' }); // already shown
    expect(calls).toBe(0);
  });

  it('a round that starts a request: the view hears of it after the request’s own steps have run', async () => {
    const store = createStore(initialState());
    const order: string[] = [];
    store.subscribe((s, prev) => {
      if (s.tab === prev.tab) return;
      store.sending();
      // What a client does before its request is on the wire: a few awaits, then the write.
      void (async () => {
        await null;
        await null;
        process.nextTick(() => order.push('request written'));
      })();
    });
    store.watch(() => order.push('view draws'));
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    expect(order).toEqual([]);
    await turn();
    expect(order).toEqual(['request written', 'view draws']);
    // The next round without a request is drawn at once.
    store.dispatch({ type: 'help/toggle' });
    expect(order).toEqual(['request written', 'view draws', 'view draws']);
  });

  it('rounds dispatched while a drawing waits are drawn once, with the last state', async () => {
    const store = createStore(initialState());
    let views = 0;
    store.watch(() => views++);
    store.sending();
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    store.dispatch({ type: 'help/toggle' });
    expect(views).toBe(0);
    await turn();
    expect(views).toBe(1);
  });
});

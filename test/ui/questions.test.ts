// A question answers only keys pressed once it has been on screen (QUESTION_GUARD_MS, armed by
// the chrome effects): a key typed ahead, in the burst that opened it, is dropped with a note.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { NO_KEY, TYPED_AHEAD } from '../../src/ui/keymap';
import { routeKey } from '../../src/ui/useInputRouter';
import { pageOf, website } from '../helpers/records';

function deck() {
  const loaded = [{ type: 'list/request', tab: 'websites', requestId: 1 }, { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1), website(2)]) }] as Action[];
  const store = createStore(loaded.reduce(reducer, initialState()));
  const ctx = { store, exit: () => {}, write: () => {} };
  const type = (keys: string) => {
    for (const ch of keys) routeKey(ctx, ch === '\r' ? '' : ch, ch === '\r' ? { ...NO_KEY, return: true } : NO_KEY);
  };
  return { store, type };
}

describe('questions take deliberate keys only', () => {
  it('Space :privacy public Enter y in one burst asks, and the y does not answer: nothing starts', () => {
    const { store, type } = deck();
    type(' :privacy public\ry');
    const s = store.getState();
    expect(s.overlay).toMatchObject({ kind: 'confirm-bulk', question: 'Set privacy to Public on 1 website?' });
    expect(s.bulk).toBeNull();
    expect(s.flash?.text).toBe(`y (yes): ${TYPED_AHEAD}`);
    // A moment later the question takes keys: y answers it.
    store.dispatch({ type: 'question/arm' });
    type('y');
    expect(store.getState().bulk).toMatchObject({ verb: 'update', ids: [1] });
  });

  it('Enter on the default No declines, once armed; before, it is dropped too', () => {
    const { store, type } = deck();
    type('d\r');
    expect(store.getState().overlay).toMatchObject({ kind: 'confirm-delete' });
    expect(store.getState().overlay).not.toHaveProperty('armed');
    store.dispatch({ type: 'question/arm' });
    type('\r');
    expect(store.getState().overlay).toBeNull();
    expect(store.getState().op).toBeNull();
  });
});

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
  const loaded = [
    { type: 'list/request', tab: 'websites', requestId: 1 },
    { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf([website(1), website(2)]) },
  ] as Action[];
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

describe('a change to marked rows obeys the form’s rules and changes only what differs', () => {
  function marked(rows: ReturnType<typeof website>[]) {
    const loaded = [
      { type: 'list/request', tab: 'websites', requestId: 1 },
      { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf(rows) },
    ] as Action[];
    const store = createStore(loaded.reduce(reducer, initialState()));
    const ctx = { store, exit: () => {}, write: () => {} };
    const type = (keys: string) => {
      for (const ch of keys) routeKey(ctx, ch === '\r' ? '' : ch, ch === '\r' ? { ...NO_KEY, return: true } : NO_KEY);
    };
    // Space marks the row and moves down.
    for (let i = 0; i < rows.length; i++) type(' ');
    return { store, type };
  }

  it('rows already at the target are left out and counted; the question names both numbers', () => {
    const { store, type } = marked([website(1, { privacy: 0 }), website(2, { privacy: 1 }), website(3, { privacy: 0 }), website(4, { privacy: 1 })]);
    type(':privacy public\r');
    expect(store.getState().overlay).toMatchObject({ kind: 'confirm-bulk', ids: [2, 4], question: 'Set privacy to Public: 2 to change · 2 already Public?' });
    // Yes: the rows already Public leave the marks with the run's start (nothing is left to do for them), and its end counts them.
    store.dispatch({ type: 'question/arm' });
    type('y');
    expect(store.getState().bulk).toMatchObject({ ids: [2, 4], leftAlone: 2 });
    expect(store.getState().marked.websites).toEqual([2, 4]);
    const seq = store.getState().bulk!.seq;
    for (const id of [2, 4]) store.dispatch({ type: 'bulk/step', seq, id } as Action);
    store.dispatch({ type: 'bulk/end', seq, notStarted: 0 } as Action);
    expect(store.getState().marked.websites).toEqual([]);
    expect(store.getState().flash?.text).toMatch(/^✓ 2 updated · 2 already Public, left alone( · u undoes)?$/);
  });

  it('all at the target: nothing is asked, nothing sent', () => {
    const { store, type } = marked([website(1, { privacy: 0 }), website(2, { privacy: 0 })]);
    type(':privacy public\r');
    expect(store.getState().overlay).toBeNull();
    expect(store.getState().flash?.text).toBe(':privacy: nothing to change, the 2 marked websites are already Public');
  });

  it(':privacy password asks for the password once, masked; none given: refused, nothing sent', () => {
    const { store, type } = marked([website(1, { privacy: 1, password: false }), website(2, { privacy: 0, password: false })]);
    type(':privacy password\r');
    expect(store.getState().overlay).toMatchObject({ kind: 'prompt', text: '', secret: { label: 'Password for the 2 marked websites' } });
    type('\r');
    expect(store.getState().overlay).toBeNull();
    expect(store.getState().bulk).toBeNull();
    expect(store.getState().flash?.text).toMatch(/^:privacy: Password is required when privacy is Password and no password is set yet\. Nothing was sent\.$/);
    type(':privacy password\rs3cret\r');
    expect(store.getState().overlay).toMatchObject({
      kind: 'confirm-bulk',
      ids: [1, 2],
      values: { privacy: 2, password: 's3cret' },
      question: 'Set privacy to Password and a new password on 2 websites?',
    });
  });
});

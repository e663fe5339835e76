// A question answers only keys pressed once it has been on screen (QUESTION_GUARD_MS, armed by
// the chrome effects): a key typed ahead, in the burst that opened it, is dropped with a note.
import { describe, expect, it, vi } from 'vitest';
import { startChrome } from '../helpers/chromeEffects';
import { QUESTION_GUARD_MS } from '../../src/state/mode';
import type { Action } from '../../src/state/actions';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { NO_KEY, TYPED_AHEAD } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { pageOf, website } from '../helpers/records';
import type { RecordId } from '../../src/domain';

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

/** The host's answer to the read before a change to marked rows is asked: the rows as given. */
function hostHas(store: ReturnType<typeof createStore>, rows: readonly { id: RecordId }[]) {
  const seq = store.getState().bulkRead!.seq;
  store.dispatch({ type: 'bulk/read', seq, current: new Map(rows.map((r) => [r.id, r as unknown as Record<string, unknown>])), requests: 1 });
}

describe('questions take deliberate keys only', () => {
  it('Space :privacy public Enter y in one burst asks, and the y does not answer: nothing starts', () => {
    const { store, type } = deck();
    type(' :privacy public\ry');
    // The box is up at once, reading the marked row: the y typed ahead goes to it, and is dropped.
    const s = store.getState();
    expect(s.overlay).toMatchObject({
      kind: 'confirm-bulk',
      question: 'Set privacy to Public on 1 marked website?',
      detail: expect.stringMatching(/^Reading 1 marked/),
    });
    expect(s.bulk).toBeNull();
    expect(s.flash?.text).toBe(`y (yes): ${TYPED_AHEAD}`);
    hostHas(store, [website(1)]);
    expect(store.getState().overlay).toMatchObject({ kind: 'confirm-bulk', question: 'Set privacy to Public on 1 website?' });
    expect(store.getState().overlay).not.toHaveProperty('armed');
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
    const rows = [website(1, { privacy: 0 }), website(2, { privacy: 1 }), website(3, { privacy: 0 }), website(4, { privacy: 1 })];
    const { store, type } = marked(rows);
    type(':privacy public\r');
    hostHas(store, rows);
    expect(store.getState().overlay).toMatchObject({ kind: 'confirm-bulk', ids: [2, 4], question: 'Set privacy to Public: 2 to change · 2 already Public?' });
    expect(store.getState().overlay).toMatchObject({ already: [1, 3], detail: 'Read from the host just now, 1 request.' });
    // Yes: the rows already Public run too, after the rest (read again, nothing sent while they still are), and its end counts them.
    store.dispatch({ type: 'question/arm' });
    type('y');
    expect(store.getState().bulk).toMatchObject({ ids: [2, 4, 1, 3], expectAlready: [1, 3] });
    const seq = store.getState().bulk!.seq;
    for (const id of [2, 4]) store.dispatch({ type: 'bulk/step', seq, id } as Action);
    for (const id of [1, 3]) store.dispatch({ type: 'bulk/step', seq, id, skipped: true } as Action);
    store.dispatch({ type: 'bulk/end', seq, notStarted: 0 } as Action);
    expect(store.getState().marked.websites).toEqual([]);
    expect(store.getState().flash?.text).toMatch(/^✓ 2 updated · 2 already Public, left alone( · u undoes)?$/);
  });

  it('all at the target: nothing is asked, nothing sent', () => {
    const rows = [website(1, { privacy: 0 }), website(2, { privacy: 0 })];
    const { store, type } = marked(rows);
    type(':privacy public\r');
    hostHas(store, rows);
    expect(store.getState().overlay).toBeNull();
    expect(store.getState().flash?.text).toBe(':privacy: nothing to change, the 2 marked websites are already Public (read from the host just now, 1 request)');
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
    hostHas(store, [website(1, { privacy: 1, password: false }), website(2, { privacy: 0, password: false })]);
    expect(store.getState().overlay).toMatchObject({
      kind: 'confirm-bulk',
      ids: [1, 2],
      values: { privacy: 2, password: 's3cret' },
      question: 'Set privacy to Password and a new password on 2 websites?',
    });
  });
});

describe('a question whose counts are read first', () => {
  it('takes keys a full moment after the counts are shown, however soon they came', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { store, type } = deck();
      const chrome = startChrome(store, { success: 1e6, info: 1e6, error: 1e6 });
      type(' :privacy public\r');
      expect(store.getState().overlay).toMatchObject({ kind: 'confirm-bulk', reading: expect.any(Number) });
      vi.advanceTimersByTime(QUESTION_GUARD_MS - 100);
      hostHas(store, [website(1)]);
      // The reading box's moment is not the question's: it starts again with the counts (the box's would end 100 ms on).
      vi.advanceTimersByTime(QUESTION_GUARD_MS - 1);
      expect(store.getState().overlay).not.toHaveProperty('armed');
      vi.advanceTimersByTime(1);
      expect(store.getState().overlay).toMatchObject({ question: 'Set privacy to Public on 1 website?', armed: true });
      chrome.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

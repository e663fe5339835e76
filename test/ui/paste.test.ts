// A bracketed paste, as Ink's usePaste hands it over, through the deck's state (pure). The bundled
// deck with tmux's paste-buffer -p: test/e2e/paste.test.ts.
import { describe, expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import type { Page } from '../../src/domain';
import { initialState, reducer } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import type { AnyRecord, DeckState } from '../../src/state/types';
import { pasteAction, pasteRefusal } from '../../src/ui/input/paste';

const page = (n: number): Page<AnyRecord> =>
  ({
    items: Array.from({ length: n }, (_, i) => ({ id: 100 - i, domain: `d${i}.example` })),
    meta: { total: n, perPage: n, page: 1, lastPage: 1, from: 1, to: n },
  }) as unknown as Page<AnyRecord>;
const listed = (): DeckState => reducer(initialState(), { type: 'list/loaded', tab: 'websites', requestId: 0, page: page(5) });
const run = (state: DeckState, ...actions: Action[]) => actions.reduce(reducer, state);
const paste = (state: DeckState, text: string) => {
  const action = pasteAction(state, text);
  return action ? reducer(state, action) : state;
};

describe('a paste', () => {
  it('into the list runs nothing: the state is the same but for the hint in the flash line', () => {
    const before = listed();
    const after = paste(before, 'see https://x.io/qdy\r');
    expect(after.flash?.text).toBe(pasteRefusal());
    expect({ ...after, flash: before.flash, nextId: before.nextId }).toEqual(before);
    expect(pasteRefusal()).toMatch(/press \/ to search or : for the command line/);
  });

  it('into the search lands whole; its newline keeps nothing', () => {
    const s = paste(run(listed(), { type: 'search/start' }), 'sh\nop\r');
    expect(modeOf(s).kind).toBe('search');
    expect(s.tabs.websites.query.search).toBe('shop');
  });

  it('into the command line lands whole, a newline as a space', () => {
    const s = paste(run(listed(), { type: 'prompt/open' }), 'per\n10');
    expect(modeOf(s)).toMatchObject({ kind: 'prompt', text: 'per 10' });
  });

  it('into a form field lands at the cursor; Enter in it saves nothing', () => {
    const s = paste(run(listed(), { type: 'form/new' }), 'pasted.example.org\r');
    expect(modeOf(s).kind).toBe('form');
    expect(s.form?.values.domain).toBe('pasted.example.org');
    expect(s.form?.submitting).toBeFalsy();
  });

  it('of nothing does nothing', () => {
    expect(pasteAction(listed(), '')).toBeNull();
  });
});

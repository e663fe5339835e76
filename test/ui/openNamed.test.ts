// `:open NAME` opens the row of that name among the rows shown (Tab completes it), and says so
// when no row shown has it; `:open` alone opens the selected row, as `o` does.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { NO_KEY } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { pageOf, website } from '../helpers/records';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);
const loaded = () =>
  run(
    initialState(),
    { type: 'list/request', tab: 'websites', requestId: 1 },
    {
      type: 'list/loaded',
      tab: 'websites',
      requestId: 1,
      page: pageOf([website(1, { domain: 'shop.example.com' }), website(2, { domain: 'blog.example.org' })]),
    },
  );

function deck(state: DeckState) {
  const store = createStore(state);
  const opened: string[] = [];
  const ctx = { store, exit: () => {}, write: () => {}, open: (href: string) => (opened.push(href), { ok: true as const, how: 'test' }) };
  const line = (text: string) => {
    routeKey(ctx, ':', NO_KEY);
    routeKey(ctx, text, NO_KEY);
    routeKey(ctx, '', { ...NO_KEY, return: true });
  };
  const tab = () => routeKey(ctx, '', { ...NO_KEY, tab: true });
  return { store, opened, line, tab, routeKey: (i: string) => routeKey(ctx, i, NO_KEY) };
}

describe(':open NAME', () => {
  it('opens the named row, not the selected one; Tab completes the name', async () => {
    const d = deck(loaded());
    d.line('open blog.example.org');
    await Promise.resolve();
    expect(d.opened).toEqual(['https://blog.example.org/']);
    d.routeKey(':');
    d.routeKey('open b');
    d.tab();
    expect(d.store.getState().overlay).toMatchObject({ kind: 'prompt', text: 'open blog.example.org ' });
  });

  it('says so when no row shown has the name, and opens nothing', async () => {
    const d = deck(loaded());
    d.line('open nowhere.example');
    await Promise.resolve();
    expect(d.opened).toEqual([]);
    expect(d.store.getState().flash).toMatchObject({ kind: 'error', text: 'Not opened: no row named nowhere.example among the rows shown' });
  });
});

import { describe, expect, it } from 'vitest';
import { byCase, type Reducer } from '../../src/state/slice';
import { initialState } from '../../src/state/reducer';
import type { DeckState } from '../../src/state/types';

describe('byCase: a slice reducer from its case map', () => {
  const root: Reducer = (s) => s;
  const slice = byCase({
    'tab/select': (state: DeckState, action) => ({ ...state, tab: action.tab }),
    'help/toggle': () => null,
  });

  it('hands each action it owns to its function, and answers null for the rest (the next slice decides)', () => {
    const state = initialState();
    expect(slice(state, { type: 'tab/select', tab: 'reports' }, root)?.tab).toBe('reports');
    expect(slice(state, { type: 'help/toggle' }, root)).toBeNull();
    expect(slice(state, { type: 'detail/open' }, root)).toBeNull();
  });

  it('owns no action by the names every object has', () => {
    const state = initialState();
    expect(slice(state, { type: 'toString' } as never, root)).toBeNull();
    expect(slice(state, { type: 'constructor' } as never, root)).toBeNull();
  });
});

// What a slice gives the root reducer (its effects' side is sliceEffects.ts).
import type { Action } from './actions';
import type { DeckState } from './types';

export type Reducer = (state: DeckState, action: Action) => DeckState;

/**
 * A slice's part of the reducer: the next state for the actions it owns, null for the others (the
 * root then asks the next slice). `root` is the whole reducer, for a slice that hands an action on.
 */
export type SliceReducer = (state: DeckState, action: Action, root: Reducer) => DeckState | null;

/** The action of one type (or of a few). */
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;

/** What a slice decides for each action type it owns: one small named function a type. */
export type CaseReducers<T extends Action['type']> = { readonly [K in T]: (state: DeckState, action: ActionOf<K>, root: Reducer) => DeckState | null };

/** A slice's reducer from its case map (the shape of a Redux Toolkit slice): null for the actions it does not own. */
export function byCase<T extends Action['type']>(cases: CaseReducers<T>): SliceReducer {
  const table: Partial<Record<Action['type'], (state: DeckState, action: Action, root: Reducer) => DeckState | null>> = cases;
  return (state, action, root) => {
    const decide = Object.hasOwn(table, action.type) ? table[action.type] : undefined;
    return decide ? decide(state, action, root) : null;
  };
}

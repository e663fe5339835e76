// What a slice gives the root reducer (its effects' side is sliceEffects.ts).
import type { Action } from './actions';
import type { DeckState } from './types';

export type Reducer = (state: DeckState, action: Action) => DeckState;

/**
 * A slice's part of the reducer: the next state for the actions it owns, null for the others (the
 * root then asks the next slice). `root` is the whole reducer, for a slice that hands an action on.
 */
export type SliceReducer = (state: DeckState, action: Action, root: Reducer) => DeckState | null;

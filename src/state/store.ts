import type { Action } from './actions';
import { reducer } from './reducer';
import type { DeckState } from './types';

export type Dispatch = (action: Action) => void;
export type Listener = (state: DeckState, prev: DeckState) => void;

/** The deck's one store: the pure reducer plus subscribers (the view and the effects layer). */
export interface Store {
  getState(): DeckState;
  dispatch: Dispatch;
  subscribe(listener: Listener): () => void;
}

export function createStore(initial: DeckState): Store {
  let state = initial;
  const listeners = new Set<Listener>();
  let depth = 0;
  const queue: Action[] = [];
  const dispatch: Dispatch = (action) => {
    // Listeners may dispatch; those actions run after the current round so every listener sees
    // each state in order.
    queue.push(action);
    if (depth > 0) return;
    depth++;
    try {
      while (queue.length) {
        const prev = state;
        state = reducer(state, queue.shift()!);
        if (state !== prev) for (const l of [...listeners]) l(state, prev);
      }
    } finally {
      depth--;
    }
  };
  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

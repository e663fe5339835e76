import type { Action } from './actions';
import { reducer } from './reducer';
import type { DeckState } from './types';

type Dispatch = (action: Action) => void;
type Listener = (state: DeckState, prev: DeckState) => void;

/** The deck's one store: the pure reducer plus subscribers (the view and the effects layer). */
export interface Store {
  getState(): DeckState;
  dispatch: Dispatch;
  /** Every state in order, with the one before it (the effects layer, the warm-start cache). */
  subscribe(listener: Listener): () => void;
  /**
   * Once per dispatch round, with the round's last state read through getState (the view). When
   * the round started a request (`sending`), after that request has left: a frame takes a few
   * milliseconds to draw, and the request should not wait for the frame that says it is loading.
   */
  watch(onChange: () => void): () => void;
  /** Called by the effects layer as it starts a request: the next frame waits for it to leave. */
  sending(): void;
}

export function createStore(initial: DeckState): Store {
  let state = initial;
  const listeners = new Set<Listener>();
  const watchers = new Set<() => void>();
  let depth = 0;
  const queue: Action[] = [];
  let sent = false;
  let deferred = false;
  const notifyWatchers = () => {
    deferred = false;
    for (const w of [...watchers]) w();
  };
  const dispatch: Dispatch = (action) => {
    // Listeners may dispatch; those actions run after the current round so every listener sees
    // each state in order.
    queue.push(action);
    if (depth > 0) return;
    depth++;
    const before = state;
    try {
      while (queue.length) {
        const prev = state;
        state = reducer(state, queue.shift()!);
        if (state !== prev) for (const l of [...listeners]) l(state, prev);
      }
    } finally {
      depth--;
    }
    if (state === before || deferred) return;
    // A request on its way is written out by the microtasks and ticks of this turn; setImmediate
    // runs after them, before any answer can be read.
    if (sent) {
      sent = false;
      deferred = true;
      setImmediate(notifyWatchers);
    } else notifyWatchers();
  };
  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    sending() {
      sent = true;
    },
  };
}

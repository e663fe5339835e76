// How a component reads the deck's state: what it uses, through a selector over the one store, not
// the whole state handed down as a prop. App provides the store; a component re-renders when what
// its selector returns changes (by `equal`), not on every change of the state.
// test/build/componentProps.test.ts fails on a component that takes the whole state as a prop.
import { createContext, useContext, useState, useSyncExternalStore } from 'react';
import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../../state/store';
import type { DeckState } from '../../state/types';

export const DeckStoreContext = createContext<Store | null>(null);

/** Equal when each own key (or item) is the same value: a pick of slices, a fit of strings and flags. */
export function sameParts<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a) as (keyof T)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

/** Equal when alike all through: words and lines derived afresh from the state (the help's lines, the status line's parts). */
export const sameWords: <T>(a: T, b: T) => boolean = isDeepStrictEqual;

/**
 * What `select` reads of the deck's state, kept (the same value) while `equal` finds the new
 * reading equal to the last, so a component that uses it re-renders only when it changes.
 */
export function useDeck<T>(select: (state: DeckState) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const store = useContext(DeckStoreContext);
  if (!store) throw new Error('useDeck: no deck store above this component; render it inside <DeckStoreContext.Provider value={store}> (App does)');
  // The last reading: useSyncExternalStore asks again at each render and each change (the same
  // state read by the same selector gives the same value, whichever store it came from).
  const [last] = useState<{ state?: DeckState; select?: unknown; value?: T }>(() => ({}));
  const read = () => {
    const state = store.getState();
    if (last.state === state && last.select === select) return last.value as T;
    const value = select(state);
    const kept = last.state !== undefined && equal(last.value as T, value) ? (last.value as T) : value;
    Object.assign(last, { state, select, value: kept });
    return kept;
  };
  return useSyncExternalStore(store.watch, read);
}

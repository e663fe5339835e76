// What a slice gives the root effects: a start that subscribes to the store, and a stop.
import type { Journal } from '../api/cover/journal';
import type { Source } from '../api/cover/gather';
import type { Client } from '../api/types';
import type { Store } from './store';
import type { DeckState } from './types';

export interface EffectsContext {
  client: Client;
  store: Store;
  /** Quiet time after the last search keystroke before the request goes out. */
  debounceMs: number;
  /** How long a flash stays, by kind (Infinity: until the next key clears it). */
  flashMs: { success: number; info: number; error: number };
  /** Pages kept per tab for instant back/forth. */
  cacheSize: number;
  /** The covers' journal (`:cover`), the one `reports cover` keeps, opened on the first cover; else one in memory for the session. */
  coverJournal?: () => Journal;
  /** What a `:cover` source's words name (relative files from the deck's directory; `demo` under --demo). */
  coverSource: (text: string) => Source;
}

/** A running slice's effects: subscribed to the store until stopped. */
export interface SliceEffects {
  stop(): void;
}

export type StartSliceEffects = (ctx: EffectsContext) => SliceEffects;

/**
 * Runs `onState` now and on every change of the store until stopped; `onStop` then ends what the
 * slice has under way (a timer, an abort). The usual body of a slice's effects.
 */
export function follow(store: Store, onState: (state: DeckState) => void, onStop?: () => void): SliceEffects {
  const unsubscribe = store.subscribe(onState);
  onState(store.getState());
  return {
    stop() {
      onStop?.();
      unsubscribe();
    },
  };
}

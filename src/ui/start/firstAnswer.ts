// The cold start's first page, met before the view. A server near by (a LAN, a tunnel, the
// emulator) answers within milliseconds: the view waits that long before it loads (the single file
// evaluates the view in one go, holding every answer meanwhile), and the rows are pre-painted as
// they arrive, before Ink and React are up. A far server costs the short wait at most.
import type { Store } from '../../state/store';
import type { DeckState, TabName } from '../../state/types';

/**
 * How long the view waits for the shown tab's first page before it draws without it: at start (a
 * near server's rows are drawn before the view loads), and when keys typed before the first
 * frame showed another tab (its answer is usually in already, waiting to be read).
 */
export const FIRST_PAGE_WAIT_MS = 25;

/**
 * How long a frame waits, at most, for what keys typed ahead of it asked for: the deck to draw
 * them, and a tab they showed its first page (the screen keeps what it showed meanwhile: the
 * pre-paint, or the frame before the keys).
 */
export const KEYS_WAIT_MS = 250;

/**
 * How long the first frame waits for the shown tab's first page: as the view waits at start, or,
 * when keys typed before it showed another tab, as a held frame waits for one (the pre-paint
 * stays meanwhile: the tab is drawn with its rows, not loading).
 */
export function pageWaitMs(shownBefore: TabName, state: DeckState): number {
  return state.tab === shownBefore ? FIRST_PAGE_WAIT_MS : KEYS_WAIT_MS;
}

/** No rows to show and the first page on its way. */
export const nothingYet = (s: DeckState) => {
  const tab = s.tabs[s.tab];
  return tab.loading && tab.data === null;
};

/** Resolves once the shown tab has rows or an answer, or after `withinMs`. */
export function firstAnswer(store: Store, withinMs: number): Promise<void> {
  if (!nothingYet(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    const unsubscribe = store.subscribe((s) => {
      if (!nothingYet(s)) done();
    });
  });
}

/**
 * Calls `paint` on each change of the store until it returns true (it drew the rows); returns the
 * stop, which the deck calls before Ink takes the screen.
 */
export function paintWhenRows(store: Store, paint: () => boolean): () => void {
  const unsubscribe = store.subscribe(() => {
    if (paint()) unsubscribe();
  });
  return unsubscribe;
}

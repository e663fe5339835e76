// Who may change the hosts now, and why not: one answer for the keys (the keymap's gates), the
// `:` commands and the runs over marked rows, with one wording per reason. The keymap refuses a key
// before anything is dispatched; the reducers keep only the safety that holds however an action
// arrives, and say it in the same words.
import { keyRef } from '../keys/keyRef';
import { listInFlux, selectedRecord, unshownAsk } from './selectors';
import type { DeckState } from './types';
import { flash } from './update';

/** Each reason a change is refused, in the one wording the deck says it with. */
export const WHY_NOT = {
  readOnly: 'read-only mode',
  busy: 'busy: wait for the current change to finish',
  nothingSelected: 'nothing selected',
} as const;

/** Read-only (the profile or --read-only): nothing is sent to the hosts. */
export const readOnlyReason = (s: DeckState): string | null => (s.readOnly ? WHY_NOT.readOnly : null);

/** One change at a time: a save, delete or re-run in flight, a run over marked rows, an undo or a change to marked rows reading the host. */
export const busyReason = (s: DeckState): string | null => (s.op || s.bulk || s.undoCheck || s.bulkRead ? WHY_NOT.busy : null);

/** Why no change to the hosts may start now (read-only first), or null. */
export const changeRefused = (s: DeckState): string | null => readOnlyReason(s) ?? busyReason(s);

/** A row is selected on the tab's list. */
export const selectionReason = (s: DeckState): string | null => (selectedRecord(s) ? null : WHY_NOT.nothingSelected);

export const LIST_CHANGING = 'the list is changing: press it again once the new rows are shown';

/**
 * A row key acts on the row the screen shows, never on one of a list being replaced; and not on
 * rows the host could not confirm. Said by what did not come: the refresh (the same rows asked
 * again: `r`, a write's refresh), or the page, sort, search or filter the rows are from before.
 */
export function unsettledReason(s: DeckState): string | null {
  const tab = s.tabs[s.tab];
  const flux = listInFlux(tab);
  if (flux !== 'failed') return flux === 'changing' ? LIST_CHANGING : null;
  const asked = unshownAsk(tab);
  // The deck asks again by itself only when the host may answer later (src/state/autoRefresh.ts).
  const again = `${keyRef('refresh')} tries again${tab.failedInRow ? ' (the deck also retries by itself)' : ''}`;
  if (asked === 'refresh') return `the refresh failed, so these rows may be out of date: ${again}`;
  const what = asked === 'change' || asked === null ? 'the change' : `the ${asked} change`;
  return `these rows are from before ${what}, which failed: ${again}`;
}

/** The flash for a refusal: what was refused, if named, then why; nothing was sent. */
export function refused(state: DeckState, reason: string, what?: string): DeckState {
  return flash(state, 'error', what ? `${what}: ${reason}` : `${reason}: nothing was sent`);
}

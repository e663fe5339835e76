// Who may change the hosts now, and why not: one answer for the keys (the keymap's gates), the
// `:` commands and the runs over marked rows, with one wording per reason. The keymap refuses a key
// before anything is dispatched; the reducers keep only the safety that holds however an action
// arrives, and say it in the same words.
import { selectedRecord } from './selectors';
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

/** One change at a time: a save, delete or re-run in flight, a run over marked rows, an undo reading the host. */
export const busyReason = (s: DeckState): string | null => (s.op || s.bulk || s.undoCheck ? WHY_NOT.busy : null);

/** Why no change to the hosts may start now (read-only first), or null. */
export const changeRefused = (s: DeckState): string | null => readOnlyReason(s) ?? busyReason(s);

/** A row is selected on the tab's list. */
export const selectionReason = (s: DeckState): string | null => (selectedRecord(s) ? null : WHY_NOT.nothingSelected);

/** The flash for a refusal: what was refused, if named, then why; nothing was sent. */
export function refused(state: DeckState, reason: string, what?: string): DeckState {
  return flash(state, 'error', what ? `${what}: ${reason}` : `${reason}: nothing was sent`);
}

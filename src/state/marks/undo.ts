// u, :undo: the latest change of the log not yet undone. What it left is read from the host first;
// the undo runs at once, or is asked first when it is many rows, deletes a created record or finds
// the record changed since. It runs as a run over marked rows does (run.ts).
import { asksFirst, changedSince, changeName, latestUndoable, undoQuestion, undoSteps, type Change } from '../changes';
import type { ActionOf } from '../slice';
import type { DeckState } from '../types';
import { openOverlay } from '../stack';
import { flash as say } from '../update';
import { changeRefused, refused } from '../gate';
import { startBulk } from './run';

export function undoStart(state: DeckState): DeckState {
  const c = latestUndoable(state.changes);
  if (!c) return say(state, 'info', 'Nothing to undo (:changes lists this session’s changes)');
  const why = changeRefused(state);
  if (why) return refused(state, why);
  // What the change left is read first, to compare (a re-create has nothing to read).
  if (undoSteps(c).some((s) => s.kind !== 'post'))
    return say(
      { ...state, undoCheck: { seq: state.nextId, change: c.seq }, nextId: state.nextId + 1 },
      'info',
      `Undo: reading the ${changeName(c)} as the host has it now…`,
    );
  return undoOrAsk(state, c, {});
}

export function undoChecked(state: DeckState, action: ActionOf<'undo/checked'>): DeckState {
  const u = state.undoCheck;
  if (u?.seq !== action.seq) return state;
  const c = state.changes.find((x) => x.seq === u.change);
  // The `reading…` line (the flash after the check's own id) is over once the answer is in.
  const next = { ...state, undoCheck: null, flash: state.flash?.id === u.seq + 1 ? null : state.flash };
  return c ? undoOrAsk(next, c, action.current) : next;
}

export function undoFailed(state: DeckState, action: ActionOf<'undo/failed'>): DeckState {
  return state.undoCheck?.seq === action.seq ? say({ ...state, undoCheck: null }, 'error', `Undo: nothing was sent (${action.message})`) : state;
}

/** An undo runs at once, or is asked first: a change to many rows, a delete of a created record, or one changed on the host since. */
function undoOrAsk(state: DeckState, c: Change, current: Readonly<Record<number, Readonly<Record<string, unknown>> | null>>): DeckState {
  const steps = undoSteps(c);
  const ids = steps.map((s) => s.id);
  const since = changedSince(c, current);
  if (!since.length && !asksFirst(c)) return startBulk(state, c.tab, 'undo', ids, undefined, { change: c.seq, steps });
  // The question names the change, its detail line what a yes sends: each whole at 80 columns.
  const { question, detail } = undoQuestion(c);
  const asked = openOverlay(state, { kind: 'confirm-bulk', tab: c.tab, verb: 'undo', ids, undo: { change: c.seq, steps }, question, detail });
  // What differs is said in the flash line, whole: the question's box has no room for it.
  return since.length ? say(asked, 'info', `Changed on the host since: ${since.join('; ')}`) : asked;
}

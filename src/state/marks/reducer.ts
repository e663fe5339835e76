// Marked rows and the runs over them: Space marks the row under the cursor, `*` every row the
// tab's search and filters match (all pages, read by the effects), R and d then act on all of them,
// one paced request each, with a progress line; done rows are unmarked, failed ones stay marked so
// they can be tried again, and the end says what happened. Pure: state and action in, state out.
// One file a job: marking.ts marks, question.ts asks before a change, run.ts runs it and tells its
// outcome, undo.ts undoes the latest change; this table says which decides each action.
import { byCase, type SliceReducer } from '../slice';
import { markAll, markFailed, markSet, markToggle } from './marking';
import { bulkCancel, bulkConfirm, bulkReadDone, bulkReadFailed, bulkStart, bulkUpdate } from './question';
import { bulkAskStop, bulkEnd, bulkKeepGoing, bulkStep, bulkStop } from './run';
import { undoChecked, undoFailed, undoStart } from './undo';

/** What each of the slice's actions decides. */
export const marksReducer: SliceReducer = byCase({
  'mark/toggle': markToggle,
  'mark/all': markAll,
  'mark/set': markSet,
  'mark/failed': markFailed,
  'bulk/start': bulkStart,
  'bulk/update': bulkUpdate,
  'bulk/read': bulkReadDone,
  'bulk/read-failed': bulkReadFailed,
  'bulk/confirm': bulkConfirm,
  'bulk/cancel': bulkCancel,
  'bulk/step': bulkStep,
  'bulk/ask-stop': bulkAskStop,
  'bulk/keep-going': bulkKeepGoing,
  'bulk/stop': bulkStop,
  'undo/start': undoStart,
  'undo/checked': undoChecked,
  'undo/failed': undoFailed,
  'bulk/end': bulkEnd,
});

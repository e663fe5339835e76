// The writes slice's state: the one write in flight, and the session's change log.
import type { RecordId, WriteValues } from '../../domain';
import type { Change } from '../changes';
import type { AnyRecord, TabName } from '../tabs';

/** A write the effects layer has to send; `seq` identifies it so it is sent exactly once. */
export type Operation =
  | { seq: number; kind: 'save'; tab: TabName; op: 'create' | 'update'; id?: RecordId; name: string; values: WriteValues; note?: string }
  | { seq: number; kind: 'delete'; tab: TabName; id: RecordId; name: string; /** The record as shown, for its undo (re-created from it). */ record?: AnyRecord }
  | { seq: number; kind: 'rerun'; tab: 'reports'; id: RecordId; name: string; before: number | null };

export interface WritesState {
  /** The write in flight, if any. */
  op: Operation | null;
  /** Every change this session sent, oldest first (undo and `:changes` read it). */
  changes: readonly Change[];
  /** u: the records of the change being undone are read first, to compare with what it left. */
  undoCheck: { seq: number; change: number } | null;
}

export const INITIAL_WRITES: WritesState = { op: null, changes: [], undoCheck: null };

// The writes slice's state: the one write in flight, and the last change's way back.
import type { WriteValues } from '../../domain';
import type { TabName } from '../tabs';
import type { RecordId } from '../../domain';

/** A write the effects layer has to send; `seq` identifies it so it is sent exactly once. */
export type Operation =
  | { seq: number; kind: 'save'; tab: TabName; op: 'create' | 'update'; id?: RecordId; name: string; values: WriteValues; note?: string }
  | { seq: number; kind: 'delete'; tab: TabName; id: RecordId; name: string }
  | { seq: number; kind: 'rerun'; tab: 'reports'; id: RecordId; name: string; before: number | null };

export interface Undo {
  /** The flash that announced the change: undo is offered while it shows. */
  flashId: number;
  tab: TabName;
  items: readonly { id: RecordId; values: WriteValues }[];
}

export interface WritesState {
  /** The write in flight, if any. */
  op: Operation | null;
  /** The last change's way back, while its flash shows (u, :undo): each record's fields as they were. */
  undo?: Undo | null;
}

export const INITIAL_WRITES: WritesState = { op: null };

// The marks slice's state: marked rows per tab, a `*` read under way, and a run over the marks.
import type { WriteValues } from '../../domain';
import type { UndoStep } from '../changes';
import type { TabName } from '../tabs';
import type { RecordId } from '../../domain';

export interface BulkRun {
  seq: number;
  tab: TabName;
  verb: 'delete' | 'rerun' | 'update' | 'undo';
  /** What an update sends (`:privacy`, `:email` on marked rows). */
  values?: WriteValues;
  /** An undo: the change it undoes, and one request per record. */
  undo?: { change: number; steps: readonly UndoStep[] };
  /** Records an undo re-created: the id each had, and the new one the host gave. */
  created?: readonly { was: RecordId; id: RecordId; name: string }[];
  ids: readonly RecordId[];
  done: number;
  /** Rows found already at the target when read: nothing was sent for them. */
  skipped?: number;
  /** Marked rows already at the target before the run (the question counted them): unmarked as it starts, said at its end. */
  leftAlone?: number;
  failed: readonly { id: RecordId; reason: string }[];
  /** Ctrl+C: stop after the request in flight. */
  stopping: boolean;
}

export interface MarksState {
  /** Marked rows' ids per tab (Space, `*`): what R and d act on when there are any. */
  marked: Record<TabName, readonly RecordId[]>;
  /** `*` asked for every row matching the tab's query (the effects read all pages). */
  markAll: { seq: number; tab: TabName } | null;
  /** A run over the marked rows, one paced request each. */
  bulk: BulkRun | null;
}

export const INITIAL_MARKS: MarksState = { marked: { websites: [], reports: [] }, markAll: null, bulk: null };

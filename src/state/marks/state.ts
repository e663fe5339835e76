// The marks slice's state: marked rows per tab, a `*` read under way, and a run over the marks.
import type { BulkAsked, ListQuery, WriteValues } from '../../domain';
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
  /** Rows the host no longer had when read: nothing was sent for them. */
  gone?: number;
  /** An update's question: its counts and where they came from, which the end's counts are told against. */
  asked?: BulkAsked;
  /** The rows its question counted already at the target (the others it counted to change). */
  expectAlready?: readonly RecordId[];
  /** Rows found otherwise than the question counted them: said, with why, at the end. */
  changed?: number;
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
  /** A change to the marked rows whose question waits for their values, read from the host (the effects read them). */
  bulkRead: BulkRead | null;
}

/** `:privacy`, `:email` on marked rows, before its question: the rows' values are read first. */
export interface BulkRead {
  seq: number;
  tab: TabName;
  ids: readonly RecordId[];
  values: WriteValues;
  /** The command, for the words (`:email`). */
  what: string;
  plan: ReadPlan;
}

export const INITIAL_MARKS: MarksState = { marked: { websites: [], reports: [] }, markAll: null, bulk: null, bulkRead: null };

export type ReadPlan =
  /** One read a marked row. */
  | { kind: 'each'; requests: number }
  /**
   * Every page of the tab's list in id order (readAll: each row once, however rows come and go).
   * `whole`: the list is every record (no search or filter), so a marked row not on it is gone;
   * else such a row (no longer matching) is read on its own after. `atLeast`: the host gave no
   * total, so the pages are counted from the marks.
   */
  | { kind: 'pages'; query: ListQuery; requests: number; atLeast: boolean; whole: boolean };

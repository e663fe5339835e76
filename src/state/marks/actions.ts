import type { WriteValues } from '../../domain';
import type { AnyRecord, TabName } from '../tabs';
import type { RecordId } from '../../domain';

/** Marking rows and running one change over all of them (and undoing the last change). */
export type MarksAction =
  | { type: 'mark/toggle' }
  /** `*` toggles (marks all, or clears the marks); `:mark` only marks, `:unmark` only clears. */
  | { type: 'mark/all'; only?: 'mark' | 'clear' }
  | { type: 'mark/set'; seq: number; tab: TabName; ids: readonly RecordId[] }
  | { type: 'mark/failed'; seq: number; message: string }
  | { type: 'bulk/start'; verb: 'rerun' }
  | { type: 'bulk/update'; values: WriteValues; what: string }
  | {
      type: 'bulk/step';
      seq: number;
      id: RecordId;
      error?: string;
      /** A re-run's answer. */ record?: AnyRecord;
      /** Already at the target when read: nothing sent. */ skipped?: boolean;
      /** The host no longer has it (read just now): nothing sent. */ gone?: boolean;
    }
  /** The marked rows' values, read for the question (null: the host no longer has the row), in this many requests. */
  | { type: 'bulk/read'; seq: number; current: ReadonlyMap<RecordId, Readonly<Record<string, unknown>> | null>; requests: number }
  /** They could not be read: the question counts the rows loaded, and says so. */
  | { type: 'bulk/read-failed'; seq: number; message: string }
  | { type: 'bulk/stop' }
  | { type: 'bulk/ask-stop' }
  | { type: 'bulk/keep-going' }
  | {
      type: 'bulk/end';
      seq: number;
      notStarted: number;
      /** Each updated record's fields as they were before (for u). */ before?: readonly { id: RecordId; values: WriteValues }[];
      at?: number;
    }
  /** The change asked about in confirm-bulk: start it, or drop it. */
  | { type: 'bulk/confirm' }
  | { type: 'bulk/cancel' }
  /** u, :undo: undo the latest change of the log not yet undone (read first, asked when it is many rows or changed since). */
  | { type: 'undo/start' };

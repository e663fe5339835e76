// What the deck is doing: one mode at a time, shared by the slices (each opens and closes its own).
import type { WriteValues } from '../domain';
import type { TabName } from './tabs';
import type { RecordId } from '../domain';

export type Mode =
  | { kind: 'list' }
  | { kind: 'search'; before: string | undefined }
  | { kind: 'form' }
  /** `ids`: the marked rows, when the delete is of all of them (`name` then says how many). */
  | { kind: 'confirm-delete'; tab: TabName; id: RecordId; name: string; yes: boolean; ids?: readonly RecordId[] }
  /** Unsaved edits: `then` says what a yes does (close the form, or quit the deck). */
  | { kind: 'confirm-discard'; then: 'close' }
  /** Ctrl+C during a run over marked rows: stop it after the request in flight? The run goes on meanwhile. */
  | { kind: 'confirm-stop' }
  | { kind: 'messages'; page: number }
  /** A change to every marked row, asked first (No by default): what, on how many. */
  | { kind: 'confirm-bulk'; tab: TabName; verb: 'rerun' | 'update'; ids: readonly RecordId[]; values?: WriteValues; question: string; /** ←→ chose Yes (No by default). */ yes?: boolean }
  /** `page`: which screenful of the key list is shown (small terminals). */
  | { kind: 'help'; page: number; /** The detail it was opened over: closing goes back to it. */ from?: { kind: 'detail'; scroll: number } }
  /** The `:` line; `options`: what Tab found for its last word, shown until the next key. */
  | { kind: 'prompt'; text: string; options?: readonly string[]; /** The offered word picked with ↓/↑. */ picked?: number }
  | { kind: 'detail'; scroll: number }
  /** The Projects view (tab 3): one row per project, from every report. */
  | { kind: 'projects' }
  /** The Audit view: what to fix first across reports (src/state/audit.ts). */
  | { kind: 'audit' };

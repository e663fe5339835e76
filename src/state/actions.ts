import type { CursorMove } from './textEdit';
import type { ProjectsAction } from './projects';
import type { AuditAction } from './audit';
import type { FieldErrors, ListQuery, Page, ResultClass, SavedView, WriteValues } from '../domain';
import type { AnyRecord, Budget, FlashKind, TabName } from './types';

/** Every change to the deck's state, as a tagged union. */
export type Action =
  // the rate limit, from the pacer (null: nothing worth showing)
  | { type: 'budget'; tab: TabName; budget: Budget | null }
  // the Projects view (src/state/projects.ts)
  | ProjectsAction
  // the Audit view (src/state/audit.ts)
  | AuditAction
  // marks and bulk runs
  | { type: 'mark/toggle' }
  /** `*` toggles (marks all, or clears the marks); `:mark` only marks, `:unmark` only clears. */
  | { type: 'mark/all'; only?: 'mark' | 'clear' }
  | { type: 'mark/set'; seq: number; tab: TabName; ids: readonly number[] }
  | { type: 'mark/failed'; seq: number; message: string }
  | { type: 'bulk/start'; verb: 'rerun' }
  | { type: 'bulk/update'; values: WriteValues; what: string }
  | { type: 'bulk/step'; seq: number; id: number; error?: string; /** A re-run's answer. */ record?: AnyRecord }
  | { type: 'bulk/stop' }
  | { type: 'bulk/ask-stop' }
  | { type: 'bulk/keep-going' }
  | { type: 'bulk/end'; seq: number; notStarted: number; /** Each updated record's fields as they were before (for u). */ before?: readonly { id: number; values: WriteValues }[] }
  /** u, :undo: put back what the last change changed, while its flash shows. */
  | { type: 'undo/start' }
  // tabs
  | { type: 'tab/select'; tab: TabName }
  | { type: 'tab/cycle'; dir: 1 | -1 }
  // cursor (never a request)
  | { type: 'cursor/move'; delta: number }
  | { type: 'cursor/first' }
  | { type: 'cursor/last' }
  // query changes (each one request, or a cache hit)
  | { type: 'page/next' }
  | { type: 'page/prev' }
  | { type: 'page/set'; page: number }
  | { type: 'sort/next' }
  | { type: 'sort/reverse' }
  | { type: 'sort/set'; sortBy?: string; sort?: 'asc' | 'desc' }
  | { type: 'perPage/cycle'; dir: 1 | -1 }
  | { type: 'perPage/set'; perPage: number }
  | { type: 'search/start' }
  | { type: 'search/input'; text: string }
  | { type: 'search/backspace' }
  | { type: 'search/commit' }
  | { type: 'search/cancel' }
  | { type: 'search/set'; text: string }
  | { type: 'filters/clear' }
  /** Watch mode: refresh the current tab's page every `seconds` (watch/tick, from a timer). */
  | { type: 'watch/start'; seconds: number }
  | { type: 'watch/stop' }
  | { type: 'watch/tick'; now: number }
  /** A saved view: its tab, with exactly its query (page 1). */
  | { type: 'view/apply'; name: string; view: SavedView }
  | { type: 'filters/restore' }
  | { type: 'result/cycle' }
  | { type: 'result/set'; result: ResultClass | undefined }
  | { type: 'project/toggle' }
  | { type: 'project/set'; project: string | undefined }
  | { type: 'refresh' }
  // the screen: rows each tab's list shows (page sizes follow unless chosen)
  | { type: 'view/rows'; rows: Record<TabName, number> }
  // list answers
  | { type: 'list/request'; tab: TabName; requestId: number }
  | { type: 'list/loaded'; tab: TabName; requestId: number; page: Page<AnyRecord>; query?: ListQuery }
  | { type: 'list/cached'; tab: TabName; page: Page<AnyRecord> }
  /** Rows from the last session's cache, drawn until the server answers. */
  | { type: 'list/warm'; tab: TabName; page: Page<AnyRecord>; savedAt: number }
  | { type: 'list/failed'; tab: TabName; requestId: number; message: string }
  | { type: 'dist/request'; key: string; requestId: number }
  | { type: 'dist/loaded'; key: string; requestId: number; counts: Record<ResultClass, number> }
  | { type: 'dist/failed'; key: string; requestId: number }
  // modes
  | { type: 'detail/open' }
  | { type: 'detail/close' }
  | { type: 'detail/scroll'; delta: number }
  | { type: 'help/toggle' }
  /** The last messages the flash line showed, with their times (`:messages`, M). */
  | { type: 'messages/toggle' }
  | { type: 'messages/page'; delta: number }
  | { type: 'help/page'; delta: number }
  | { type: 'prompt/open' }
  | { type: 'prompt/input'; text: string }
  | { type: 'prompt/backspace' }
  | { type: 'prompt/set'; text: string; options?: readonly string[]; picked?: number }
  | { type: 'prompt/close' }
  /** ↓/↑ over the words offered: the last word becomes the next (or previous) one. */
  | { type: 'prompt/pick'; delta: number }
  | { type: 'discard/ask'; then: 'close' }
  | { type: 'discard/cancel' }
  // flash
  | { type: 'flash/show'; kind: FlashKind; text: string }
  | { type: 'flash/clear'; id: number }
  // forms
  | { type: 'form/new' }
  | { type: 'form/edit' }
  | { type: 'form/focus'; delta: number }
  | { type: 'form/type'; text: string }
  | { type: 'form/backspace' }
  | { type: 'form/cursor'; move: CursorMove }
  | { type: 'form/clearField' }
  | { type: 'form/choice'; dir: 1 | -1 }
  | { type: 'form/set'; name: string; value: string | number }
  | { type: 'form/submit' }
  | { type: 'form/cancel' }
  | { type: 'form/discard' }
  | { type: 'form/failed'; seq: number; message: string; fields?: FieldErrors }
  | { type: 'form/saved'; seq: number; record: AnyRecord }
  // delete and re-run
  | { type: 'delete/ask' }
  | { type: 'delete/toggle' }
  | { type: 'delete/confirm' }
  | { type: 'delete/cancel' }
  /** The change asked about in confirm-bulk: start it, or drop it. */
  | { type: 'bulk/confirm' }
  | { type: 'bulk/cancel' }
  | { type: 'bulk/toggle' }
  | { type: 'delete/done'; seq: number }
  | { type: 'delete/failed'; seq: number; message: string }
  | { type: 'rerun/start' }
  | { type: 'rerun/done'; seq: number; record: AnyRecord }
  | { type: 'rerun/failed'; seq: number; message: string };

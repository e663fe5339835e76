import type { FieldErrors, ListQuery, Page, RecordOf, ResourceName, ResultClass, WriteValues } from '../domain';
import type { FormState } from './formState';
import type { ProjectsState } from './projects';
import type { AuditState } from './audit';

export type TabName = ResourceName;
export const TABS: readonly TabName[] = ['websites', 'reports'];

export type AnyRecord = RecordOf[TabName];

/** What one tab remembers while the other is shown. */
export interface TabState {
  /** The query the list should show; every change of it is one request (or a cache hit). */
  query: ListQuery;
  /** The last page that arrived for this tab (kept on a failed refresh, then marked stale). */
  data: Page<AnyRecord> | null;
  loading: boolean;
  stale: boolean;
  /**
   * When the rows shown were saved, if they came from the warm-start cache (ms since the epoch);
   * null once the server answered. Cached rows are shown, never edited or deleted.
   */
  cachedAt: number | null;
  error: string | null;
  cursor: number;
  selectedId: number | null;
  /** Id of the request whose answer the tab waits for; older answers are dropped. */
  requestId: number;
  /** Bumped by `r` and by mutations: part of the fetch key, so the cache is bypassed. */
  epoch: number;
  /** The user picked the page size (+, -, :per): it no longer follows the screen's height. */
  perPageChosen: boolean;
  /** A watch refresh of this tab is on its way: its answer is compared with the rows shown. */
  watchPending?: boolean;
  /** The list the rows shown answer (fetchKey at the time); differs from the query's while the list is being replaced. */
  shownKey?: string | null;
  /** The list the request in flight asks for (fetchKey when it was sent). */
  requestedKey?: string | null;
  /** Ids of the rows the last watch refresh found new or changed (highlighted until the next one). */
  changed?: readonly number[];
}

/** `:watch N`: the current tab's page is fetched again every N seconds while the list is shown. */
export interface Watch {
  seconds: number;
  /** When the last watch refresh went out (ms since the epoch), null before the first. */
  lastAt: number | null;
}

/** good/decent/bad totals for the current reports search and project. */
export interface Distribution {
  key: string | null;
  counts: Record<ResultClass, number> | null;
  loading: boolean;
  requestId: number;
}

export type Mode =
  | { kind: 'list' }
  | { kind: 'search'; before: string | undefined }
  | { kind: 'form' }
  /** `ids`: the marked rows, when the delete is of all of them (`name` then says how many). */
  | { kind: 'confirm-delete'; tab: TabName; id: number; name: string; yes: boolean; ids?: readonly number[] }
  /** Unsaved edits: `then` says what a yes does (close the form, or quit the deck). */
  | { kind: 'confirm-discard'; then: 'close' }
  /** Ctrl+C during a run over marked rows: stop it after the request in flight? The run goes on meanwhile. */
  | { kind: 'confirm-stop' }
  | { kind: 'messages'; page: number }
  /** A change to every marked row, asked first (No by default): what, on how many. */
  | { kind: 'confirm-bulk'; tab: TabName; verb: 'rerun' | 'update'; ids: readonly number[]; values?: WriteValues; question: string; /** ←→ chose Yes (No by default). */ yes?: boolean }
  /** `page`: which screenful of the key list is shown (small terminals). */
  | { kind: 'help'; page: number; /** The detail it was opened over: closing goes back to it. */ from?: { kind: 'detail'; scroll: number } }
  /** The `:` line; `options`: what Tab found for its last word, shown until the next key. */
  | { kind: 'prompt'; text: string; options?: readonly string[]; /** The offered word picked with ↓/↑. */ picked?: number }
  | { kind: 'detail'; scroll: number }
  /** The Projects view (tab 3): one row per project, from every report. */
  | { kind: 'projects' }
  /** The Audit view: what to fix first across reports (src/state/audit.ts). */
  | { kind: 'audit' };

export type FlashKind = 'success' | 'error' | 'info';
export interface Flash {
  id: number;
  kind: FlashKind;
  text: string;
}

/** A write the effects layer has to send; `seq` identifies it so it is sent exactly once. */
export type Operation =
  | { seq: number; kind: 'save'; tab: TabName; op: 'create' | 'update'; id?: number; name: string; values: WriteValues; note?: string }
  | { seq: number; kind: 'delete'; tab: TabName; id: number; name: string }
  | { seq: number; kind: 'rerun'; tab: 'reports'; id: number; name: string; before: number | null };

export interface DeckState {
  tab: TabName;
  tabs: Record<TabName, TabState>;
  distribution: Distribution;
  mode: Mode;
  form: FormState | null;
  /** The detail a form was opened from: saving, cancelling or discarding goes back to it. */
  formFrom?: { kind: 'detail'; scroll: number } | null;
  flash: Flash | null;
  /** The write in flight, if any. */
  op: Operation | null;
  readOnly: boolean;
  nextId: number;
  /**
   * Rows each tab's list shows at once, when the deck knows its screen: page sizes then follow it
   * (the smallest allowed size that fills the list). Null: the table defaults stay.
   */
  fitRows: Record<TabName, number> | null;
  /** What the last clear of search and filters took away, for one-key undo. */
  cleared: ClearedFilters | null;
  /** The Projects view: every report folded into one row per project, kept for the session. */
  projects: ProjectsState;
  /** The Audit view, built from the Projects view's read. */
  audit: AuditState;
  /** Each tab's host's request budget, set only while it is worth showing (low, or a wait). */
  budget: Record<TabName, Budget | null>;
  /** Watch mode, when on. */
  watch?: Watch | null;
  /** Marked rows' ids per tab (Space, `*`): what R and d act on when there are any. */
  marked: Record<TabName, readonly number[]>;
  /** `*` asked for every row matching the tab's query (the effects read all pages). */
  markAll: { seq: number; tab: TabName } | null;
  /** A run over the marked rows, one paced request each. */
  bulk: BulkRun | null;
  /** The last change's way back, while its flash shows (u, :undo): each record's fields as they were. */
  undo?: Undo | null;
}

export interface Undo {
  /** The flash that announced the change: undo is offered while it shows. */
  flashId: number;
  tab: TabName;
  items: readonly { id: number; values: WriteValues }[];
}

export interface BulkRun {
  seq: number;
  tab: TabName;
  verb: 'delete' | 'rerun' | 'update';
  /** What an update sends (`:privacy`, `:email` on marked rows). */
  values?: WriteValues;
  /** An undo: what each record gets back (in place of `values`). */
  perId?: Readonly<Record<number, WriteValues>>;
  ids: readonly number[];
  done: number;
  failed: readonly { id: number; reason: string }[];
  /** Ctrl+C: stop after the request in flight. */
  stopping: boolean;
}

/** A host's rate-limit budget as its pacer last saw it. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Requests wait until then (ms since the epoch): the budget is spent, or a 429 is waited out. */
  waitingUntil: number | null;
}

/** The search and filters of one tab, as `c` found them. */
export interface ClearedFilters {
  tab: TabName;
  filters: Pick<ListQuery, 'search' | 'result' | 'project'>;
}

export type { FieldErrors };

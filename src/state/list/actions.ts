import type { ListQuery, Page, ResultClass, SavedView } from '../../domain';
import type { TextOp } from '../textEdit';
import type { AnyRecord, TabName } from '../tabs';
import type { Budget } from './state';

/** What the user asks of a list: each change of its query is one request (or a cache hit). */
type QueryAction =
  // tabs
  | { type: 'tab/select'; tab: TabName }
  | { type: 'tab/cycle'; dir: 1 | -1 }
  // the profile's earlier searches, read once the first requests are on their way (older than this session's)
  | { type: 'searches/kept'; searches: readonly string[] }
  // cursor (never a request)
  | { type: 'cursor/move'; delta: number }
  | { type: 'cursor/first' }
  | { type: 'cursor/last' }
  // query changes
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
  /** An edit of the search being typed at its cursor (a key of the one text field). */
  | { type: 'search/edit'; op: TextOp }
  | { type: 'search/commit' }
  | { type: 'search/cancel' }
  | { type: 'search/set'; text: string }
  /** ↑ (dir 1) or ↓ (-1) while typing a search: an earlier search, or back towards what was typed. */
  | { type: 'search/recall'; dir: 1 | -1 }
  | { type: 'filters/clear' }
  /** A saved view: its tab, with exactly its query (page 1). */
  | { type: 'view/apply'; name: string; view: SavedView }
  | { type: 'result/cycle' }
  | { type: 'result/set'; result: ResultClass | undefined }
  | { type: 'project/toggle' }
  | { type: 'project/set'; project: string | undefined }
  | { type: 'refresh' }
  // the screen: rows each tab's list shows (page sizes follow unless chosen)
  | { type: 'view/rows'; rows: Record<TabName, number> };

/** What arrives for a list: pages, counts, watch ticks, the hosts' budgets. */
type AnswerAction =
  // the rate limit, from the pacer (null: nothing worth showing)
  | { type: 'budget'; tab: TabName; budget: Budget | null }
  /** Watch mode: refresh the current tab's page every `seconds` (watch/tick, from a timer). */
  | { type: 'watch/start'; seconds: number }
  | { type: 'watch/stop' }
  | { type: 'watch/tick'; now: number }
  | { type: 'list/request'; tab: TabName; requestId: number }
  | { type: 'list/loaded'; tab: TabName; requestId: number; page: Page<AnyRecord>; query?: ListQuery }
  | { type: 'list/cached'; tab: TabName; page: Page<AnyRecord> }
  /** Rows from the last session's cache, drawn until the server answers. */
  | { type: 'list/warm'; tab: TabName; page: Page<AnyRecord>; savedAt: number }
  /** `transient`: the host did not answer (down, reset, timeout, 5xx, 429), so asking again later may work. */
  | { type: 'list/failed'; tab: TabName; requestId: number; message: string; transient?: boolean }
  /** The failed list of a tab shown, asked again by itself after its back-off (src/state/autoRefresh.ts). */
  | { type: 'list/retry'; tab: TabName }
  | { type: 'dist/request'; key: string; requestId: number }
  | { type: 'dist/loaded'; key: string; requestId: number; counts: Record<ResultClass, number> }
  | { type: 'dist/failed'; key: string; requestId: number };

export type ListAction = QueryAction | AnswerAction;

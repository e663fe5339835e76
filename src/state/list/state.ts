// The list slice's state: each tab's query and the page that answers it, the Reports distribution,
// watch mode, the hosts' budgets and the screen's rows. Imports no other part of the deck's state.
import { defaultQuery, PER_PAGE_VALUES, resourceDef, type ListQuery, type Page, type ResultClass } from '../../domain';
import type { AnyRecord, TabName } from '../tabs';
import type { RecordId } from '../../domain';

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
  selectedId: RecordId | null;
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
  changed?: readonly RecordId[];
  /** Requests for this tab's list that failed since its last answer: the retry's back-off (src/state/autoRefresh.ts). */
  failedInRow?: number;
  /** The request in flight is the deck's own retry of a failed list, not something the user asked. */
  retrying?: boolean;
  /** A row just created, sought on the pages of the list's sort until the cursor is on it (src/state/list/seek.ts). */
  seek?: Seek | null;
}

/** `:watch N`: the current tab's page is fetched again every N seconds while the list is shown. */
interface Watch {
  seconds: number;
  /** When the last watch refresh went out (ms since the epoch), null before the first. */
  lastAt: number | null;
}

/** good/decent/bad totals for the current reports search and project. */
interface Distribution {
  key: string | null;
  counts: Record<ResultClass, number> | null;
  loading: boolean;
  requestId: number;
}

/** A host's rate-limit budget as its pacer last saw it. */
export interface Budget {
  limit: number;
  remaining: number;
  /** Requests wait until then (ms since the epoch): the budget is spent, or a 429 is waited out. */
  waitingUntil: number | null;
  /** The host's window as learnt from its answers (ms): a long run's time left counts in it. */
  windowMs?: number;
}

export interface ListState {
  tab: TabName;
  tabs: Record<TabName, TabState>;
  distribution: Distribution;
  /**
   * Rows each tab's list shows at once, when the deck knows its screen: page sizes then follow it
   * (the smallest allowed size that fills the list). Null: the table defaults stay.
   */
  fitRows: Record<TabName, number> | null;
  /**
   * The Reports tab's own list while a project's reports (pushed on the Projects tab) take its
   * place in `tabs.reports`, or the project's reports while the Reports tab is shown: whichever is
   * out of view (src/state/nav.ts swaps them). Null when no project's reports are open.
   */
  aside: TabState | null;
  /** Earlier searches, oldest first (`/` then ↑ recalls them; kept per profile: searchHistory.ts). */
  searches: readonly string[];
  /** Each tab's host's request budget, set only while it is worth showing (low, or a wait). */
  budget: Record<TabName, Budget | null>;
  /** Watch mode, when on. */
  watch?: Watch | null;
}

/** The smallest allowed page size that fills `rows` (the largest when none does). */
export function perPageFor(rows: number): number {
  return PER_PAGE_VALUES.find((n) => n >= rows) ?? PER_PAGE_VALUES[PER_PAGE_VALUES.length - 1];
}

function initialTab(tab: TabName, rows: number | undefined): TabState {
  const query = defaultQuery(resourceDef(tab));
  return {
    query: rows === undefined ? query : { ...query, per_page: perPageFor(rows) },
    data: null,
    loading: false,
    stale: false,
    cachedAt: null,
    error: null,
    cursor: 0,
    selectedId: null,
    requestId: 0,
    epoch: 0,
    perPageChosen: false,
  };
}

export function initialList(opts: { tab?: TabName; fitRows?: Record<TabName, number>; searches?: readonly string[] }): ListState {
  return {
    tab: opts.tab ?? 'websites',
    tabs: { websites: initialTab('websites', opts.fitRows?.websites), reports: initialTab('reports', opts.fitRows?.reports) },
    distribution: { key: null, counts: null, loading: false, requestId: 0 },
    aside: null,
    searches: opts.searches ?? [],
    fitRows: opts.fitRows ?? null,
    budget: { websites: null, reports: null },
  };
}

export interface Seek {
  id: RecordId;
  /** The new row's value of the field the list is sorted by. */
  value: unknown;
  /** The way the pages have turned so far (0: not yet). */
  dir: -1 | 0 | 1;
}

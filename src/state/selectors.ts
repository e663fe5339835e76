import { idText } from '../domain';
import { classify, resourceDef, type ListQuery, type Report, type ResultClass } from '../domain';
import { webLink, type WebLink } from '../text/url';
import type { AnyRecord, DeckState, TabName, TabState } from './types';
import type { Budget } from './list/state';
import { fieldsOf } from '../domain';

export function activeTab(state: DeckState): TabState {
  return state.tabs[state.tab];
}

export function items(tab: TabState): readonly AnyRecord[] {
  return tab.data?.items ?? [];
}

export function selectedRecord(state: DeckState, tab: TabName = state.tab): AnyRecord | null {
  const t = state.tabs[tab];
  return items(t)[t.cursor] ?? null;
}

/** The search and filters set on a query, in the order people read them. */
export function activeFilters(query: ListQuery): Pick<ListQuery, 'search' | 'result' | 'project'> {
  const out: Pick<ListQuery, 'search' | 'result' | 'project'> = {};
  if (query.search) out.search = query.search;
  if (query.result) out.result = query.result;
  if (query.project) out.project = query.project;
  return out;
}

/** `search "shop", result good, project a.example.com` */
export function describeFilters(f: Pick<ListQuery, 'search' | 'result' | 'project'>): string {
  return [f.search ? `search "${f.search}"` : '', f.result ? `result ${f.result}` : '', f.project ? `project ${f.project}` : ''].filter(Boolean).join(', ');
}

/** Domain of a website, URL of a report: how a record is named to people. */
export function recordName(tab: TabName, record: AnyRecord): string {
  const v = fieldsOf(record)[resourceDef(tab).nameField];
  return typeof v === 'string' ? v : idText(record.id);
}

/** The query as sent: empty search and unset filters left out. Stable key order for caching. */
export function wireQuery(query: ListQuery): ListQuery {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(query).sort()) {
    const v = (query as Record<string, unknown>)[k];
    if (v === undefined || v === null || v === '') continue;
    out[k] = v;
  }
  return out;
}

/** Keys of queries already seen: a query is never changed once made (a change is a new object), and every store update asks. */
const queryKeys = new WeakMap<ListQuery, string>();

export function queryKey(query: ListQuery): string {
  let key = queryKeys.get(query);
  if (key === undefined) {
    key = JSON.stringify(wireQuery(query));
    queryKeys.set(query, key);
  }
  return key;
}

/** What the list of a tab should show: the query plus the epoch that `r` and writes bump. */
export function fetchKey(tab: TabState): string {
  return `${tab.epoch}|${queryKey(tab.query)}`;
}

/** The reports distribution depends on search and project only (not paging, sort or result). */
export function distributionQuery(state: DeckState): ListQuery {
  const q = state.tabs.reports.query;
  return wireQuery({ search: q.search, search_by: q.search_by, project: q.project });
}

export function distributionKey(state: DeckState): string {
  return `${state.tabs.reports.epoch}|${JSON.stringify(distributionQuery(state))}`;
}

export const RESULT_GLYPHS: Readonly<Record<ResultClass, string>> = { good: '●', decent: '◐', bad: '○' };

export function resultClassOf(report: Report): ResultClass | null {
  return report.result_class ?? (typeof report.result === 'number' ? classify(report.result) : null);
}

/** "● 87": the glyph still says the class, for a column with no room for the word. */
export function compactScoreLabel(score: number | null, cls?: ResultClass | null): string {
  if (score === null || score === undefined) return '—';
  return `${RESULT_GLYPHS[cls ?? classify(score)]} ${score}`;
}

/** "● 87 good": readable without colour. */
export function scoreLabel(score: number | null, cls?: ResultClass | null): string {
  if (score === null || score === undefined) return '— no score';
  const c = cls ?? classify(score);
  return `${RESULT_GLYPHS[c]} ${score} ${c}`;
}

/** `total`: the host's count, null before the first page or when the host sent none to believe (`totalUnknown`). */
export function pageInfo(tab: TabState): { page: number; lastPage: number; total: number | null; totalUnknown: boolean } {
  const meta = tab.data?.meta;
  const unknown = meta?.totalUnknown === true;
  return { page: meta?.page ?? tab.query.page ?? 1, lastPage: meta?.lastPage ?? 1, total: unknown ? null : (meta?.total ?? null), totalUnknown: unknown };
}

/** The rate-limit budget of the tab shown (null: none known yet). */
export function tabBudget(state: DeckState): Budget | null {
  return state.budget[state.tab];
}

/** Whether a search is being typed: any, or the one `on` that view (Projects, the Audit level). */
export function typingSearch(state: DeckState, on?: 'projects' | 'audit'): boolean {
  return state.overlay?.kind === 'search' && (on === undefined || state.overlay.on === on);
}

/** Where the cursor stands in the search being typed (none: at its end). */
export function searchCursor(state: DeckState): number | undefined {
  return state.overlay?.kind === 'search' ? state.overlay.cursor : undefined;
}

/** Whether the help's filter is being typed (its title then shows the text cursor). */
export function typingHelpFilter(state: DeckState): boolean {
  return state.overlay?.kind === 'help' && state.overlay.typing === true;
}

export function isBusy(state: DeckState): boolean {
  return state.tabs.websites.loading || state.tabs.reports.loading || state.distribution.loading || state.op !== null || state.projects.status === 'loading';
}

/**
 * Why the rows on screen are not (yet) the list the tab asks for, or null when they are: a search,
 * filter, sort, page or refresh replaces them, or the request that would have replaced them failed.
 * A key that acts on a row is refused meanwhile, so it never reaches a row of the list that went.
 */
export function listInFlux(tab: TabState): 'changing' | 'failed' | null {
  if (!tab.data || tab.shownKey === undefined) return null;
  if (tab.loading) return 'changing';
  if (tab.shownKey === fetchKey(tab)) return null;
  return tab.error ? 'failed' : 'changing';
}

/** What a part of the query is, in the words a refusal names it by. */
type QueryPart = 'page' | 'page size' | 'sort' | 'search' | 'filter';
const ASKED: Readonly<Record<keyof ListQuery, QueryPart>> = {
  page: 'page',
  per_page: 'page size',
  sort_by: 'sort',
  sort: 'sort',
  search: 'search',
  search_by: 'search',
  result: 'filter',
  project: 'filter',
};

/**
 * What the list that did not come asked beyond the rows shown: the same rows again (`refresh`: `r`,
 * a write's refresh, a retry), or another list, named by what differs from the rows' own query
 * (`page`, `sort`, …; `change` when several parts differ). Null when the rows shown answer the query.
 */
export function unshownAsk(tab: TabState): 'refresh' | 'change' | QueryPart | null {
  const shown = tab.shownKey;
  if (!shown || shown === fetchKey(tab)) return null;
  const query = shown.slice(shown.indexOf('|') + 1);
  if (query === queryKey(tab.query)) return 'refresh';
  const before = JSON.parse(query) as Record<string, unknown>;
  const now = wireQuery(tab.query) as Record<string, unknown>;
  const parts = new Set((Object.keys(ASKED) as (keyof ListQuery)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(now[k])).map((k) => ASKED[k]));
  return parts.size === 1 ? [...parts][0] : 'change';
}

/**
 * The link `y` copies and `o` opens: a website as https://its-domain, a report's URL with https://
 * when stored without a scheme; refused in words when it is not a web link (src/text/url.ts).
 */
export function linkOf(tab: TabName, record: AnyRecord): WebLink {
  return webLink(recordName(tab, record));
}

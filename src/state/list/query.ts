// The list slice's reducer for what the user asks of a list: tabs, cursor, paging, sorting, page
// size, search and filters. Each change of a query is one request (or a cache hit) for the effects.
import { describeView, PER_PAGE_VALUES, RESULT_CLASS_VALUES, resourceDef, sortKeys, type ListQuery, type Report } from '../../domain';
import { activeFilters, activeTab, describeFilters, items, selectedRecord } from '../selectors';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import { TABS, type DeckState } from '../types';
import { switchTo, toBase } from '../nav';
import { recalled, remember } from '../searchHistory';
import { editSearch, searchOp } from '../searchEdit';
import type { Action } from '../actions';
import { closeOverlay, openOverlay } from '../stack';
import { cycle, fitPage, flash, patchTab, setQuery, withCursor } from '../update';
import { perPageFor } from './state';
import { keyRef } from '../../keys/keyRef';

function viewApply(state: DeckState, action: ActionOf<'view/apply'>): DeckState {
  const { name, view } = action;
  // On the view's tab, at its first screen.
  const on: DeckState = toBase(switchTo(state, view.resource));
  // Every parameter the view leaves out goes back to its default.
  const reset = Object.fromEntries(
    Object.keys(activeTab(on).query)
      .filter((k) => k !== 'page')
      .map((k) => [k, undefined]),
  ) as Partial<ListQuery>;
  // A view without a page size keeps the one that fills the screen, unless the user chose one.
  const t = on.tabs[view.resource];
  const fitted = view.query.per_page === undefined && on.fitRows && !t.perPageChosen ? { per_page: perPageFor(on.fitRows[view.resource]) } : {};
  let next = setQuery(on, { ...reset, ...fitted, ...view.query });
  if (view.query.per_page !== undefined) next = patchTab(next, view.resource, { perPageChosen: true });
  return flash(next, 'info', `View ${name}: ${describeView(view)}`);
}

function cursorMove(state: DeckState, action: ActionOf<'cursor/move'>): DeckState {
  const tab = activeTab(state);
  // Past the last row: the next page's first row; before the first: the previous page's last.
  const page = tab.query.page ?? 1;
  const count = items(tab).length;
  if (count && !tab.loading && action.delta > 0 && tab.cursor === count - 1 && page < (tab.data?.meta.lastPage ?? page)) {
    return setQuery(state, { page: page + 1 });
  }
  if (count && !tab.loading && action.delta < 0 && tab.cursor === 0 && page > 1) {
    // Earlier pages are full: their last row is per_page - 1 (clamped when the page arrives).
    const next = setQuery(state, { page: page - 1 });
    return patchTab(next, state.tab, { cursor: (tab.query.per_page ?? PER_PAGE_VALUES[0]) - 1 });
  }
  return patchTab(state, state.tab, withCursor(tab, tab.cursor + action.delta));
}

function cursorFirst(state: DeckState): DeckState {
  const tab = activeTab(state);
  return patchTab(state, state.tab, withCursor(tab, 0));
}

function cursorLast(state: DeckState): DeckState {
  const tab = activeTab(state);
  return patchTab(state, state.tab, withCursor(tab, items(tab).length - 1));
}

function pageNext(state: DeckState): DeckState {
  const tab = activeTab(state);
  const page = tab.query.page ?? 1;
  const last = tab.data?.meta.lastPage ?? page;
  return page < last ? setQuery(state, { page: page + 1 }) : flash(state, 'info', 'Already on the last page');
}

function pagePrev(state: DeckState): DeckState {
  const tab = activeTab(state);
  const page = tab.query.page ?? 1;
  return page > 1 ? setQuery(state, { page: page - 1 }) : flash(state, 'info', 'Already on the first page');
}

function pageSet(state: DeckState, action: ActionOf<'page/set'>): DeckState {
  const tab = activeTab(state);
  const last = tab.data?.meta.lastPage;
  const page = Math.max(1, last ? Math.min(action.page, last) : action.page);
  return setQuery(state, { page });
}

function sortNext(state: DeckState): DeckState {
  const tab = activeTab(state);
  const keys = sortKeys(resourceDef(state.tab));
  return setQuery(state, { sort_by: cycle(keys, tab.query.sort_by ?? keys[0], 1) });
}

function sortReverse(state: DeckState): DeckState {
  const tab = activeTab(state);
  return setQuery(state, { sort: tab.query.sort === 'asc' ? 'desc' : 'asc' });
}

function sortSet(state: DeckState, action: ActionOf<'sort/set'>): DeckState {
  return setQuery(state, { ...(action.sortBy ? { sort_by: action.sortBy } : {}), ...(action.sort ? { sort: action.sort } : {}) });
}

function perPageCycle(state: DeckState, action: ActionOf<'perPage/cycle' | 'perPage/set'>): DeckState {
  const tab = activeTab(state);
  const old = tab.query.per_page ?? PER_PAGE_VALUES[0];
  const next = action.type === 'perPage/set' ? action.perPage : cycle(PER_PAGE_VALUES, old, action.dir);
  // Keep the first row of the current page in view.
  const page = Math.floor((((tab.query.page ?? 1) - 1) * old) / next) + 1;
  return patchTab(setQuery(state, { per_page: next, page }), state.tab, { perPageChosen: true });
}

function viewRows(state: DeckState, action: ActionOf<'view/rows'>): DeckState {
  if (!state.fitRows || TABS.every((t) => state.fitRows![t] === action.rows[t])) return state;
  let next: DeckState = { ...state, fitRows: action.rows };
  for (const t of TABS) if (!next.tabs[t].perPageChosen) next = fitPage(next, t, perPageFor(action.rows[t]));
  return next;
}

function searchStart(state: DeckState): DeckState {
  const tab = activeTab(state);
  return openOverlay(state, { kind: 'search', before: tab.query.search });
}

/** Typed text or a key of the text field, at the search's cursor (the text is the tab's query). */
function searchEdited(state: DeckState, action: Action): DeckState {
  const op = searchOp(action);
  if (!op) return state;
  return editSearch(state, activeTab(state).query.search ?? '', op, (s, text) => setQuery(s, { search: text || undefined }));
}

function searchCommit(state: DeckState): DeckState {
  const tab = activeTab(state);
  return closeOverlay({ ...state, searches: remember(state.searches, tab.query.search) }, 'search');
}

function searchRecall(state: DeckState, action: ActionOf<'search/recall'>): DeckState {
  if (state.overlay?.kind !== 'search') return state;
  // ↑ goes back through earlier searches, ↓ forward again, past the latest to what it was before `/`.
  const back = (state.overlay.recall ?? 0) + action.dir;
  const text = back === 0 ? state.overlay.before : recalled(state.searches, back);
  if (back !== 0 && text === undefined) return state;
  return openOverlay(setQuery(state, { search: text }), { ...state.overlay, recall: back || undefined });
}

function searchCancel(state: DeckState): DeckState {
  // Back out of typing: the search is what it was before `/`.
  return closeOverlay(setQuery(state, { search: state.overlay?.kind === 'search' ? state.overlay.before : undefined }), 'search');
}

function searchSet(state: DeckState, action: ActionOf<'search/set'>): DeckState {
  return setQuery(state, { search: action.text || undefined });
}

function filtersClear(state: DeckState): DeckState {
  const tab = activeTab(state);
  const filters = activeFilters(tab.query);
  const next = setQuery({ ...state, searches: remember(state.searches, tab.query.search) }, { search: undefined, result: undefined, project: undefined });
  if (next === state || !Object.keys(filters).length) return state;
  // u undoes host changes only: a search cleared comes back from the earlier searches.
  return flash(
    next,
    'info',
    `Cleared ${describeFilters(filters)}${filters.search ? ` (${keyRef('search.start')} then ${keyRef('search.older')} brings the search back)` : ''}`,
  );
}

function resultCycle(state: DeckState): DeckState {
  const tab = activeTab(state);
  if (state.tab !== 'reports') return state;
  const options = [undefined, ...RESULT_CLASS_VALUES];
  return setQuery(state, { result: cycle(options, tab.query.result, 1) });
}

function resultSet(state: DeckState, action: ActionOf<'result/set'>): DeckState {
  return state.tab === 'reports' ? setQuery(state, { result: action.result }) : state;
}

function projectToggle(state: DeckState): DeckState {
  const tab = activeTab(state);
  if (state.tab !== 'reports') return state;
  if (tab.query.project) return setQuery(state, { project: undefined });
  const project = (selectedRecord(state) as Report | null)?.project;
  return project ? setQuery(state, { project }) : flash(state, 'info', 'No project on this row; use :project NAME');
}

function projectSet(state: DeckState, action: ActionOf<'project/set'>): DeckState {
  return state.tab === 'reports' ? setQuery(state, { project: action.project }) : state;
}

function refresh(state: DeckState): DeckState {
  const tab = activeTab(state);
  return patchTab(state, state.tab, { epoch: tab.epoch + 1, retrying: false });
}

/** What each of the slice's actions decides. */
export const queryReducer: SliceReducer = byCase({
  'view/apply': viewApply,
  'cursor/move': cursorMove,
  'cursor/first': cursorFirst,
  'cursor/last': cursorLast,
  'page/next': pageNext,
  'page/prev': pagePrev,
  'page/set': pageSet,
  'sort/next': sortNext,
  'sort/reverse': sortReverse,
  'sort/set': sortSet,
  'perPage/cycle': perPageCycle,
  'perPage/set': perPageCycle,
  'view/rows': viewRows,
  'search/start': searchStart,
  'search/input': searchEdited,
  'search/edit': searchEdited,
  'search/commit': searchCommit,
  'search/recall': searchRecall,
  'search/cancel': searchCancel,
  'search/set': searchSet,
  'filters/clear': filtersClear,
  'result/cycle': resultCycle,
  'result/set': resultSet,
  'project/toggle': projectToggle,
  'project/set': projectSet,
  refresh: refresh,
});

// The list slice's reducer for what arrives: pages (from the server, the page cache or the
// warm-start cache), the Reports distribution, watch mode's ticks and the hosts' budgets.
import { changedIds } from '../../domain';
import { activeTab, fetchKey } from '../selectors';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import { TABS, type DeckState, type TabName, type TabState } from '../types';
import { seekStep } from './seek';
import type { Seek } from './state';
import { flash, patchTab, withCursor } from '../update';
import type { Mode } from '../mode';
import { modeOf } from '../stack';

/** Modes a watch refresh may run in: the list and the detail pane, nothing being typed or asked. */
const WATCHABLE = new Set<Mode['kind']>(['list', 'detail']);

/** A list that answers again takes its failure's flash with it (the error would read as current). */
function listRecovered(state: DeckState, tab: TabState): DeckState {
  return state.flash?.kind === 'error' && tab.error !== null && state.flash.text === tab.error ? { ...state, flash: null } : state;
}

function budget(state: DeckState, action: ActionOf<'budget'>): DeckState {
  return { ...state, budget: { ...state.budget, [action.tab]: action.budget } };
}

function watchStart(state: DeckState, action: ActionOf<'watch/start'>): DeckState {
  return flash(
    { ...state, watch: { seconds: action.seconds, lastAt: null } },
    'info',
    `Watching: this tab refreshes every ${action.seconds} s while the list is shown (:watch off stops)`,
  );
}

function watchStop(state: DeckState): DeckState {
  if (!state.watch) return state;
  let next: DeckState = { ...state, watch: null };
  for (const t of TABS) next = patchTab(next, t, { changed: [], watchPending: false });
  return flash(next, 'info', 'Stopped watching');
}

function watchTick(state: DeckState, action: ActionOf<'watch/tick'>): DeckState {
  const tab = activeTab(state);
  // Skipped, not queued: while a form, dialog, prompt or search is open, while a write or a
  // page is on its way, and while the host's budget runs low (the budget shows then).
  if (!state.watch || !WATCHABLE.has(modeOf(state).kind) || state.op || tab.loading || state.budget[state.tab] !== null) return state;
  return patchTab({ ...state, watch: { ...state.watch, lastAt: action.now } }, state.tab, { epoch: tab.epoch + 1, watchPending: true });
}

function listRequest(state: DeckState, action: ActionOf<'list/request'>): DeckState {
  return patchTab(state, action.tab, { requestId: action.requestId, loading: true, requestedKey: fetchKey(state.tabs[action.tab]) });
}

function listLoaded(state: DeckState, action: ActionOf<'list/loaded'>): DeckState {
  const t = state.tabs[action.tab];
  if (action.requestId !== t.requestId) return state; // a superseded answer
  // A watch refresh marks what moved since the rows shown; any other answer marks nothing.
  const changed = t.watchPending ? changedIds(t.data?.items ?? null, action.page.items) : [];
  const loaded: TabState = {
    ...t,
    data: action.page,
    loading: false,
    stale: false,
    cachedAt: null,
    error: null,
    watchPending: false,
    changed,
    shownKey: t.requestedKey ?? fetchKey(t),
    failedInRow: 0,
    retrying: false,
  };
  const at = loaded.selectedId === null ? -1 : action.page.items.findIndex((r) => r.id === loaded.selectedId);
  const recovered = t.retrying ? flash(state, 'info', 'The host answers again: the list is refreshed') : listRecovered(state, t);
  if (t.seek) return seekOn(recovered, action.tab, loaded, action.page.meta.lastPage, t.seek);
  const next = patchTab(recovered, action.tab, { ...loaded, ...withCursor(loaded, at >= 0 ? at : t.cursor) });
  // A page that no longer exists (its last rows were deleted): go to the last one there is.
  const last = Math.max(1, action.page.meta.lastPage);
  if (action.page.items.length === 0 && (t.query.page ?? 1) > last) {
    return patchTab(next, action.tab, { query: { ...t.query, page: last } });
  }
  return next;
}

/** A created row sought: the cursor on it, or the next page its way asked, or said not to be in this list. */
function seekOn(state: DeckState, tab: TabName, loaded: TabState, lastPage: number, seek: Seek): DeckState {
  const step = seekStep(loaded, loaded.data?.items ?? [], lastPage, seek);
  const rest: TabState = { ...loaded, seek: null };
  switch (step.kind) {
    case 'found':
      return patchTab(state, tab, { ...rest, ...withCursor(rest, step.at) });
    case 'turn':
      return patchTab(state, tab, { ...rest, seek: { ...seek, dir: step.dir }, query: { ...loaded.query, page: step.page } });
    case 'lost':
      return flash(
        patchTab(state, tab, { ...rest, ...withCursor(rest, loaded.cursor) }),
        'info',
        'The new row is not on this list’s pages: its search or filters leave it out',
      );
  }
}

function listCached(state: DeckState, action: ActionOf<'list/cached'>): DeckState {
  const t = state.tabs[action.tab];
  // requestId -1: nothing awaited, so any late answer is dropped.
  const loaded: TabState = {
    ...t,
    data: action.page,
    loading: false,
    stale: false,
    cachedAt: null,
    error: null,
    requestId: -1,
    shownKey: fetchKey(t),
    failedInRow: 0,
    retrying: false,
  };
  const at = loaded.selectedId === null ? -1 : action.page.items.findIndex((r) => r.id === loaded.selectedId);
  return patchTab(listRecovered(state, t), action.tab, { ...loaded, ...withCursor(loaded, at >= 0 ? at : t.cursor) });
}

function listWarm(state: DeckState, action: ActionOf<'list/warm'>): DeckState {
  const t = state.tabs[action.tab];
  if (t.data) return state; // the server's answer came first
  const warm: TabState = { ...t, data: action.page, cachedAt: action.savedAt, shownKey: fetchKey(t) };
  return patchTab(state, action.tab, { ...warm, ...withCursor(warm, 0) });
}

function listFailed(state: DeckState, action: ActionOf<'list/failed'>): DeckState {
  const t = state.tabs[action.tab];
  if (action.requestId !== t.requestId) return state;
  const next = patchTab(state, action.tab, {
    loading: false,
    error: action.message,
    stale: t.data !== null,
    failedInRow: action.transient ? (t.failedInRow ?? 0) + 1 : 0,
    retrying: false,
  });
  // The deck's own retry meeting the same failure says nothing new: the status line still says stale.
  return t.retrying && t.error === action.message ? next : flash(next, 'error', action.message);
}

/** The back-off ran out with the failed list still shown: the same list asked again (as `r` asks it). */
function listRetry(state: DeckState, action: ActionOf<'list/retry'>): DeckState {
  const t = state.tabs[action.tab];
  if (state.tab !== action.tab || t.error === null || t.loading || !WATCHABLE.has(modeOf(state).kind)) return state;
  return patchTab(state, action.tab, { epoch: t.epoch + 1, retrying: true });
}

function distRequest(state: DeckState, action: ActionOf<'dist/request'>): DeckState {
  return { ...state, distribution: { ...state.distribution, key: action.key, loading: true, requestId: action.requestId } };
}

function distLoaded(state: DeckState, action: ActionOf<'dist/loaded'>): DeckState {
  if (action.requestId !== state.distribution.requestId) return state;
  return { ...state, distribution: { ...state.distribution, counts: action.counts, loading: false } };
}

function distFailed(state: DeckState, action: ActionOf<'dist/failed'>): DeckState {
  if (action.requestId !== state.distribution.requestId) return state;
  return { ...state, distribution: { ...state.distribution, loading: false } };
}

/** What each of the slice's actions decides. */
export const answersReducer: SliceReducer = byCase({
  budget: budget,
  'watch/start': watchStart,
  'watch/stop': watchStop,
  'watch/tick': watchTick,
  'list/request': listRequest,
  'list/loaded': listLoaded,
  'list/cached': listCached,
  'list/warm': listWarm,
  'list/failed': listFailed,
  'list/retry': listRetry,
  'dist/request': distRequest,
  'dist/loaded': distLoaded,
  'dist/failed': distFailed,
});

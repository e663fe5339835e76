// Marking rows: Space marks the row under the cursor, `*` every row the tab's search and filters
// match (the rows shown at once, the other pages as the effects read them), `*` again clears.
import type { RecordId } from '../../domain';
import { fetchKey, selectedRecord } from '../selectors';
import type { ActionOf } from '../slice';
import type { DeckState, TabName, TabState } from '../types';
import { flash as say } from '../update';
import { ifKeysApply, keyRef, keysThatApply } from '../../keys/keyRef';
import { noun } from './words';

export function setMarked(state: DeckState, tab: TabName, ids: readonly RecordId[]): DeckState {
  return { ...state, marked: { ...state.marked, [tab]: ids } };
}

export function markToggle(state: DeckState): DeckState {
  const record = selectedRecord(state);
  if (!record || state.bulk) return state;
  const list = state.marked[state.tab];
  return setMarked(state, state.tab, list.includes(record.id) ? list.filter((id) => id !== record.id) : [...list, record.id]);
}

/**
 * The rows shown answer the tab's search, filters and sort (another page of the same list, even while
 * the next page is on its way or waits for the rate limit), not a list being replaced.
 */
function shownMatch(t: TabState): boolean {
  if (!t.data || !t.shownKey) return false;
  const page = t.data.meta.page;
  const as = (p: number | undefined) => fetchKey({ ...t, query: { ...t.query, page: p } });
  return t.shownKey === as(page) || (page === 1 && t.shownKey === as(undefined));
}

export function markAll(state: DeckState, action: ActionOf<'mark/all'>): DeckState {
  if (state.bulk) return state;
  const tab = state.tab;
  // Again while the other pages are read (a rate-limit wait may hold it): the read stops and the marks go.
  if (state.markAll?.tab === tab && action.only !== 'mark')
    return say(setMarked({ ...state, markAll: null }, tab, []), 'info', `marks cleared (the read of the other pages for ${keyRef('mark.all')} stopped)`);
  // Again with marks: clear them (one key to mark all and to unmark all).
  const clear = action.only === 'clear' || (action.only === undefined && state.marked[tab].length > 0);
  if (clear) return say(setMarked(state, tab, []), 'info', 'marks cleared');
  // The rows shown match the search and filters: marked at once, without a request (a wait for the
  // rate limit never leaves the key unanswered); the other pages' rows are read and marked as they come.
  const t = state.tabs[tab];
  const shown = shownMatch(t) ? t.data!.items.map((r) => r.id) : [];
  const pages = t.data?.meta.lastPage ?? 1;
  if (shown.length && pages <= 1) return markSet({ ...state, markAll: { seq: -1, tab } }, { type: 'mark/set', seq: -1, tab, ids: shown });
  const started = { ...setMarked(state, tab, [...new Set([...state.marked[tab], ...shown])]), markAll: { seq: state.nextId, tab }, nextId: state.nextId + 1 };
  const rest = t.data ? ` of the ${t.data.meta.total}` : '';
  return say(
    started,
    'info',
    shown.length
      ? `${shown.length} ${noun(tab, shown.length)} shown marked; reading the other pages for the rest${rest} (${keyRef('mark.all')} again stops and clears)…`
      : 'Marking every row that matches…',
    'progress',
  );
}

export function markSet(state: DeckState, action: ActionOf<'mark/set'>): DeckState {
  if (state.markAll?.seq !== action.seq) return state;
  const next = setMarked({ ...state, markAll: null }, action.tab, action.ids);
  return say(
    next,
    'info',
    `${action.ids.length} ${noun(action.tab, action.ids.length)} marked ` +
      `(${ifKeysApply(`${keysThatApply('report.rerun', 'record.delete')} acts on all; `)}${keyRef('mark.all')} clears)`,
  );
}

export function markFailed(state: DeckState, action: ActionOf<'mark/failed'>): DeckState {
  if (state.markAll?.seq !== action.seq) return state;
  return say({ ...state, markAll: null }, 'error', action.message);
}

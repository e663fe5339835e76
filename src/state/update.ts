// Small steps the slices' reducers share; each takes a state and returns a new one.
import { PER_PAGE_VALUES, type ListQuery } from '../domain';
import { activeTab, items } from './selectors';
import { without } from './stack';
import type { AnyRecord, DeckState, FlashKind, TabName, TabState } from './types';

export function flash(state: DeckState, kind: FlashKind, text: string, about?: 'form' | 'progress'): DeckState {
  return { ...state, flash: { id: state.nextId, kind, text, ...(about ? { about } : {}) }, nextId: state.nextId + 1 };
}

export function patchTab(state: DeckState, tab: TabName, patch: Partial<TabState>): DeckState {
  return { ...state, tabs: { ...state.tabs, [tab]: { ...state.tabs[tab], ...patch } } };
}

/** The cursor at `cursor`, kept inside the rows, and the row it selects. */
export function withCursor(tab: TabState, cursor: number): Partial<TabState> {
  const list = items(tab);
  const c = list.length ? Math.max(0, Math.min(cursor, list.length - 1)) : 0;
  return { cursor: c, selectedId: list[c]?.id ?? null };
}

/** A new query for the active tab. Paging, sorting and filtering start at the top of the list. */
export function setQuery(state: DeckState, patch: Partial<ListQuery>, opts: { keepPage?: boolean } = {}): DeckState {
  const tab = activeTab(state);
  const query: ListQuery = { ...tab.query, ...patch };
  if (!opts.keepPage && patch.page === undefined) query.page = 1;
  for (const k of Object.keys(query) as (keyof ListQuery)[]) if (query[k] === undefined || query[k] === '') delete query[k];
  if (JSON.stringify(query) === JSON.stringify(tab.query)) return state;
  return patchTab(state, state.tab, { query, cursor: 0, selectedId: null });
}

/** A tab at a new page size, on the page that holds its selected row, that row still selected. */
export function fitPage(state: DeckState, name: TabName, perPage: number): DeckState {
  const t = state.tabs[name];
  const old = t.query.per_page ?? PER_PAGE_VALUES[0];
  if (old === perPage) return state;
  const index = ((t.query.page ?? 1) - 1) * old + t.cursor;
  const query = { ...t.query, per_page: perPage, page: Math.floor(index / perPage) + 1 };
  return patchTab(state, name, { query, cursor: index % perPage });
}

export function replaceRecord(state: DeckState, tab: TabName, record: AnyRecord): DeckState {
  const t = state.tabs[tab];
  if (!t.data) return state;
  const list = t.data.items.map((r) => (r.id === record.id ? record : r));
  return patchTab(state, tab, { data: { ...t.data, items: list } });
}

/** The form is gone: its screen leaves the stack, which shows what it was opened over. */
export function formClosed(state: DeckState): DeckState {
  // A message about the form (kept input, fields to fix) is no longer true once it is gone.
  const flash = state.flash?.about === 'form' ? null : state.flash;
  return { ...without(state, 'form'), form: null, flash };
}

export const cycle = <T>(list: readonly T[], current: T, dir: number): T => list[(list.indexOf(current) + dir + list.length) % list.length];

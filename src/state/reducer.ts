import { changedIds, defaultQuery, describeView, PER_PAGE_VALUES, RESULT_CLASS_VALUES, resourceDef, sortKeys, type ListQuery, type Report } from '../domain';
import type { Action } from './actions';
import {
  backspace,
  clearField,
  cycleChoice,
  formSubmission,
  moveFieldCursor,
  isDirty,
  moveFocus,
  openForm,
  setFieldValue,
  typeText,
  withErrors,
  type FormState,
} from './formState';
import { valuesBefore } from '../domain/undo';
import { activeFilters, activeTab, describeFilters, fetchKey, items, recordName, scoreLabel, selectedRecord } from './selectors';
import { INITIAL_PROJECTS, projectsReducer } from './projects';
import { auditReducer, INITIAL_AUDIT } from './audit';
import { marks, startBulk } from './marks';
import { TABS, type AnyRecord, type DeckState, type FlashKind, type TabName, type TabState } from './types';

export interface InitOptions {
  readOnly?: boolean;
  tab?: TabName;
  /** Rows each list shows: first pages fill them and page sizes follow later resizes. */
  fitRows?: Record<TabName, number>;
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

export function initialState(opts: InitOptions = {}): DeckState {
  return {
    tab: opts.tab ?? 'websites',
    tabs: { websites: initialTab('websites', opts.fitRows?.websites), reports: initialTab('reports', opts.fitRows?.reports) },
    distribution: { key: null, counts: null, loading: false, requestId: 0 },
    mode: { kind: 'list' },
    form: null,
    flash: null,
    op: null,
    readOnly: opts.readOnly ?? false,
    nextId: 1,
    cleared: null,
    fitRows: opts.fitRows ?? null,
    budget: { websites: null, reports: null },
    projects: INITIAL_PROJECTS,
    audit: INITIAL_AUDIT,
    marked: { websites: [], reports: [] },
    markAll: null,
    bulk: null,
  };
}

// ---- small helpers, each returns a new state ----

/** The detail the user is in, to come back to after a form. */
function fromDetail(state: DeckState): DeckState['formFrom'] {
  return state.mode.kind === 'detail' ? state.mode : null;
}

/** The form is gone: back to the detail it was opened from, else the list. */
function formClosed(state: DeckState): DeckState {
  return { ...state, form: null, mode: state.formFrom ?? { kind: 'list' }, formFrom: null };
}

function flash(state: DeckState, kind: FlashKind, text: string): DeckState {
  return { ...state, flash: { id: state.nextId, kind, text }, nextId: state.nextId + 1 };
}

function patchTab(state: DeckState, tab: TabName, patch: Partial<TabState>): DeckState {
  return { ...state, tabs: { ...state.tabs, [tab]: { ...state.tabs[tab], ...patch } } };
}

function withCursor(tab: TabState, cursor: number): Partial<TabState> {
  const list = items(tab);
  const c = list.length ? Math.max(0, Math.min(cursor, list.length - 1)) : 0;
  return { cursor: c, selectedId: list[c]?.id ?? null };
}

/** A new query for the active tab. Paging, sorting and filtering start at the top of the list. */
/** Modes a watch refresh may run in: the list and the detail pane, nothing being typed or asked. */
const WATCHABLE = new Set<DeckState['mode']['kind']>(['list', 'detail']);

function setQuery(state: DeckState, patch: Partial<ListQuery>, opts: { keepPage?: boolean } = {}): DeckState {
  const tab = activeTab(state);
  const query: ListQuery = { ...tab.query, ...patch };
  if (!opts.keepPage && patch.page === undefined) query.page = 1;
  for (const k of Object.keys(query) as (keyof ListQuery)[]) if (query[k] === undefined || query[k] === '') delete query[k];
  if (JSON.stringify(query) === JSON.stringify(tab.query)) return state;
  return patchTab(state, state.tab, { query, cursor: 0, selectedId: null });
}

// Which keys apply where (tab, read-only, a selected row) is the keymap's to say: it refuses them
// with a reason before any action is dispatched. The reducer keeps only the safety that holds
// however an action arrives: no write is queued in read-only mode, and an action for the other
// tab or for no row changes nothing.

/** The one read-only check of the state: the point where a write would be queued. */
function refusedWrite(state: DeckState): DeckState {
  return flash(state, 'error', 'Read-only: nothing was sent (profile or --read-only)');
}

/** A list that answers again takes its failure's flash with it (the error would read as current). */
function listRecovered(state: DeckState, tab: TabState): DeckState {
  return state.flash?.kind === 'error' && tab.error !== null && state.flash.text === tab.error ? { ...state, flash: null } : state;
}

function busy(state: DeckState): DeckState {
  return flash(state, 'info', 'Wait for the current save to finish');
}

function replaceRecord(state: DeckState, tab: TabName, record: AnyRecord): DeckState {
  const t = state.tabs[tab];
  if (!t.data) return state;
  const list = t.data.items.map((r) => (r.id === record.id ? record : r));
  return patchTab(state, tab, { data: { ...t.data, items: list } });
}

function updateForm(state: DeckState, fn: (f: FormState) => FormState): DeckState {
  if (!state.form || state.mode.kind !== 'form') return state;
  return { ...state, form: fn(state.form) };
}

/** A tab at a new page size, on the page that holds its selected row, that row still selected. */
function fitPage(state: DeckState, name: TabName, perPage: number): DeckState {
  const t = state.tabs[name];
  const old = t.query.per_page ?? PER_PAGE_VALUES[0];
  if (old === perPage) return state;
  const index = ((t.query.page ?? 1) - 1) * old + t.cursor;
  const query = { ...t.query, per_page: perPage, page: Math.floor(index / perPage) + 1 };
  return patchTab(state, name, { query, cursor: index % perPage });
}

const cycle = <T>(list: readonly T[], current: T, dir: number): T => list[(list.indexOf(current) + dir + list.length) % list.length];

// ---- the reducer ----

export function reducer(state: DeckState, action: Action): DeckState {
  return auditReducer(state, action, deckReducer);
}

function deckReducer(state: DeckState, action: Action): DeckState {
  const projects = projectsReducer(state, action, reducer);
  if (projects) return projects;
  const tab = activeTab(state);
  switch (action.type) {
    case 'budget':
      return { ...state, budget: { ...state.budget, [action.tab]: action.budget } };
    case 'mark/toggle':
    case 'mark/all':
    case 'mark/set':
    case 'mark/failed':
    case 'bulk/start':
    case 'bulk/update':
    case 'bulk/step':
    case 'bulk/stop':
    case 'bulk/ask-stop':
    case 'bulk/keep-going':
    case 'bulk/end':
    case 'bulk/confirm':
    case 'bulk/cancel':
    case 'bulk/toggle':
    case 'undo/start':
      return marks(state, action);
    case 'tab/select':
      return state.tab === action.tab ? state : { ...state, tab: action.tab, mode: { kind: 'list' } };
    case 'view/apply': {
      const { name, view } = action;
      const on: DeckState = { ...state, tab: view.resource, mode: { kind: 'list' } };
      // Every parameter the view leaves out goes back to its default.
      const reset = Object.fromEntries(Object.keys(activeTab(on).query).filter((k) => k !== 'page').map((k) => [k, undefined])) as Partial<ListQuery>;
      // A view without a page size keeps the one that fills the screen, unless the user chose one.
      const t = on.tabs[view.resource];
      const fitted = view.query.per_page === undefined && on.fitRows && !t.perPageChosen ? { per_page: perPageFor(on.fitRows[view.resource]) } : {};
      let next = setQuery(on, { ...reset, ...fitted, ...view.query });
      if (view.query.per_page !== undefined) next = patchTab(next, view.resource, { perPageChosen: true });
      return flash(next, 'info', `View ${name}: ${describeView(view)}`);
    }
    case 'tab/cycle':
      return { ...state, tab: cycle(TABS, state.tab, action.dir), mode: { kind: 'list' } };

    case 'cursor/move': {
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
    case 'cursor/first':
      return patchTab(state, state.tab, withCursor(tab, 0));
    case 'cursor/last':
      return patchTab(state, state.tab, withCursor(tab, items(tab).length - 1));

    case 'page/next': {
      const page = tab.query.page ?? 1;
      const last = tab.data?.meta.lastPage ?? page;
      return page < last ? setQuery(state, { page: page + 1 }) : flash(state, 'info', 'Already on the last page');
    }
    case 'page/prev': {
      const page = tab.query.page ?? 1;
      return page > 1 ? setQuery(state, { page: page - 1 }) : flash(state, 'info', 'Already on the first page');
    }
    case 'page/set': {
      const last = tab.data?.meta.lastPage;
      const page = Math.max(1, last ? Math.min(action.page, last) : action.page);
      return setQuery(state, { page });
    }

    case 'sort/next': {
      const keys = sortKeys(resourceDef(state.tab));
      return setQuery(state, { sort_by: cycle(keys, tab.query.sort_by ?? keys[0], 1) });
    }
    case 'sort/reverse':
      return setQuery(state, { sort: tab.query.sort === 'asc' ? 'desc' : 'asc' });
    case 'sort/set':
      return setQuery(state, { ...(action.sortBy ? { sort_by: action.sortBy } : {}), ...(action.sort ? { sort: action.sort } : {}) });

    case 'perPage/cycle':
    case 'perPage/set': {
      const old = tab.query.per_page ?? PER_PAGE_VALUES[0];
      const next = action.type === 'perPage/set' ? action.perPage : cycle(PER_PAGE_VALUES, old, action.dir);
      // Keep the first row of the current page in view.
      const page = Math.floor((((tab.query.page ?? 1) - 1) * old) / next) + 1;
      return patchTab(setQuery(state, { per_page: next, page }), state.tab, { perPageChosen: true });
    }
    case 'view/rows': {
      if (!state.fitRows || TABS.every((t) => state.fitRows![t] === action.rows[t])) return state;
      let next: DeckState = { ...state, fitRows: action.rows };
      for (const t of TABS) if (!next.tabs[t].perPageChosen) next = fitPage(next, t, perPageFor(action.rows[t]));
      return next;
    }

    case 'search/start':
      return { ...state, mode: { kind: 'search', before: tab.query.search } };
    case 'search/input':
      return setQuery(state, { search: (tab.query.search ?? '') + action.text.replace(/[\r\n\t]/g, '') });
    case 'search/backspace': {
      const chars = Array.from(tab.query.search ?? '');
      chars.pop();
      return setQuery(state, { search: chars.join('') || undefined });
    }
    case 'search/commit':
      return { ...state, mode: { kind: 'list' } };
    case 'search/cancel':
      // Back out of typing: the search is what it was before `/`.
      return { ...setQuery(state, { search: state.mode.kind === 'search' ? state.mode.before : undefined }), mode: { kind: 'list' } };
    case 'search/set':
      return setQuery(state, { search: action.text || undefined });

    case 'filters/clear': {
      const filters = activeFilters(tab.query);
      const next = setQuery(state, { search: undefined, result: undefined, project: undefined });
      if (next === state) return state;
      return flash({ ...next, cleared: { tab: state.tab, filters } }, 'info', `Cleared ${describeFilters(filters)} (u brings them back)`);
    }
    case 'filters/restore': {
      const c = state.cleared;
      if (!c) return state;
      const on: DeckState = { ...state, tab: c.tab, mode: { kind: 'list' }, cleared: null };
      return flash(setQuery(on, { search: undefined, result: undefined, project: undefined, ...c.filters }), 'info', `Back: ${describeFilters(c.filters)}`);
    }
    case 'result/cycle': {
      if (state.tab !== 'reports') return state;
      const options = [undefined, ...RESULT_CLASS_VALUES];
      return setQuery(state, { result: cycle(options, tab.query.result, 1) });
    }
    case 'result/set':
      return state.tab === 'reports' ? setQuery(state, { result: action.result }) : state;
    case 'project/toggle': {
      if (state.tab !== 'reports') return state;
      if (tab.query.project) return setQuery(state, { project: undefined });
      const project = (selectedRecord(state) as Report | null)?.project;
      return project ? setQuery(state, { project }) : flash(state, 'info', 'No project on this row; use :project NAME');
    }
    case 'project/set':
      return state.tab === 'reports' ? setQuery(state, { project: action.project }) : state;
    case 'refresh':
      return patchTab(state, state.tab, { epoch: tab.epoch + 1 });

    case 'watch/start':
      return flash({ ...state, watch: { seconds: action.seconds, lastAt: null } }, 'info', `Watching: this tab refreshes every ${action.seconds} s while the list is shown (:watch off stops)`);
    case 'watch/stop': {
      if (!state.watch) return state;
      let next: DeckState = { ...state, watch: null };
      for (const t of TABS) next = patchTab(next, t, { changed: [], watchPending: false });
      return flash(next, 'info', 'Stopped watching');
    }
    case 'watch/tick': {
      // Skipped, not queued: while a form, dialog, prompt or search is open, while a write or a
      // page is on its way, and while the host's budget runs low (the budget shows then).
      if (!state.watch || !WATCHABLE.has(state.mode.kind) || state.op || tab.loading || state.budget[state.tab] !== null) return state;
      return patchTab({ ...state, watch: { ...state.watch, lastAt: action.now } }, state.tab, { epoch: tab.epoch + 1, watchPending: true });
    }

    case 'list/request':
      return patchTab(state, action.tab, { requestId: action.requestId, loading: true, requestedKey: fetchKey(state.tabs[action.tab]) });
    case 'list/loaded': {
      const t = state.tabs[action.tab];
      if (action.requestId !== t.requestId) return state; // a superseded answer
      // A watch refresh marks what moved since the rows shown; any other answer marks nothing.
      const changed = t.watchPending ? changedIds(t.data?.items ?? null, action.page.items) : [];
      const loaded: TabState = { ...t, data: action.page, loading: false, stale: false, cachedAt: null, error: null, watchPending: false, changed, shownKey: t.requestedKey ?? fetchKey(t) };
      const at = loaded.selectedId === null ? -1 : action.page.items.findIndex((r) => r.id === loaded.selectedId);
      const next = patchTab(listRecovered(state, t), action.tab, { ...loaded, ...withCursor(loaded, at >= 0 ? at : t.cursor) });
      // A page that no longer exists (its last rows were deleted): go to the last one there is.
      const last = Math.max(1, action.page.meta.lastPage);
      if (action.page.items.length === 0 && (t.query.page ?? 1) > last) {
        return patchTab(next, action.tab, { query: { ...t.query, page: last } });
      }
      return next;
    }
    case 'list/cached': {
      const t = state.tabs[action.tab];
      // requestId -1: nothing awaited, so any late answer is dropped.
      const loaded: TabState = { ...t, data: action.page, loading: false, stale: false, cachedAt: null, error: null, requestId: -1, shownKey: fetchKey(t) };
      const at = loaded.selectedId === null ? -1 : action.page.items.findIndex((r) => r.id === loaded.selectedId);
      return patchTab(listRecovered(state, t), action.tab, { ...loaded, ...withCursor(loaded, at >= 0 ? at : t.cursor) });
    }
    case 'list/warm': {
      const t = state.tabs[action.tab];
      if (t.data) return state; // the server's answer came first
      const warm: TabState = { ...t, data: action.page, cachedAt: action.savedAt, shownKey: fetchKey(t) };
      return patchTab(state, action.tab, { ...warm, ...withCursor(warm, 0) });
    }
    case 'list/failed': {
      const t = state.tabs[action.tab];
      if (action.requestId !== t.requestId) return state;
      const next = patchTab(state, action.tab, { loading: false, error: action.message, stale: t.data !== null });
      return flash(next, 'error', action.message);
    }
    case 'dist/request':
      return { ...state, distribution: { ...state.distribution, key: action.key, loading: true, requestId: action.requestId } };
    case 'dist/loaded':
      if (action.requestId !== state.distribution.requestId) return state;
      return { ...state, distribution: { ...state.distribution, counts: action.counts, loading: false } };
    case 'dist/failed':
      if (action.requestId !== state.distribution.requestId) return state;
      return { ...state, distribution: { ...state.distribution, loading: false } };

    case 'detail/open':
      return selectedRecord(state) ? { ...state, mode: { kind: 'detail', scroll: 0 } } : state;
    case 'detail/close':
      return state.mode.kind === 'detail' ? { ...state, mode: { kind: 'list' } } : state;
    case 'detail/scroll':
      return state.mode.kind === 'detail'
        ? { ...state, mode: { kind: 'detail', scroll: Math.max(0, state.mode.scroll + action.delta) } }
        : state;
    case 'help/toggle':
      if (state.mode.kind === 'help') return { ...state, mode: state.mode.from ?? { kind: 'list' } };
      return { ...state, mode: { kind: 'help', page: 0, ...(state.mode.kind === 'detail' ? { from: state.mode } : {}) } };
    case 'messages/toggle':
      return { ...state, mode: state.mode.kind === 'messages' ? { kind: 'list' } : { kind: 'messages', page: 0 } };
    case 'messages/page':
      // The view clamps the page to what there is.
      return state.mode.kind === 'messages' ? { ...state, mode: { kind: 'messages', page: Math.max(0, state.mode.page + action.delta) } } : state;
    case 'help/page':
      // The view clamps the page to what there is.
      return state.mode.kind === 'help' ? { ...state, mode: { ...state.mode, page: Math.max(0, state.mode.page + action.delta) } } : state;
    case 'prompt/open':
      return { ...state, mode: { kind: 'prompt', text: '' } };
    case 'prompt/input':
      return state.mode.kind === 'prompt'
        ? { ...state, mode: { kind: 'prompt', text: state.mode.text + action.text.replace(/[\r\n\t]/g, ' ') } }
        : state;
    case 'prompt/backspace': {
      if (state.mode.kind !== 'prompt') return state;
      const chars = Array.from(state.mode.text);
      chars.pop();
      return { ...state, mode: { kind: 'prompt', text: chars.join('') } };
    }
    case 'prompt/set':
      return state.mode.kind === 'prompt'
        ? { ...state, mode: { kind: 'prompt', text: action.text, ...(action.options?.length ? { options: action.options } : {}), ...(action.picked !== undefined ? { picked: action.picked } : {}) } }
        : state;
    case 'prompt/pick': {
      if (state.mode.kind !== 'prompt' || !state.mode.options?.length) return state;
      const { options, picked } = state.mode;
      const i = (((picked ?? (action.delta > 0 ? -1 : 0)) + action.delta) % options.length + options.length) % options.length;
      const words = state.mode.text.split(' ');
      words[words.length - 1] = options[i];
      return { ...state, mode: { kind: 'prompt', text: words.join(' '), options, picked: i } };
    }
    case 'prompt/close':
      return { ...state, mode: { kind: 'list' } };

    case 'flash/show':
      return flash(state, action.kind, action.text);
    case 'flash/clear':
      return state.flash?.id === action.id ? { ...state, flash: null } : state;

    case 'form/new':
      return { ...state, form: openForm(state.tab, 'create', null), mode: { kind: 'form' }, formFrom: fromDetail(state) };
    case 'form/edit': {
      const record = selectedRecord(state);
      if (!record || tab.cachedAt !== null) return state;
      return { ...state, form: openForm(state.tab, 'update', record), mode: { kind: 'form' }, formFrom: fromDetail(state) };
    }
    case 'form/focus':
      return updateForm(state, (f) => moveFocus(f, action.delta));
    case 'form/type':
      return updateForm(state, (f) => typeText(f, action.text));
    case 'form/backspace':
      return updateForm(state, backspace);
    case 'form/cursor':
      return updateForm(state, (f) => moveFieldCursor(f, action.move));
    case 'form/clearField':
      return updateForm(state, clearField);
    case 'form/choice':
      return updateForm(state, (f) => cycleChoice(f, action.dir));
    case 'form/set':
      return updateForm(state, (f) => setFieldValue(f, action.name, action.value));
    case 'form/submit': {
      const form = state.form;
      if (!form || state.mode.kind !== 'form' || form.submitting) return state;
      if (state.readOnly) return refusedWrite(state);
      if (state.op) return busy(state);
      const sub = formSubmission(form);
      if (sub.kind === 'invalid') {
        return flash({ ...state, form: withErrors(form, sub.errors) }, 'error', 'Fix the marked fields, then save again');
      }
      if (sub.kind === 'unchanged') return flash(formClosed(state), 'info', 'Nothing changed');
      const name = form.op === 'create' ? String(sub.values[resourceDef(form.tab).nameField] ?? '') : form.name;
      return {
        ...state,
        form: { ...form, submitting: true, errors: {} },
        op: { seq: state.nextId, kind: 'save', tab: form.tab, op: form.op, id: form.id ?? undefined, name, values: sub.values, ...(sub.note ? { note: sub.note } : {}) },
        nextId: state.nextId + 1,
      };
    }
    case 'form/cancel':
      if (!state.form) return formClosed(state);
      return isDirty(state.form) ? { ...state, mode: { kind: 'confirm-discard', then: 'close' } } : formClosed(state);
    case 'discard/ask':
      return state.form ? { ...state, mode: { kind: 'confirm-discard', then: action.then } } : state;
    case 'discard/cancel':
      return state.mode.kind === 'confirm-discard' ? { ...state, mode: state.form ? { kind: 'form' } : { kind: 'list' } } : state;
    case 'form/discard':
      return formClosed(state);
    case 'form/failed': {
      if (state.op?.seq !== action.seq) return state;
      const next: DeckState = {
        ...state,
        op: null,
        form: state.form ? withErrors(state.form, action.fields ?? {}) : null,
      };
      return flash(next, 'error', action.message);
    }
    case 'form/saved': {
      const op = state.op;
      if (op?.seq !== action.seq || op.kind !== 'save') return state;
      const name = recordName(op.tab, action.record);
      // An edit can be undone while its flash shows: the fields it changed, as the row had them.
      const old = op.op === 'update' ? (state.tabs[op.tab].data?.items.find((r) => r.id === op.id) as unknown as Record<string, unknown> | undefined) : undefined;
      const back = old ? valuesBefore(resourceDef(op.tab), old, op.values) : null;
      let next: DeckState = state.mode.kind === 'form' || state.mode.kind === 'confirm-discard' ? { ...formClosed(state), op: null } : { ...state, op: null, form: null, formFrom: null };
      next = replaceRecord(next, op.tab, action.record);
      const t = next.tabs[op.tab];
      next = patchTab(next, op.tab, { epoch: t.epoch + 1, ...(op.op === 'create' ? { selectedId: action.record.id } : {}) });
      const canUndo = back !== null && Object.keys(back.values).length > 0;
      const lost = back?.lost.length ? ` (${back.lost.join(', ')}: not returned by the host, so u cannot put ${back.lost.length === 1 ? 'it' : 'them'} back)` : '';
      next = flash(next, 'success', `✓ ${op.op === 'create' ? 'created' : 'saved'} ${name}${op.note ? ` (${op.note})` : ''}${canUndo ? ` · u undoes${lost}` : ''}`);
      return canUndo ? { ...next, undo: { flashId: next.flash!.id, tab: op.tab, items: [{ id: op.id!, values: back!.values }] } } : { ...next, undo: null };
    }

    case 'delete/ask': {
      const record = selectedRecord(state);
      if (!record || tab.cachedAt !== null) return state;
      if (state.op || state.bulk) return busy(state);
      const marked = state.marked[state.tab];
      if (marked.length) {
        const def = resourceDef(state.tab);
        const shown = items(tab).filter((r) => marked.includes(r.id)).slice(0, 3).map((r) => recordName(state.tab, r));
        const name = `${marked.length} marked ${marked.length === 1 ? def.singular : def.title.toLowerCase()}${shown.length ? ` (${shown.join(', ')}${marked.length > shown.length ? ', …' : ''})` : ''}`;
        return { ...state, mode: { kind: 'confirm-delete', tab: state.tab, id: marked[0], name, yes: false, ids: marked } };
      }
      return { ...state, mode: { kind: 'confirm-delete', tab: state.tab, id: record.id, name: recordName(state.tab, record), yes: false } };
    }
    case 'delete/toggle':
      return state.mode.kind === 'confirm-delete' ? { ...state, mode: { ...state.mode, yes: !state.mode.yes } } : state;
    case 'delete/cancel':
      return state.mode.kind === 'confirm-delete' ? { ...state, mode: { kind: 'list' } } : state;
    case 'delete/confirm': {
      const m = state.mode;
      if (m.kind !== 'confirm-delete' || state.op || state.bulk) return state;
      if (state.readOnly) return refusedWrite({ ...state, mode: { kind: 'list' } });
      if (m.ids) return startBulk({ ...state, mode: { kind: 'list' } }, m.tab, 'delete', m.ids);
      return {
        ...state,
        mode: { kind: 'list' },
        op: { seq: state.nextId, kind: 'delete', tab: m.tab, id: m.id, name: m.name },
        nextId: state.nextId + 1,
      };
    }
    case 'delete/done': {
      const op = state.op;
      if (op?.seq !== action.seq || op.kind !== 'delete') return state;
      const t = state.tabs[op.tab];
      let next: DeckState = { ...state, op: null };
      if (t.data) {
        const at = t.data.items.findIndex((r) => r.id === op.id);
        const list = t.data.items.filter((r) => r.id !== op.id);
        const meta = { ...t.data.meta, total: Math.max(0, t.data.meta.total - 1) };
        const cursor = at >= 0 && at < t.cursor ? t.cursor - 1 : t.cursor;
        const shrunk: TabState = { ...t, data: { items: list, meta } };
        // The row after the deleted one takes its place; the one before when it was the last.
        next = patchTab(next, op.tab, { data: shrunk.data, ...withCursor(shrunk, cursor), epoch: t.epoch + 1 });
      } else next = patchTab(next, op.tab, { epoch: t.epoch + 1 });
      return flash(next, 'success', `✓ deleted ${op.name}`);
    }
    case 'delete/failed':
      if (state.op?.seq !== action.seq) return state;
      return flash({ ...state, op: null }, 'error', action.message);

    case 'rerun/start': {
      if (state.tab !== 'reports') return state;
      if (state.readOnly) return refusedWrite(state);
      const record = selectedRecord(state) as Report | null;
      if (!record || tab.cachedAt !== null) return state;
      if (state.op) return busy(state);
      const name = recordName('reports', record);
      const next: DeckState = {
        ...state,
        op: { seq: state.nextId, kind: 'rerun', tab: 'reports', id: record.id, name, before: record.result },
        nextId: state.nextId + 1,
      };
      return flash(next, 'info', `Re-running ${name}…`);
    }
    case 'rerun/done': {
      const op = state.op;
      if (op?.seq !== action.seq || op.kind !== 'rerun') return state;
      const r = action.record as Report;
      let next = replaceRecord({ ...state, op: null }, 'reports', r);
      next = patchTab(next, 'reports', { epoch: next.tabs.reports.epoch + 1, selectedId: r.id });
      const was = op.before === null ? '' : ` (was ${op.before})`;
      return flash(next, 'success', `✓ re-ran ${op.name}: ${scoreLabel(r.result, r.result_class)}${was}`);
    }
    case 'rerun/failed':
      if (state.op?.seq !== action.seq) return state;
      return flash({ ...state, op: null }, 'error', action.message);
    default:
      return state; // projects/* are handled above, by projectsReducer
  }
}

// The Projects view's state: every report read once (per_page=100, paced), folded into one row
// per project. Kept for the session; `r` reads again. Rows that arrived are usable while the rest
// is read (the progress says how far it got).
import { PROJECT_SORTS, sortProjects, type ProjectRow, type Report } from '../domain';
import type { ProjectsState } from './projectsState';
import type { Action } from './actions';
import { BASE_LIST, push, setBase, topScreen } from './stack';
import type { AnyRecord, DeckState } from './types';

export { INITIAL_PROJECTS, type ProjectsAction, type ProjectsState } from './projectsState';

const patch = (state: DeckState, p: Partial<ProjectsState>): DeckState => ({ ...state, projects: { ...state.projects, ...p } });

/** Keeps the cursor on the same project when rows are re-sorted or grow. */
function resorted(p: ProjectsState, rows: readonly ProjectRow[], sortBy = p.sortBy, sort = p.sort): Partial<ProjectsState> {
  const name = p.rows[p.cursor]?.project;
  const next = sortProjects(rows, sortBy, sort);
  const at = name === undefined ? -1 : next.findIndex((r) => r.project === name);
  return { rows: next, sortBy, sort, cursor: at >= 0 ? at : Math.min(p.cursor, Math.max(0, next.length - 1)) };
}

/** Starts the read of every report unless it is under way or done (kept for the session). */
export function readProjectsOnce(state: DeckState): DeckState {
  return state.projects.status === 'idle' || state.projects.status === 'failed' ? start(state) : state;
}

function start(state: DeckState): DeckState {
  return patch(state, { status: 'loading', requestId: state.projects.requestId + 1, read: 0, total: null, error: null });
}

/**
 * The projects part of the reducer; null for actions it does not handle. `project/choose` hands
 * over to Reports through `then` (the main reducer), filtered to the chosen project.
 */
export function projectsReducer(state: DeckState, action: Action, then: (s: DeckState, a: Action) => DeckState): DeckState | null {
  const p = state.projects;
  switch (action.type) {
    case 'projects/open':
      // Tab 3: the Projects view is the stack's base.
      return readProjectsOnce(setBase(state, { kind: 'projects' }));
    case 'projects/close':
      // Esc on the Projects tab: the list tab it was opened over becomes the base.
      return topScreen(state).kind === 'projects' ? setBase(state, BASE_LIST) : state;
    case 'projects/refresh':
      return start(state);
    case 'projects/progress':
      if (action.requestId !== p.requestId) return state;
      return patch(state, { ...resorted(p, action.rows), reports: action.reports ?? p.reports, read: action.read, total: action.total, status: action.done ? 'done' : 'loading' });
    case 'projects/failed':
      if (action.requestId !== p.requestId) return state;
      return patch(state, { status: 'failed', error: action.message });
    case 'projects/move':
      return patch(state, { cursor: Math.max(0, Math.min(p.rows.length - 1, p.cursor + action.delta)) });
    case 'projects/first':
      return patch(state, { cursor: 0 });
    case 'projects/last':
      return patch(state, { cursor: Math.max(0, p.rows.length - 1) });
    case 'projects/sort': {
      const i = PROJECT_SORTS.findIndex((s) => s.value === p.sortBy);
      const by = PROJECT_SORTS[(i + 1) % PROJECT_SORTS.length].value;
      return patch(state, resorted(p, p.rows, by, by === 'project' ? 'asc' : 'desc'));
    }
    case 'projects/reverse':
      return patch(state, resorted(p, p.rows, p.sortBy, p.sort === 'asc' ? 'desc' : 'asc'));
    case 'projects/choose': {
      const row = p.rows[p.cursor];
      if (!row) return state;
      // Pushed over the Projects view: Esc comes back to it, this row still selected.
      const onReports = push({ ...state, tab: 'reports' }, BASE_LIST);
      // The project's reports, all of them: a result filter or search left on Reports would hide some.
      const q = onReports.tabs.reports.query;
      const cleared = [q.result ? `result ${q.result}` : null, q.search ? `search "${q.search}"` : null].filter((x): x is string => x !== null);
      let next = then(onReports, { type: 'project/set', project: row.project });
      if (q.result) next = then(next, { type: 'result/set', result: undefined });
      if (q.search) next = then(next, { type: 'search/set', text: '' });
      if (!cleared.length) return next;
      // u brings back the list as it was (search, filters, sort and page).
      next = { ...next, cleared: { seq: next.nextId, tab: 'reports', query: q, after: next.tabs.reports.query } };
      return then(next, { type: 'flash/show', kind: 'info', text: `Reports of ${row.project} (cleared ${cleared.join(' and ')}; u brings them back)` });
    }
    default:
      return null;
  }
}

/** A report's new version (a re-run's answer) in the read every report shares, so the audit shows its new checks. */
export function withReport(state: DeckState, record: AnyRecord | undefined): DeckState {
  if (!record || !('url' in record)) return state;
  const r = record as Report;
  const reports = state.projects.reports;
  const at = reports.findIndex((x) => x.id === r.id);
  if (at < 0) return state;
  return { ...state, projects: { ...state.projects, reports: reports.map((x, i) => (i === at ? r : x)) } };
}

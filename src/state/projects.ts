// The Projects view's state: every report read once (per_page=100, paced), folded into one row
// per project. Kept for the session; `r` reads again. Rows that arrived are usable while the rest
// is read (the progress says how far it got).
import { PROJECT_SORTS, projectOf, sortProjects, type ProjectRow } from '../domain';
import type { ProjectsState } from './projectsState';
import type { Action } from './actions';
import { recalled, remember } from './searchHistory';
import { editSearch, searchOp } from './searchEdit';
import { BASE_LIST, closeOverlay, openOverlay, push, topScreen } from './stack';
import type { AnyRecord, DeckState } from './types';

import { shownProjects } from './projectsState';

/** The pushed list: the Reports list's sort and page size, only this project, from its first page. */
function setProject(then: (s: DeckState, a: Action) => DeckState, state: DeckState, project: string): DeckState {
  const cleared = then(then(state, { type: 'search/set', text: '' }), { type: 'result/set', result: undefined });
  return then(cleared, { type: 'project/set', project });
}

export { INITIAL_PROJECTS, shownProjects, type ProjectsState } from './projectsState';

const patch = (state: DeckState, p: Partial<ProjectsState>): DeckState => ({ ...state, projects: { ...state.projects, ...p } });

/** Keeps the cursor on the same project when rows are re-sorted, grow or are filtered. */
function resorted(p: ProjectsState, rows: readonly ProjectRow[], sortBy = p.sortBy, sort = p.sort, filter = p.filter): Partial<ProjectsState> {
  const name = p.focus ?? shownProjects(p)[p.cursor]?.project;
  const next = sortProjects(rows, sortBy, sort);
  const shown = shownProjects({ rows: next, filter });
  const at = name === undefined ? -1 : shown.findIndex((r) => r.project === name);
  // A project to go to stays wanted until its row is read.
  return {
    rows: next,
    sortBy,
    sort,
    filter,
    cursor: at >= 0 ? at : Math.min(p.cursor, Math.max(0, shown.length - 1)),
    focus: at >= 0 ? null : (p.focus ?? null),
  };
}

/**
 * Projects opened afresh (not the Projects tab as it was left): the cursor on the project of the
 * report selected on Reports, else at the top; never where an earlier visit left it.
 */
export function projectsOpened(state: DeckState, report: AnyRecord | null | undefined): DeckState {
  const project = report && 'url' in report ? projectOf(report) : null;
  const p = { ...state.projects, cursor: 0, focus: project };
  return patch(state, { ...p, ...resorted(p, p.rows) });
}

/** The filter typed on Projects, said: `12 of 53 projects match "shop"`. */
function filtered(state: DeckState, filter: string): DeckState {
  return patch(state, resorted(state.projects, state.projects.rows, state.projects.sortBy, state.projects.sort, filter));
}

/** A search typed (or recalled) on Projects: its rows, the cursor on the first match, as on the lists. */
function typed(state: DeckState, filter: string): DeckState {
  const next = filtered(state, filter);
  return patch(next, { cursor: 0 });
}

/** The Projects view's kept search cleared (Esc): every project again, the selected one still selected. */
export const clearProjectsFilter = (state: DeckState): DeckState => filtered(state, '');

/** Starts the read of every report unless it is under way or done (kept for the session). */
export function readProjectsOnce(state: DeckState): DeckState {
  return state.projects.status === 'idle' || state.projects.status === 'failed' ? start(state) : state;
}

function start(state: DeckState): DeckState {
  return patch(state, { status: 'loading', requestId: state.projects.requestId + 1, read: 0, total: null, error: null });
}

/** `/` on Projects and what is typed there (null: not typing on Projects, the list's search takes it). */
function projectsSearch(state: DeckState, action: Action): DeckState | null {
  const p = state.projects;
  const typing = state.overlay?.kind === 'search' && state.overlay.on === 'projects';
  switch (action.type) {
    case 'search/start':
      // `/` on Projects: its own filter, typed live (the Reports search is the list's).
      return topScreen(state).kind === 'projects' && !state.overlay ? openOverlay(state, { kind: 'search', before: p.filter, on: 'projects' }) : null;
    case 'search/input':
    case 'search/edit':
      return typing ? editSearch(state, p.filter, searchOp(action)!, typed) : null;
    case 'search/recall': {
      if (!typing || state.overlay?.kind !== 'search') return null;
      const back = (state.overlay.recall ?? 0) + action.dir;
      const text = back === 0 ? (state.overlay.before ?? '') : recalled(state.searches, back);
      if (text === undefined) return state;
      return openOverlay(typed(state, text), { ...state.overlay, recall: back || undefined });
    }
    case 'search/commit':
      return typing ? closeOverlay({ ...state, searches: remember(state.searches, p.filter) }) : null;
    case 'search/cancel':
      // Back out of typing: the filter as it was before `/` (a kept one: the next Esc clears it).
      return typing ? closeOverlay(filtered(state, state.overlay?.kind === 'search' ? (state.overlay.before ?? '') : '')) : null;
    default:
      return null;
  }
}

/**
 * The projects part of the reducer; null for actions it does not handle. `project/choose` hands
 * over to Reports through `then` (the main reducer), filtered to the chosen project.
 */
export function projectsReducer(state: DeckState, action: Action, then: (s: DeckState, a: Action) => DeckState): DeckState | null {
  const p = state.projects;
  const shown = shownProjects(p);
  if (action.type.startsWith('search/')) return projectsSearch(state, action);
  switch (action.type) {
    case 'projects/refresh':
      return start(state);
    case 'projects/progress':
      if (action.requestId !== p.requestId) return state;
      return patch(state, {
        ...resorted(p, action.rows),
        reports: action.reports ?? p.reports,
        read: action.read,
        total: action.total,
        status: action.done ? 'done' : 'loading',
      });
    case 'projects/failed':
      if (action.requestId !== p.requestId) return state;
      return patch(state, { status: 'failed', error: action.message });
    case 'projects/move':
      return patch(state, { cursor: Math.max(0, Math.min(shown.length - 1, p.cursor + action.delta)) });
    case 'projects/first':
      return patch(state, { cursor: 0 });
    case 'projects/last':
      return patch(state, { cursor: Math.max(0, shown.length - 1) });
    case 'projects/sort': {
      const i = PROJECT_SORTS.findIndex((s) => s.value === p.sortBy);
      const by = PROJECT_SORTS[(i + 1) % PROJECT_SORTS.length].value;
      return patch(state, resorted(p, p.rows, by, by === 'project' ? 'asc' : 'desc'));
    }
    case 'projects/reverse':
      return patch(state, resorted(p, p.rows, p.sortBy, p.sort === 'asc' ? 'desc' : 'asc'));
    case 'projects/choose': {
      const row = shown[p.cursor];
      if (!row) return state;
      // Pushed over the Projects view, on its tab: Esc comes back to it, this row still selected.
      // The project's reports are a list of their own (all of them: no search or result filter);
      // the Reports tab's own list waits aside, as it was left (src/state/nav.ts).
      const own = state.tabs.reports;
      const onProjects = push({ ...state, tab: 'reports', aside: own }, BASE_LIST);
      return setProject(then, onProjects, row.project);
    }
    default:
      return null;
  }
}

/** A report's new version (a re-run's answer) in the read every report shares, so the audit shows its new checks. */
export function withReport(state: DeckState, record: AnyRecord | undefined): DeckState {
  if (!record || !('url' in record)) return state;
  const r = record;
  const reports = state.projects.reports;
  const at = reports.findIndex((x) => x.id === r.id);
  if (at < 0) return state;
  return { ...state, projects: { ...state.projects, reports: reports.map((x, i) => (i === at ? r : x)) } };
}

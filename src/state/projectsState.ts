// The Projects view's state and actions, apart from its reducer (projects.ts) so that the deck's
// state and action types can name them without importing the reducer.
import type { ProjectRow, ProjectSort, Report, SortDirection } from '../domain';

export interface ProjectsState {
  status: 'idle' | 'loading' | 'done' | 'failed';
  /** The read the effects must make; answers of older reads are dropped. */
  requestId: number;
  read: number;
  total: number | null;
  /** Sorted by sortBy/sort. */
  rows: ProjectRow[];
  /** Every report the read gave (the Audit view is built from them: no second read). */
  reports: readonly Report[];
  error: string | null;
  /** The rows shown: `cursor` is one of them. */
  cursor: number;
  /** The project the cursor goes to once its row is read (Projects opened from a report of it); null: none. */
  focus?: string | null;
  /** `/` on Projects: only the projects whose host name holds it (any case); '' for all. */
  filter: string;
  sortBy: ProjectSort;
  sort: SortDirection;
}

export const INITIAL_PROJECTS: ProjectsState = {
  status: 'idle',
  requestId: 0,
  read: 0,
  total: null,
  rows: [],
  reports: [],
  error: null,
  cursor: 0,
  filter: '',
  sortBy: 'average',
  sort: 'desc',
};

/** The rows the view shows: those whose project holds the filter (any case), in the view's order. */
export function shownProjects(p: Pick<ProjectsState, 'rows' | 'filter'>): readonly ProjectRow[] {
  const f = p.filter.trim().toLowerCase();
  return f ? p.rows.filter((r) => r.project.toLowerCase().includes(f)) : p.rows;
}

export type ProjectsAction =
  | { type: 'projects/open' }
  | { type: 'projects/refresh' }
  | {
      type: 'projects/progress';
      requestId: number;
      read: number;
      total: number | null;
      rows: ProjectRow[];
      /** Every report read so far (kept as they were when left out). */ reports?: readonly Report[];
      done: boolean;
    }
  | { type: 'projects/failed'; requestId: number; message: string }
  | { type: 'projects/move'; delta: number }
  | { type: 'projects/first' }
  | { type: 'projects/last' }
  | { type: 'projects/sort' }
  | { type: 'projects/reverse' }
  | { type: 'projects/choose' };

import { PROJECT_SORTS } from '../../domain';
import { shownProjects, type ProjectsState } from '../../state/projects';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../themes/theme';
import { StatusRow } from './StatusRow';
import { cursorText } from './fields/cursorText';
import { groupDigits } from '../../text/digits';
import { keyWords } from '../keys/keyWords';

export interface ProjectsStatusText {
  /** How far the read got and how many projects it found: cut last. */
  place: string[];
  /** The filter typed on Projects (`shop`, `sh▏op` while typed: the cursor), or ''. */
  search: string;
  /** Why the read stopped (it is partial then). */
  error: string | null;
  sort: string;
}

/** How far the read of every report got, while it goes on or since it stopped; null once done (or not begun). */
export function readProgress(p: ProjectsState): string | null {
  const of = p.total === null ? '…' : groupDigits(p.total);
  if (p.status === 'loading') return `reading reports ${groupDigits(p.read)}/${of}`;
  if (p.status === 'failed') return `stopped after ${groupDigits(p.read)}/${of} reports`;
  return null;
}

/**
 * The Projects view's status: the view reads every report, whatever the Reports tab's search,
 * filters and page, so none of those show here; what does is the read's progress, whether the rows
 * are partial, and the view's own sort.
 */
export function projectsStatusText(p: ProjectsState, typing = false, cursor?: number): ProjectsStatusText {
  // A filter typed on Projects: `12 of 53 projects`, and what was typed.
  const shown = shownProjects(p).length;
  const search = typing ? cursorText(p.filter, cursor) : sanitize(p.filter);
  const projects =
    p.filter || typing
      ? `${groupDigits(shown)} of ${groupDigits(p.rows.length)} project${p.rows.length === 1 ? '' : 's'}`
      : `${groupDigits(p.rows.length)} project${p.rows.length === 1 ? '' : 's'}`;
  const sortName = PROJECT_SORTS.find((s) => s.value === p.sortBy)?.label.toLowerCase() ?? p.sortBy;
  const sort = `sort ${sortName} ${p.sort === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc}`;
  switch (p.status) {
    case 'idle':
      return { place: ['reports not read yet'], search, error: null, sort };
    case 'loading':
      return { place: [readProgress(p)!, `${projects} so far`], search, error: null, sort };
    case 'failed':
      return { place: [readProgress(p)!, `${projects}, partial`], search, error: sanitize(keyWords(p.error ?? 'failed')), sort };
    case 'done':
      return { place: [`${projects} from ${groupDigits(p.read)} reports`], search, error: null, sort };
  }
}

/** The header's second line in the Projects view; the sort or the error give way first, then the search. */
export function ProjectsStatus({
  projects,
  width,
  busy,
  typing = false,
  cursor,
}: {
  projects: ProjectsState;
  width: number;
  busy: boolean;
  /** `/` typed on Projects: the filter being typed. */ typing?: boolean;
  /** Where the cursor stands in it; none: at its end. */ cursor?: number;
}) {
  const theme = useTheme();
  const t = projectsStatusText(projects, typing, cursor);
  const gap = width >= 120 ? '   ' : '  ';
  return (
    <StatusRow
      place={` ${t.place.join(' · ')}`}
      search={t.search}
      typing={typing}
      placeColor={t.error ? theme.danger : undefined}
      rest={`${gap}${t.error ?? t.sort}`}
      restColor={t.error ? theme.danger : undefined}
      width={width}
      busy={busy}
    />
  );
}

import { Box, Text } from 'ink';
import { PROJECT_SORTS } from '../../domain';
import type { ProjectsState } from '../../state/projects';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../theme';
import { Spinner } from './Spinner';

export interface ProjectsStatusText {
  /** How far the read got and how many projects it found: never cut. */
  place: string[];
  /** Why the read stopped (it is partial then). */
  error: string | null;
  sort: string;
}

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The Projects view's status: the view reads every report, whatever the Reports tab's search,
 * filters and page, so none of those show here; what does is the read's progress, whether the rows
 * are partial, and the view's own sort.
 */
export function projectsStatusText(p: ProjectsState): ProjectsStatusText {
  const of = p.total === null ? '…' : n(p.total);
  const projects = `${n(p.rows.length)} project${p.rows.length === 1 ? '' : 's'}`;
  const sort = `sort ${PROJECT_SORTS.find((s) => s.value === p.sortBy)?.label.toLowerCase() ?? p.sortBy} ${p.sort === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc}`;
  switch (p.status) {
    case 'idle':
      return { place: ['reports not read yet'], error: null, sort };
    case 'loading':
      return { place: [`reading reports ${n(p.read)}/${of}`, `${projects} so far`], error: null, sort };
    case 'failed':
      return { place: [`stopped after ${n(p.read)}/${of} reports`, `${projects}, partial`], error: sanitize(p.error ?? 'failed'), sort };
    case 'done':
      return { place: [`${projects} from ${n(p.read)} reports`], error: null, sort };
  }
}

/** The header's second line in the Projects view; the progress stays whole, the sort or the error give way. */
export function ProjectsStatus({ projects, width, busy }: { projects: ProjectsState; width: number; busy: boolean }) {
  const theme = useTheme();
  const t = projectsStatusText(projects);
  const gap = width >= 120 ? '   ' : '  ';
  return (
    <Box width={width}>
      <Box flexShrink={0}>
        <Text color={t.error ? theme.danger : undefined}>{` ${t.place.join(' · ')}`}</Text>
      </Box>
      <Box flexShrink={1} flexGrow={1} overflowY="hidden">
        <Text wrap="truncate" color={t.error ? theme.danger : undefined}>
          {gap}
          {t.error ?? t.sort}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        {busy ? <Spinner /> : <Text> </Text>}
      </Box>
    </Box>
  );
}

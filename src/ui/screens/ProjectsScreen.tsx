import { maxOf } from '../../text/bounded';
import { useReportDrawn } from '../layout/useDrawn';
import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { classify, RESULT_CLASS_VALUES, type ProjectRow } from '../../domain';
import { shownProjects, type ProjectsState } from '../../state/projects';
import { RESULT_GLYPHS } from '../../state/selectors';
import { proportionalCells } from '../../text/proportion';
import { sanitize } from '../../text/sanitize';
import { projectRepeatsHost, shortUrl, urlPath } from '../../text/url';
import { useMemo } from 'react';
import { makeProjectTrends } from '../words/projectTrend';
import { useHistory } from '../hooks/useHistory';
import { useRowWindow } from '../layout/useRowWindow';
import { fit, shortAge, shortDate } from '../words/text';
import { GLYPHS, useTheme } from '../themes/theme';
import { noProjectsText } from '../spoken/projects';

interface Col {
  key: 'project' | 'reports' | 'average' | 'trend' | 'lowest' | 'highest' | 'mix' | 'worst' | 'last';
  header: string;
  width: number;
  align?: 'right';
  cell: (r: ProjectRow, width: number) => string;
}

/** What the table gives up, in order, as the terminal narrows. */
interface Plan {
  /** REPORTS as RPTS, a shorter mix bar under G/D/B. */
  compact: boolean;
  /** The last analysis as a date, as its age (`3d`), or not at all. */
  last: 'date' | 'age' | null;
  worst: boolean;
  /** The least the worst page may get in this plan. */
  worstMin: number;
}

const PLANS: readonly Plan[] = [
  { compact: false, last: 'date', worst: true, worstMin: 24 },
  { compact: false, last: 'age', worst: true, worstMin: 16 },
  { compact: true, last: 'age', worst: true, worstMin: 16 },
  { compact: true, last: null, worst: true, worstMin: 16 },
  { compact: true, last: null, worst: false, worstMin: 0 },
];

const NO_TRENDS: ReadonlyMap<string, string> = new Map();
const PROJECT_MIN = 14;
const PROJECT_MAX = 28;
const WORST_MAX = 60;
/** A score with its glyph: `● 100`. */
const SCORE = 5;

/** The glyph, then the number right-aligned in the column (`●   6` under `● 100`). */
const score = (n: number | null) => (n === null ? '—' : `${RESULT_GLYPHS[classify(n)]} ${String(n).padStart(SCORE - 2)}`);
const used = (cols: readonly Col[]) => 2 + cols.reduce((n, c) => n + c.width + 1, 0) - 1;

/** The worst page: its path when it is on the project's host (the row already names it), and its score. */
function worstCell(r: ProjectRow, width: number): string {
  if (!r.worst) return '—';
  const url = sanitize(r.worst.url);
  const result = ` ${r.worst.result}`;
  const room = width - result.length;
  return (projectRepeatsHost(url, r.project) ? shortUrl(urlPath(url), room) : shortUrl(url, room)) + result;
}

/**
 * The columns that fit `width`, every one while it can: the date of the last analysis becomes its
 * age, REPORTS and the mix narrow, then the last analysis and the worst page go. The project
 * column is as wide as the longest name (within bounds), cut in its middle like a URL; the worst
 * page gets the rest. `now` dates the ages.
 */
export function projectColumns(width: number, rows: readonly ProjectRow[] = [], now = Date.now(), trends: ReadonlyMap<string, string> = NO_TRENDS): Col[] {
  // The average's trend (from the score history) shows where the whole table fits with it; it goes first.
  if (trends.size) {
    const trendWidth = maxOf(
      [...trends.values()].map((t) => stringWidth(t)),
      'TREND'.length,
    );
    const trend: Col = { key: 'trend', header: 'TREND', width: trendWidth, cell: (r) => trends.get(r.project) ?? '' };
    const full = projectColumns(width - trendWidth - 1, rows, now);
    if (full.some((c) => c.key === 'last' && c.header === 'LAST ANALYSIS')) {
      const at = full.findIndex((c) => c.key === 'average') + 1;
      return [...full.slice(0, at), trend, ...full.slice(at)];
    }
  }
  // Names and counts are measured on every row read (not the rows in view), so scrolling moves nothing.
  const longest = rows.reduce((n, r) => Math.max(n, stringWidth(sanitize(r.project))), 'PROJECT'.length);
  const counts = rows.reduce((n, r) => Math.max(n, countsText(r).length), '0/0/0'.length);
  const project = (w: number): Col => ({ key: 'project', header: 'PROJECT', width: w, cell: (r, cw) => shortUrl(sanitize(r.project), cw) });
  for (const plan of PLANS) {
    const mix = plan.compact ? 4 : 8;
    const mixHeader = plan.compact ? 'G/D/B' : 'GOOD/DEC/BAD';
    const cols: Col[] = [
      { key: 'reports', header: plan.compact ? 'RPTS' : 'REPORTS', width: plan.compact ? 5 : 7, align: 'right', cell: (r) => String(r.reports) },
      { key: 'average', header: 'AVG', width: SCORE, cell: (r) => score(r.average) },
      { key: 'lowest', header: 'LOW', width: SCORE, cell: (r) => score(r.lowest) },
      { key: 'highest', header: 'HIGH', width: SCORE, cell: (r) => score(r.highest) },
      { key: 'mix', header: mixHeader, width: Math.max(mixHeader.length, mix + 1 + counts), cell: (r) => mixCell(r, mix) },
    ];
    const last: Col[] =
      plan.last === 'date'
        ? [{ key: 'last', header: 'LAST ANALYSIS', width: 16, cell: (r) => shortDate(r.last_generated_at) }]
        : plan.last === 'age'
          ? [{ key: 'last', header: 'LAST', width: 4, align: 'right', cell: (r) => shortAge(r.last_generated_at, now) }]
          : [];
    // What the project and the worst page share, their separating spaces taken out.
    const room = width - used([...cols, ...last]) - 1 - (plan.worst ? 1 : 0);
    if (!plan.worst) return [project(Math.max(PROJECT_MIN, room)), ...cols];
    // Long headers and the whole date only while the names stay whole: a cut name costs more.
    const projectMin = plan.compact ? PROJECT_MIN : Math.max(PROJECT_MIN, Math.min(longest, PROJECT_MAX));
    if (room < projectMin + plan.worstMin) continue;
    const pw = Math.max(PROJECT_MIN, Math.min(longest, PROJECT_MAX, room - plan.worstMin));
    const ww = Math.min(WORST_MAX, room - pw);
    return [project(pw), ...cols, { key: 'worst', header: 'WORST PAGE', width: ww, cell: worstCell }, ...last];
  }
  return [];
}

/** `██▓▓▓░░░ 12/5/3`: one glyph per class, so the mix reads without colour. */
function mixCell(r: ProjectRow, bar: number): string {
  const cells = proportionalCells(
    RESULT_CLASS_VALUES.map((c) => r.mix[c]),
    bar,
  );
  return (
    RESULT_CLASS_VALUES.map((c, i) => GLYPHS.classBar[c].repeat(cells[i]))
      .join('')
      .padEnd(bar) +
    ' ' +
    countsText(r)
  );
}

/** `12/5/3`: good, decent, bad. */
function countsText(r: ProjectRow): string {
  return RESULT_CLASS_VALUES.map((c) => r.mix[c]).join('/');
}

/** One row per project: its reports, average (and its trend, with history), lowest and highest score, mix, worst page, last analysis. */
export function ProjectsScreen({ projects: p, width, height }: { projects: ProjectsState; width: number; height: number }) {
  const theme = useTheme();
  const history = useHistory();
  const trendsOf = useMemo(makeProjectTrends, []);
  const trends = trendsOf(p.reports, (id) => history.analyses(id), history.version());
  const rows = shownProjects(p);
  const cols = projectColumns(width, rows, Date.now(), trends);
  const { start, visible } = useRowWindow(rows, p.cursor, Math.max(1, height - 1));
  // PgDn and Ctrl+D move by the rows shown (src/ui/keys/pager.ts).
  useReportDrawn({ projectsRows: Math.max(1, height - 1) });
  const header = '  ' + cols.map((c) => fit(c.header, c.width, c.align === 'right' ? 'right' : 'left')).join(' ');
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate" bold color={theme.muted}>
        {header}
      </Text>
      {visible.length === 0 ? (
        <Text color={theme.muted}>{`  ${noProjectsText(p)}`}</Text>
      ) : (
        visible.map((r, i) => {
          const selected = start + i === p.cursor;
          const cls = r.average === null ? null : classify(r.average);
          return (
            <Text key={i} wrap="truncate" inverse={selected} bold={selected}>
              {selected ? `${GLYPHS.selected} ` : '  '}
              {cols.map((c, k) => {
                const text = fit(c.cell(r, c.width), c.width, c.align === 'right' ? 'right' : 'left') + (k === cols.length - 1 ? '' : ' ');
                return (
                  <Text key={c.key} color={c.key === 'average' && cls ? theme.result[cls] : undefined}>
                    {text}
                  </Text>
                );
              })}
            </Text>
          );
        })
      )}
    </Box>
  );
}

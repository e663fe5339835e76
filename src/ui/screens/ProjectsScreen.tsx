import { Box, Text } from 'ink';
import { useRef } from 'react';
import { classify, PROJECT_SORTS, RESULT_CLASS_VALUES, type ProjectRow } from '../../domain';
import type { ProjectsState } from '../../state/projects';
import { RESULT_GLYPHS } from '../../state/selectors';
import { proportionalCells } from '../../text/proportion';
import { sanitize } from '../../text/sanitize';
import { shortUrl } from '../../text/url';
import { windowStart } from '../components/List';
import { fit, shortDate } from '../text';
import { GLYPHS, useTheme } from '../theme';

const MIX = 8;

interface Col {
  header: string;
  width: number;
  align?: 'right';
  cell: (r: ProjectRow, width: number) => string;
}

const score = (n: number | null) => (n === null ? '—' : `${RESULT_GLYPHS[classify(n)]} ${n}`);

/** The columns that fit `width`: the worst page and the last analysis go first on a narrow screen. */
export function projectColumns(width: number): Col[] {
  const fixed: Col[] = [
    { header: 'REPORTS', width: 7, align: 'right', cell: (r) => String(r.reports) },
    { header: 'AVG', width: 5, cell: (r) => score(r.average) },
    { header: 'LOW', width: 5, cell: (r) => score(r.lowest) },
    { header: 'HIGH', width: 5, cell: (r) => score(r.highest) },
    { header: 'GOOD/DEC/BAD', width: MIX + 9, cell: (r) => mixCell(r) },
  ];
  const last: Col = { header: 'LAST ANALYSIS', width: 16, cell: (r) => shortDate(r.last_generated_at) };
  const used = (cols: Col[]) => 2 + cols.reduce((n, c) => n + c.width + 1, 0);
  const project = (w: number): Col => ({ header: 'PROJECT', width: w, cell: (r, cw) => fit(sanitize(r.project), cw) });
  let cols = [...fixed];
  if (width - used([...cols, last]) >= 18) cols = [...cols, last];
  const room = width - used(cols);
  if (room >= 18 + 1 + 20) {
    const pw = Math.min(28, room - 21);
    const ww = Math.min(60, room - pw - 1);
    return [project(pw), ...cols.slice(0, 5), { header: 'WORST PAGE', width: ww, cell: (r, cw) => (r.worst ? `${shortUrl(sanitize(r.worst.url), cw - 4)} ${r.worst.result}` : '—') }, ...cols.slice(5)];
  }
  return [project(Math.max(8, room)), ...cols];
}

/** `██▓▓▓░░░ 12/5/3`: one glyph per class, so the mix reads without colour. */
function mixCell(r: ProjectRow): string {
  const counts = RESULT_CLASS_VALUES.map((c) => r.mix[c]);
  const cells = proportionalCells(counts, MIX);
  return RESULT_CLASS_VALUES.map((c, i) => GLYPHS.classBar[c].repeat(cells[i])).join('').padEnd(MIX) + ' ' + counts.join('/');
}

function statusText(p: ProjectsState): string {
  const sort = `sort ${PROJECT_SORTS.find((s) => s.value === p.sortBy)?.label.toLowerCase() ?? p.sortBy} ${p.sort === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc}`;
  const of = p.total === null ? '…' : p.total.toLocaleString('en-US');
  if (p.status === 'loading') return `reading reports ${p.read.toLocaleString('en-US')}/${of} · ${p.rows.length} projects so far · ${sort}`;
  if (p.status === 'failed') return `stopped after ${p.read.toLocaleString('en-US')}/${of} reports: ${p.error ?? 'failed'}`;
  return `${p.rows.length} projects from ${p.read.toLocaleString('en-US')} reports · ${sort} · Enter opens its reports · r reads again`;
}

/** One row per project: its reports, average, lowest and highest score, mix, worst page, last analysis. */
export function ProjectsScreen({ projects: p, width, height }: { projects: ProjectsState; width: number; height: number }) {
  const theme = useTheme();
  const cols = projectColumns(width);
  const start = useRef(0);
  const rows = Math.max(1, height - 2);
  start.current = windowStart(start.current, p.cursor, rows, p.rows.length);
  const visible = p.rows.slice(start.current, start.current + rows);
  const header = '  ' + cols.map((c) => fit(c.header, c.width, c.align === 'right' ? 'right' : 'left')).join(' ');
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate" color={p.status === 'failed' ? theme.danger : theme.muted}>
        {' '}
        {sanitize(statusText(p))}
      </Text>
      <Text wrap="truncate" bold color={theme.muted}>
        {header}
      </Text>
      {visible.length === 0 ? (
        <Text color={theme.muted}>{p.status === 'loading' ? '  Reading reports…' : '  No reports yet'}</Text>
      ) : (
        visible.map((r, i) => {
          const selected = start.current + i === p.cursor;
          const cls = r.average === null ? null : classify(r.average);
          return (
            <Text key={i} wrap="truncate" inverse={selected} bold={selected}>
              {selected ? `${GLYPHS.selected} ` : '  '}
              {cols.map((c, k) => {
                const text = fit(c.cell(r, c.width), c.width, c.align === 'right' ? 'right' : 'left') + (k === cols.length - 1 ? '' : ' ');
                return (
                  <Text key={c.header} color={c.header === 'AVG' && cls ? theme.result[cls] : undefined}>
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

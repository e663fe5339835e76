import { Box, Text } from 'ink';
import { memo } from 'react';
import type { Report } from '../../domain';
import type { AnyRecord, TabName } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { fitColumns, headerLine, MARKER, projectRepeats, scoreCells, type Column, type ScoreCells } from '../words/columns';
import { rowLine } from '../words/rowLine';
import { useReportDrawn } from '../layout/useDrawn';
import { useTheme } from '../themes/theme';
import { useHistory } from '../hooks/useHistory';
import { useRowWindow } from '../layout/useRowWindow';
import type { RecordId } from '../../domain';

interface RowProps {
  /** null: a slot kept while the first page loads, showing `note` (see List). */
  record: AnyRecord | null;
  note?: string;
  noteColor?: string;
  columns: Column[];
  selected: boolean;
  /** Marked for a bulk action (Space, `*`). */
  marked?: boolean;
  /** The search in force: a URL cut keeps its match in view. */
  search?: string;
  /** Score change since the previous analysis sitedeck saw (reports). */
  change?: number | null;
  /** New or changed in the last watch refresh: a glyph in the gutter, in bold. */
  changed?: boolean;
  /** The score column's numbers right-aligned to this many digits. */
  digits?: number;
}

/** One row; memoised so a cursor move re-renders only the two rows whose selection changed. */
const Row = memo(function Row({ record, note, noteColor, columns, selected, marked = false, search, change = null, changed = false, digits = 0 }: RowProps) {
  const theme = useTheme();
  if (record === null) {
    return (
      <Text wrap="truncate" color={noteColor}>
        {note ? `  ${note}` : ''}
      </Text>
    );
  }
  return (
    <Text wrap="truncate" inverse={selected} bold={selected || changed}>
      {rowLine(record, columns, { selected, marked, changed, search, change, digits }, theme)}
    </Text>
  );
});

/** Screen columns (1-based, end excluded) of each column, after the gutter, one space apart. */
function columnSpans(columns: readonly Column[]): { field: string; from: number; to: number }[] {
  let x = MARKER + 1;
  return columns.map((c) => {
    const from = x;
    x += c.width + 1;
    return { field: c.field.name, from, to: from + c.width };
  });
}

export interface ListProps {
  tab: TabName;
  records: readonly AnyRecord[];
  cursor: number;
  width: number;
  /** Lines for the header and the rows together. */
  height: number;
  loading: boolean;
  error: string | null;
  emptyText: string;
  search?: string;
  /** The project filter in force (the project column is dropped then). */
  project?: string;
  /** Ids the last watch refresh found new or changed. */
  changed?: readonly RecordId[];
  /** Ids of the marked rows. */
  marked?: readonly RecordId[];
  /** Screen line of the first row when this is the list in view: the mouse finds rows by it. */
  firstRowLine?: number;
  /** The sort in force (field and direction): its column's header wears the direction. */
  sortBy?: string;
  sortDir?: 'asc' | 'desc';
}

const NONE: readonly RecordId[] = [];

export function List({
  tab,
  records,
  cursor,
  width,
  height,
  loading,
  error,
  emptyText,
  search,
  project,
  changed = NONE,
  marked = NONE,
  firstRowLine,
  sortBy,
  sortDir,
}: ListProps) {
  const theme = useTheme();
  const history = useHistory();
  const rows = Math.max(1, height - 1);
  const { start, visible } = useRowWindow(records, cursor, rows);
  // The score column is as wide as the scores on screen need: the URL gets the rest.
  const score = tab === 'reports' ? scoreCells(visible, (r) => history.change(r)) : undefined;
  const columns = useColumns(tab, width, tab === 'reports' && projectRepeats(records, project), score);
  // Where a click finds its row: reported once drawn (the window moves only here).
  useReportDrawn({ list: { tab, top: firstRowLine ?? 0, start, rows, width, columns: columnSpans(columns) } }, firstRowLine !== undefined);
  const header = headerLine(columns, sortBy ? { by: sortBy, dir: sortDir ?? 'desc' } : undefined);
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text wrap="truncate" bold color={theme.muted}>
        {header}
      </Text>
      {visible.length === 0 ? (
        error && !loading ? (
          // Nothing to show but the reason: the whole message, wrapped, not just the flash's one line.
          <Box paddingX={2}>
            <Text wrap="wrap" color={theme.danger}>
              {sanitize(error)}
            </Text>
          </Box>
        ) : loading ? (
          // The first page's rows, kept as empty slots while it loads: its answer then fills rows
          // that exist (as a page turn does) instead of building every row of the list at once.
          Array.from({ length: rows }, (_, i) => (
            <Row key={i} record={null} note={i === 0 ? 'Loading…' : undefined} noteColor={theme.muted} columns={columns} selected={false} />
          ))
        ) : (
          <Text wrap="truncate" color={theme.muted}>
            {'  '}
            {emptyText}
          </Text>
        )
      ) : (
        // Keyed by slot: a page or tab change updates the same rows in place instead of rebuilding them.
        visible.map((r, i) => (
          <Row
            key={i}
            record={r}
            columns={columns}
            selected={start + i === cursor}
            marked={marked.includes(r.id)}
            search={search}
            change={tab === 'reports' ? history.change(r as Report) : null}
            changed={changed.includes(r.id)}
            digits={score?.digits ?? 0}
          />
        ))
      )}
    </Box>
  );
}

// Column fitting only changes with the tab or the width; keep the same array so rows stay memoised.
const columnCache = new Map<string, Column[]>();
function useColumns(tab: TabName, width: number, dropProject: boolean, score?: ScoreCells): Column[] {
  const key = `${tab}:${width}:${dropProject}:${score ? `${score.full}/${score.compact}` : ''}`;
  let cols = columnCache.get(key);
  if (!cols) {
    cols = fitColumns(tab, width, { dropProject, score });
    columnCache.set(key, cols);
  }
  return cols;
}

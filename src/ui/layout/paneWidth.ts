// How the list and the detail pane share the width side by side: the pane takes what its content
// needs (the longest line of the rows' details, a check's reason whole where it can), up to about
// half the screen, and gives it back when the list's columns need it (a URL whole as at 80 columns); never less than
// the layout's least (computeLayout). Measured on the page's rows, not the one selected, so the
// columns stay put as the cursor moves.
import stringWidth from 'string-width';
import { maxOf } from '../../text/bounded';
import type { AnyRecord, TabName } from '../../state/types';
import { cellText, fitColumns, MARKER, projectRepeats, scoreCells } from '../words/columns';
import { detailLines, layoutDetail } from '../words/detailLines';
import { resourceDef } from '../../domain';

/** The pane's least, as computeLayout gives it (src/ui/layout/layout.ts). */
const PANE_MIN = 38;
/** The width whose name column the list keeps beside the pane: a URL whole at 80 columns is whole wider too (docs/deck.md). */
const NAME_AT = 80;
const GAP = 1;

/** The list's width with every column shown for these rows: the name column as wide as its longest cell, or as at NAME_AT columns. */
export function listNeed(tab: TabName, records: readonly AnyRecord[], project?: string): number {
  const opts = {
    dropProject: tab === 'reports' && projectRepeats(records, project),
    ...(tab === 'reports' ? { score: scoreCells(records) } : {}),
  };
  const cols = fitColumns(tab, 10_000, opts);
  const nameField = resourceDef(tab).nameField;
  const nameNeed = fitColumns(tab, NAME_AT, opts).find((c) => c.field.name === nameField)?.width ?? 0;
  return (
    MARKER +
    cols.reduce((n, c, i) => {
      const gap = i ? GAP : 0;
      if (c.field.name !== nameField) return n + c.width + gap;
      const longest = maxOf(
        records.map((r) => stringWidth(cellText(c.field, r, c.width, undefined).trimEnd())),
        stringWidth(c.header),
      );
      return n + Math.min(nameNeed, longest) + gap;
    }, 0)
  );
}

/** The pane's width (its padding included) that shows every row's detail without wrapping a line, within `most`. */
export function paneNeed(tab: TabName, records: readonly AnyRecord[], most: number): number {
  const rows = records.flatMap((r) => layoutDetail(detailLines(tab, r), most - 1).filter((l) => l.tone !== 'title'));
  return (
    1 +
    maxOf(
      rows.map((l) => stringWidth(l.label ?? '') + stringWidth(l.text)),
      0,
    )
  );
}

/** The split at `columns`: the pane's width as its content asks, within its least and half the screen, the list's first. */
export function splitPane(columns: number, list: number, pane: number): { listWidth: number; detailWidth: number } {
  const most = Math.max(PANE_MIN, Math.floor(columns / 2));
  let detail = Math.max(PANE_MIN, Math.min(most, pane));
  // The list needs it back: the pane keeps its least.
  if (columns - 1 - detail < list) detail = Math.max(PANE_MIN, Math.min(detail, columns - 1 - list));
  return { listWidth: columns - 1 - detail, detailWidth: detail };
}

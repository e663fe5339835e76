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

/**
 * The pane's width (its padding included) that shows every row's detail without wrapping a line,
 * within `most`: a row whose detail wraps even at `most` needs all of it. It stops reading rows once
 * one needs `enough` (what the split gives it at most).
 */
export function paneNeed(tab: TabName, records: readonly AnyRecord[], most: number, enough = most): number {
  let need = 1;
  for (const r of records) {
    for (const l of layoutDetail(detailLines(tab, r), most - 1)) {
      if (l.tone === 'title') continue;
      // A wrapped value: this row takes the widest pane there is, and no width short of it is the one to find.
      need = l.wrapped ? most : Math.max(need, 1 + stringWidth(l.label ?? '') + stringWidth(l.text));
      if (l.wrapped) break;
    }
    // A Reports page's details are ~40 wrapped lines a row, the most of its first frame's render.
    if (need >= enough) return need;
  }
  return need;
}

/** The split at `columns`: the pane's width as its content asks, within its least and half the screen, the list's first. */
export function splitPane(columns: number, list: number, pane: number): { listWidth: number; detailWidth: number } {
  const most = Math.max(PANE_MIN, Math.floor(columns / 2));
  let detail = Math.max(PANE_MIN, Math.min(most, pane));
  // The list needs it back: the pane keeps its least.
  if (columns - 1 - detail < list) detail = Math.max(PANE_MIN, Math.min(detail, columns - 1 - list));
  return { listWidth: columns - 1 - detail, detailWidth: detail };
}

/**
 * The split of `columns` for the page `records` of `tab`, as splitPane makes it of their needs. The
 * pane's need counts only up to what the split can give it (half the screen, what the list leaves):
 * on a narrower screen a page of reports is read to its first rows, not all of them.
 */
export function splitFor(tab: TabName, records: readonly AnyRecord[], columns: number, project?: string): { listWidth: number; detailWidth: number } {
  const list = listNeed(tab, records, project);
  const enough = Math.min(Math.max(PANE_MIN, Math.floor(columns / 2)), columns - 1 - list);
  return splitPane(columns, list, paneNeed(tab, records, Math.floor(columns / 2), enough));
}

import type { TabName } from '../../state/types';

// The frame's geometry, pure (no Ink): the session reads it before the view loads, to ask for a
// first page that fills the screen.

export interface Size {
  columns: number;
  rows: number;
}

export interface Layout extends Size {
  /** Lines the whole frame may use: one short of the terminal, so Ink never redraws it all. */
  frameRows: number;
  /** Lines between the status line and the footer. */
  bodyRows: number;
  /** The detail pane sits right of the list. */
  sideBySide: boolean;
  /** Under WIDE columns: the detail pane is not beside the list (and the Reports distribution takes a line of its own: distributionLine). */
  narrow: boolean;
  listWidth: number;
  detailWidth: number;
  /** Narrow but tall: the detail pane sits below the list. */
  detailBelowRows: number;
}

const WIDE = 100;
/** The list keeps the width it has alone at 80 columns (report URLs whole there) before the pane grows past its least. */
const LIST_WANT = 80;
const PANE_MIN = 38;
const PANE_MAX = 64;

/** How the deck draws the detail pane: `hidden` gives the list the width (a key toggles it, for the session). */
export interface LayoutOptions {
  pane?: 'shown' | 'hidden';
}

export function computeLayout(size: Size, opts: LayoutOptions = {}): Layout {
  const columns = Math.max(20, size.columns);
  const frameRows = Math.max(6, size.rows - 1);
  const bodyRows = Math.max(2, frameRows - 3);
  const narrow = columns < WIDE;
  const pane = opts.pane !== 'hidden';
  const sideBySide = pane && !narrow;
  // The pane takes what the list does not need to be as wide as at 80 columns, within its least and most.
  const detailWidth = sideBySide ? Math.max(PANE_MIN, Math.min(PANE_MAX, columns - 1 - LIST_WANT)) : columns;
  const listWidth = sideBySide ? columns - detailWidth - 1 : columns;
  // Below the list only when there is room for both; otherwise Enter opens it.
  const detailBelowRows = pane && narrow && bodyRows >= 26 ? Math.floor(bodyRows * 0.4) : 0;
  return { columns, rows: size.rows, frameRows, bodyRows, sideBySide, narrow, listWidth, detailWidth, detailBelowRows };
}

/**
 * Where the Reports distribution is drawn at `columns`: at the end of the status line, or under
 * WIDE columns on a line of its own below it; other tabs have none.
 */
export function distributionLine(tab: TabName, columns: number): 'status' | 'own' | null {
  if (tab !== 'reports') return null;
  return columns < WIDE ? 'own' : 'status';
}

/** The frame's first line (1-based): the header with the tabs, where a click picks a tab. */
export const HEADER_LINE = 1;

/**
 * The screen line (1-based) of a list's first row: under the header, the status line, the
 * distribution's own line when the screen draws one, and the list's column header. The frame
 * draws the list there and reports it, and the mouse finds the rows (and the column header above them) by it.
 */
export function firstRowLine(tab: TabName, columns: number, distribution: boolean): number {
  const ownDistribution = distribution && distributionLine(tab, columns) === 'own' ? 1 : 0;
  return HEADER_LINE + 1 + ownDistribution + 1 + 1;
}

/** Rows the list of a tab shows at once (its header line excluded), as ListScreen lays it out. */
export function listRows(layout: Layout, tab: TabName): number {
  const body = layout.bodyRows - (distributionLine(tab, layout.columns) === 'own' ? 1 : 0);
  const list = layout.sideBySide || !layout.detailBelowRows ? body : body - layout.detailBelowRows - 1;
  return Math.max(1, list - 1);
}

export function listRowsByTab(layout: Layout): Record<TabName, number> {
  return { websites: listRows(layout, 'websites'), reports: listRows(layout, 'reports') };
}

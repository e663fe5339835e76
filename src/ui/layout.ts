import type { TabName } from '../state/types';

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
  listWidth: number;
  detailWidth: number;
  /** Narrow but tall: the detail pane sits below the list. */
  detailBelowRows: number;
}

export const WIDE = 100;

export function computeLayout(size: Size): Layout {
  const columns = Math.max(20, size.columns);
  const frameRows = Math.max(6, size.rows - 1);
  const bodyRows = Math.max(2, frameRows - 3);
  const sideBySide = columns >= WIDE;
  const detailWidth = sideBySide ? Math.max(34, Math.min(64, Math.floor(columns * 0.38))) : columns;
  const listWidth = sideBySide ? columns - detailWidth - 1 : columns;
  // Below the list only when there is room for both; otherwise Enter opens it.
  const detailBelowRows = !sideBySide && bodyRows >= 26 ? Math.floor(bodyRows * 0.4) : 0;
  return { columns, rows: size.rows, frameRows, bodyRows, sideBySide, listWidth, detailWidth, detailBelowRows };
}

/** Rows the list of a tab shows at once (its header line excluded), as ListScreen lays it out. */
export function listRows(layout: Layout, tab: TabName): number {
  // Under 100 columns the Reports distribution takes a line of its own.
  const body = layout.bodyRows - (tab === 'reports' && !layout.sideBySide ? 1 : 0);
  const list = layout.sideBySide || !layout.detailBelowRows ? body : body - layout.detailBelowRows - 1;
  return Math.max(1, list - 1);
}

export function listRowsByTab(layout: Layout): Record<TabName, number> {
  return { websites: listRows(layout, 'websites'), reports: listRows(layout, 'reports') };
}

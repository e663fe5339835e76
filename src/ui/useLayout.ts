import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface Size {
  columns: number;
  rows: number;
}

/** Terminal size, following resizes. `fixed` pins it (component tests). */
export function useTerminalSize(fixed?: Partial<Size>): Size {
  const { stdout } = useStdout();
  const read = (): Size => ({
    columns: fixed?.columns ?? (stdout.columns || 80),
    rows: fixed?.rows ?? (stdout.rows || 24),
  });
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed?.columns && fixed?.rows) return;
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout, fixed?.columns, fixed?.rows]);
  return size;
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

export function useLayout(fixed?: Partial<Size>): Layout {
  return computeLayout(useTerminalSize(fixed));
}

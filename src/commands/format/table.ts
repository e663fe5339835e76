// An aligned table for a terminal. Widths come from string-width and cells are cut with
// cli-truncate, so wide characters and emoji keep the columns straight.
import { maxOf } from '../../text/bounded';
import stringWidth from 'string-width';
import { fit } from '../../text/width';

export interface TableColumn {
  header: string;
  /** Widest this column may get (the domain table's column width). */
  max: number;
  /** Takes the room left on the terminal (the name column). */
  flex?: boolean;
  /** How a cell too wide for its column is cut (default: at the end, with …). */
  cut?: (text: string, width: number) => string;
}

const GAP = '  ';

/** Column widths: as wide as the content, capped; the flex column grows into spare terminal width. */
export function columnWidths(columns: readonly TableColumn[], rows: readonly (readonly string[])[], termWidth: number): number[] {
  const natural = columns.map((c, i) =>
    maxOf(
      rows.map((r) => stringWidth(r[i] ?? '')),
      stringWidth(c.header),
    ),
  );
  const widths = natural.map((n, i) => Math.min(n, columns[i].max));
  const flex = columns.findIndex((c) => c.flex);
  if (flex >= 0) {
    const used = widths.reduce((a, b) => a + b, 0) - widths[flex] + GAP.length * (columns.length - 1);
    // Cut to the terminal's width (never below a few columns), not to a fixed width.
    const room = Math.max(Math.min(columns[flex].max, 12), termWidth - used);
    widths[flex] = Math.min(natural[flex], room);
  }
  return widths;
}

export interface RenderOptions {
  termWidth: number;
  /** Colours a cell after it was cut and padded (so widths never count escape codes). */
  paint?: (text: string, column: number, row: number) => string;
  bold?: (text: string) => string;
}

/** Header plus rows, aligned; trailing spaces trimmed. Cells must already be inert. */
export function renderTable(columns: readonly TableColumn[], rows: readonly (readonly string[])[], opts: RenderOptions): string {
  const widths = columnWidths(columns, rows, opts.termWidth);
  const line = (cells: readonly string[], paint?: (t: string, c: number) => string) =>
    cells
      .map((cell, i) => {
        const cutter = columns[i].cut;
        const padded = fit(cutter ? cutter(cell, widths[i]) : cell, widths[i]);
        return paint ? paint(padded, i) : padded;
      })
      .join(GAP)
      .replace(/\s+$/, '');
  const head = line(columns.map((c) => c.header));
  const out = [opts.bold ? opts.bold(head) : head];
  rows.forEach((r, ri) => out.push(line(r, opts.paint ? (t, c) => opts.paint!(t, c, ri) : undefined)));
  return out.join('\n') + '\n';
}

/** Tab-separated lines for pipes: no header, nothing cut, tabs inside cells already gone. */
export function renderTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.join('\t')).join('\n') + (rows.length ? '\n' : '');
}

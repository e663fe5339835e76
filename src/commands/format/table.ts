// An aligned table for a terminal. Widths come from string-width and cells are cut with
// cli-truncate, so wide characters and emoji keep the columns straight.
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';

export interface TableColumn {
  header: string;
  /** Widest this column may get (the domain table's column width). */
  max: number;
  /** Takes the room left on the terminal (the name column). */
  flex?: boolean;
}

const GAP = '  ';

/** Column widths: as wide as the content, capped; the flex column grows into spare terminal width. */
export function columnWidths(columns: readonly TableColumn[], rows: readonly (readonly string[])[], termWidth: number): number[] {
  const natural = columns.map((c, i) => Math.max(stringWidth(c.header), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const widths = natural.map((n, i) => Math.min(n, columns[i].max));
  const flex = columns.findIndex((c) => c.flex);
  if (flex >= 0) {
    const used = widths.reduce((a, b) => a + b, 0) - widths[flex] + GAP.length * (columns.length - 1);
    const room = Math.max(columns[flex].max, termWidth - used);
    widths[flex] = Math.min(natural[flex], room);
  }
  return widths;
}

/** Cut to `width` display columns; cli-truncate can land one column over when a wide character straddles the edge. */
export function cut(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  for (let w = width; w > 0; w--) {
    const out = cliTruncate(text, w);
    if (stringWidth(out) <= width) return out;
  }
  return '';
}

function fit(text: string, width: number): string {
  const shown = cut(text, width);
  return shown + ' '.repeat(Math.max(0, width - stringWidth(shown)));
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
        const padded = fit(cell, widths[i]);
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

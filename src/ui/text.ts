import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';

/** Exactly `width` terminal columns: truncated with … or padded; wide characters counted right. */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 0) return '';
  // Only the head can show: measure a bounded piece, not a pasted megabyte.
  const head = text.length > width * 8 ? text.slice(0, width * 8).replace(/[\ud800-\udbff]$/, '') + '…' : text;
  const cut = stringWidth(head) > width ? cliTruncate(head, width, { position: 'end' }) : head;
  const pad = ' '.repeat(Math.max(0, width - stringWidth(cut)));
  return align === 'right' ? pad + cut : cut + pad;
}

/** Exactly `width` columns showing the end of the text (what is being typed), … at the start when cut. */
export function fitEnd(text: string, width: number): string {
  if (width <= 0) return '';
  // Only the tail can show: cut it down first, so a pasted megabyte costs what a line does
  // (cli-truncate from the start takes time quadratic in the text's length).
  const room = width * 8;
  const tail = text.length > room ? '…' + text.slice(-room).replace(/^[\udc00-\udfff]/, '') : text;
  const cut = stringWidth(tail) > width ? cliTruncate(tail, width, { position: 'start' }) : tail;
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

/** 2024-10-13T13:09:15.000000Z and 2022-01-14 18:09:25 both read 2024-10-13 13:09. */
export function shortDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return m ? `${m[1]} ${m[2]}` : value;
}

/** A value for a line that the terminal truncates anyway: bounded, so a huge field costs what a line does. */
export function bounded(text: string, max = 1000): string {
  return text.length > max ? text.slice(0, max).replace(/[\ud800-\udbff]$/, '') + '…' : text;
}

import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { SINGLE_CELL } from './singleCell';

// Cutting and padding to terminal columns, for the deck and the commands' tables alike.

/**
 * At most `width` columns, with … where text was cut (at the end, or at the start to show the
 * tail of what is being typed). Wide characters and emoji are counted by string-width.
 */
export function cut(text: string, width: number, position: 'end' | 'start' = 'end'): string {
  if (width <= 0) return '';
  // Only `width` columns can show: look at a bounded piece, so a pasted megabyte costs what a line does.
  const room = width * 8;
  if (text.length > room) {
    text = position === 'end' ? text.slice(0, room).replace(/[\ud800-\udbff]$/, '') + '…' : '…' + text.slice(-room).replace(/^[\udc00-\udfff]/, '');
  }
  // Most text is one column per character (ASCII, Latin, punctuation): no segmentation needed.
  if (SINGLE_CELL.test(text)) {
    if (text.length <= width) return text;
    return position === 'end' ? text.slice(0, width - 1) + '…' : '…' + text.slice(text.length - (width - 1));
  }
  if (stringWidth(text) <= width) return text;
  // cli-truncate can land one column over when a wide character straddles the edge.
  for (let w = width; w > 0; w--) {
    const out = cliTruncate(text, w, { position });
    if (stringWidth(out) <= width) return out;
  }
  return '';
}

/** Exactly `width` columns: cut with … or padded with spaces. */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left', position: 'end' | 'start' = 'end'): string {
  if (width <= 0) return '';
  const shown = cut(text, width, position);
  const pad = ' '.repeat(Math.max(0, width - stringWidth(shown)));
  return align === 'right' ? pad + shown : shown + pad;
}

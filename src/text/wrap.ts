// Text wrapped to terminal columns: at spaces where it can, inside a word (a URL) where it must.
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { SINGLE_CELL } from './singleCell';

const widthOf = (s: string) => (SINGLE_CELL.test(s) ? s.length : stringWidth(s));

/** Cuts one word into pieces of at most `width` columns (wide characters counted). */
function hardBreak(word: string, width: number): string[] {
  if (SINGLE_CELL.test(word)) {
    const out: string[] = [];
    for (let i = 0; i < word.length; i += width) out.push(word.slice(i, i + width));
    return out;
  }
  const out: string[] = [];
  let line = '';
  for (const ch of word) {
    if (line && widthOf(line + ch) > width) {
      out.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) out.push(line);
  return out;
}

/**
 * The lines of `text` at most `width` columns wide (at least one line, maybe empty). Runs of
 * spaces collapse to one where a line breaks; `maxLines` bounds the work for huge values, the
 * last line then ends in ….
 */
export function wrapText(text: string, width: number, maxLines = 200): string[] {
  if (width <= 0) return [''];
  // No more than this can show (a character takes at least a column; runs of spaces collapse to
  // one, so allow for them twice over): the rest is never looked at.
  const room = (maxLines + 1) * (width + 1) * 2;
  if (text.length > room) text = keepEnds(text, room, 'start');
  const lines: string[] = [];
  let line = '';
  const push = (l: string) => lines.push(l);
  for (const word of text.split(/ +/)) {
    if (lines.length >= maxLines) break;
    if (!word) continue;
    const joined = line ? `${line} ${word}` : word;
    if (widthOf(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) push(line);
    if (widthOf(word) <= width) {
      line = word;
      continue;
    }
    const pieces = hardBreak(word, width);
    for (const p of pieces.slice(0, -1)) push(p);
    line = pieces[pieces.length - 1] ?? '';
  }
  if (line || !lines.length) push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    const last = lines[maxLines - 1];
    lines[maxLines - 1] = (widthOf(last) >= width ? last.slice(0, -1) : last) + '…';
  }
  return lines;
}

/**
 * `text` in at most `maxLines` lines of `width` columns, never losing its start or its end: when it
 * cannot fit, its middle gives way to … (a URL keeps its host and its last path segment).
 */
export function wrapWhole(text: string, width: number, maxLines: number): string[] {
  if (width <= 0) return [''];
  // Only the start and the end can show: the middle of a huge value is dropped before any layout.
  const room = (maxLines + 1) * (width + 1) * 2;
  if (text.length > room) text = keepEnds(text, room, 'both');
  const lines = wrapText(text, width, maxLines + 1);
  if (lines.length <= maxLines) return lines;
  const cutText = cliTruncate(text, width * maxLines, { position: 'middle' });
  // Broken anywhere, not at spaces, so the cut text fills its lines exactly.
  return hardBreak(cutText, width).slice(0, maxLines);
}

/** The first `max` code units (`start`), or the first and last half of them around … (`both`), never splitting a surrogate pair. */
function keepEnds(text: string, max: number, keep: 'start' | 'both'): string {
  const head = (n: number) => text.slice(0, n).replace(/[\ud800-\udbff]$/, '');
  if (keep === 'start') return head(max);
  const half = Math.floor(max / 2);
  return `${head(half)}…${text.slice(-half).replace(/^[\udc00-\udfff]/, '')}`;
}

export { widthOf };

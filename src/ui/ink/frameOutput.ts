// The deck's replacement for Ink's `build/output.js`, swapped in by the build (scripts/build-patches.mjs).
// Ink composes every frame on a fresh cell grid: one object per cell (10 000 at 200×50), every line
// tokenised into per-character style objects, then every cell re-encoded. A deck frame is rows of
// side-by-side, already-styled segments (list cells, the divider, the detail pane), so a row whose
// segments do not overlap is their concatenation with blanks between: no grid, no re-encoding.
// Rows with overlapping or unclosed segments take Ink's own path, for that row only. The screen
// is the same either way; test/build/frameOutput.test.ts compares both, cell by cell. Written against
// Ink 8.0.0's output.js (nested clips intersect, clip edges blank half-visible wide characters,
// invisible characters take no cell, styles carry across a text's newlines).

import { reduceAnsiCodesIncremental, styledCharsFromTokens, styledCharsToString, tokenize, type AnsiCode, type StyledChar } from '@alcalzone/ansi-tokenize';
import stringWidth from 'string-width';
import { SINGLE_CELL } from '../../text/singleCell';
import { SGR, stylesClosed } from './sgr';
import { glyphsOfFrame } from './frameGlyphs';

export type Transformer = (line: string, index: number) => string;
export interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}
type Operation = { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] } | { type: 'clip'; clip: Clip } | { type: 'unclip' };

/** A Map that forgets everything once it holds `limit` entries: bounded memory, no bookkeeping. */
class BoundedCache<V> {
  private map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): V {
    if (this.map.size >= this.limit) this.map = new Map();
    this.map.set(key, value);
    return value;
  }
}

/** What composing needs to know of one written line: the cells it covers, and whether it ends with every style closed. */
interface LineInfo {
  cells: number;
  closed: boolean;
}

// A few frames' worth of lines: enough for cursor moves and tab switches, small enough to die young.
const lineInfos = new BoundedCache<LineInfo>(2000);
const widths = new BoundedCache<number>(2000);

const width = (text: string): number => widths.get(text) ?? widths.set(text, stringWidth(text));

function widestLine(text: string): number {
  let w = 0;
  for (const line of text.split('\n')) w = Math.max(w, width(line));
  return w;
}

/** Cells a styled character takes on Ink's grid (never less than one). */
const cellsOf = (c: StyledChar): number => Math.max(1, width(c.value));

function lineInfo(line: string): LineInfo {
  return lineInfos.get(line) ?? lineInfos.set(line, singleCellInfo(line) ?? tokenisedInfo(line));
}

/** Styled single-cell text (most of a frame): one cell per character once the styles are out. */
function singleCellInfo(line: string): LineInfo | undefined {
  const text = line.replace(SGR, '');
  if (!SINGLE_CELL.test(text)) return undefined;
  const closed = text.length === line.length ? true : stylesClosed(line);
  return closed === undefined ? undefined : { cells: text.length, closed };
}

/** Anything else, read the way Ink's grid reads it. */
function tokenisedInfo(line: string): LineInfo {
  const tokens = tokenize(line);
  let cells = 0;
  for (const c of styledCharsFromTokens(tokens)) if (!IGNORABLE.test(c.value)) cells += cellsOf(c);
  // Styles still open at the end of the line would run on into what follows it on the row.
  let open: AnsiCode[] = [];
  for (const t of tokens) if (t.type === 'ansi') open = reduceAnsiCodesIncremental(open, [t]);
  // Invisible characters are dropped on the grid: such a line takes the grid's path.
  return { cells, closed: open.length === 0 && !HAS_IGNORABLE.test(line) };
}

// As in Ink: a standalone invisible character (zero-width space, variation selector…) takes no cell.
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}+$/u;
const HAS_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const styledChars = (line: string): StyledChar[] => styledCharsFromTokens(tokenize(line)).filter((c) => !IGNORABLE.test(c.value));

/** A cell whose wide character is cut in half: a blank that keeps its styles. */
const blankCell = (c: StyledChar): StyledChar => ({ ...c, value: ' ', fullWidth: false });

/** Columns `from` to `to` (exclusive) of a line; a wide character cut by either edge becomes a blank. */
function sliceColumns(line: string, from: number, to: number): string {
  if (from >= to) return '';
  const out: StyledChar[] = [];
  let column = 0;
  for (const c of styledChars(line)) {
    const w = width(c.value);
    const start = column;
    column += w;
    if (column <= from) continue;
    if (start >= to) break;
    out.push(w > 1 && (start < from || column > to) ? blankCell(c) : c);
  }
  return styledCharsToString(out);
}

/** A text's lines; styles open across a newline are closed at its end and reopened on the next line. */
function linesOf(text: string): string[] {
  if (!HAS_IGNORABLE.test(text) && !(text.includes('\n') && text.includes('\x1b'))) return text.split('\n');
  const lines: StyledChar[][] = [[]];
  for (const c of styledChars(text)) {
    if (c.value === '\n') lines.push([]);
    else lines.at(-1)!.push(c);
  }
  return lines.map((l) => styledCharsToString(l));
}

/** Nested clips intersect (an undefined bound is open on that edge). */
function intersect(outer: Clip | undefined, inner: Clip): Clip {
  if (!outer) return inner;
  const bound = (a: number | undefined, b: number | undefined, tighter: (a: number, b: number) => number) =>
    a === undefined ? b : b === undefined ? a : tighter(a, b);
  return {
    x1: bound(outer.x1, inner.x1, Math.max),
    x2: bound(outer.x2, inner.x2, Math.min),
    y1: bound(outer.y1, inner.y1, Math.max),
    y2: bound(outer.y2, inner.y2, Math.min),
  };
}
const isEmpty = (c: Clip) => (c.x1 !== undefined && c.x2 !== undefined && c.x1 >= c.x2) || (c.y1 !== undefined && c.y2 !== undefined && c.y1 >= c.y2);

const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: [] });

/** Ink's grid, for one row: `ops` is x, line, x, line… in write order (later writes win). */
function composeOnGrid(ops: (number | string)[], columns: number): string {
  const row: StyledChar[] = new Array<StyledChar>(columns).fill(BLANK);
  for (let i = 0; i < ops.length; i += 2) {
    let x = ops[i] as number;
    const chars = styledChars(ops[i + 1] as string);
    if (chars.length === 0) continue;
    // A write that lands on the second half of a wide character blanks its first half, and one that
    // ends on a first half blanks the second: no half-visible wide character.
    if (row[x]?.value === '' && x > 0 && width(row[x - 1]?.value ?? '') > 1) row[x - 1] = blankCell(row[x - 1]);
    for (const c of chars) {
      row[x] = c;
      const cells = cellsOf(c);
      for (let k = 1; k < cells; k++) row[x + k] = { type: 'char', value: x < 0 ? ' ' : '', fullWidth: false, styles: c.styles };
      x += cells;
    }
    if (row[x]?.value === '') row[x] = blankCell(row[x]);
  }
  return styledCharsToString(row.filter((c) => c !== undefined)).trimEnd();
}

/** One row from its writes: concatenated when they sit side by side, else on Ink's grid. */
export function composeRow(ops: (number | string)[], columns: number): string {
  if (ops.length === 2 && (ops[0] as number) >= 0) {
    const line = ops[1] as string;
    if (lineInfo(line).closed) return (' '.repeat(ops[0] as number) + line).trimEnd();
    return composeOnGrid(ops, columns);
  }
  const order: number[] = [];
  for (let i = 0; i < ops.length; i += 2) order.push(i);
  order.sort((a, b) => (ops[a] as number) - (ops[b] as number));
  let out = '';
  let at = 0;
  for (const i of order) {
    const x = ops[i] as number;
    const line = ops[i + 1] as string;
    const info = lineInfo(line);
    if (x < at || !info.closed) return composeOnGrid(ops, columns);
    out += ' '.repeat(x - at) + line;
    at = x + info.cells;
  }
  return out.trimEnd();
}

/** Drop-in for Ink's Output: same operations, same `get()` result on screen. */

export default class Output {
  width: number;
  height: number;
  operations: Operation[] = [];

  constructor({ width, height }: { width: number; height: number }) {
    this.width = width;
    this.height = height;
  }

  write(x: number, y: number, text: string, { transformers }: { transformers: Transformer[] }): void {
    if (!text) return;
    // One character for one (src/text/glyphs.ts), so the layout Ink measured holds.
    this.operations.push({ type: 'write', x, y, text: glyphsOfFrame(text), transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    const rows: (number | string)[][] = new Array(this.height);
    const clips: Clip[] = [];
    for (const op of this.operations) {
      if (op.type === 'clip') clips.push(intersect(clips.at(-1), op.clip));
      else if (op.type === 'unclip') clips.pop();
      else this.place(op, clips.at(-1), rows);
    }
    const lines: string[] = new Array(this.height);
    for (let y = 0; y < this.height; y++) lines[y] = rows[y] ? composeRow(rows[y], this.width) : '';
    return { output: lines.join('\n'), height: this.height };
  }

  /** Ink's clipping (8.0.0's); each surviving line goes to its row's list of writes. */
  private place(op: Extract<Operation, { type: 'write' }>, clip: Clip | undefined, rows: (number | string)[][]): void {
    let { x, y } = op;
    let lines = linesOf(op.text);
    if (clip) {
      if (isEmpty(clip)) return;
      const clipX = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipY = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      if (clipX && (x + widestLine(op.text) < clip.x1! || x > clip.x2!)) return;
      if (clipY && (y + lines.length < clip.y1! || y > clip.y2!)) return;
      if (clipX) {
        const from = x < clip.x1! ? clip.x1! - x : 0;
        lines = lines.map((line) => {
          const w = width(line);
          return sliceColumns(line, from, x + w > clip.x2! ? clip.x2! - x : w);
        });
        if (x < clip.x1!) x = clip.x1!;
      }
      if (clipY) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const to = y + lines.length > clip.y2! ? clip.y2! - y : lines.length;
        lines = lines.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    for (let index = 0; index < lines.length; index++) {
      const row = y + index;
      // As in Ink: a line outside the frame is dropped.
      if (row < 0 || row >= this.height) continue;
      let line = lines[index];
      // A transformer is told the line's index in the text it was written with, clipped or not.
      for (const t of op.transformers) line = t(line, index + y - op.y);
      (rows[row] ??= []).push(x, line);
    }
  }
}

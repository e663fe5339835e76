// A one-line text being edited: its value and where the cursor stands, in characters (code points).
// Pure: every place a user types (setup, the forms, the `:` line, a search, the help's filter) edits
// through these, so the keys of the one text field (src/ui/keys/textKeys.ts) do the same everywhere.

export interface TextEdit {
  readonly value: string;
  /** 0 … length: the cursor stands before the character at this index. */
  readonly cursor: number;
}

export type CursorMove = 'left' | 'right' | 'home' | 'end' | 'wordLeft' | 'wordRight';

/** What goes on deletion: a word back (as a shell's Ctrl+W: to the space before it), a word forward, to the start or to the end. */
type TextKill = 'wordBack' | 'wordForward' | 'toStart' | 'toEnd';

/** One edit of a text field: what a key (or a paste) does to it. */
export type TextOp =
  | { kind: 'insert'; text: string }
  | { kind: 'backspace' }
  | { kind: 'delete' }
  | { kind: 'move'; move: CursorMove }
  | { kind: 'kill'; what: TextKill };

const chars = (s: string) => Array.from(s);
const clamp = (n: number, len: number) => Math.max(0, Math.min(len, n));
/** A character of a word for Alt+B/F and Ctrl+←/→: letters and digits (`example.com` is two words). */
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);

/** The text with the cursor at its end (where a field is entered). */
export function atEnd(value: string): TextEdit {
  return { value, cursor: chars(value).length };
}

/** A field's text and cursor, the cursor at the end when none was kept (a field just opened, or its text set whole). */
export function editOf(value: string, cursor: number | undefined): TextEdit {
  return cursor === undefined ? atEnd(value) : { value, cursor: clamp(cursor, chars(value).length) };
}

/** Typed or pasted text goes in at the cursor, which moves past it. */
export function insertText(t: TextEdit, text: string): TextEdit {
  const c = chars(t.value);
  const at = clamp(t.cursor, c.length);
  const added = chars(text);
  return { value: [...c.slice(0, at), ...added, ...c.slice(at)].join(''), cursor: at + added.length };
}

/** Backspace: the character before the cursor goes. */
export function deleteBack(t: TextEdit): TextEdit {
  return cut(t, clamp(t.cursor, chars(t.value).length) - 1, t.cursor);
}

/** The characters between `from` and `to` go; the cursor stands where they were. */
function cut(t: TextEdit, from: number, to: number): TextEdit {
  const c = chars(t.value);
  const a = clamp(Math.min(from, to), c.length);
  const b = clamp(Math.max(from, to), c.length);
  return { value: [...c.slice(0, a), ...c.slice(b)].join(''), cursor: a };
}

/** Where the word before the cursor starts (readline's Alt+B): back over what is not a word, then over the word. */
function wordStart(c: readonly string[], at: number): number {
  let i = at;
  while (i > 0 && !isWordChar(c[i - 1])) i--;
  while (i > 0 && isWordChar(c[i - 1])) i--;
  return i;
}

/** Where the word after the cursor ends (readline's Alt+F). */
function wordEnd(c: readonly string[], at: number): number {
  let i = at;
  while (i < c.length && !isWordChar(c[i])) i++;
  while (i < c.length && isWordChar(c[i])) i++;
  return i;
}

/** Where a shell's Ctrl+W stops: back over spaces, then to the space before the word (a whole URL goes). */
function spacedWordStart(c: readonly string[], at: number): number {
  let i = at;
  while (i > 0 && isSpace(c[i - 1])) i--;
  while (i > 0 && !isSpace(c[i - 1])) i--;
  return i;
}

export function moveCursor(t: TextEdit, move: CursorMove): TextEdit {
  const c = chars(t.value);
  const at = clamp(t.cursor, c.length);
  const to: Record<CursorMove, () => number> = {
    left: () => at - 1,
    right: () => at + 1,
    home: () => 0,
    end: () => c.length,
    wordLeft: () => wordStart(c, at),
    wordRight: () => wordEnd(c, at),
  };
  return { value: t.value, cursor: clamp(to[move](), c.length) };
}

function kill(t: TextEdit, what: TextKill): TextEdit {
  const c = chars(t.value);
  const at = clamp(t.cursor, c.length);
  const from: Record<TextKill, number> = { wordBack: spacedWordStart(c, at), wordForward: wordEnd(c, at), toStart: 0, toEnd: c.length };
  return cut(t, at, from[what]);
}

/** One edit applied: the text and where the cursor then stands. */
export function editText(t: TextEdit, op: TextOp): TextEdit {
  switch (op.kind) {
    case 'insert':
      return insertText(t, op.text);
    case 'backspace':
      return deleteBack(t);
    case 'delete':
      return cut(t, t.cursor, t.cursor + 1);
    case 'move':
      return moveCursor(t, op.move);
    case 'kill':
      return kill(t, op.what);
  }
}

/** Text for a one-line field: line breaks and tabs become `sep` ('' in a search, a space on the `:` line), other control characters go. */
export function oneLine(text: string, sep: string): string {
  return text.replace(/\r\n|[\r\n\t]/g, sep).replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

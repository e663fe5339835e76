// A one-line text being edited: its value and where the cursor stands, in characters (code points).
// Pure: the deck's reducer applies these to the focused form field.

export interface TextEdit {
  readonly value: string;
  /** 0 … length: the cursor stands before the character at this index. */
  readonly cursor: number;
}

export type CursorMove = 'left' | 'right' | 'home' | 'end';

const chars = (s: string) => Array.from(s);
const clamp = (n: number, len: number) => Math.max(0, Math.min(len, n));

/** The text with the cursor at its end (where a field is entered). */
export function atEnd(value: string): TextEdit {
  return { value, cursor: chars(value).length };
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
  const c = chars(t.value);
  const at = clamp(t.cursor, c.length);
  if (at === 0) return { value: t.value, cursor: 0 };
  return { value: [...c.slice(0, at - 1), ...c.slice(at)].join(''), cursor: at - 1 };
}

export function moveCursor(t: TextEdit, move: CursorMove): TextEdit {
  const len = chars(t.value).length;
  const at = clamp(t.cursor, len);
  switch (move) {
    case 'left':
      return { value: t.value, cursor: clamp(at - 1, len) };
    case 'right':
      return { value: t.value, cursor: clamp(at + 1, len) };
    case 'home':
      return { value: t.value, cursor: 0 };
    case 'end':
      return { value: t.value, cursor: len };
  }
}

// The text field that has the keys, as a reader needs it (which field, its text and cursor, whether
// it is masked), and what an edit of it says: the character typed, passed or deleted and where the
// cursor now stands, never the whole text again.
import { focusedField } from '../../state/formState';
import { auditOf } from '../../state/stack';
import type { DeckState } from '../../state/types';
import { typingText } from '../keys/textKeys';

export interface FieldView {
  /** Which field: an edit is said only within one field; another field is said whole. */
  id: string;
  chars: readonly string[];
  cursor: number;
  /** Masked (a password, the key): said as a count, never its characters. */
  secret: boolean;
}

const clampCursor = (cursor: number | undefined, len: number) => Math.max(0, Math.min(len, cursor ?? len));

function field(id: string, value: string, cursor: number | undefined, secret = false): FieldView {
  const chars = Array.from(value);
  return { id, chars, cursor: clampCursor(cursor, chars.length), secret };
}

/** The text field being typed in, or null (a list, a choice, a question). */
export function fieldOf(state: DeckState): FieldView | null {
  if (!typingText(state)) return null;
  const o = state.overlay;
  if (o?.kind === 'search') {
    if (o.on === 'projects') return field('search:projects', state.projects.filter, o.cursor);
    if (o.on === 'audit') return field('search:audit', auditOf(state)?.filter ?? '', o.cursor);
    return field(`search:${state.tab}`, state.tabs[state.tab].query.search ?? '', o.cursor);
  }
  if (o?.kind === 'prompt') return o.secret ? field(`secret:${o.secret.label}`, o.text, o.cursor, true) : field('prompt', o.text, o.cursor);
  if (o?.kind === 'help') return field('help', o.filter ?? '', o.cursor);
  const form = state.form;
  const f = form ? focusedField(form) : undefined;
  if (!form || !f) return null;
  return field(`form:${form.tab}:${String(form.id)}:${f.name}`, String(form.values[f.name] ?? ''), form.cursor, f.kind === 'secret');
}

/** A character as a reader should hear it: a space by name, a masked one as `star`. */
function charWord(c: string, secret: boolean): string {
  if (secret) return 'star';
  if (c === ' ') return 'space';
  if (c === '\t') return 'tab';
  return c;
}

const textWord = (chars: readonly string[], secret: boolean) =>
  chars.length === 1 ? charWord(chars[0], secret) : secret ? `${chars.length} characters` : `"${chars.join('')}"`;

/** Where the cursor stands: `at start`, `at end`, or `at 3 of 10` (characters before it). */
function cursorWords(f: FieldView): string {
  if (f.chars.length === 0) return 'empty';
  if (f.cursor === 0) return 'at start';
  if (f.cursor === f.chars.length) return 'at end';
  return `at ${f.cursor} of ${f.chars.length}`;
}

/**
 * What one edit of the same field says: what was typed (and nothing else), what was deleted and
 * where the cursor stands, or the character the cursor passed and where it stands. Null when
 * nothing changed.
 */
export function editWords(before: FieldView, after: FieldView): string | null {
  const a = before.chars;
  const b = after.chars;
  if (a.join('') === b.join('')) {
    if (before.cursor === after.cursor) return null;
    const step = after.cursor - before.cursor;
    if (Math.abs(step) === 1) {
      // The character passed over: ← passes the one before the old cursor, → the one under it.
      const passed = step < 0 ? b[after.cursor] : b[before.cursor];
      return `${charWord(passed, after.secret)}, ${cursorWords(after)}`;
    }
    return cursorWords(after);
  }
  // The common start and end: what lies between went (deleted) or came (typed, pasted).
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const gone = a.slice(head, a.length - tail);
  const came = b.slice(head, b.length - tail);
  if (came.length && !gone.length) return after.cursor === b.length ? textWord(came, after.secret) : `${textWord(came, after.secret)}, ${cursorWords(after)}`;
  if (gone.length && !came.length) return `${textWord(gone, before.secret)} deleted, ${cursorWords(after)}`;
  return `${textWord(gone, before.secret)} replaced by ${textWord(came, after.secret)}, ${cursorWords(after)}`;
}

/** A key of the text field that changed nothing (← at the start, Backspace with nothing before the cursor): where it stands. */
export function boundaryWords(f: FieldView, op: 'move' | 'delete'): string {
  return op === 'delete' ? `nothing to delete, ${cursorWords(f)}` : cursorWords(f);
}

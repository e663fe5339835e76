// The screen-reader deck's writer: append-only text. A screen is said whole when it is entered;
// after that each state says only what changed, one line each (the new selection with its place,
// the character typed or passed, a result, an error, the question once it takes answers), and
// nothing when nothing did. No cursor movement, no erasing: a terminal's reader says each line once.
import { appendAll } from '../../text/bounded';
import { editWords, type FieldView } from './field';
import { marksWords } from './marks';
import { progressOf, TICKING } from './place';
import type { SpokenView } from './view';

/** What the writer keeps between states: the last view, the last flash said, how far each long run was said. */
export interface WriterMemo {
  view: SpokenView | null;
  flashSaid: number | null;
  /** The quarter of a long run last said, by what counts it (`flash`, `place`). */
  quarters: ReadonlyMap<string, { total: number; quarter: number }>;
}

const NO_MEMO: WriterMemo = { view: null, flashSaid: null, quarters: new Map() };

const ticking = (part: string) => TICKING.some((re) => re.test(part));

/** Lines of `next` not in `prev`, each as often as it is new (a line said twice in a detail stays twice). */
function added(prev: readonly string[], next: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const l of prev) left.set(l, (left.get(l) ?? 0) + 1);
  const out: string[] = [];
  for (const l of next) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else out.push(l);
  }
  return out;
}

/** A long run's count is said at its start, at each quarter it passes, and at its end; null: not now. */
function quarterly(memo: Map<string, { total: number; quarter: number }>, key: string, text: string): boolean {
  const p = progressOf(text);
  if (!p) return true;
  const quarter = Math.min(4, Math.floor((4 * p.done) / p.total));
  const was = memo.get(key);
  if (was && was.total === p.total && quarter <= was.quarter) return false;
  memo.set(key, { total: p.total, quarter });
  return true;
}

const sameField = (a: FieldView | null, b: FieldView | null): a is FieldView => a !== null && b !== null && a.id === b.id;

/** What to say going from the last view to `next`, and the memo after it. */
function speech(memo: WriterMemo, next: SpokenView): { lines: string[]; memo: WriterMemo } {
  const prev = memo.view;
  const quarters = new Map(memo.quarters);
  const lines: string[] = [];
  let flashSaid = memo.flashSaid;
  const sayFlash = () => {
    const f = next.flash;
    if (!f || f.id === flashSaid || !f.text) return;
    flashSaid = f.id;
    if (!f.progress) quarters.delete('flash');
    if (!f.progress || quarterly(quarters, 'flash', f.text)) lines.push(f.text);
  };

  if (!prev || prev.screen !== next.screen) {
    // Entered: where you are, what is on its way, the screen's lines, the question or the `:` line, news, the keys.
    lines.push(next.place.join(', '));
    for (const p of next.place) quarterly(quarters, 'place', p);
    if (next.wait) lines.push(next.wait);
    appendAll(lines, next.body);
    if (next.question?.armed) lines.push(next.question.text);
    if (next.prompt) lines.push(next.prompt.line);
    sayFlash();
    lines.push(next.keys);
    return { lines, memo: { view: next, flashSaid, quarters } };
  }

  // A run's marks go as its rows are done: its count and outcome say that, not each row.
  const marks = prev.running || next.running ? null : marksWords(prev.marks, next.marks);
  if (marks) lines.push(marks);
  const edited = sameField(prev.field, next.field) ? editWords(prev.field, next.field!) : null;
  if (edited) lines.push(edited);
  const typing = edited !== null && next.field!.chars.join('') !== prev.field!.chars.join('');

  const parts = added(prev.place, next.place).filter(
    (p) =>
      !ticking(p) &&
      // The search's text is said a character at a time, and the marks' count with the mark.
      !(typing && p.startsWith('search "')) &&
      !((marks || prev.running || next.running) && /^\d+ marked$/.test(p)) &&
      quarterly(quarters, 'place', p),
  );
  if (parts.length) lines.push(parts.join(', '));
  // A search typed live says its letters and then its result, not `loading` between them.
  if (next.wait && next.wait !== prev.wait && next.overlay !== 'search') lines.push(next.wait);

  // A form's (or setup's) focused field is said by its edits, not as its whole line again at each one.
  const formTyping = typing && /^(form|setup):/.test(next.field!.id);
  appendAll(
    lines,
    added(prev.body, next.body).filter((l) => !(formTyping && l.startsWith('(selected) '))),
  );
  if (next.scrolled && prev.scrolled && next.scrolled.at !== prev.scrolled.at)
    lines.push(`line ${next.scrolled.at + 1} of ${next.scrolled.of}: ${next.scrolled.text}`);

  // A question is said once, when it takes answers (before that, keys typed are dropped).
  if (next.question?.armed && (!prev.question?.armed || prev.question.text !== next.question.text)) lines.push(next.question.text);
  if (next.prompt && !prev.prompt) lines.push(next.prompt.line);
  else if (next.prompt?.offered && next.prompt.offered !== prev.prompt?.offered) lines.push(next.prompt.offered);
  sayFlash();
  // An overlay that takes the keys (a search, the `:` line) says its keys when it opens.
  if (next.overlay && next.overlay !== prev.overlay && !next.question && next.keys !== prev.keys) lines.push(next.keys);
  return { lines, memo: { view: next, flashSaid, quarters } };
}

/**
 * Writes what each state says to `write`, a line each; nothing when nothing changed. Lines are
 * plain text: no escape sequence, so nothing already said is moved over or erased.
 */
export class SpokenWriter {
  private memo: WriterMemo = NO_MEMO;

  constructor(private readonly write: (text: string) => void) {}

  update(view: SpokenView): void {
    const { lines, memo } = speech(this.memo, view);
    this.memo = memo;
    this.say(lines);
  }

  /** The view last said (the state before a key, for the text field's boundaries). */
  get last(): SpokenView | null {
    return this.memo.view;
  }

  say(lines: readonly string[]): void {
    const text = lines
      .filter((l) => l.length > 0)
      .map((l) => `${l}\n`)
      .join('');
    if (text) this.write(text);
  }
}

// Dialogs, flashes and the command line, each said in one line.
import type { DeckState, Flash } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { joined } from './line';
import { modeOf } from '../../state/stack';
import { isQuestion } from '../../state/mode';
import { keyOf } from '../keys/keyWords';
import { questionEntry } from '../keys/questions';

/** `y yes, n no`, and what Enter answers (No unless ←→ chose the other). */
const answers = (yes: boolean, yesLabel: string) =>
  `${keyOf('confirm.yes')} yes, ${keyOf('confirm.no')} no, ${keyOf('confirm.enter')} answers ${yes ? yesLabel : 'No'}`;

/** The open yes/no question in one line, or null: `Delete website site36.example.org, id 36? y yes, n no, Enter answers No`. */
export function spokenDialog(state: DeckState): string | null {
  const asked = askedLine(state);
  // Its first moment on screen it takes no keys (typed ahead ones are dropped): said, then not.
  return asked && isQuestion(state.overlay) && !state.overlay.armed ? `${asked} (a moment: keys typed now are dropped)` : asked;
}

function askedLine(state: DeckState): string | null {
  const q = state.overlay;
  if (!isQuestion(q)) return null;
  const entry = questionEntry(q);
  return `${entry.spoken(q)} ${answers(entry.chosen(q), entry.asked(q, Infinity).yesLabel)}`;
}

/** A flash without its glyph, its kind in a word when it is an error: `saved site36.example.org`, `error: …`. */
export function spokenFlash(flash: Flash, words: (text: string) => string = (t) => t): string {
  const text = sanitize(words(flash.text)).replace(/^[✓✗•·!]\s*/, '');
  return flash.kind === 'error' ? `error: ${text}` : text;
}

/** The `:` line as typed, and what Tab offers for its last word. */
export function spokenPrompt(state: DeckState): string | null {
  const m = modeOf(state);
  if (m.kind !== 'prompt') return null;
  if (m.secret) return `${sanitize(m.secret.label)}: ${Array.from(m.text).length} characters typed`;
  const offered = m.options?.length ? `offered: ${m.options.map((o, i) => (i === m.picked ? `${sanitize(o)} (picked)` : sanitize(o))).join(', ')}` : null;
  return joined([`command line: :${sanitize(m.text)}`, offered]);
}

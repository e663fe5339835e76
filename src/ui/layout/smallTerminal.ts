// Below the deck's smallest size nothing is drawn to act on, so few keys act: the keymap's quit and
// Ctrl+C, and a question's answers while one is open (Ctrl+C in a form asks before it discards).
// The notice says exactly these, each with what it does here, from the same bindings the router
// lets through: a key it names acts, and a key that acts is named.
import { isQuestion } from '../../state/mode';
import { modeOf } from '../../state/stack';
import type { DeckState } from '../../state/types';
import { findBinding, NO_KEY, type Binding, type BindingId } from '../keys/keymap';
import { keyOf } from '../keys/keyWords';
import { MIN_SIZE } from '../../terminal/env';

/** The bindings that act below the smallest size: quitting and Ctrl+C always, a question's answers while one is open. */
const SMALL_KEYS: readonly BindingId[] = ['quit', 'interrupt', 'confirm.yes', 'confirm.no', 'confirm.enter', 'confirm.toggle'];

/** Whether binding `b` acts while the terminal is too small. */
export const actsWhenSmall = (b: Binding): boolean => SMALL_KEYS.includes(b.id);

/** The terminal is below the smallest size the deck draws in. */
export const isTooSmall = (size: { columns: number; rows: number }): boolean => size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows;

/**
 * What Ctrl+C does in this state, in the words of its handler (src/ui/keys/handlers.ts `interrupt`):
 * a run asks to stop, a question answers No, something typed is cancelled, else the deck quits.
 */
function interruptWords(state: DeckState): string {
  if (state.bulk && !state.bulk.stopping) return 'asks to stop the run';
  if (isQuestion(state.overlay)) return 'answers No';
  switch (modeOf(state).kind) {
    case 'search':
      return 'cancels the search';
    case 'prompt':
      return 'closes the command line';
    case 'form':
      return 'cancels the form (asks if edited)';
    default:
      return 'quits';
  }
}

/** The keys that act here and what each does: `q quits`, `Ctrl+C cancels the form (asks first if edited)`. */
export function smallKeyWords(state: DeckState): string[] {
  const words: string[] = [];
  // q only where the keymap binds it (not in a form, where it is text).
  if (findBinding(state, 'q', NO_KEY)?.id === 'quit') words.push(`${keyOf('quit')} quits`);
  words.push(`${keyOf('interrupt')} ${interruptWords(state)}`);
  return words;
}

/** The notice's first line: what the deck needs and what it has, fullest first when it fits. */
export function sizeWords(size: { columns: number; rows: number }): string {
  const need = `${MIN_SIZE.columns}×${MIN_SIZE.rows}`;
  const now = `${size.columns}×${size.rows}`;
  const long = `sitedeck needs ${need}; this terminal is ${now}. Make it larger.`;
  return long.length <= size.columns ? long : `needs ${need} (is ${now})`;
}

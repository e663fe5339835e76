// The deck's words for keys: every reference the state makes (src/keys/keyRef.ts) spelled with the
// keys the user has bound, by the one speller (src/keys/words.ts): flashes, questions, the message
// log, spoken lines and the help all pass here.
import { keyInWords, spellKeys } from '../../keys/words';
import type { DeckState } from '../../state/types';
import { bindingById, disabledReason, type BindingId } from './keymap';

/** The key bound to `id` (its first key), as a sentence names it. */
export const keyOf = (id: BindingId): string => keyInWords(bindingById(id).keys[0]);

/** Every key bound to `id`, each once, a letter's other case left out (`n/Esc`, not `n/N/Esc`). */
export function keysOf(id: BindingId): string[] {
  const names = bindingById(id).keys.map(keyInWords);
  return [...new Set(names)].filter((n, i, all) => n.length !== 1 || n === n.toLowerCase() || !all.slice(0, i).includes(n.toLowerCase()));
}

/**
 * `text` with every key reference spelled. A list of keys names those that may act in `state`
 * (all of them without a state); words wrapped by ifKeysApply go when a list inside names none.
 */
export function keyWords(text: string, state?: DeckState): string {
  const applies = state ? (id: BindingId) => disabledReason(bindingById(id), state) === null : undefined;
  return spellKeys(text, (id) => bindingById(id).keys, applies);
}

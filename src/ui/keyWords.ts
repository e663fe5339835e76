// The one function that spells the keys the deck's words refer to (state/keyRef.ts) with the keys
// the user has bound: flashes, questions, the message log, spoken lines and the help all pass here.
import { IF_KEYS_APPLY, KEY_REF, type KeyRef } from '../state/keyRef';
import type { DeckState } from '../state/types';
import { bindingById, disabledReason, keyName, type BindingId, type KeySpec } from './keymap';

// Every reference the state may make is a binding of the keymap (a compile-time proof).
const isBinding = (id: KeyRef): BindingId => id;

/** A key as sentences spell it: `Ctrl+S`, `Shift+Tab`; else as the help names it (`u`, `Esc`). */
function keyInWords(k: KeySpec): string {
  if (k.ctrl && k.input) return `Ctrl+${k.input.toUpperCase()}`;
  if (k.shift && k.key) return `Shift+${keyName({ ...k, shift: undefined })}`;
  return keyName(k);
}

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
  if (!text.includes('⟦')) return text;
  const spell = (s: string, dropped: { any: boolean }) =>
    s.replace(KEY_REF, (_m, list: string, ids: string) => {
      const bindings = ids.split('|').map((id) => bindingById(isBinding(id as KeyRef)));
      const shown = list && state ? bindings.filter((b) => disabledReason(b, state) === null) : bindings;
      if (!shown.length) dropped.any = true;
      return [...new Set(shown.map((b) => keyInWords(b.keys[0])))].join(' or ');
    });
  const kept = text.replace(IF_KEYS_APPLY, (_m, inner: string) => {
    const dropped = { any: false };
    const words = spell(inner, dropped);
    return dropped.any ? '' : words;
  });
  return spell(kept, { any: false });
}

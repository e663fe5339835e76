// The one function that spells key references (src/keys/keyRef.ts) with the keys bound: the deck
// passes its keymap and what applies where it is (src/ui/keys/keyWords.ts); `config keys` the table
// with the config file's keys.
import { IF_KEYS_APPLY, KEY_REF } from './keyRef';
import { keyName, type KeySpec } from './spec';
import type { BindingId } from './table';

/** A key as sentences spell it: `Ctrl+S`, `Shift+Tab`; else as the help names it (`u`, `Esc`). */
export function keyInWords(k: KeySpec): string {
  if (k.ctrl && k.input) return `Ctrl+${k.input.toUpperCase()}`;
  if (k.shift && k.key) return `Shift+${keyName({ ...k, shift: undefined })}`;
  return keyName(k);
}

/**
 * `text` with every key reference spelled by `keysOf` (the keys bound to an id). A list of keys
 * names those `applies` allows (all of them without it); words wrapped by ifKeysApply go when a
 * list inside names none.
 */
export function spellKeys(text: string, keysOf: (id: BindingId) => readonly KeySpec[], applies?: (id: BindingId) => boolean): string {
  if (!text.includes('⟦')) return text;
  const spell = (s: string, dropped: { any: boolean }) =>
    s.replace(KEY_REF, (_m, list: string, ids: string) => {
      const all = ids.split('|') as BindingId[];
      const shown = list && applies ? all.filter(applies) : all;
      if (!shown.length) dropped.any = true;
      return [...new Set(shown.map((id) => keyInWords(keysOf(id)[0])))].join(' or ');
    });
  const kept = text.replace(IF_KEYS_APPLY, (_m, inner: string) => {
    const dropped = { any: false };
    const words = spell(inner, dropped);
    return dropped.any ? '' : words;
  });
  return spell(kept, { any: false });
}

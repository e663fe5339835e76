// The keys of the one text field as data: every place a user types (setup, the forms, the `:` line,
// a search, the help's filter, a secret asked masked) edits with these, as a shell's line does.
// What each does to the text is src/ui/keys/textKeys.ts (TEXT_OPS, an op per id).
import type { ModeKind } from './modes';
import type { KeySpec } from './spec';

/** Where text is typed in the deck: a search, the `:` line (and a secret asked on it), a form's text field, the help's filter while typed. */
export const TEXT_MODES = ['search', 'prompt', 'form', 'help'] as const satisfies readonly ModeKind[];

/**
 * The keys in the order they are looked up: a key with a modifier before the same key without one
 * (Ctrl+← is a word, ← a character; Alt+Bksp a word, Bksp a character).
 */
export const TEXT_KEYS = {
  'text.wordLeft': {
    keys: [
      { key: 'leftArrow', ctrl: true },
      { input: 'b', meta: true },
    ],
    description: 'cursor a word left',
  },
  'text.wordRight': {
    keys: [
      { key: 'rightArrow', ctrl: true },
      { input: 'f', meta: true },
    ],
    description: 'cursor a word right',
  },
  'text.left': { keys: [{ key: 'leftArrow' }], description: 'cursor left' },
  'text.right': { keys: [{ key: 'rightArrow' }], description: 'cursor right' },
  'text.home': { keys: [{ key: 'home' }, { input: 'a', ctrl: true }], description: 'start of the text' },
  'text.end': { keys: [{ key: 'end' }, { input: 'e', ctrl: true }], description: 'end of the text' },
  'text.wordBack': {
    keys: [
      { input: 'w', ctrl: true },
      { key: 'backspace', meta: true },
    ],
    description: 'delete the word before the cursor (back to a space)',
  },
  'text.wordForward': { keys: [{ input: 'd', meta: true }], description: 'delete the word after the cursor' },
  'text.backspace': { keys: [{ key: 'backspace' }], description: 'delete the character before the cursor' },
  'text.delete': { keys: [{ key: 'delete' }], description: 'delete the character under the cursor' },
  'text.toStart': { keys: [{ input: 'u', ctrl: true }], description: 'delete to the start of the text' },
  'text.toEnd': { keys: [{ input: 'k', ctrl: true }], description: 'delete to the end of the text' },
} as const satisfies Record<`text.${string}`, { keys: readonly KeySpec[]; description: string }>;

export type TextBindingId = keyof typeof TEXT_KEYS;
export const TEXT_BINDING_IDS = Object.keys(TEXT_KEYS) as TextBindingId[];

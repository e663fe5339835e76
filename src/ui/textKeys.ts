// The keys of the one text field: every place a user types (setup, the forms, the `:` line, a
// search, the help's filter, a secret asked masked) edits with these, as a shell's line does. They
// are bindings of the keymap like any other (help, footer, docs/keys.md, the config's `keys`);
// setup, drawn before the deck, reads the same bindings (textOpFor).
import type { Action } from '../state/actions';
import { focusedField } from '../state/formState';
import type { TextOp } from '../state/textEdit';
import type { DeckState } from '../state/types';
import type { KeySpec, ModeKind } from './keySpec';

export type TextBindingId =
  | 'text.wordLeft'
  | 'text.wordRight'
  | 'text.left'
  | 'text.right'
  | 'text.home'
  | 'text.end'
  | 'text.wordBack'
  | 'text.wordForward'
  | 'text.backspace'
  | 'text.delete'
  | 'text.toStart'
  | 'text.toEnd';

interface TextKeyDef {
  keys: readonly KeySpec[];
  description: string;
  op: TextOp;
}

/** Where text is typed in the deck: a search, the `:` line (and a secret asked on it), a form's text field, the help's filter while typed. */
export const TEXT_MODES = ['search', 'prompt', 'form', 'help'] as const satisfies readonly ModeKind[];

/** Every place a user types: the deck's modes that type, and setup (drawn before the deck, reading the same bindings). */
export const INPUT_SITES = [...TEXT_MODES, 'setup'] as const;
export type InputSite = (typeof INPUT_SITES)[number];

/**
 * The keys in the order they are looked up: a key with a modifier before the same key without one
 * (Ctrl+← is a word, ← a character; Alt+Bksp a word, Bksp a character).
 */
export const TEXT_KEYS: { readonly [Id in TextBindingId]: TextKeyDef } = {
  'text.wordLeft': {
    keys: [
      { key: 'leftArrow', ctrl: true },
      { input: 'b', meta: true },
    ],
    description: 'cursor a word left',
    op: { kind: 'move', move: 'wordLeft' },
  },
  'text.wordRight': {
    keys: [
      { key: 'rightArrow', ctrl: true },
      { input: 'f', meta: true },
    ],
    description: 'cursor a word right',
    op: { kind: 'move', move: 'wordRight' },
  },
  'text.left': { keys: [{ key: 'leftArrow' }], description: 'cursor left', op: { kind: 'move', move: 'left' } },
  'text.right': { keys: [{ key: 'rightArrow' }], description: 'cursor right', op: { kind: 'move', move: 'right' } },
  'text.home': { keys: [{ key: 'home' }, { input: 'a', ctrl: true }], description: 'start of the text', op: { kind: 'move', move: 'home' } },
  'text.end': { keys: [{ key: 'end' }, { input: 'e', ctrl: true }], description: 'end of the text', op: { kind: 'move', move: 'end' } },
  'text.wordBack': {
    keys: [
      { input: 'w', ctrl: true },
      { key: 'backspace', meta: true },
    ],
    description: 'delete the word before the cursor (back to a space)',
    op: { kind: 'kill', what: 'wordBack' },
  },
  'text.wordForward': { keys: [{ input: 'd', meta: true }], description: 'delete the word after the cursor', op: { kind: 'kill', what: 'wordForward' } },
  'text.backspace': { keys: [{ key: 'backspace' }], description: 'delete the character before the cursor', op: { kind: 'backspace' } },
  'text.delete': { keys: [{ key: 'delete' }], description: 'delete the character under the cursor', op: { kind: 'delete' } },
  'text.toStart': { keys: [{ input: 'u', ctrl: true }], description: 'delete to the start of the text', op: { kind: 'kill', what: 'toStart' } },
  'text.toEnd': { keys: [{ input: 'k', ctrl: true }], description: 'delete to the end of the text', op: { kind: 'kill', what: 'toEnd' } },
};

export const TEXT_BINDING_IDS = Object.keys(TEXT_KEYS) as TextBindingId[];

/** A text field has the keys: a search or the `:` line, a form on a text field (not a choice), the help while its filter is typed. */
export function typingText(s: DeckState): boolean {
  const o = s.overlay;
  if (o?.kind === 'search' || o?.kind === 'prompt') return true;
  if (o?.kind === 'help') return o.typing === true;
  if (o) return false;
  const kind = s.form ? focusedField(s.form)?.kind : undefined;
  return kind === 'text' || kind === 'secret' || kind === 'lines';
}

/** The action that applies `op` to the text field that has the keys, or null where none has. */
export function textAction(s: DeckState, op: TextOp): Action | null {
  if (!typingText(s)) return null;
  switch (s.overlay?.kind) {
    case 'search':
      return { type: 'search/edit', op };
    case 'prompt':
      return { type: 'prompt/edit', op };
    case 'help':
      return { type: 'help/edit', op };
    default:
      return { type: 'form/text', op };
  }
}

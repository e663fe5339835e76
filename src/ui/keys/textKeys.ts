// What the keys of the one text field do: every place a user types (setup, the forms, the `:` line,
// a search, the help's filter, a secret asked masked) edits with these, as a shell's line does. The
// keys are rows of the one table (src/keys/text.ts: help, footer, docs/keys.md, the config's
// `keys`); setup, drawn before the deck, reads the same bindings (textOpFor).
import type { Action } from '../../state/actions';
import { focusedField } from '../../state/formState';
import type { TextOp } from '../../state/textEdit';
import type { DeckState } from '../../state/types';
import { TEXT_MODES, type TextBindingId } from '../../keys/text';

/** Every place a user types: the deck's modes that type, and setup (drawn before the deck, reading the same bindings). */
export const INPUT_SITES = [...TEXT_MODES, 'setup'] as const;
export type InputSite = (typeof INPUT_SITES)[number];

/** What each of the text field's keys (src/keys/text.ts) does to the text. */
export const TEXT_OPS: { readonly [Id in TextBindingId]: TextOp } = {
  'text.wordLeft': { kind: 'move', move: 'wordLeft' },
  'text.wordRight': { kind: 'move', move: 'wordRight' },
  'text.left': { kind: 'move', move: 'left' },
  'text.right': { kind: 'move', move: 'right' },
  'text.home': { kind: 'move', move: 'home' },
  'text.end': { kind: 'move', move: 'end' },
  'text.wordBack': { kind: 'kill', what: 'wordBack' },
  'text.wordForward': { kind: 'kill', what: 'wordForward' },
  'text.backspace': { kind: 'backspace' },
  'text.delete': { kind: 'delete' },
  'text.toStart': { kind: 'kill', what: 'toStart' },
  'text.toEnd': { kind: 'kill', what: 'toEnd' },
};

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

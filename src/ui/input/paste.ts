import type { Action } from '../../state/actions';
import type { DeckState } from '../../state/types';
import { bindingById, keysLabel } from '../keys/keymap';
import { modeOf } from '../../state/stack';

/** What a paste outside a text field is told (nothing was done). */
export function pasteRefusal(): string {
  const search = keysLabel(bindingById('search.start').keys);
  const prompt = keysLabel(bindingById('prompt.open').keys);
  return `a paste goes only into text: press ${search} to search or ${prompt} for the command line, then paste`;
}

/**
 * A bracketed paste (the terminal marks it, Ink hands it over whole): text for whatever is being
 * typed, in one piece. Anywhere else it is ignored with a hint, so pasted letters never run commands
 * (a `q` in it would quit, a `d` delete, an Enter confirm).
 */
export function pasteAction(state: DeckState, text: string): Action | null {
  if (text === '') return null;
  switch (modeOf(state).kind) {
    case 'search':
      return { type: 'search/input', text };
    case 'prompt':
      return { type: 'prompt/input', text };
    case 'form':
      // A lines field keeps the newlines as separators; the others drop them (formState.typeText).
      return { type: 'form/type', text };
    case 'help':
      // The help's filter while it is typed (after / in the help).
      if (state.overlay?.kind === 'help' && state.overlay.typing) return { type: 'help/type', text };
      return { type: 'flash/show', kind: 'info', text: pasteRefusal() };
    default:
      return { type: 'flash/show', kind: 'info', text: pasteRefusal() };
  }
}

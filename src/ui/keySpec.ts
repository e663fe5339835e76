// The shapes a key and a mode have, apart from the keymap's table: the key-handling files (text
// keys, the pager) and the table all read them, and none of those imports the table for them.
import type { Mode } from '../state/mode';

export type ModeKind = Mode['kind'];

/** One key: a typed character, or a named key from Ink, with modifiers when they matter. */
export interface KeySpec {
  input?: string;
  key?: 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return' | 'escape' | 'tab' | 'backspace' | 'delete';
  ctrl?: boolean;
  shift?: boolean;
  /** Alt (Meta): Alt+B is Esc and b arriving together, read as one key only where a binding has it (splitKeys). */
  meta?: boolean;
}

/** The one pager's motions (src/ui/pager.ts gives each its keys and words). */
export type PagerMotion = 'pageDown' | 'pageUp' | 'halfDown' | 'halfUp' | 'top' | 'bottom' | 'next' | 'prev';

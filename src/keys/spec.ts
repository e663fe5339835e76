// The shapes a key has, and how keys read in the help, the footer, docs/keys.md and `sitedeck
// config keys`: the label is derived from the keys, never written by hand.

/** One key: a typed character, or a named key from Ink, with modifiers when they matter. */
export interface KeySpec {
  input?: string;
  key?: 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return' | 'escape' | 'tab' | 'backspace' | 'delete';
  ctrl?: boolean;
  shift?: boolean;
  /** Alt (Meta): Alt+B is Esc and b arriving together, read as one key only where a binding has it (splitKeys). */
  meta?: boolean;
}

/** The one pager's motions (src/keys/pager.ts gives each its keys and words). */
export type PagerMotion = 'pageDown' | 'pageUp' | 'halfDown' | 'halfUp' | 'top' | 'bottom' | 'next' | 'prev';

const NAMED: Record<NonNullable<KeySpec['key']>, string> = {
  upArrow: '↑',
  downArrow: '↓',
  leftArrow: '←',
  rightArrow: '→',
  pageUp: 'PgUp',
  pageDown: 'PgDn',
  home: 'Home',
  end: 'End',
  return: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  // Ink 8 reads \x7f as Backspace and ESC [3~ as Delete (forward).
  backspace: 'Bksp',
  delete: 'Del',
};

export function keyName(k: KeySpec): string {
  const base = k.key ? NAMED[k.key] : k.input === ' ' ? 'Space' : (k.input ?? '');
  return `${k.ctrl ? 'C-' : ''}${k.meta ? 'M-' : ''}${k.shift && k.key ? 'S-' : ''}${base}`;
}

/** Every key of a binding, each once, in the order bound: the label can never disagree with the keys. */
export function keysLabel(keys: readonly KeySpec[]): string {
  return [...new Set(keys.map(keyName))].join(' ');
}

// The bytes a terminal sends for a key of the keymap (a KeySpec): what the byte-level tests type.
import type { KeySpec } from '../../src/ui/keys/keymap';
import { KEYS } from './ink';

/** The bytes a terminal sends for a key of the keymap. */
export function specBytes(k: KeySpec): string {
  const named: Record<NonNullable<KeySpec['key']>, string> = {
    upArrow: KEYS.up,
    downArrow: KEYS.down,
    leftArrow: KEYS.left,
    rightArrow: KEYS.right,
    pageUp: KEYS.pageUp,
    pageDown: KEYS.pageDown,
    home: KEYS.home,
    end: KEYS.end,
    return: KEYS.enter,
    escape: KEYS.esc,
    tab: KEYS.tab,
    backspace: KEYS.backspace,
    delete: '\x1b[3~',
  };
  if (k.key) {
    if (k.key === 'tab' && k.shift) return KEYS.shiftTab;
    const base = named[k.key];
    if (k.ctrl && base.startsWith('\x1b[') && base.length === 3) return `\x1b[1;5${base[2]}`;
    return k.meta ? `\x1b${base}` : base;
  }
  const input = k.input ?? '';
  if (k.ctrl) return KEYS.ctrl(input);
  return k.meta ? `\x1b${input}` : input;
}

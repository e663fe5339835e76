// The chrome slice's state: where the deck is (the screen stack and the overlay above it, moved
// only through ../stack.ts), the flash line, and what every slice shares (read-only, the counter
// that numbers flashes and writes).
import type { Overlay, Screen } from '../mode';
import { BASE_LIST } from '../stack';

export type FlashKind = 'success' | 'error' | 'info';
export interface Flash {
  id: number;
  kind: FlashKind;
  text: string;
}

export interface ChromeState {
  /** The screens Esc walks back through; the first is the tab's base. Never empty. */
  stack: readonly Screen[];
  /** Drawn over the top screen and takes the keys (help, the `:` line, a search, a question). */
  overlay: Overlay | null;
  flash: Flash | null;
  readOnly: boolean;
  /** Numbers flashes, writes and runs: an answer names the one it answers. */
  nextId: number;
}

export function initialChrome(opts: { readOnly?: boolean }): ChromeState {
  return { stack: [BASE_LIST], overlay: null, flash: null, readOnly: opts.readOnly ?? false, nextId: 1 };
}

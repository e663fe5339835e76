// The chrome slice's state: the mode the deck is in, the flash line, and what every slice shares
// (read-only, the counter that numbers flashes and writes).
import type { Mode } from '../mode';

export type FlashKind = 'success' | 'error' | 'info';
export interface Flash {
  id: number;
  kind: FlashKind;
  text: string;
  /**
   * `form`: about the open form ("your input is kept"), it goes when the form goes. `progress`: a
   * step of work under way (`Updating 1/3`), shown but not kept in `:messages` (its outcome is).
   */
  about?: 'form' | 'progress';
}

export interface ChromeState {
  mode: Mode;
  flash: Flash | null;
  readOnly: boolean;
  /** Numbers flashes, writes and runs: an answer names the one it answers. */
  nextId: number;
}

export function initialChrome(opts: { readOnly?: boolean }): ChromeState {
  return { mode: { kind: 'list' }, flash: null, readOnly: opts.readOnly ?? false, nextId: 1 };
}

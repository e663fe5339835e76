// The chrome slice's state: where the deck is (the screen stack and the overlay above it, moved
// only through ../stack.ts), the flash line, and what every slice shares (read-only, the counter
// that numbers flashes and writes).
import type { Overlay, ParkedStacks, Screen } from '../mode';
import { BASE_LIST } from '../stack';
import type { TabName } from '../tabs';

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

/** What the keys need of the last frame, reported by the view after it draws (view/drawn), never read from a module. */
export interface Drawn {
  /** The detail pane in focus: the last top that still fills it, and a page of it. */
  detail: { maxTop: number; page: number };
  /** Rows the Audit view's list showed (PgDn/PgUp move by it). */
  auditRows: number;
  /** Where the shown tab's list was drawn, for a click to find its row. */
  list: ListPlace | null;
  /** The header drew the tabs' words cut short (no room for them), for a click to find its tab. */
  compactTabs: boolean;
  /** Pages the help took at the size it was drawn (↓ stops at the last); 0 until it is drawn. */
  helpPages: number;
  /** Pages the message log (or the change log) took as drawn; 0 until it is drawn. */
  messagePages: number;
  /** Rows the Projects view showed (PgDn, Ctrl+D move by them). */
  projectsRows: number;
}

/** Where the list of the shown tab was last drawn: its rows' first screen line and first record. */
export interface ListPlace {
  tab: TabName;
  /** Screen line (1-based) of the first row. */
  top: number;
  /** Index of the record on that line. */
  start: number;
  rows: number;
  /** Columns the list spans (the detail pane is right of it). */
  width: number;
  /** Each column's field and screen columns (1-based, end excluded), on the header line above the rows. */
  columns?: readonly { field: string; from: number; to: number }[];
}

/**
 * The detail as just opened, not drawn yet: its length unknown, so keys typed ahead of its first frame
 * (Enter j j j in one burst) scroll as far as they say, and the frame clamps them to what it has.
 */
export const undrawnDetail = (drawn: Drawn): Drawn => ({ ...drawn, detail: { ...drawn.detail, maxTop: Number.POSITIVE_INFINITY } });

const INITIAL_DRAWN: Drawn = { detail: { maxTop: 0, page: 1 }, auditRows: 10, list: null, compactTabs: false, helpPages: 0, messagePages: 0, projectsRows: 10 };

export interface ChromeState {
  drawn: Drawn;
  /** The screens Esc walks back through; the first is the tab's base. Never empty. */
  stack: readonly Screen[];
  /** Drawn over the top screen and takes the keys (help, the `:` line, a search, a question). */
  overlay: Overlay | null;
  /** The other tabs' stacks, as they were left (src/state/nav.ts). */
  parked: ParkedStacks;
  /** The detail pane beside (or below) the list, or hidden so the list takes the width; kept for the session. */
  pane: 'shown' | 'hidden';
  flash: Flash | null;
  readOnly: boolean;
  /** Numbers flashes, writes and runs: an answer names the one it answers. */
  nextId: number;
}

export function initialChrome(opts: { readOnly?: boolean }): ChromeState {
  return { drawn: INITIAL_DRAWN, stack: [BASE_LIST], overlay: null, parked: {}, pane: 'shown', flash: null, readOnly: opts.readOnly ?? false, nextId: 1 };
}

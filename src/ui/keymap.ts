import type { Key } from 'ink';
import type { Mode, TabName } from '../state/types';

// Keys as data: one table drives the input router and the `?` overlay.

export type ModeKind = Mode['kind'];

export type Command =
  | 'cursor.down' | 'cursor.up' | 'cursor.first' | 'cursor.last'
  | 'page.next' | 'page.prev'
  | 'tab.websites' | 'tab.reports' | 'tab.next' | 'tab.prev'
  | 'search.start' | 'search.commit' | 'search.cancel' | 'search.backspace'
  | 'sort.next' | 'sort.reverse' | 'perPage.up' | 'perPage.down'
  | 'result.cycle' | 'project.toggle' | 'filters.clear'
  | 'detail.open' | 'detail.close' | 'detail.down' | 'detail.up'
  | 'record.new' | 'record.edit' | 'record.delete' | 'report.rerun'
  | 'refresh' | 'copy'
  | 'command.open' | 'command.run' | 'command.cancel' | 'command.backspace'
  | 'help.toggle' | 'help.next' | 'help.prev' | 'quit' | 'interrupt'
  | 'form.next' | 'form.prev' | 'form.choiceNext' | 'form.choicePrev' | 'form.save' | 'form.enter'
  | 'form.cancel' | 'form.backspace' | 'form.clearField' | 'form.editor'
  | 'confirm.yes' | 'confirm.no' | 'confirm.toggle' | 'confirm.enter';

/** One key: a typed character, or a named key from Ink, with modifiers when they matter. */
export interface KeySpec {
  input?: string;
  key?: 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'return' | 'escape' | 'tab' | 'backspace' | 'delete';
  ctrl?: boolean;
  shift?: boolean;
}

export interface Binding {
  command: Command;
  keys: readonly KeySpec[];
  /** How the keys read in the help overlay. */
  label: string;
  description: string;
  modes: readonly ModeKind[];
  /** Refused in read-only mode (shown locked). */
  writes?: boolean;
  /** Only on this tab. */
  tab?: TabName;
}

const LIST: readonly ModeKind[] = ['list'];
const BROWSE: readonly ModeKind[] = ['list', 'detail'];
const BACKSPACE: readonly KeySpec[] = [{ key: 'backspace' }, { key: 'delete' }];

export const KEYMAP: readonly Binding[] = [
  { command: 'cursor.down', keys: [{ key: 'downArrow' }, { input: 'j' }], label: '↓ j', description: 'next row', modes: LIST },
  { command: 'cursor.up', keys: [{ key: 'upArrow' }, { input: 'k' }], label: '↑ k', description: 'previous row', modes: LIST },
  { command: 'cursor.first', keys: [{ key: 'home' }, { input: 'g' }], label: 'g Home', description: 'first row', modes: LIST },
  { command: 'cursor.last', keys: [{ key: 'end' }, { input: 'G' }], label: 'G End', description: 'last row', modes: LIST },
  { command: 'page.next', keys: [{ key: 'pageDown' }, { input: ']' }], label: '] PgDn', description: 'next page', modes: LIST },
  { command: 'page.prev', keys: [{ key: 'pageUp' }, { input: '[' }], label: '[ PgUp', description: 'previous page', modes: LIST },
  { command: 'tab.websites', keys: [{ input: '1' }], label: '1', description: 'Websites', modes: BROWSE },
  { command: 'tab.reports', keys: [{ input: '2' }], label: '2', description: 'Reports', modes: BROWSE },
  { command: 'tab.prev', keys: [{ key: 'tab', shift: true }], label: 'S-Tab', description: 'previous tab', modes: BROWSE },
  { command: 'tab.next', keys: [{ key: 'tab' }], label: 'Tab', description: 'next tab', modes: BROWSE },
  { command: 'search.start', keys: [{ input: '/' }], label: '/', description: 'search (live)', modes: LIST },
  { command: 'sort.next', keys: [{ input: 's' }], label: 's', description: 'next sort field', modes: LIST },
  { command: 'sort.reverse', keys: [{ input: 'S' }], label: 'S', description: 'reverse sort', modes: LIST },
  { command: 'perPage.up', keys: [{ input: '+' }, { input: '=' }], label: '+', description: 'more per page', modes: LIST },
  { command: 'perPage.down', keys: [{ input: '-' }], label: '-', description: 'fewer per page', modes: LIST },
  { command: 'result.cycle', keys: [{ input: 'f' }], label: 'f', description: 'result filter', modes: LIST, tab: 'reports' },
  { command: 'project.toggle', keys: [{ input: 'p' }], label: 'p', description: "row's project filter", modes: LIST, tab: 'reports' },
  { command: 'filters.clear', keys: [{ key: 'escape' }], label: 'Esc', description: 'clear search+filters', modes: LIST },
  { command: 'detail.open', keys: [{ key: 'return' }], label: 'Enter', description: 'detail', modes: LIST },
  { command: 'detail.down', keys: [{ key: 'downArrow' }, { input: 'j' }], label: '↓ j', description: 'scroll detail', modes: ['detail'] },
  { command: 'detail.up', keys: [{ key: 'upArrow' }, { input: 'k' }], label: '↑ k', description: 'scroll detail', modes: ['detail'] },
  { command: 'detail.close', keys: [{ key: 'escape' }, { key: 'return' }, { input: 'q' }], label: 'Esc', description: 'back to list', modes: ['detail'] },
  { command: 'record.new', keys: [{ input: 'n' }], label: 'n', description: 'new', modes: BROWSE, writes: true },
  { command: 'record.edit', keys: [{ input: 'e' }], label: 'e', description: 'edit', modes: BROWSE, writes: true },
  { command: 'record.delete', keys: [{ input: 'd' }], label: 'd', description: 'delete', modes: BROWSE, writes: true },
  { command: 'report.rerun', keys: [{ input: 'R' }], label: 'R', description: 're-run analysis', modes: BROWSE, writes: true, tab: 'reports' },
  { command: 'refresh', keys: [{ input: 'r' }], label: 'r', description: 'refresh', modes: BROWSE },
  { command: 'copy', keys: [{ input: 'y' }], label: 'y', description: 'copy domain/URL', modes: BROWSE },
  { command: 'command.open', keys: [{ input: ':' }], label: ':', description: 'command line', modes: BROWSE },
  { command: 'help.toggle', keys: [{ input: '?' }], label: '?', description: 'help', modes: ['list', 'detail', 'help'] },
  { command: 'help.toggle', keys: [{ key: 'escape' }, { input: 'q' }], label: 'Esc', description: 'close help', modes: ['help'] },
  { command: 'help.next', keys: [{ key: 'downArrow' }, { input: 'j' }, { key: 'pageDown' }, { input: ' ' }], label: '↓ j', description: 'more keys', modes: ['help'] },
  { command: 'help.prev', keys: [{ key: 'upArrow' }, { input: 'k' }, { key: 'pageUp' }], label: '↑ k', description: 'back', modes: ['help'] },
  { command: 'quit', keys: [{ input: 'q' }], label: 'q', description: 'quit', modes: LIST },
  { command: 'interrupt', keys: [{ input: 'c', ctrl: true }], label: 'C-c', description: 'quit (asks if a form has edits)', modes: ['list', 'detail', 'help', 'search', 'command', 'form', 'confirm-delete', 'confirm-discard'] },

  { command: 'search.commit', keys: [{ key: 'return' }], label: 'Enter', description: 'keep search', modes: ['search'] },
  { command: 'search.cancel', keys: [{ key: 'escape' }], label: 'Esc', description: 'clear search', modes: ['search'] },
  { command: 'search.backspace', keys: BACKSPACE, label: 'Bksp', description: 'delete a character', modes: ['search'] },
  { command: 'cursor.down', keys: [{ key: 'downArrow' }], label: '↓', description: 'next row while typing', modes: ['search'] },
  { command: 'cursor.up', keys: [{ key: 'upArrow' }], label: '↑', description: 'previous row while typing', modes: ['search'] },

  { command: 'command.run', keys: [{ key: 'return' }], label: 'Enter', description: 'run command', modes: ['command'] },
  { command: 'command.cancel', keys: [{ key: 'escape' }], label: 'Esc', description: 'close command line', modes: ['command'] },
  { command: 'command.backspace', keys: BACKSPACE, label: 'Bksp', description: 'delete a character', modes: ['command'] },

  { command: 'form.prev', keys: [{ key: 'tab', shift: true }, { key: 'upArrow' }], label: 'S-Tab ↑', description: 'previous field', modes: ['form'] },
  { command: 'form.next', keys: [{ key: 'tab' }, { key: 'downArrow' }], label: 'Tab ↓', description: 'next field', modes: ['form'] },
  { command: 'form.choiceNext', keys: [{ key: 'rightArrow' }], label: '→ Space', description: 'next choice', modes: ['form'] },
  { command: 'form.choicePrev', keys: [{ key: 'leftArrow' }], label: '←', description: 'previous choice', modes: ['form'] },
  { command: 'form.save', keys: [{ input: 's', ctrl: true }], label: 'C-s', description: 'save', modes: ['form'] },
  { command: 'form.enter', keys: [{ key: 'return' }], label: 'Enter', description: 'next field; saves on the last', modes: ['form'] },
  { command: 'form.cancel', keys: [{ key: 'escape' }], label: 'Esc', description: 'cancel (asks if edited)', modes: ['form'] },
  { command: 'form.backspace', keys: BACKSPACE, label: 'Bksp', description: 'delete a character', modes: ['form'] },
  { command: 'form.clearField', keys: [{ input: 'u', ctrl: true }], label: 'C-u', description: 'clear the field', modes: ['form'] },
  { command: 'form.editor', keys: [{ input: 'e', ctrl: true }], label: 'C-e', description: 'edit lines in $EDITOR', modes: ['form'] },

  { command: 'confirm.yes', keys: [{ input: 'y' }, { input: 'Y' }], label: 'y', description: 'yes', modes: ['confirm-delete', 'confirm-discard'] },
  { command: 'confirm.no', keys: [{ input: 'n' }, { input: 'N' }, { key: 'escape' }], label: 'n Esc', description: 'no', modes: ['confirm-delete', 'confirm-discard'] },
  { command: 'confirm.toggle', keys: [{ key: 'leftArrow' }, { key: 'rightArrow' }, { key: 'tab' }], label: '← →', description: 'choose', modes: ['confirm-delete', 'confirm-discard'] },
  { command: 'confirm.enter', keys: [{ key: 'return' }], label: 'Enter', description: 'the chosen answer (No by default)', modes: ['confirm-delete', 'confirm-discard'] },
];

export function keyMatches(spec: KeySpec, input: string, key: Key): boolean {
  if (spec.shift !== undefined && key.shift !== spec.shift) return false;
  if (spec.key) return Boolean(key[spec.key]) && (spec.ctrl === undefined || key.ctrl === spec.ctrl);
  if (Boolean(spec.ctrl) !== key.ctrl) return false;
  return input === spec.input;
}

/** The binding a key press means in a mode and tab, if any. */
export function findBinding(mode: ModeKind, tab: TabName, input: string, key: Key): Binding | undefined {
  return KEYMAP.find((b) => b.modes.includes(mode) && (!b.tab || b.tab === tab) && b.keys.some((k) => keyMatches(k, input, key)));
}

/** Printable text a key press carries (for search, command line and form fields). */
export function typedText(input: string, key: Key): string | null {
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.backspace || key.delete) return null;
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end) return null;
  return input ? input : null;
}

/** A key press with no named key or modifier. */
export const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

function charKey(ch: string): { input: string; key: Key } {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\r' || ch === '\n') return { input: '', key: { ...NO_KEY, return: true } };
  if (ch === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  if (ch === '\x7f') return { input: '', key: { ...NO_KEY, delete: true } };
  if (ch === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
  if (code < 0x20) return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: ch, key: { ...NO_KEY, shift: /[A-Z]/.test(ch) } };
}

/**
 * Ink hands over a run of plain characters as one input ("jj\r" when keys arrive together, or a
 * paste). Split it into single key presses; runs of printable characters stay together as text.
 */
export function splitKeys(input: string, key: Key): { input: string; key: Key }[] {
  const chars = Array.from(input);
  // Esc and a key that arrive together read as Alt+key; the deck binds no Alt keys, so they are
  // the two presses they were (Esc closes the detail, then q quits).
  const arrows = key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end;
  if (key.meta && !key.escape && !key.ctrl && !arrows && !key.return && !key.tab && !key.backspace && !key.delete && chars.length === 1) {
    return [{ input: '', key: { ...NO_KEY, escape: true, meta: true } }, charKey(chars[0])];
  }
  const named = key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end || key.escape || key.tab || key.return || key.backspace || key.delete || key.ctrl || key.meta;
  if (chars.length <= 1 || named) return [{ input, key }];
  const out: { input: string; key: Key }[] = [];
  for (const ch of chars) out.push(charKey(ch));
  return out;
}

// The deck's one keymap: each row of the key table (src/keys/table.ts: keys, modes, words) with
// what it does here (keyDoes.ts, by screen), and how a key press finds its binding. The help, the
// footer, docs/keys.md and the input router all read KEYMAP; the config file's `keys` rebind it
// (keyConfig.ts). Adding a binding: its row in the table, then its entry in keyDoes.ts or
// keyDoesTyping.ts (the Behaviours type refuses a missing one), e.g.
//   table:   'report.open': { keys: [{ input: 'o' }], modes: BROWSE, description: 'open URL (Reports)' },
//   keyDoes: 'report.open': { disabled: gate(onlyOn('reports'), needsSelection), does: effect(openInBrowser) },
import type { Key } from 'ink';
import type { ModeKind } from '../../keys/modes';
import { keyName, type KeySpec } from '../../keys/spec';
import { KEY_ROWS, type BindingId } from '../../keys/table';
import { TEXT_BINDING_IDS } from '../../keys/text';
import { modeOf } from '../../state/stack';
import type { TextOp } from '../../state/textEdit';
import type { DeckState } from '../../state/types';
import type { Does, Gate } from './doing';
import { DOES } from './keyDoes';
import { TEXT_OPS } from './textKeys';

export type { BindingId } from '../../keys/table';
export type { KeySpec } from '../../keys/spec';
export type { ModeKind } from '../../keys/modes';
export { keyName, keysLabel } from '../../keys/spec';
export { LIST_CHANGING } from '../../state/gate';
export { isTabReason } from './keyDoes';
export { TYPED_AHEAD } from './keyDoesTyping';

export interface Binding {
  id: BindingId;
  keys: readonly KeySpec[];
  modes: readonly ModeKind[];
  description: string;
  /** How the keys read in the help, the footer and docs/keys.md. */
  label: string;
  does: Does;
  disabled?: Gate;
  /** Whether the key means this binding at all now; when false the key falls through. */
  when?: (state: DeckState) => boolean;
  /** The footer's word, or a function of the state (null: no hint now, e.g. `more` on the help's last page). */
  hint?: string | ((state: DeckState) => string | null);
}

/** The note for keys read in the moment after a refused key: typed for where it would have led, not for here. */
export const typedAfterRefusal = (n: number): string =>
  `${n === 1 ? '1 key' : `${n} keys`} typed after it dropped, not taken here: press ${n === 1 ? 'it' : 'them'} again if meant for this screen`;

export const KEYMAP: readonly Binding[] = KEY_ROWS.map((row) => {
  const { when: _words, hint, ...data } = row;
  const d = DOES[row.id];
  return { ...data, does: d.does, disabled: d.disabled, when: d.when, hint: d.hint ?? hint };
});

export function bindingById(id: BindingId): Binding {
  return KEYMAP.find((b) => b.id === id)!;
}

/** Why a binding is refused in this state, or null. */
export function disabledReason(b: Binding, state: DeckState): string | null {
  return b.disabled?.(state) ?? null;
}

/** The flash line's words for a refused key (`pressed`: the key as pressed, when the binding has several). */
export function refusal(b: Binding, reason: string, pressed: KeySpec = b.keys[0]): string {
  return `${keyName(pressed)} (${b.description.replace(/ \(.*\)$/, '')}): ${reason}`;
}

// ---- matching ----

export function keyMatches(spec: KeySpec, input: string, key: Key): boolean {
  if (spec.shift !== undefined && key.shift !== spec.shift) return false;
  if (spec.meta !== undefined && key.meta !== spec.meta) return false;
  if (spec.key) return Boolean(key[spec.key]) && (spec.ctrl === undefined || key.ctrl === spec.ctrl);
  if (Boolean(spec.ctrl) !== key.ctrl) return false;
  return input === spec.input;
}

/** The binding a key press means in this state, if any (a disabled one too: it explains itself). */
export function findBinding(state: DeckState, input: string, key: Key): Binding | undefined {
  // The key first: a binding's `when` may read the form's fields, and most bindings are for other keys.
  return bindingsIn(modeOf(state).kind).find((b) => b.keys.some((k) => keyMatches(k, input, key)) && (!b.when || b.when(state)));
}

/**
 * The bindings of one mode, in the keymap's order: a key is looked up for every character typed or
 * pasted into a field. A binding's modes never change (the config file's `keys` section rebinds its keys, read at each look).
 */
let byMode: Map<ModeKind, readonly Binding[]> | undefined;
function bindingsIn(mode: ModeKind): readonly Binding[] {
  if (!byMode) {
    byMode = new Map();
    for (const b of KEYMAP) for (const m of b.modes) byMode.set(m, [...(byMode.get(m) ?? []), b]);
  }
  return byMode.get(mode) ?? [];
}

/** Printable text a key press carries (for search, the command line and form fields). */
export function typedText(input: string, key: Key): string | null {
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.backspace || key.delete) return null;
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end) return null;
  return input ? input : null;
}

/** The edit a key makes in a text field, by the text field's bindings (setup reads them so: it is drawn before the deck). */
export function textOpFor(input: string, key: Key): TextOp | null {
  const id = TEXT_BINDING_IDS.find((t) => bindingById(t).keys.some((k) => keyMatches(k, input, key)));
  return id ? TEXT_OPS[id] : null;
}

/** A key press with no named key or modifier. */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** Alt with one character and no named key: Esc and that key arriving together. */
function altLetter(key: Key, chars: readonly string[]): boolean {
  const arrows = key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end;
  return key.meta && !key.escape && !key.ctrl && !arrows && !key.return && !key.tab && !key.backspace && !key.delete && chars.length === 1;
}

/** Some binding has Alt with this character (read at each look: the config file's `keys` may rebind). */
const altBound = (ch: string): boolean => KEYMAP.some((b) => b.keys.some((k) => k.meta && k.input === ch));

function charKey(ch: string): { input: string; key: Key } {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\r' || ch === '\n') return { input: '', key: { ...NO_KEY, return: true } };
  if (ch === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  if (ch === '\x7f') return { input: '', key: { ...NO_KEY, backspace: true } };
  if (ch === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
  if (code < 0x20) return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: ch, key: { ...NO_KEY, shift: /[A-Z]/.test(ch) } };
}

/**
 * Ink hands over a run of plain characters as one input ("jj\r" when keys arrive together, or a
 * paste). Split it into single key presses; runs of printable characters stay together as text.
 */
export function splitKeys(input: string, key: Key, opts: { altKeys?: boolean } = {}): { input: string; key: Key }[] {
  const chars = Array.from(input);
  // Esc and a key that arrive together read as Alt+key. Where a text field has the keys (`altKeys`)
  // an Alt key it binds (Alt+B, Alt+F) is that key; elsewhere they are the two presses they were
  // (Esc closes the detail, then q quits). Two quick Escs read as Alt+Esc (Ink hands over the second ESC as the input).
  const esc = { input: '', key: { ...NO_KEY, escape: true } };
  if (key.escape && key.meta && !key.ctrl && (input === '' || input === '\x1b')) return [esc, esc];
  if (altLetter(key, chars)) return opts.altKeys && altBound(chars[0]) ? [{ input, key }] : [esc, charKey(chars[0])];
  const named =
    key.upArrow ||
    key.downArrow ||
    key.leftArrow ||
    key.rightArrow ||
    key.pageUp ||
    key.pageDown ||
    key.home ||
    key.end ||
    key.escape ||
    key.tab ||
    key.return ||
    key.backspace ||
    key.delete ||
    key.ctrl ||
    key.meta;
  if (chars.length <= 1 || named) return [{ input, key }];
  const out: { input: string; key: Key }[] = [];
  for (const ch of chars) out.push(charKey(ch));
  return out;
}

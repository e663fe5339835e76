import type { DeckState } from '../state/types';
import { disabledReason, isTabReason, keyName, KEYMAP, type Binding, type BindingId, type ModeKind } from './keymap';
import { SCREEN_KINDS, type Overlay, type Screen } from '../state/mode';
import { auditOf, modeOf } from '../state/stack';
import { freshAudit } from '../state/auditState';
import { keyWords } from './keyWords';

// What the `?` overlay, the footer and docs/keys.md say about keys, derived from the one keymap.

export interface HelpRow {
  keys: string;
  description: string;
  /** Why the key is refused in the current state (greyed), or null. */
  disabled: string | null;
}

export interface HelpSection {
  title: string;
  rows: HelpRow[];
}

const SECTIONS: { title: string; modes: ModeKind[] }[] = [
  { title: 'List', modes: ['list'] },
  { title: 'Detail', modes: ['detail'] },
  { title: 'Projects (3)', modes: ['projects'] },
  { title: 'Audit (:audit; a on Projects)', modes: ['audit'] },
  { title: 'Search', modes: ['search'] },
  { title: 'Command line', modes: ['prompt'] },
  { title: 'Form', modes: ['form'] },
  { title: 'Dialogs', modes: ['confirm-delete', 'confirm-discard', 'confirm-stop', 'confirm-bulk'] },
  { title: 'Help', modes: ['help'] },
  { title: 'Messages', modes: ['messages'] },
];

/**
 * Each binding once: list bindings that also work in the detail view are listed under List.
 * With a state, each row says whether the key is refused there and why (the reference passes none).
 */
export function helpSections(state: DeckState | null): HelpSection[] {
  const seen = new Set<Binding>();
  return SECTIONS.map((s) => {
    const rows: HelpRow[] = [];
    for (const b of KEYMAP) {
      if (seen.has(b) || !s.modes.some((m) => b.modes.includes(m))) continue;
      if (s.title !== 'List' && b.modes.includes('list')) continue;
      seen.add(b);
      // In the overlay the list is the place the keys act on (help is open over it).
      const at = state ? placedAt(state, s.modes[0]) : null;
      const disabled = at ? disabledReason(b, at) : null;
      rows.push({ keys: b.label, description: keyWords(b.description), disabled: disabled === null ? null : keyWords(disabled) });
    }
    return { title: s.title, rows };
  });
}

export interface FooterHint {
  id: BindingId;
  key: string;
  word: string;
  disabled: string | null;
}

/** When the footer is too narrow, these hints give way first, in this order (the rest stay: help, quit, the row's actions). */
const GIVE_WAY: readonly BindingId[] = ['prompt.open', 'project.toggle', 'result.cycle', 'mark.toggle', 'record.new', 'sort.next', 'open', 'search.start', 'detail.down', 'help.open'];

/** The hints that fit `width` columns (each `key word`, two spaces apart), dropping GIVE_WAY's first. */
export function fitHints(hints: readonly FooterHint[], width: number): FooterHint[] {
  const size = (hs: readonly FooterHint[]) => hs.reduce((n, h, i) => n + (i ? 2 : 0) + h.key.length + 1 + h.word.length, 0);
  let kept = [...hints];
  for (const id of GIVE_WAY) {
    if (size(kept) <= width) break;
    kept = kept.filter((h) => h.id !== id);
  }
  return kept;
}

/**
 * The footer's hints for the current mode and tab: bindings with a hint, the keys that act here
 * first and the refused ones (greyed) after them, so a narrow footer cuts those first. Keys of the
 * other tab are left out (the ? help lists them, greyed, with the reason).
 */
export function footerHints(state: DeckState): FooterHint[] {
  const mode = modeOf(state).kind;
  const hints = KEYMAP.filter((b) => b.hint && b.modes.includes(mode) && (!b.when || b.when(state))).map((b) => ({
    id: b.id,
    key: keyName(b.keys[0]),
    word: b.hint!,
    disabled: disabledReason(b, state),
  }));
  const here = hints.filter((h) => !isTabReason(h.disabled));
  return [...here.filter((h) => !h.disabled), ...here.filter((h) => h.disabled)];
}

/** The state as if the help's section were in front (its keys' refusals are said as they would be there). */
export function placedAt(state: DeckState, kind: ModeKind): DeckState {
  const screen = SCREEN_KINDS.find((k) => k === kind);
  if (screen === undefined) return { ...state, overlay: { kind } as Overlay };
  const top: Screen = screen === 'audit' ? { kind: 'audit', audit: auditOf(state) ?? freshAudit({ kind: 'view', filters: {} }) } : screen === 'detail' ? { kind: 'detail', scroll: 0 } : ({ kind: screen } as Screen);
  return { ...state, stack: [...state.stack.slice(0, -1), top], overlay: null };
}

import type { DeckState } from '../../state/types';
import { disabledReason, isTabReason, keyName, KEYMAP, type Binding, type BindingId, type ModeKind } from './keymap';
import { BROWSED, QUESTION_KINDS, SCREEN_KINDS, type ScreenKind } from '../../keys/modes';
import type { Overlay, Screen } from '../../state/mode';
import { auditOf, modeOf, topScreen } from '../../state/stack';
import { freshAudit } from '../../state/auditState';
import { keyWords } from './keyWords';
import { giveWayToLeast, namedGoInOrder } from '../input/giveWay';
import { screenName } from '../screens/screenName';
import { SCREENS } from '../screens/registry';

// What the `?` overlay, the footer and docs/keys.md say about keys, derived from the one keymap.

interface HelpRow {
  id: BindingId;
  keys: string;
  description: string;
  /** Why the key is refused in the current state (greyed), or null. */
  disabled: string | null;
}

export interface HelpSection {
  title: string;
  rows: HelpRow[];
  /** About the screen help was opened over (its keys, then every screen's): shown first. */
  here?: boolean;
}

/** A screen's own section, titled by its registry entry. */
const screenSection = (kind: ScreenKind): { title: string; modes: ModeKind[] } => ({ title: SCREENS[kind].section, modes: [kind] });

/** The sections of the reference: every screen a person browses, the overlays, the screens that type (the form), the questions. */
const sections = (): { title: string; modes: ModeKind[] }[] => [
  ...BROWSED.map(screenSection),
  { title: 'Search', modes: ['search'] },
  { title: 'Command line', modes: ['prompt'] },
  ...SCREEN_KINDS.filter((k) => !BROWSED.includes(k)).map(screenSection),
  { title: 'Dialogs', modes: [...QUESTION_KINDS] },
  { title: 'Help', modes: ['help'] },
  { title: 'Messages', modes: ['messages'] },
];

/** Keys of the lists and the Audit view alike (tabs, help, the command line, copy): after the screen's own. */
const isGlobal = (b: Binding): boolean => b.modes.includes('list') && b.modes.includes('audit');

/** Keys on every screen a person browses (src/keys/modes.ts, BROWSED: a new screen is one of them). */
const onEveryScreen = (b: Binding): boolean => BROWSED.every((m) => b.modes.includes(m));

/** The browsing screens besides the lists where a key of the List section works too, named as sentences name them. */
const alsoOn = (b: Binding): string =>
  BROWSED.filter((m) => m !== 'list' && m !== 'detail' && b.modes.includes(m))
    .map((m) => `on ${screenName(null, m)}`)
    .join(' and ');

/** The screen the help was opened over, as its first section calls it. */
const hereTitle = (state: DeckState, kind: ScreenKind): string => `Here: ${screenName(state, kind)}`;

const row = (b: Binding, at: DeckState | null): HelpRow => {
  const disabled = at ? disabledReason(b, at) : null;
  return { id: b.id, keys: b.label, description: keyWords(b.description), disabled: disabled === null ? null : keyWords(disabled) };
};

/**
 * Each binding once. Without a state (docs/keys.md, the man page): by section, list bindings that
 * also work in the detail view under List. With one (the `?` overlay): the keys of the screen it
 * was opened over first (those that apply at this point of it), then the keys of every screen,
 * then the rest by section; each row says whether the key is refused there and why.
 */
export function helpSections(state: DeckState | null): HelpSection[] {
  const seen = new Set<Binding>();
  const first: HelpSection[] = [];
  if (state) {
    const kind = topScreen(state).kind;
    const at = placedAt(state, kind);
    const here = KEYMAP.filter((b) => b.modes.includes(kind) && !isGlobal(b) && (!b.when || b.when(at)));
    const everywhere = KEYMAP.filter((b) => isGlobal(b) && b.modes.includes(kind));
    for (const b of [...here, ...everywhere]) seen.add(b);
    first.push(
      { title: hereTitle(state, kind), rows: here.map((b) => row(b, at)), here: true },
      { title: 'Also here, as on other screens', rows: everywhere.map((b) => row(b, at)), here: true },
    );
  }
  // The reference (no state) gathers the keys every browsing screen shares before the sections.
  if (!state) {
    const shared = KEYMAP.filter(onEveryScreen);
    for (const b of shared) seen.add(b);
    first.push({ title: `Every screen (${BROWSED.map((m) => screenName(null, m)).join(', ')})`, rows: shared.map((b) => row(b, null)) });
  }
  const rest = sections().map((s) => {
    const rows: HelpRow[] = [];
    for (const b of KEYMAP) {
      if (seen.has(b) || !s.modes.some((m) => b.modes.includes(m))) continue;
      if (s.title !== 'List' && b.modes.includes('list')) continue;
      seen.add(b);
      // In the overlay the list is the place the keys act on (help is open over it).
      const r = row(b, state ? placedAt(state, s.modes[0]) : null);
      // The reference lists a key once: where else it works is said beside it (the overlay says it in "Also here").
      const elsewhere = state || s.title !== 'List' ? '' : alsoOn(b);
      rows.push(elsewhere ? { ...r, description: `${r.description}; also ${elsewhere}` } : r);
    }
    return { title: s.title, rows };
  });
  return [...first, ...rest].filter((s) => s.rows.length || !state);
}

/** A help row that matches what was typed: one of its keys (`G`, `esc`), or words of its description. */
export function rowMatches(r: { keys: string; description: string }, filter: string): boolean {
  const f = filter.trim();
  if (!f) return true;
  const lower = f.toLowerCase();
  const keys = r.keys.split(' ');
  // A single character is a key as typed (`G` is not `g`); a longer word names one (`esc`, `pgdn`).
  if (keys.some((k) => (f.length === 1 ? k === f : k.toLowerCase() === lower || k.toLowerCase().startsWith(lower)))) return true;
  return r.description.toLowerCase().includes(lower);
}

/** The sections with only the rows matching `filter` (sections left empty go). */
export function filterSections(sections: readonly HelpSection[], filter: string | undefined): HelpSection[] {
  if (!filter?.trim()) return [...sections];
  return sections.map((s) => ({ ...s, rows: s.rows.filter((r) => rowMatches(r, filter)) })).filter((s) => s.rows.length);
}

export interface FooterHint {
  id: BindingId;
  key: string;
  word: string;
  disabled: string | null;
}

/** When the footer is too narrow, these hints give way first, in this order (the rest stay: help, quit, the row's actions). */
const GIVE_WAY: readonly BindingId[] = [
  'prompt.open',
  'project.toggle',
  'result.cycle',
  'mark.toggle',
  'record.new',
  'sort.next',
  'open',
  'search.start',
  'detail.down',
  'help.open',
];

/** The hints that fit `width` columns (each `key word`, two spaces apart), dropping GIVE_WAY's first. */
export function fitHints(hints: readonly FooterHint[], width: number): FooterHint[] {
  const size = (hs: readonly FooterHint[]) => hs.reduce((n, h, i) => n + (i ? 2 : 0) + h.key.length + 1 + h.word.length, 0);
  return giveWayToLeast(
    namedGoInOrder(hints, (h) => h.id, GIVE_WAY),
    size,
    width,
  );
}

/**
 * The footer's hints for the current mode and tab: bindings with a hint, the keys that act here
 * first and the refused ones (greyed) after them, so a narrow footer cuts those first. Keys of the
 * other tab are left out (the ? help lists them, greyed, with the reason).
 */
export function footerHints(state: DeckState): FooterHint[] {
  const mode = modeOf(state).kind;
  const hints = KEYMAP.filter((b) => b.hint && b.modes.includes(mode) && (!b.when || b.when(state))).flatMap((b) => {
    const word = typeof b.hint === 'function' ? b.hint(state) : b.hint;
    return word ? [{ id: b.id, key: keyName(b.keys[0]), word, disabled: disabledReason(b, state) }] : [];
  });
  const here = hints.filter((h) => !isTabReason(h.disabled));
  return [...here.filter((h) => !h.disabled), ...here.filter((h) => h.disabled)];
}

/** The state as if the help's section were in front (its keys' refusals are said as they would be there). */
export function placedAt(state: DeckState, kind: ModeKind): DeckState {
  const screen = SCREEN_KINDS.find((k) => k === kind);
  if (screen === undefined) return { ...state, overlay: { kind } as Overlay };
  const top: Screen =
    screen === 'audit'
      ? { kind: 'audit', audit: auditOf(state) ?? freshAudit({ kind: 'view', filters: {} }) }
      : screen === 'detail'
        ? { kind: 'detail', scroll: 0 }
        : { kind: screen };
  return { ...state, stack: [...state.stack.slice(0, -1), top], overlay: null };
}

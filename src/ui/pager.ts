// The one pager: every scrolling view answers the same keys — PgDn/PgUp a page, Ctrl+D/Ctrl+U half
// a page, g/G (Home/End) the ends, ]/[ the next and previous page (the server's pages on a list,
// else pages of the view). A view's own binding for a motion comes first in the keymap (the list's
// ] and PgDn turn the server's page, the detail's PgDn scrolls it); this table is the rest, so no
// view leaves one of them silent: what a view cannot use is refused in words.
import { SCREEN_KINDS, type ScreenKind } from '../state/mode';
import { topScreen } from '../state/stack';
import type { DeckState } from '../state/types';
import { auditDoes } from './auditKeys';
import { act, effect, type Does, type Gate } from './doing';
import { scrollDetail } from './handlers';
import type { KeySpec, PagerMotion } from './keySpec';

export type { PagerMotion } from './keySpec';

export const PAGER_KEYS: { readonly [M in PagerMotion]: { keys: readonly KeySpec[]; description: string } } = {
  pageDown: { keys: [{ key: 'pageDown' }], description: 'a page down' },
  pageUp: { keys: [{ key: 'pageUp' }], description: 'a page up' },
  halfDown: { keys: [{ input: 'd', ctrl: true }], description: 'half a page down (the help and the messages: a page)' },
  halfUp: { keys: [{ input: 'u', ctrl: true }], description: 'half a page up' },
  top: { keys: [{ input: 'g' }, { key: 'home' }], description: 'the top (the first page)' },
  bottom: { keys: [{ input: 'G' }, { key: 'end' }], description: 'the end (the last page)' },
  next: { keys: [{ input: ']' }], description: 'the next page of the view' },
  prev: { keys: [{ input: '[' }], description: 'the previous page of the view' },
};
export const PAGER_MOTIONS = Object.keys(PAGER_KEYS) as PagerMotion[];

/** The overlays that scroll, beside the screens. */
const PAGED_OVERLAYS = ['help', 'messages'] as const;
export type PagerMode = ScreenKind | (typeof PAGED_OVERLAYS)[number];
const PAGER_MODES: readonly PagerMode[] = [...SCREEN_KINDS, ...PAGED_OVERLAYS];

interface Entry {
  does: Does;
  gate?: Gate;
}
/** A view's motions, or why it has none. */
type ViewPager = Partial<Record<PagerMotion, Entry>> | { refuse: string };

const half = (rows: number) => Math.max(1, Math.floor(rows / 2));
const FAR = Number.MAX_SAFE_INTEGER;
const helpAtEnd: Gate = (s) =>
  s.overlay?.kind === 'help' && s.drawn.helpPages > 0 && s.overlay.page >= s.drawn.helpPages - 1 ? 'this is the last page (every key is shown)' : null;
const helpPage = (delta: number): Entry => ({ does: act({ type: 'help/page', delta }) });
const messagesPage = (delta: number): Entry => ({ does: act({ type: 'messages/page', delta }) });
const projectsMove = (rows: (s: DeckState) => number, dir: 1 | -1): Entry => ({ does: act((s) => ({ type: 'projects/move', delta: dir * rows(s) })) });
const listRows = (s: DeckState) => s.drawn.list?.rows ?? 10;
const NO_PAGES_FORM = 'a form has no pages: Tab and ↓ go to the next field';
const nothingHere = 'nothing to page on this screen';

/**
 * Each view's motions that its own bindings do not have (a motion absent here is a binding of the
 * view's own, listed in the keymap before the pager's). A screen not named here refuses every motion.
 */
const PAGER: { readonly [M in PagerMode]?: ViewPager } = {
  list: {
    halfDown: { does: act((s) => ({ type: 'cursor/move', delta: half(listRows(s)) })) },
    halfUp: { does: act((s) => ({ type: 'cursor/move', delta: -half(listRows(s)) })) },
  },
  detail: {
    halfDown: { does: effect((ctx) => scrollDetail(ctx, half(ctx.state.drawn.detail.page))) },
    halfUp: { does: effect((ctx) => scrollDetail(ctx, -half(ctx.state.drawn.detail.page))) },
    next: { does: effect((ctx) => scrollDetail(ctx, 'pageDown')) },
    prev: { does: effect((ctx) => scrollDetail(ctx, 'pageUp')) },
  },
  // The help and the message log turn whole pages (a help page is columns side by side): Ctrl+D too.
  help: {
    halfDown: { ...helpPage(1), gate: helpAtEnd },
    halfUp: helpPage(-1),
    next: { ...helpPage(1), gate: helpAtEnd },
    prev: helpPage(-1),
    top: helpPage(-FAR),
    bottom: helpPage(FAR),
  },
  messages: {
    halfDown: messagesPage(1),
    halfUp: messagesPage(-1),
    next: messagesPage(1),
    prev: messagesPage(-1),
    top: messagesPage(-FAR),
    bottom: messagesPage(FAR),
  },
  projects: {
    pageDown: projectsMove((s) => s.drawn.projectsRows, 1),
    pageUp: projectsMove((s) => s.drawn.projectsRows, -1),
    halfDown: projectsMove((s) => half(s.drawn.projectsRows), 1),
    halfUp: projectsMove((s) => half(s.drawn.projectsRows), -1),
    next: projectsMove((s) => s.drawn.projectsRows, 1),
    prev: projectsMove((s) => s.drawn.projectsRows, -1),
  },
  audit: {
    halfDown: { does: auditDoes.half(1) },
    halfUp: { does: auditDoes.half(-1) },
    next: { does: auditDoes.page(1) },
    prev: { does: auditDoes.page(-1) },
  },
  form: { refuse: NO_PAGES_FORM },
};

const viewPager = (mode: PagerMode): ViewPager => PAGER[mode] ?? { refuse: nothingHere };
const refused = (v: ViewPager): v is { refuse: string } => 'refuse' in v;

/** What `motion` does on the view that has the keys (undefined: the view's own binding has it, or the view has none). */
export function pagerEntry(mode: PagerMode, motion: PagerMotion): Entry | undefined {
  const v = viewPager(mode);
  return refused(v) ? undefined : v[motion];
}

/** The views where the pager does `motion` (the rest have a binding of their own for it, or refuse every motion). */
export const pagerModes = (motion: PagerMotion): PagerMode[] => PAGER_MODES.filter((m) => pagerEntry(m, motion) !== undefined);

/** The views that have nothing to page (a form, a screen the table does not name): every pager key is refused there, with why. */
export const UNPAGED_MODES: readonly PagerMode[] = PAGER_MODES.filter((m) => refused(viewPager(m)));

/** Why this view has nothing to page, or null. */
export function unpagedReason(mode: PagerMode): string | null {
  const v = viewPager(mode);
  return refused(v) ? v.refuse : null;
}

/** The view the keys are on, for the pager (a search or the `:` line over a list is not paged). */
export function pagerMode(s: DeckState): PagerMode {
  const o = s.overlay?.kind;
  return o === 'help' || o === 'messages' ? o : topScreen(s).kind;
}

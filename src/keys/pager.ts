// The one pager's keys as data: every scrolling view answers the same keys — PgDn/PgUp a page,
// Ctrl+D/Ctrl+U half a page, g/G (Home/End) the ends, ]/[ the next and previous page. A view's own
// binding for a motion comes first in the table (the list's ] and PgDn turn the server's page, the
// detail's PgDn scrolls it); PAGED names the rest each view takes from the pager, so no view leaves
// one of them silent: a view with nothing to page refuses them all, in words. What each motion does
// on each view is src/ui/keys/pager.ts (its type refuses a view or motion not named here).
import { SCREEN_KINDS, type ScreenKind } from './modes';
import type { KeySpec, PagerMotion } from './spec';

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

const ALL = ['halfDown', 'halfUp', 'next', 'prev', 'top', 'bottom'] as const;

/**
 * Each view's motions that its own bindings do not have, or why it has nothing to page. A screen
 * not named here refuses every motion (a new screen pages nothing until it is named).
 */
const PAGED = {
  list: ['halfDown', 'halfUp'],
  detail: ['halfDown', 'halfUp', 'next', 'prev'],
  // The help and the message log turn whole pages (a help page is columns side by side): Ctrl+D too.
  help: ALL,
  messages: ALL,
  projects: ['pageDown', 'pageUp', 'halfDown', 'halfUp', 'next', 'prev'],
  audit: ['halfDown', 'halfUp', 'next', 'prev'],
  form: { refuse: 'a form has no pages: Tab and ↓ go to the next field' },
} as const satisfies { readonly [M in PagerMode]?: readonly PagerMotion[] | { refuse: string } };

type Paged = typeof PAGED;
/** The views the pager moves, and the motions it does on each. */
export type PagedMotions = {
  [M in keyof Paged as Paged[M] extends readonly PagerMotion[] ? M : never]: Paged[M] extends readonly PagerMotion[] ? Paged[M][number] : never;
};

const NOTHING_HERE = 'nothing to page on this screen';
const viewPaged = (mode: PagerMode): readonly PagerMotion[] | { refuse: string } =>
  (PAGED as Partial<Record<PagerMode, readonly PagerMotion[] | { refuse: string }>>)[mode] ?? { refuse: NOTHING_HERE };

/** The views where the pager does `motion` (the rest have a binding of their own for it, or refuse every motion). */
export const pagerModes = (motion: PagerMotion): PagerMode[] =>
  PAGER_MODES.filter((m) => {
    const v = viewPaged(m);
    return !('refuse' in v) && v.includes(motion);
  });

/** The views that have nothing to page (a form, a screen the table does not name): every pager key is refused there, with why. */
export const UNPAGED_MODES: readonly PagerMode[] = PAGER_MODES.filter((m) => 'refuse' in viewPaged(m));

/** Why this view has nothing to page, or null. */
export function unpagedReason(mode: PagerMode): string | null {
  const v = viewPaged(mode);
  return 'refuse' in v ? v.refuse : null;
}

// What the one pager's keys do on each view that takes them from the pager (which views and
// motions those are is data: src/keys/pager.ts, PAGED; this table's type refuses one missing or
// one extra). A view's own binding for a motion comes first in the keymap.
import type { PagedMotions, PagerMode } from '../../keys/pager';
import type { PagerMotion } from '../../keys/spec';
import { topScreen } from '../../state/stack';
import type { DeckState } from '../../state/types';
import { auditDoes } from './auditKeys';
import { act, effect, type Does, type Gate } from './doing';
import { scrollDetail } from './handlers';

interface Entry {
  does: Does;
  gate?: Gate;
}

const half = (rows: number) => Math.max(1, Math.floor(rows / 2));
const FAR = Number.MAX_SAFE_INTEGER;
const helpAtEnd: Gate = (s) =>
  s.overlay?.kind === 'help' && s.drawn.helpPages > 0 && s.overlay.page >= s.drawn.helpPages - 1 ? 'this is the last page (every key is shown)' : null;
const helpPage = (delta: number): Entry => ({ does: act({ type: 'help/page', delta }) });
const messagesPage = (delta: number): Entry => ({ does: act({ type: 'messages/page', delta }) });
const projectsMove = (rows: (s: DeckState) => number, dir: 1 | -1): Entry => ({ does: act((s) => ({ type: 'projects/move', delta: dir * rows(s) })) });
const listRows = (s: DeckState) => s.drawn.list?.rows ?? 10;

const PAGER: { readonly [M in keyof PagedMotions]: { readonly [Mo in PagedMotions[M]]: Entry } } = {
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
};

/** What `motion` does on the view that has the keys (undefined: the view's own binding has it, or the view has none). */
export function pagerEntry(mode: PagerMode, motion: PagerMotion): Entry | undefined {
  return (PAGER as Partial<Record<PagerMode, Partial<Record<PagerMotion, Entry>>>>)[mode]?.[motion];
}

/** The view the keys are on, for the pager (a search or the `:` line over a list is not paged). */
export function pagerMode(s: DeckState): PagerMode {
  const o = s.overlay?.kind;
  return o === 'help' || o === 'messages' ? o : topScreen(s).kind;
}

// The status line's words and what it leaves out at a width: pure, shared by the line
// (components/StatusLine.tsx) and the pre-paint (prepaint.ts), which draws it before Ink is up.
import { TOTAL_UNKNOWN } from '../../domain/hostNumbers';
import stringWidth from 'string-width';
import { ageText } from '../../cache/age';
import { pageInfo } from '../../state/selectors';
import type { DeckState } from '../../state/types';
import { groupDigits } from '../../text/digits';
import { sanitize } from '../../text/sanitize';
import { sortName } from './columns';
import { distributionWidth } from './distributionText';
import { GLYPHS } from './glyphs';
import { giveWay } from '../input/giveWay';
import { cursorText } from '../components/fields/cursorText';
import { distributionLine } from '../layout/layout';

/** What the status line can leave out, in the order it gives way. */
export interface StatusPlan {
  dist: 'words' | 'compact' | 'none';
  perPage: boolean;
  placeholder: boolean;
  sort: boolean;
  /** One space between the parts instead of two or three. */
  tight: boolean;
}

const PLANS: readonly StatusPlan[] = [
  { dist: 'words', perPage: true, placeholder: true, sort: true, tight: false },
  { dist: 'compact', perPage: true, placeholder: true, sort: true, tight: false },
  { dist: 'compact', perPage: false, placeholder: true, sort: true, tight: false },
  { dist: 'compact', perPage: false, placeholder: false, sort: true, tight: false },
  { dist: 'compact', perPage: false, placeholder: false, sort: false, tight: false },
  { dist: 'none', perPage: false, placeholder: false, sort: false, tight: false },
  { dist: 'none', perPage: false, placeholder: false, sort: false, tight: true },
];

interface StatusText {
  cached: string | null;
  search: string | null;
  filters: string[];
  sort: string;
  perPage: string;
  /** page x/y, the total and the stale mark: never cut. */
  place: string[];
}

/** 14:03:05, local time: when the last watch refresh went out. */
const clock = (ms: number): string => new Date(ms).toTimeString().slice(0, 8);

function statusText(state: DeckState): StatusText {
  const tab = state.tabs[state.tab];
  const q = tab.query;
  const typing = state.overlay?.kind === 'search';
  const { page, lastPage, total, totalUnknown } = pageInfo(tab);
  const filters: string[] = [];
  if (q.result) filters.push(`result ${q.result}`);
  if (q.project) filters.push(`project ${sanitize(q.project)}`);
  const place = [`page ${groupDigits(page)}/${groupDigits(lastPage)}`];
  if (total !== null) place.push(`${groupDigits(total)} total`);
  else if (totalUnknown) place.push(TOTAL_UNKNOWN);
  if (tab.stale) place.push('stale');
  if (state.watch) place.push(`watch ${state.watch.seconds}s${state.watch.lastAt === null ? '' : ` ${clock(state.watch.lastAt)}`}`);
  return {
    // Its age is read when drawn (no timer).
    cached: tab.cachedAt !== null ? ` cached ${ageText(Date.now() - tab.cachedAt)} ` : null,
    search:
      q.search || typing
        ? `/ ${typing ? cursorText(q.search ?? '', state.overlay?.kind === 'search' ? state.overlay.cursor : undefined) : sanitize(q.search ?? '')}`
        : null,
    filters,
    sort: `sort ${sortName(state.tab, q.sort_by ?? 'id')} ${q.sort === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc}`,
    perPage: `${q.per_page}/page`,
    place,
  };
}

const gapFor = (width: number, plan?: StatusPlan) => (plan?.tight ? ' ' : width >= 120 ? '   ' : '  ');
export const barWidthFor = (width: number) => (width >= 130 ? 12 : 6);

/**
 * The fullest line that fits: the distribution's words give way first, then per page, the search
 * hint and the sort; the search, the filters, page x/y, the total and the stale mark always stay (only
 * search and filters longer than the whole line are cut, at their end).
 */
export function planStatus(state: DeckState, width: number): StatusPlan {
  const t = statusText(state);
  const withDist = distributionLine(state.tab, width) === 'status';
  const used = (plan: StatusPlan): number => {
    const gap = gapFor(width, plan);
    const left = [
      t.cached,
      t.search ?? (plan.placeholder ? '/ search' : null),
      ...t.filters,
      plan.sort ? t.sort : null,
      plan.perPage ? t.perPage : null,
      ...t.place,
    ].filter((x): x is string => x !== null);
    let used = 1 + stringWidth(left.join(gap)) + 2; // lead space; spinner and its margin
    if (withDist && plan.dist !== 'none') {
      used += 2 + distributionWidth({ counts: state.distribution.counts, barWidth: barWidthFor(width), words: plan.dist === 'words' }) + 1;
    }
    return used;
  };
  const plan = giveWay(PLANS, used, width);
  if (plan === undefined) return PLANS[PLANS.length - 1];
  return withDist ? plan : { ...plan, dist: 'none' };
}

/** The words of the line at `width`, as the frame lays them out (the pre-paint draws them too). */
export interface StatusParts {
  plan: StatusPlan;
  /** Between the parts: tighter when the line is narrower. */
  gap: string;
  cached: string | null;
  search: string | null;
  /** The "/ search" hint stands where no search is. */
  placeholder: boolean;
  /** Filters, sort and per page. */
  rest: string[];
  /** Page x/y and the total, never cut; the stale mark after them. */
  place: string[];
  stale: boolean;
}

export function statusParts(state: DeckState, width: number): StatusParts {
  const t = statusText(state);
  const plan = planStatus(state, width);
  const gap = gapFor(width, plan);
  const rest = [...t.filters, plan.sort ? t.sort : null, plan.perPage ? t.perPage : null].filter((x): x is string => x !== null);
  const placeholder = t.search === null && plan.placeholder;
  const place = t.place.filter((p) => p !== 'stale');
  const stale = t.place.includes('stale');
  return { plan, gap, cached: t.cached, search: t.search, placeholder, rest, place, stale };
}

/** How a caller styles the parts that wear their own colour (the pre-paint's escape codes). */
export interface StatusPaint {
  cached(text: string): string;
  placeholder(text: string): string;
  stale(text: string): string;
}
const PLAIN: StatusPaint = { cached: (t) => t, placeholder: (t) => t, stale: (t) => t };

/** Whether the line at `width` is drawn whole: nothing of the search and filters cut (a lead space, the spinner and its margin beside it). */
export function statusFits(p: StatusParts, width: number): boolean {
  return 1 + stringWidth(statusLineText(p)) + 2 <= width;
}

/** The line's text up to its spinner, as the frame draws it when it fits. */
export function statusLineText(p: StatusParts, paint: StatusPaint = PLAIN): string {
  const search = p.search ?? (p.placeholder ? paint.placeholder('/ search') : null);
  const left = [p.cached === null ? null : paint.cached(p.cached), search, p.rest.length ? p.rest.join(p.gap) : null].filter((x): x is string => x !== null);
  return ` ${left.join(p.gap)}${p.gap}${p.place.join(p.gap)}${p.stale ? paint.stale(`${p.gap}stale`) : ''}`;
}

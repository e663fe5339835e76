import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { ageText } from '../../cache/age';
import { pageInfo } from '../../state/selectors';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { sortName } from '../columns';
import { GLYPHS, useTheme } from '../theme';
import { DistributionBar, distributionWidth } from './DistributionBar';
import { Spinner } from './Spinner';

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
  const typing = state.mode.kind === 'search';
  const { page, lastPage, total } = pageInfo(tab);
  const filters: string[] = [];
  if (q.result) filters.push(`result ${q.result}`);
  if (q.project) filters.push(`project ${sanitize(q.project)}`);
  const place = [`page ${page}/${lastPage}`];
  if (total !== null) place.push(`${total} total`);
  if (tab.stale) place.push('stale');
  if (state.watch) place.push(`watch ${state.watch.seconds}s${state.watch.lastAt === null ? '' : ` ${clock(state.watch.lastAt)}`}`);
  return {
    // Its age is read when drawn (no timer).
    cached: tab.cachedAt !== null ? ` cached ${ageText(Date.now() - tab.cachedAt)} ` : null,
    search: q.search || typing ? `/ ${sanitize(q.search ?? '')}${typing ? '▏' : ''}` : null,
    filters,
    sort: `sort ${sortName(state.tab, q.sort_by ?? 'id')} ${q.sort === 'asc' ? GLYPHS.sortAsc : GLYPHS.sortDesc}`,
    perPage: `${q.per_page}/page`,
    place,
  };
}

const gapFor = (width: number, plan?: StatusPlan) => (plan?.tight ? ' ' : width >= 120 ? '   ' : '  ');
const distShown = (state: DeckState, width: number) => state.tab === 'reports' && width >= 100;
const barWidthFor = (width: number) => (width >= 130 ? 12 : 6);

/**
 * The fullest line that fits: the distribution's words give way first, then per page, the search
 * hint and the sort; the search, the filters, page x/y, the total and the stale mark always stay (only
 * search and filters longer than the whole line are cut, at their end).
 */
export function planStatus(state: DeckState, width: number): StatusPlan {
  const t = statusText(state);
  const withDist = distShown(state, width);
  for (const plan of PLANS) {
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
    if (used <= width) return withDist ? plan : { ...plan, dist: 'none' };
  }
  return PLANS[PLANS.length - 1];
}

/** Cached mark, search, filters, sort and direction, per page, page x/y, total, stale mark, spinner, distribution. */
export function StatusLine({ state, width, busy }: { state: DeckState; width: number; busy: boolean }) {
  const theme = useTheme();
  const t = statusText(state);
  const plan = planStatus(state, width);
  const typing = state.mode.kind === 'search';
  // Tighter spacing when the line is narrower.
  const gap = gapFor(width, plan);
  const rest = [...t.filters, plan.sort ? t.sort : null, plan.perPage ? t.perPage : null].filter((x): x is string => x !== null);
  const searchShown = t.search !== null || plan.placeholder;
  return (
    <Box width={width}>
      {/* Search and filters: only when even they do not fit is anything here cut (at the end). */}
      <Box flexShrink={1} overflowY="hidden">
        <Text wrap="truncate">
          {' '}
          {/* First on the line, so even a narrow terminal says the rows are not fresh. */}
          {t.cached !== null ? (
            <Text color={theme.warn} inverse>
              {t.cached}
            </Text>
          ) : null}
          {t.cached !== null && searchShown ? gap : null}
          {t.search !== null ? (
            <Text color={theme.accent} inverse={typing}>
              {t.search}
            </Text>
          ) : plan.placeholder ? (
            <Text color={theme.muted}>/ search</Text>
          ) : null}
          {rest.length && (searchShown || t.cached !== null) ? gap : null}
          {rest.join(gap)}
        </Text>
      </Box>
      {/* Where the list is: never cut. */}
      <Box flexShrink={0} flexGrow={1}>
        <Text>
          {gap}
          {t.place.filter((p) => p !== 'stale').join(gap)}
          {t.place.includes('stale') ? <Text color={theme.danger}>{`${gap}stale`}</Text> : null}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        {busy ? <Spinner /> : <Text> </Text>}
      </Box>
      {plan.dist !== 'none' ? (
        <Box flexShrink={0} marginLeft={2}>
          <DistributionBar counts={state.distribution.counts} barWidth={barWidthFor(width)} words={plan.dist === 'words'} />
          <Text> </Text>
        </Box>
      ) : null}
    </Box>
  );
}

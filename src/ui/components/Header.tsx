import { Box, Text } from 'ink';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../theme';
import stringWidth from 'string-width';
import { cut } from '../../text/width';
import { groupDigits } from '../../text/digits';
import { BudgetBadge, budgetText, useCountdown } from './BudgetBadge';
import { useReportDrawn } from '../useDrawn';
import { Tabs, tabsWidth } from './Tabs';
import { giveWay, giveWayToLeast, lastGoFirst } from '../giveWay';

export interface DeckInfo {
  profile: string;
  hosts: { analytics: string; seo: string };
  demo: boolean;
  /** A message's advice in this configuration's words (where a base URL really came from). */
  words?: (text: string) => string;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

import { BRAND } from '../glyphs';
export { BRAND };
const LOCK = ` ${GLYPHS.lock} read-only`;
const LOCK_SHORT = ` ${GLYPHS.lock}`;

/** How the header's one line is shared at `width`, `left` seconds into a rate-limit wait (null: none). */
export interface HeaderFit {
  /** The tabs' words cut to three letters: `1 Web 27`. */
  compact: boolean;
  /** The marks on the current tab: ` 16 marked`, or ` 16*` where the words would not fit. */
  marked: string;
  /** The rate limit's badge, its date left out where it would not fit. */
  badge: string;
  /** Profile and hosts in what is left. */
  right: string;
  /** The read-only lock: its glyph and word, or the glyph alone where nothing else would fit. */
  lock: string;
}

/**
 * What gives way, first to last: the SEO host, the analytics host, the profile (cut), the marks'
 * word, a long wait's date, the tabs' words, the lock's word. The brand, the tabs' keys and totals,
 * the countdown, DEMO and the lock's glyph never do: they are what a glance at the header is for.
 */
export function headerFit(state: DeckState, info: DeckInfo, width: number, left: number | null): HeaderFit {
  const budget = state.budget[state.tab];
  const n = state.marked[state.tab].length;
  const dated = budget ? budgetText(budget, left) : '';
  const undated = budget ? budgetText(budget, left, false) : '';
  // The badge takes at least its widest as it ticks (or once its wait is over), so the ticks never push the lock off.
  const badgeRoom = (badge: string) => (budget ? Math.max(badge.length, undated.length, budgetText(budget, null).length) : 0);
  // Each step gives one more thing way, in the order above; the first that fits is drawn.
  const steps = [0, 1, 2, 3, 4].map((k) => ({
    marked: !n ? '' : k < 1 ? ` ${groupDigits(n)} marked` : ` ${groupDigits(n)}${GLYPHS.marked}`,
    badge: k < 2 ? dated : undated,
    compact: k >= 3,
    lock: !state.readOnly ? '' : k < 4 ? LOCK : LOCK_SHORT,
  }));
  const used = (s: (typeof steps)[number]) =>
    BRAND.length + tabsWidth(state, s.compact) + 1 + s.marked.length + badgeRoom(s.badge) + (info.demo ? 5 : 0) + s.lock.length + 1;
  const step = giveWayToLeast(steps, used, width);
  return { ...step, right: hostsIn(info, width - used(step)) };
}

/** Profile and hosts in `room` columns: the SEO host gives way first, then the analytics host, then the profile is cut. */
function hostsIn(info: DeckInfo, room: number): string {
  const profile = sanitize(info.profile);
  const hosts = [hostOf(info.hosts.analytics), hostOf(info.hosts.seo)].map((h) => sanitize(h));
  const shown = giveWay(lastGoFirst([profile, ...hosts], 1), (parts) => stringWidth(parts.join(' · ')), room);
  if (shown) return shown.join(' · ');
  // A letter and an ellipsis say nothing: then the profile gives way whole.
  return room < 4 ? '' : cut(profile, room);
}

/** Brand, tabs with totals, profile and hosts, the rate limit when it matters, DEMO badge, read-only lock. */
export function Header({ state, info, width }: { state: DeckState; info: DeckInfo; width: number }) {
  const theme = useTheme();
  const budget = state.budget[state.tab];
  const left = useCountdown(budget?.waitingUntil ?? null);
  const { compact, marked, badge, lock, right } = headerFit(state, info, width, left);
  // A click on a tab finds it where it was drawn.
  useReportDrawn({ compactTabs: compact });
  // One line whatever it holds: a second would push the frame past the terminal's last row.
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Box flexShrink={0}>
        <Text bold color={theme.accent}>
          {BRAND}
        </Text>
        <Tabs state={state} compact={compact} />
        <Text> </Text>
      </Box>
      <Box flexGrow={1} justifyContent="flex-end" overflowY="hidden">
        <Text wrap="truncate-start" color={theme.muted}>
          {right}
        </Text>
      </Box>
      <Box flexShrink={0}>
        {marked ? <Text color={theme.accent}>{marked}</Text> : null}
        <BudgetBadge budget={budget} left={left} text={badge} />
        {info.demo ? (
          <Text bold color={theme.warn}>
            {' DEMO'}
          </Text>
        ) : null}
        {lock ? <Text color={theme.danger}>{lock}</Text> : null}
        <Text> </Text>
      </Box>
    </Box>
  );
}

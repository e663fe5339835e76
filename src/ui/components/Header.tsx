import { Box, Text } from 'ink';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../theme';
import stringWidth from 'string-width';
import { cut } from '../../text/width';
import { groupDigits } from '../../text/digits';
import { BudgetBadge, budgetText } from './BudgetBadge';
import { Tabs, tabsWidth } from './Tabs';

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

/** The marks on the current tab: ` 16 marked`, or ` 16*` where the words would not fit. */
export function markedText(state: DeckState, info: DeckInfo, width: number): string {
  const n = state.marked[state.tab].length;
  if (!n) return '';
  const words = ` ${groupDigits(n)} marked`;
  return BRAND.length + tabsWidth(state) + 1 + words.length + badgeWidth(state) + fixedWidth(state, info) <= width ? words : ` ${groupDigits(n)}${GLYPHS.marked}`;
}

/** The rate-limit badge at its widest (a countdown), so its ticks never push the lock off. */
function badgeWidth(state: DeckState): number {
  const budget = state.budget[state.tab];
  return budget ? Math.max(budgetText(budget, null).length, budgetText(budget, 99).length) : 0;
}

/** DEMO, the lock and the closing space. */
const fixedWidth = (state: DeckState, info: DeckInfo) => (info.demo ? 5 : 0) + (state.readOnly ? LOCK.length : 0) + 1;

/**
 * Profile and hosts in the room the brand, the tabs, the marks, DEMO and the lock leave: the SEO
 * host gives way first, then the analytics host, then the profile is cut. The tabs, the rate limit
 * and the lock never are; the marks say only their number and `*` when their words would not fit.
 */
export function headerRight(state: DeckState, info: DeckInfo, width: number, marked = markedText(state, info, width)): string {
  const room = width - BRAND.length - tabsWidth(state) - 1 - marked.length - badgeWidth(state) - fixedWidth(state, info);
  const profile = sanitize(info.profile);
  const hosts = [hostOf(info.hosts.analytics), hostOf(info.hosts.seo)].map((h) => sanitize(h));
  for (const n of [2, 1, 0]) {
    const text = [profile, ...hosts.slice(0, n)].join(' · ');
    if (stringWidth(text) <= room) return text;
  }
  return cut(profile, Math.max(0, room));
}

/** Brand, tabs with totals, profile and hosts, the rate limit when it matters, DEMO badge, read-only lock. */
export function Header({ state, info, width }: { state: DeckState; info: DeckInfo; width: number }) {
  const theme = useTheme();
  const marked = markedText(state, info, width);
  const right = headerRight(state, info, width, marked);
  // One line whatever it holds: a second would push the frame past the terminal's last row.
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Box flexShrink={0}>
        <Text bold color={theme.accent}>
          {BRAND}
        </Text>
        <Tabs state={state} />
        <Text> </Text>
      </Box>
      <Box flexGrow={1} justifyContent="flex-end" overflowY="hidden">
        <Text wrap="truncate-start" color={theme.muted}>
          {right}
        </Text>
      </Box>
      <Box flexShrink={0}>
        {marked ? <Text color={theme.accent}>{marked}</Text> : null}
        <BudgetBadge budget={state.budget[state.tab]} />
        {info.demo ? (
          <Text bold color={theme.warn}>
            {' DEMO'}
          </Text>
        ) : null}
        {state.readOnly ? <Text color={theme.danger}>{LOCK}</Text> : null}
        <Text> </Text>
      </Box>
    </Box>
  );
}

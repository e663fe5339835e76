import { Box, Text } from 'ink';
import type { DeckState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import { GLYPHS, useTheme } from '../themes/theme';
import stringWidth from 'string-width';
import { cut } from '../../text/width';
import { groupDigits } from '../../text/digits';
import { BudgetBadge, budgetText, useCountdown, type BudgetForm } from './BudgetBadge';
import { runLeftMs } from '../../state/budget';
import { useReportDrawn } from '../layout/useDrawn';
import { Tabs, tabsWidth } from './Tabs';
import { useDeck, sameParts } from '../hooks/useDeck';
import { tabBudget } from '../../state/selectors';
import { giveWay, giveWayToLeast, lastGoFirst } from '../input/giveWay';

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

import { BRAND } from '../words/glyphs';
export { BRAND };
const LOCK = ` ${GLYPHS.lock} read-only`;
const LOCK_SHORT = ` ${GLYPHS.lock}`;

/** How the header's one line is shared at `width`, `left` seconds into a rate-limit wait (null: none). */
export interface HeaderFit {
  /** The tabs' words cut to three letters: `1 Web 27`. */
  compact: boolean;
  /** A run over the marks on the current tab, ` 12/250 done` (` 12/250` where the word would not fit); else its marks, ` 16 marked`, gone where not. */
  marked: string;
  /** The rate limit's badge: the wait in words and a run's time left, its date, then its `rate limit ·` left out where they would not fit. */
  badge: string;
  /** Profile and hosts in what is left. */
  right: string;
  /** The read-only lock: its glyph and word, or the glyph alone where nothing else would fit. */
  lock: string;
}

/** The run over the marks on the current tab: how far it is, and how many requests it still sends. */
function runOn(state: DeckState): { at: number; total: number } | null {
  const b = state.bulk;
  if (!b || b.tab !== state.tab) return null;
  return { at: b.done + b.failed.length + (b.skipped ?? 0), total: b.ids.length };
}

/**
 * What gives way, first to last: the SEO host, the analytics host, the profile (cut), a long wait's
 * date, the marks (whole: a count with a glyph says nothing) and a run's word, the tabs' words, the
 * badge's `rate limit ·`, the lock's word, a run's count while it waits (the status line says it).
 * The brand, the tabs' keys and totals, the wait in words and a run's time left, DEMO and the
 * lock's glyph never do: they are what a glance at the header is for.
 */
export function headerFit(state: DeckState, info: DeckInfo, width: number, left: number | null, now: number = Date.now()): HeaderFit {
  const budget = state.budget[state.tab];
  const n = state.marked[state.tab].length;
  const run = runOn(state);
  const runLeft = budget && run ? runLeftMs(budget, run.total - run.at, now) : null;
  const badgeIn = (form: BudgetForm) => (budget ? budgetText(budget, left, form, runLeft) : '');
  // The badge takes at least its widest as it ticks (or once its wait is over), so the ticks never push the lock off.
  const badgeRoom = (badge: string) => (budget ? Math.max(badge.length, budgetText(budget, null, 'short').length) : 0);
  const markedIn = (k: number) => {
    // The status line says the run's count too (`Updating 12/250 …`): at the last it leaves the header to the wait.
    if (run && k >= 6 && budget) return '';
    if (run) return ` ${groupDigits(run.at)}/${groupDigits(run.total)}${k < 2 ? ' done' : ''}${budget ? ' ·' : ''}`;
    return n && k < 2 ? ` ${groupDigits(n)} marked${budget ? ' ·' : ''}` : '';
  };
  // Each step gives one more thing way, in the order above; the first that fits is drawn.
  const steps = [0, 1, 2, 3, 4, 5, 6].map((k) => ({
    marked: markedIn(k),
    badge: badgeIn(k < 1 ? 'dated' : k < 4 ? 'words' : 'short'),
    compact: k >= 3,
    lock: !state.readOnly ? '' : k < 5 ? LOCK : LOCK_SHORT,
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
export function Header({ info, width }: { info: DeckInfo; width: number }) {
  const theme = useTheme();
  const budget = useDeck(tabBudget);
  const left = useCountdown(budget?.waitingUntil ?? null);
  const now = Date.now();
  const { compact, marked, badge, lock, right } = useDeck((s) => headerFit(s, info, width, left, now), sameParts);
  // A click on a tab finds it where it was drawn.
  useReportDrawn({ compactTabs: compact });
  // One line whatever it holds: a second would push the frame past the terminal's last row.
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Box flexShrink={0}>
        <Text bold color={theme.accent}>
          {BRAND}
        </Text>
        <Tabs compact={compact} />
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

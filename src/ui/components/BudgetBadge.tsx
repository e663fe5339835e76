// The rate limit in the header, only when it matters: `12/60 left` when a few requests are left,
// `rate limit · 41 s` counting down while requests wait for the budget (or a 429 is waited out).
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import type { Budget } from '../../state/types';
import { dateTimeUtc } from '../../text/dateTime';
import { groupDigits } from '../../text/digits';
import { useTheme } from '../theme';

/** Seconds left until `until`, ticking once a second while there are any. */
export function useCountdown(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

/** From this long a wait also says when it ends, with the date (it may end tomorrow). */
const DATED_FROM_S = 60;

/** `dated`: a long wait also says its end's date and time (false where the header has no room for it). */
export function budgetText(budget: Budget, secondsLeft: number | null, dated = true): string {
  if (dated && secondsLeft !== null && secondsLeft >= DATED_FROM_S && budget.waitingUntil !== null) {
    return ` rate limit · ${groupDigits(secondsLeft)} s · until ${dateTimeUtc(budget.waitingUntil)}`;
  }
  if (secondsLeft !== null && secondsLeft > 0) return ` rate limit · ${groupDigits(secondsLeft)} s`;
  return ` ${budget.remaining}/${budget.limit} left`;
}

/** The badge's words come from the header, which ticks the countdown and knows the room. */
export function BudgetBadge({ budget, left, text }: { budget: Budget | null; left: number | null; text: string }) {
  const theme = useTheme();
  if (!budget) return null;
  const waiting = left !== null && left > 0;
  return <Text color={waiting || budget.remaining === 0 ? theme.danger : theme.warn}>{text}</Text>;
}

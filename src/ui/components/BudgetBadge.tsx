// The rate limit in the header, only when it matters: `rate limit · 6/60 left` when a few requests are left,
// `rate limit · next request in 41 s` counting down while requests wait for the budget (or a 429 is
// waited out), and a long run's time left while it waits.
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { durationWords, nextRequestIn } from '../../state/budget';
import type { Budget } from '../../state/types';
import { dateTimeUtc } from '../../text/dateTime';
import { useTheme } from '../themes/theme';

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

/**
 * The badge in the room there is, fullest first: `dated` (a long wait also says its end's date and
 * time), `words` (`rate limit · next request in 41 s`), `short` (`next request in 41 s`). `runLeftMs`:
 * a run's time left (runLeftMs, src/state/budget.ts), said after the wait.
 */
export type BudgetForm = 'dated' | 'words' | 'short';

export function budgetText(budget: Budget, secondsLeft: number | null, form: BudgetForm = 'dated', runLeftMs: number | null = null): string {
  if (secondsLeft === null || secondsLeft <= 0) return ` ${form === 'short' ? '' : 'rate limit · '}${budget.remaining}/${budget.limit} left`;
  const left = runLeftMs === null ? '' : form === 'short' ? ` · ${durationWords(runLeftMs)} left` : ` · about ${durationWords(runLeftMs)} left`;
  if (form === 'short') return ` ${nextRequestIn(secondsLeft)}${left}`;
  const date = form === 'dated' && secondsLeft >= DATED_FROM_S && budget.waitingUntil !== null ? ` · until ${dateTimeUtc(budget.waitingUntil)}` : '';
  return ` rate limit · ${nextRequestIn(secondsLeft)}${date}${left}`;
}

/** The badge's words come from the header, which ticks the countdown and knows the room. */
export function BudgetBadge({ budget, left, text }: { budget: Budget | null; left: number | null; text: string }) {
  const theme = useTheme();
  if (!budget) return null;
  const waiting = left !== null && left > 0;
  return <Text color={waiting || budget.remaining === 0 ? theme.danger : theme.warn}>{text}</Text>;
}

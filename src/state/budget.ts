// What of a pacer's status the deck shows: nothing while the budget is comfortable; the count when
// a few requests are left; the wait (a countdown in the header) while requests are held back. The
// count is the host's latest (less the requests sent since), and only while its window can still
// be on: once it must have ended (by time, not only by a 429) the budget is whole again and the
// count goes from the header. The words of a wait and of a long run's time left are here too, one
// form for the deck's header and the commands' lines alike.
import { DEFAULT_WINDOW_MS, lowMark, type PaceStatus } from '../api/pace';
import { groupDigits } from '../text/digits';
import type { Budget } from './list/state';

export function budgetView(s: PaceStatus, now: number): Budget | null {
  // A wait past max_wait is not waited for, but the deck counts down to it all the same (the later
  // of the two while a request waits for another process's shorter block).
  const until = s.refusedUntil !== undefined && (s.waitingUntil === undefined || s.refusedUntil > s.waitingUntil) ? s.refusedUntil : s.waitingUntil;
  const waiting = until !== undefined && until > now ? until : null;
  const window = s.windowMs !== undefined ? { windowMs: s.windowMs } : {};
  if (s.limit === undefined || s.remaining === undefined)
    return waiting === null ? null : { limit: s.limit ?? 0, remaining: s.remaining ?? 0, waitingUntil: waiting, ...window };
  if (waiting === null && s.remaining > lowMark(s.limit)) return null;
  return { limit: s.limit, remaining: s.remaining, waitingUntil: waiting, ...window };
}

/** When what budgetView shows changes by time alone: the shown count's window can end then (ms), or null. */
export function budgetChangesAt(s: PaceStatus, shown: Budget | null, now: number): number | null {
  if (!shown || s.currentUntil === undefined || s.currentUntil <= now) return null;
  return s.currentUntil;
}

export function sameBudget(a: Budget | null, b: Budget | null): boolean {
  return a === b || (!!a && !!b && a.limit === b.limit && a.remaining === b.remaining && a.waitingUntil === b.waitingUntil && a.windowMs === b.windowMs);
}

/** A wait in words: `next request in 50 s`. */
export const nextRequestIn = (seconds: number): string => `next request in ${groupDigits(seconds)} s`;

/** A time a person reads at a glance: `40 s`, `3 min`, `1 h 20 min` (rounded up: never sooner than said). */
export function durationWords(ms: number): string {
  const sec = Math.max(0, Math.ceil(ms / 1000));
  if (sec < 60) return `${sec} s`;
  const min = Math.ceil(sec / 60);
  if (min < 60) return `${min} min`;
  return `${groupDigits(Math.floor(min / 60))} h${min % 60 ? ` ${min % 60} min` : ''}`;
}

/**
 * How long `toGo` more requests take by what the host said: none while they fit what is left (they
 * go at full speed); while requests wait for the budget, the wait and one window for each `limit`
 * after the first (the window as learnt from the host, else its minute). Null when nothing says.
 */
export function runLeftMs(b: Pick<Budget, 'limit' | 'remaining' | 'waitingUntil' | 'windowMs'>, toGo: number, now: number): number | null {
  const waiting = b.waitingUntil !== null && b.waitingUntil > now;
  if (toGo <= 0 || (!waiting && toGo <= b.remaining)) return null;
  // Spent, and when the window ends not known yet (the next answer says it): nothing to say.
  if (!waiting || b.limit <= 0) return null;
  return b.waitingUntil! - now + (Math.ceil(toGo / b.limit) - 1) * (b.windowMs ?? DEFAULT_WINDOW_MS);
}

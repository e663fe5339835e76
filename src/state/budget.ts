// What of a pacer's status the deck shows: nothing while the budget is comfortable; the count when
// a few requests are left; the wait (a countdown in the header) while requests are held back. The
// count is the host's latest (less the requests sent since), and only while its window can still
// be on: once it must have ended (by time, not only by a 429) the budget is whole again and the
// count goes from the header.
import { lowMark, type PaceStatus } from '../api/pace';
import type { Budget } from './list/state';

export function budgetView(s: PaceStatus, now: number): Budget | null {
  // A wait past max_wait is not waited for, but the deck counts down to it all the same (the
  // later of the two while a request waits out the part of it the pacer keeps).
  const until = s.refusedUntil !== undefined && (s.waitingUntil === undefined || s.refusedUntil > s.waitingUntil) ? s.refusedUntil : s.waitingUntil;
  const waiting = until !== undefined && until > now ? until : null;
  if (s.limit === undefined || s.remaining === undefined)
    return waiting === null ? null : { limit: s.limit ?? 0, remaining: s.remaining ?? 0, waitingUntil: waiting };
  if (waiting === null && s.remaining > lowMark(s.limit)) return null;
  return { limit: s.limit, remaining: s.remaining, waitingUntil: waiting };
}

/** When what budgetView shows changes by time alone: the shown count's window can end then (ms), or null. */
export function budgetChangesAt(s: PaceStatus, shown: Budget | null, now: number): number | null {
  if (!shown || s.currentUntil === undefined || s.currentUntil <= now) return null;
  return s.currentUntil;
}

export function sameBudget(a: Budget | null, b: Budget | null): boolean {
  return a === b || (!!a && !!b && a.limit === b.limit && a.remaining === b.remaining && a.waitingUntil === b.waitingUntil);
}

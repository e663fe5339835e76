// A command that waits for the rate limit with nothing on the screen to say so (piped, no
// --progress line) looks hung: one line on stderr when each long wait begins says why and how long,
// in the deck's words (`rate limit · next request in 50 s`).
import type { Pacer, PaceStatus } from '../api/pace';
import type { Io } from './io';
import { budgetView, durationWords, nextRequestIn, runLeftMs } from '../state/budget';
import { groupDigits } from '../text/digits';
import { dateTimeUtc } from '../text/dateTime';
import { INSANE_WAIT, isSaneMoment } from '../domain/hostNumbers';

/** Shorter waits pass unsaid: they look like any slow answer. */
const SAY_FROM_MS = 5000;

export function waitLine(hostLabel: string, untilMs: number, nowMs: number): string {
  // The pacer never waits past max_wait; a moment past sense is still said as what it is.
  if (!isSaneMoment(untilMs)) return `sitedeck: rate limit of the ${hostLabel} · waiting, but ${INSANE_WAIT}; Ctrl+C stops\n`;
  const sec = Math.ceil((untilMs - nowMs) / 1000);
  return `sitedeck: rate limit of the ${hostLabel} · ${nextRequestIn(sec)} (at ${dateTimeUtc(untilMs)}); Ctrl+C stops\n`;
}

/** Says each wait of `pacer` once on stderr; returns the function that stops listening. */
export function noticeWaits(io: Io, pacer: Pacer, hostLabel: string, now: () => number = Date.now): () => void {
  let said: number | undefined;
  return pacer.subscribe((s) => {
    // The host's refusal (a 429's Retry-After) and a spent budget waiting for the host's window to
    // end: the pacer's spacing of a run larger than the budget is the ordinary pace of a long read,
    // which piped output keeps quiet about unless --progress.
    if (s.reason === 'spacing' || s.reason === undefined || s.waitingUntil === undefined || s.waitingUntil - now() < SAY_FROM_MS) return;
    // The host asked for longer than max_wait: nothing waits, the command ends saying when to retry.
    if (s.refusedUntil !== undefined) return;
    // The same wait seen again (the pacer rounds to the server's whole seconds) is not news.
    if (said !== undefined && now() < said && Math.abs(s.waitingUntil - said) < SAY_FROM_MS) return;
    said = s.waitingUntil;
    io.stderr.write(waitLine(hostLabel, s.waitingUntil, now()));
  });
}

/**
 * A long run's line in the same words (for the progress line of `list --all` and bulk runs):
 * `websites 3,400/8,000 · rate limit · next request in 41 s · about 3 min left`. `requestsLeft`:
 * the requests the run still sends (pages, or rows), for its time left by the host's budget and
 * window (runLeftMs); `pace`: its host's pacer's status.
 */
export function runLine(o: { label: string; done: number; total?: number; requestsLeft?: number; pace?: PaceStatus; now: number }): string {
  const count = o.total === undefined ? groupDigits(o.done) : `${groupDigits(o.done)}/${groupDigits(o.total)}`;
  const budget = o.pace ? budgetView(o.pace, o.now) : null;
  const waitSec = budget?.waitingUntil ? Math.ceil((budget.waitingUntil - o.now) / 1000) : 0;
  const left = budget && o.requestsLeft !== undefined ? runLeftMs(budget, o.requestsLeft, o.now) : null;
  return `${o.label} ${count}${waitSec > 0 ? ` · rate limit · ${nextRequestIn(waitSec)}` : ''}${left ? ` · about ${durationWords(left)} left` : ''}`;
}

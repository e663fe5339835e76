// A command that waits for the rate limit with nothing on the screen to say so (piped, no
// --progress line) looks hung: one line on stderr when each long wait begins says why and how long,
// in the deck's words (`rate limit · next request in 50 s`).
import type { Pacer } from '../api/pace';
import type { Io } from './io';
import { nextRequestIn } from '../state/budget';
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

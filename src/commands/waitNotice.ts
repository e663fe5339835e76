// A command that waits out a host's Retry-After with nothing on the screen to say so (piped, no
// --progress line) looks hung: one line on stderr when each long wait begins says why and how long.
import type { Pacer } from '../api/pace';
import type { Io } from './io';
import { dateTimeUtc } from '../text/dateTime';
import { groupDigits } from '../text/digits';
import { INSANE_WAIT, isSaneMoment } from '../domain/hostNumbers';

/** Shorter waits pass unsaid: they look like any slow answer. */
const SAY_FROM_MS = 5000;

export function waitLine(hostLabel: string, untilMs: number, nowMs: number): string {
  // The pacer never waits past max_wait; a moment past sense is still said as what it is.
  if (!isSaneMoment(untilMs)) return `sitedeck: the ${hostLabel} is limiting requests: waiting, but ${INSANE_WAIT}; Ctrl+C stops\n`;
  const sec = Math.ceil((untilMs - nowMs) / 1000);
  return `sitedeck: the ${hostLabel} is limiting requests: waiting ${groupDigits(sec)} s (until ${dateTimeUtc(untilMs)}) before the next one; Ctrl+C stops\n`;
}

/** Says each wait of `pacer` once on stderr; returns the function that stops listening. */
export function noticeWaits(io: Io, pacer: Pacer, hostLabel: string, now: () => number = Date.now): () => void {
  let said: number | undefined;
  return pacer.subscribe((s) => {
    // Only the host's own refusal (a 429's Retry-After): the pacer's spacing within the budget is the
    // ordinary pace of a long read, which piped output keeps quiet about unless --progress.
    if (s.reason !== 'limited' || s.waitingUntil === undefined || s.waitingUntil - now() < SAY_FROM_MS) return;
    // The host asked for longer than max_wait: nothing waits, the command ends saying when to retry.
    if (s.refusedUntil !== undefined) return;
    // The same wait seen again (the pacer rounds to the server's whole seconds) is not news.
    if (said !== undefined && now() < said && Math.abs(s.waitingUntil - said) < SAY_FROM_MS) return;
    said = s.waitingUntil;
    io.stderr.write(waitLine(hostLabel, s.waitingUntil, now()));
  });
}

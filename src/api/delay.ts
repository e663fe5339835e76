// Node's timers hold at most 2^31 − 1 ms (24.8 days): a longer delay is taken as 1 ms, with a
// TimeoutOverflowWarning each time, and a wait meant to last turns into a busy loop. Every timer
// whose length comes from a server (Retry-After, a stored pace) goes through here first.

export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a timer can hold it: 0 for a negative or NaN delay, at most MAX_TIMER_MS. */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_TIMER_MS);
}

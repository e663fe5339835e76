// The one way tests wait: poll a condition until it holds. A wait ends as soon as its condition
// holds, so the deadline only bounds a failure: it is generous, for a machine kept busy.

// The real timer, taken before any test fakes the clock: waiting polls on real time.
const { setTimeout: realSetTimeout } = globalThis;
const now = Date.now;

/** How long a wait lasts before it fails, unless the caller needs longer. */
export const WAIT_MS = 10_000;

/**
 * Polls `check` until it returns a truthy value (which is returned), failing with `what` after
 * `timeoutMs` (never less than WAIT_MS: a shorter deadline would only make a slow machine fail).
 * `everyMs` is the pause between looks, or a function of how long the wait has lasted (a look
 * that costs a process can grow rarer as the wait grows long).
 */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = WAIT_MS,
  everyMs: number | ((waitedMs: number) => number) = 10,
): Promise<T> {
  const limit = Math.max(timeoutMs, WAIT_MS);
  const start = now();
  const deadline = start + limit;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (now() > deadline) throw new Error(`timed out after ${limit} ms waiting for ${what}`);
    await new Promise((r) => realSetTimeout(r, typeof everyMs === 'number' ? everyMs : everyMs(now() - start)));
  }
}

/** Lets already-due I/O and timers run (not a synchronisation point; used before asserting "nothing happened"). */
export function settle(ms = 0): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

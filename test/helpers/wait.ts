/** Polls `check` until it returns a truthy value; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 5000, everyMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Lets already-due I/O and timers run (not a synchronisation point; used before asserting "nothing happened"). */
export function settle(ms = 0): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

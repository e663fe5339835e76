// Order statistics for the bench: nearest-rank percentiles, so p95 of 500 samples is the 475th.

/** Nearest-rank percentile (p in 0..100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export const median = (values) => percentile(values, 50);

/** Milliseconds with a precision that suits their size. */
export function ms(v) {
  if (!Number.isFinite(v)) return 'n/a';
  return v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`;
}

export function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

/** Polls `check` until it returns a truthy value or the deadline passes. */
export async function until(check, { timeoutMs = 5000, everyMs = 5, what = 'a condition' } = {}) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

// Cells of a bar shared out in proportion to counts (largest remainder), each non-zero count
// getting at least one cell, so 25/18/17 over 12 cells draws 5/4/3 and 4/3/4 draws 4/3/4.

/** Cells per count, summing to `cells` (or to the number of non-zero counts when that is more). */
export function proportionalCells(counts: readonly number[], cells: number): number[] {
  const sum = counts.reduce((a, n) => a + Math.max(0, n), 0);
  if (sum <= 0 || cells <= 0) return counts.map(() => 0);
  const nonZero = counts.filter((n) => n > 0).length;
  const room = Math.max(cells, nonZero);
  // Every non-zero count first gets its one cell; the rest is shared by largest remainder.
  const out: number[] = counts.map((n) => (n > 0 ? 1 : 0));
  const rest = room - nonZero;
  const exact = counts.map((n) => (n > 0 ? (n / sum) * room - 1 : 0));
  let left = rest;
  for (let i = 0; i < counts.length; i++) {
    const whole = Math.max(0, Math.floor(exact[i]));
    out[i] += whole;
    left -= whole;
  }
  const order = counts
    .map((n, i) => ({ i, rem: n > 0 ? exact[i] - Math.max(0, Math.floor(exact[i])) : -1 }))
    .filter((e) => e.rem >= 0)
    .sort((a, b) => b.rem - a.rem || counts[b.i] - counts[a.i] || a.i - b.i);
  for (let k = 0; left > 0 && order.length; k = (k + 1) % order.length, left--) out[order[k].i]++;
  // A count below one cell's share took a cell it had not earned: take it back from the largest.
  while (left < 0) {
    const big = out.reduce((b, v, i) => (v > out[b] ? i : b), 0);
    if (out[big] <= 1) break;
    out[big]--;
    left++;
  }
  return out;
}

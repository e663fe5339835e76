// The words closest to one typed wrong (`website` → `websites`), for "did you mean" suggestions.

/** Edit distance with transpositions (optimal string alignment), capped work: both words are short. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidates nearest to `word` (case-insensitive), best first: within a third of its length
 * (at least one edit), or starting with it. None when nothing is close.
 */
export function nearest(word: string, candidates: readonly string[], max = 3): string[] {
  const w = word.toLowerCase().slice(0, 100);
  const limit = Math.max(1, Math.floor(w.length / 3));
  return candidates
    .map((c) => ({ c, d: c.toLowerCase().startsWith(w) && w.length >= 2 ? 0.5 : editDistance(w, c.toLowerCase().slice(0, 100)) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .slice(0, max)
    .map((x) => x.c);
}

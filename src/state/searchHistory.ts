// Earlier searches, for `/` then ↑: what a search kept, or what Esc or `c` cleared, comes back from
// here (u undoes host changes only). Pure; the profile's file is src/history/searches.ts.

/** The most a history keeps: the oldest go first. */
export const SEARCH_HISTORY_MAX = 50;

/** The list with `text` as its latest entry (once: an earlier copy moves up), at most SEARCH_HISTORY_MAX. */
export function remember(list: readonly string[], text: string | undefined): readonly string[] {
  const t = text?.trim();
  if (!t) return list;
  if (list[list.length - 1] === t) return list;
  return [...list.filter((x) => x !== t), t].slice(-SEARCH_HISTORY_MAX);
}

/** The entry `back` steps from the latest (1: the latest), or undefined past either end. */
export const recalled = (list: readonly string[], back: number): string | undefined =>
  back >= 1 && back <= list.length ? list[list.length - back] : undefined;

/** A history read from a file: strings only, at most SEARCH_HISTORY_MAX, the latest kept. */
export function parseSearches(data: unknown): readonly string[] {
  const list = data && typeof data === 'object' && Array.isArray((data as { searches?: unknown }).searches) ? (data as { searches: unknown[] }).searches : [];
  return list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').reduce<readonly string[]>(remember, []);
}

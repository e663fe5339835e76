/**
 * Which characters of a value a field `width` cells wide shows so the cursor stays in view: the
 * text before the cursor takes at most `width - 1` cells (the cursor's cell stays in view), and
 * text scrolls once the cursor nears the right. `cells` is each character's width as drawn (a wide
 * character, CJK or emoji, takes two), so a line of them never outgrows the field.
 */
export function visibleWindow(cells: readonly number[], cursor: number, width: number): { start: number; end: number } {
  const w = Math.max(1, width);
  const at = Math.max(0, Math.min(cells.length, cursor));
  let start = at;
  let used = 0;
  while (start > 0 && used + cells[start - 1] <= w - 1) used += cells[--start];
  let end = at;
  while (end < cells.length && used + cells[end] <= w) used += cells[end++];
  return { start, end };
}

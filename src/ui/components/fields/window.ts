/**
 * Which characters of a value a field `width` cells wide shows so the cursor stays in view: the
 * cursor's cell is within [start, start + width - 1]; text scrolls once the cursor nears the right.
 * Counted in characters (code points).
 */
export function visibleWindow(length: number, cursor: number, width: number): { start: number; end: number } {
  const w = Math.max(1, width);
  const at = Math.max(0, Math.min(length, cursor));
  const start = Math.max(0, at - (w - 1));
  return { start, end: Math.min(length, start + w) };
}

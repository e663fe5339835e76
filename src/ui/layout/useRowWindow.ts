import { useRef } from 'react';

/** First visible row, moved only when the cursor leaves the window (no jumping). */
export function windowStart(prev: number, cursor: number, height: number, count: number): number {
  if (height <= 0) return 0;
  let start = Math.min(prev, Math.max(0, count - height));
  if (cursor < start) start = cursor;
  if (cursor >= start + height) start = cursor - height + 1;
  return Math.max(0, start);
}

/** The rows of a list `height` rows tall in view: the window follows the cursor, remembered between frames. */
export function useRowWindow<T>(items: readonly T[], cursor: number, height: number): { start: number; visible: readonly T[] } {
  const start = useRef(0);
  start.current = windowStart(start.current, cursor, height, items.length);
  return { start: start.current, visible: items.slice(start.current, start.current + height) };
}

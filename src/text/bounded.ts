// Folds over arrays of any length. `Math.max(...xs)` and `push(...xs)` put every element on the call
// stack and throw "Maximum call stack size exceeded" past ~120 000 of them (a record with 150 000
// fields crashed the deck), so src/ has no spread arguments (the lint forbids them) and uses these.

/** The largest of `values`, or `floor` when there are none (or all are smaller). */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let out = floor;
  for (const v of values) if (v > out) out = v;
  return out;
}

/** The smallest of `values`, or `ceiling` when there are none (or all are larger). */
export function minOf(values: Iterable<number>, ceiling = Infinity): number {
  let out = ceiling;
  for (const v of values) if (v < out) out = v;
  return out;
}

/** Appends every item to `target` (what `target.push(...items)` does, for any number of items). */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

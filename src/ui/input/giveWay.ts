// "These parts give way in this order until the line fits", once for every header, status and
// question line. A line is a run of steps, fullest first, each giving one more thing way (a part
// dropped or shortened); the line draws the first step that fits. Pure: the widths are the caller's.

/** The first of `steps` (fullest first) whose `width` is at most `room`; undefined when none fits (the caller says what is drawn then). */
export function giveWay<T>(steps: Iterable<T>, width: (step: T) => number, room: number): T | undefined {
  for (const step of steps) if (width(step) <= room) return step;
  return undefined;
}

/** As giveWay, but the last step (the leanest) when none fits: what the line draws, cut as it is cut. */
export function giveWayToLeast<T>(steps: Iterable<T>, width: (step: T) => number, room: number): T {
  let last: { step: T } | null = null;
  for (const step of steps) {
    if (width(step) <= room) return step;
    last = { step };
  }
  if (last === null) throw new Error('giveWayToLeast: no steps');
  return last.step;
}

/** `parts`, then less its last part, one more at a time, down to its first `least` parts. */
export function* lastGoFirst<T>(parts: readonly T[], least = 0): Generator<T[]> {
  for (let k = parts.length; k >= least; k--) yield parts.slice(0, k);
}

/** `parts`, then less the parts `order` names, one more name at a time, in that order. */
export function* namedGoInOrder<T, K>(parts: readonly T[], nameOf: (part: T) => K, order: readonly K[]): Generator<T[]> {
  let kept = [...parts];
  yield kept;
  for (const name of order) {
    kept = kept.filter((p) => nameOf(p) !== name);
    yield kept;
  }
}

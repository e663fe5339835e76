// A case's differences, less the intended ones (intended.ts), plus each side's own rule breaks.
// Records which intended entries matched, so a suite can fail on one that no longer shows.

import type { Request } from './exchange';
import { checkInvariants, compare } from './compare';
import type { Answer } from './exchange';
import { INTENDED } from './intended';

export const matchedIntended = new Set<number>();

export function unexplained(c: Request, ref: Answer, emu: Answer): { case: string; unexplained: string[]; ref: string[]; emulator: string[] } {
  const left = compare(c, ref, emu).filter((d) => {
    const i = INTENDED.findIndex((x) => x.cases.test(c.name) && x.diff.test(d));
    if (i >= 0) matchedIntended.add(i);
    return i < 0;
  });
  return { case: c.name, unexplained: left, ref: checkInvariants(ref), emulator: checkInvariants(emu) };
}

/** What a case must give: nothing unexplained. */
export const clean = (name: string) => ({ case: name, unexplained: [], ref: [], emulator: [] });

// The emulator answers as real Laravel does: every request of cases.ts goes to the Laravel
// reference and to the emulator, in the same order, and the answers are compared (compare.ts).
// A difference fails unless intended.ts lists it with its reason.

import { describe, expect, it } from 'vitest';
import { laravelRef, refSuiteTitle } from '../helpers/laravelRef';
import { CASES, SEEDED } from './cases';
import { setUpPair } from './pair';
import { exchange } from './exchange';
import { clean, matchedIntended, unexplained } from './explain';
import { INTENDED } from './intended';

// High enough that the cases never reach it: both count the same requests, so Remaining must agree.
const LIMIT = 1000;

describe.runIf(laravelRef().ok)(refSuiteTitle('emulator conformance with real Laravel'), () => {
  const pair = setUpPair({ limit: LIMIT, windowMinutes: 1, websites: SEEDED.websites, reports: SEEDED.reports });

  for (const c of CASES) {
    it(c.name, async () => {
      const a = await exchange(pair.ref, c);
      const b = await exchange(pair.emu, c);
      expect(unexplained(c, a, b)).toEqual(clean(c.name));
    });
  }

  it('every intended difference still shows', () => {
    expect(INTENDED.filter((_, i) => !matchedIntended.has(i)).map((x) => `${x.cases} ${x.diff}`)).toEqual([]);
  });
});

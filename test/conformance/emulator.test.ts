// The emulator answers as real Laravel does: every request of cases.ts goes to the Laravel
// reference and to the emulator, in the same order, and the answers are compared (compare.ts).
// A difference fails unless intended.ts lists it with its reason.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';
import { CASES, SEEDED } from './cases';
import { exchange } from './exchange';
import { clean, matchedIntended, unexplained } from './explain';
import { INTENDED } from './intended';

// High enough that the cases never reach it: both count the same requests, so Remaining must agree.
const LIMIT = 1000;

describe.runIf(laravelRef().ok)(refSuiteTitle('emulator conformance with real Laravel'), () => {
  let ref: RunningRef;
  let emu: Emulator;

  beforeAll(async () => {
    [ref, emu] = await Promise.all([
      startLaravelRef({ throttle: `${LIMIT},1`, seedWebsites: SEEDED.websites, seedReports: SEEDED.reports }),
      startEmulator({ seed: SEEDED.websites, seedReports: SEEDED.reports, rateLimit: LIMIT, rateWindow: 60 }),
    ]);
    // PHP migrates and seeds sqlite on start: seconds alone, longer on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await Promise.all([ref?.stop(), emu?.close()]);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const a = await exchange(ref, c);
      const b = await exchange(emu, c);
      expect(unexplained(c, a, b)).toEqual(clean(c.name));
    });
  }

  it('every intended difference still shows', () => {
    expect(INTENDED.filter((_, i) => !matchedIntended.has(i)).map((x) => `${x.cases} ${x.diff}`)).toEqual([]);
  });
});

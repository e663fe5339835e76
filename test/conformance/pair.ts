// The two servers a conformance file compares: the Laravel reference and the emulator, started
// together with the same seed and throttle, and stopped after the file.
import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { startLaravelRef, type RunningRef } from '../helpers/laravelRef';

export interface Pair {
  ref: RunningRef;
  emu: Emulator;
}

export function setUpPair(opts: { limit: number; windowMinutes: number; websites: number; reports: number }): Pair {
  const pair = {} as Pair;
  beforeAll(async () => {
    [pair.ref, pair.emu] = await Promise.all([
      startLaravelRef({ throttle: `${opts.limit},${opts.windowMinutes}`, seedWebsites: opts.websites, seedReports: opts.reports }),
      startEmulator({ seed: opts.websites, seedReports: opts.reports, rateLimit: opts.limit, rateWindow: opts.windowMinutes * 60 }),
    ]);
    // PHP migrates and seeds sqlite on start: seconds alone, longer on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await Promise.all([pair.ref?.stop(), pair.emu?.close()]);
  });
  return pair;
}

// The throttle past its limit, against real Laravel: the same requests to the reference and to the
// emulator, both limited to LIMIT requests a minute, compared as in emulator.test.ts (status,
// body, X-RateLimit-Limit/Remaining values, Retry-After and X-RateLimit-Reset only on a 429).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';
import { exchange, type Request } from './exchange';
import { clean, unexplained } from './explain';

const LIMIT = 3;
const WEB = '/public/api/v1/websites';
const REP = '/api/v1/reports';

const CASES: Request[] = [
  { name: 'throttle: first request', host: 'analytics', method: 'GET', path: WEB, seeded: true },
  // Refused keys and unknown paths count: the throttle runs before auth and the fallback.
  { name: 'throttle: wrong key counts', host: 'analytics', method: 'GET', path: WEB, auth: 'wrong' },
  { name: 'throttle: unknown path counts', host: 'analytics', method: 'GET', path: '/public/api/v1/nothing' },
  { name: 'throttle: past the limit', host: 'analytics', method: 'GET', path: WEB },
  { name: 'throttle: past the limit, a write', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'throttled.example.com' } },
  { name: 'throttle: past the limit, a browser', host: 'analytics', method: 'GET', path: WEB, accept: null },
  { name: 'throttle: past the limit, no key', host: 'analytics', method: 'GET', path: WEB, auth: 'none' },
  // A wrong method never reaches the middleware.
  { name: 'throttle: a 405 has no budget (PATCH)', host: 'analytics', method: 'PATCH', path: WEB },
  // Each host counts on its own.
  { name: 'throttle: the other host has its own budget', host: 'seo', method: 'GET', path: REP, seeded: true },
  { name: 'throttle: the other host, second request', host: 'seo', method: 'GET', path: `${REP}/1`, seeded: true },
];

describe.runIf(laravelRef().ok)(refSuiteTitle('emulator throttle conformance with real Laravel'), () => {
  let ref: RunningRef;
  let emu: Emulator;

  beforeAll(async () => {
    [ref, emu] = await Promise.all([
      startLaravelRef({ throttle: `${LIMIT},1`, seedWebsites: 3, seedReports: 3 }),
      startEmulator({ seed: 3, rateLimit: LIMIT, rateWindow: 60 }),
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
      if (c.name.includes('past the limit')) expect([a.status, b.status]).toEqual([429, 429]);
    });
  }

  it('stored nothing that was refused', () => {
    expect(emu.websites().map((w) => w.domain)).not.toContain('throttled.example.com');
  });
});

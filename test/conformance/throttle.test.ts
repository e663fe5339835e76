// The throttle past its limit, against real Laravel: the same requests to the reference and to the
// emulator, both limited to LIMIT requests per window, compared as in emulator.test.ts (status,
// body, X-RateLimit-Limit/Remaining values, Retry-After and X-RateLimit-Reset only on a 429). The
// window is longer than an hour, the longest wait sitedeck honours, so a command past the limit
// exits at once with the rate-limit code instead of waiting it out.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { runCommand } from '../commands/inProcess';
import { laravelRef, refSuiteTitle } from '../helpers/laravelRef';
import { setUpPair } from './pair';
import { exchange, type Request } from './exchange';
import { clean, unexplained } from './explain';
import { removeDir } from '../helpers/dirs';

const LIMIT = 3;
const WINDOW_MINUTES = 61;
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
  const pair = setUpPair({ limit: LIMIT, windowMinutes: WINDOW_MINUTES, websites: 3, reports: 3 });

  for (const c of CASES) {
    it(c.name, async () => {
      const a = await exchange(pair.ref, c);
      const b = await exchange(pair.emu, c);
      expect(unexplained(c, a, b)).toEqual(clean(c.name));
      if (c.name.includes('past the limit')) expect([a.status, b.status]).toEqual([429, 429]);
    });
  }

  it('stored nothing that was refused', () => {
    expect(pair.emu.websites().map((w) => w.domain)).not.toContain('throttled.example.com');
  });

  it('a command past the limit exits 6 at once, on both', async () => {
    for (const t of [pair.ref, pair.emu]) {
      const home = mkdtempSync(join(tmpdir(), 'sitedeck-conform-'));
      const env = {
        HOME: home,
        SITEDECK_CONFIG_DIR: join(home, 'sd'),
        SITEDECK_BASE_URL: t.baseUrl,
        SITEDECK_SEO_BASE_URL: t.seoBaseUrl,
        SITEDECK_API_KEY: t.apiKey,
      };
      const r = await runCommand(['websites', 'list'], { env });
      removeDir(home);
      expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: EXIT.rateLimited, stderr: expect.stringMatching(/limiting requests \(429\)/) });
    }
  });
});

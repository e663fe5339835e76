// `sitedeck doctor` against the emulator: one request per host (counted by the emulator), the exit
// code of the first failure, and the key never printed, whatever goes wrong: through a proxy (the
// rest: ../commands/in-process/doctor.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { startProxy } from '../helpers/proxy';
import { runCli, startFixture, type Fixture } from '../commands/helpers';
import { byId, hitsOf, ONE_EACH } from '../commands/doctorReading';

const KEY = 'sd_test_DOCTORKEY_1a2b3c4d5e6f';
let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 4, key: KEY, rateLimit: 60 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const doctor = (args: string[] = [], env: Record<string, string | undefined> = {}) => runCli(['doctor', ...args], { env: { ...fx.env, ...env } });
const hits = () => hitsOf(fx.emulator);

describe('sitedeck doctor', () => {
  // bundle: the proxy is read from the process's environment (HTTP_PROXY), not the seam's
  it('through a proxy: the proxy named (its credentials masked), names left to it to resolve, plain http to another machine a warning', async () => {
    const proxy = await startProxy({
      hosts: { 'stats.example.com': fx.emulator.baseUrl, 'seo.example.com': fx.emulator.seoBaseUrl },
      credentials: 'me:s3cret',
    });
    try {
      const withCredentials = proxy.url.replace('http://', 'http://me:s3cret@');
      const r = await doctor(['--json'], {
        SITEDECK_BASE_URL: 'http://stats.example.com',
        SITEDECK_SEO_BASE_URL: 'http://seo.example.com',
        HTTP_PROXY: withCredentials,
      });
      expect(r.code).toBe(EXIT.ok);
      expect(proxy.seen.map((s) => `${s.method} ${s.target}`).sort()).toEqual([
        'GET http://seo.example.com/api/v1/reports?per_page=1',
        'GET http://stats.example.com/public/api/v1/websites?per_page=1',
      ]);
      expect(hits()).toEqual(ONE_EACH);
      expect(byId(r, 'analytics.address')).toMatchObject({ status: 'ok', detail: 'stats.example.com, resolved by the proxy' });
      expect(byId(r, 'analytics.connection')!.detail).toMatch(
        new RegExp(`^http://stats\\.example\\.com answered 200 in \\d+ ms through the proxy http://•••:•••@${proxy.hostPort}$`),
      );
      expect(byId(r, 'seo.encryption')).toMatchObject({
        status: 'warn',
        detail: 'plain http to seo.example.com: the key travels unencrypted with every request',
      });
      expect(r.stdout).not.toContain('s3cret');
      expect(r.stdout).not.toContain(KEY);
    } finally {
      await proxy.close();
    }
  });
});

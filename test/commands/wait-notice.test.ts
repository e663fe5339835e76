// A piped command waiting out a 429's Retry-After says so on stderr, once, with how long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitLine } from '../../src/commands/waitNotice';
import { runCli, startFixture, type Fixture } from './helpers';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 3 });
});
afterAll(() => fx.cleanup());

describe('waiting on Retry-After', () => {
  it('piped: one stderr line when a long wait begins, then the answer', async () => {
    fx.emulator.addFault({ host: 'analytics', method: 'GET', path: '/public/api/v1/websites', fault: { type: 'status', status: 429, headers: { 'Retry-After': '7' } }, times: 1 });
    const r = await runCli(['websites', 'list'], { env: fx.env, timeoutMs: 30_000 });
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.includes('is limiting requests'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sitedeck: the analytics host is limiting requests: waiting [67] s \(until \d\d:\d\d:\d\d UTC\) before the next one; Ctrl\+C stops$/);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThan(1);
  }, 30_000);

  it('says a long wait in grouped seconds and the clock time it ends', () => {
    const now = Date.UTC(2026, 10, 25, 2, 0, 0);
    expect(waitLine('SEO host', now + 3_599_000, now)).toBe('sitedeck: the SEO host is limiting requests: waiting 3,599 s (until 02:59:59 UTC) before the next one; Ctrl+C stops\n');
  });
});

// A piped command waiting out a 429's Retry-After says so on stderr, once, with how long: in-process,
// here and not in ./in-process because it waits out a 7 s Retry-After in real time, too long for the
// edit loop (the wait's words and max_wait: ./in-process/wait-notice.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from './helpers';
import { runCommand } from './inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 3 });
});
afterAll(() => fx.cleanup());

describe('waiting on Retry-After', () => {
  it('piped: one stderr line when a long wait begins, then the answer', async () => {
    fx.emulator.addFault({
      host: 'analytics',
      method: 'GET',
      path: '/public/api/v1/websites',
      fault: { type: 'status', status: 429, headers: { 'Retry-After': '7' } },
      times: 1,
    });
    const r = await runCommand(['websites', 'list'], { env: fx.env });
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.includes('rate limit'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sitedeck: rate limit of the analytics host · next request in [67] s \(at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\); Ctrl\+C stops$/);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThan(1);
  }, 30_000);
});

// A piped command refused a wait longer than max_wait says so at once, with the date to retry (the
// wait waited out, seconds long: ../wait-notice.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitLine } from '../../../src/commands/waitNotice';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';
import { databasePath } from '../../../src/files/db';
import { plantPace, storedPace } from '../../helpers/stateDb';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 3 });
});
afterAll(() => fx.cleanup());

describe('waiting on Retry-After', () => {
  it('says a long wait in grouped seconds and the date and time it ends', () => {
    const now = Date.UTC(2026, 10, 25, 23, 30, 0);
    expect(waitLine('SEO host', now + 3_599_000, now)).toBe(
      'sitedeck: rate limit of the SEO host · next request in 3,599 s (at 2026-11-26 00:29:59 UTC); Ctrl+C stops\n',
    );
  });

  it("a Retry-After past max_wait ends the command at once, exit 6, with the date to retry; the pacer row holds the host's wait, at most a day", async () => {
    const state = mkdtempSync(join(tmpdir(), 'sitedeck-pace-'));
    try {
      const env = { ...fx.env, XDG_STATE_HOME: state };
      const db = databasePath(env, 'default');
      const origin = new URL(fx.emulator.baseUrl).origin;
      for (const [retryAfter, asked, kept] of [
        ['1000000000', 'more than a year', 86_400],
        ['3000', '3,000 s', 3000],
      ] as const) {
        fx.emulator.clearFaults();
        fx.emulator.addFault({
          host: 'analytics',
          method: 'GET',
          path: '/public/api/v1/websites',
          fault: { type: 'status', status: 429, headers: { 'Retry-After': retryAfter } },
          times: 1,
        });
        const before = Date.now();
        const r = await runCommand(['websites', 'list'], { env });
        const retryAt = before + Number(retryAfter) * 1000;
        expect(r.code).toBe(6);
        const m = new RegExp(
          /^sitedeck: The analytics host \S+ is limiting requests \(429\): it asks for a wait of (.+), longer than max_wait \(300 s\); /.source +
            /try again after (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC\.\n$/.source,
        ).exec(r.stderr);
        expect(m, r.stderr).not.toBeNull();
        expect(m![1]).toBe(asked);
        expect(Math.abs(Date.parse(`${m![2]}Z`) - retryAt)).toBeLessThan(60_000);
        // The host's wait for every process (one with a longer max_wait waits it out): this run's
        // max_wait decides only what it waits for itself.
        const stored = storedPace<{ blockedUntil: number }>(db, origin)!;
        expect(stored.blockedUntil).toBeLessThanOrEqual(Date.now() + kept * 1000);
        expect(stored.blockedUntil).toBeGreaterThan(before + kept * 1000 - 60_000);
        // What an older sitedeck stored for that 429 (blocked until 2058) is ignored: the next run goes at once.
        plantPace(db, origin, { ...stored, blockedUntil: before + 1e12, windowEnd: before + 1e12 });
        fx.emulator.clearFaults();
        const next = await runCommand(['websites', 'list', '--json'], { env });
        expect(next.stderr).toBe('');
        expect(next.code).toBe(0);
      }
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});

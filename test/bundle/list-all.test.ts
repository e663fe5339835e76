// Two sitedeck processes on one key share one budget through the pace file: `list --all` from both
// against an emulator with a small window (10 requests per 2 s), each with every record (one process:
// ../commands/list-all.test.ts).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { runCli, startFixture } from '../commands/helpers';

const statuses = (hits: readonly { status: number }[]) => hits.map((h) => h.status);

describe('list --all under the rate limit', () => {
  // bundle: two real processes share the budget through the pace file and its lock
  it('two processes on one key share the budget and both finish with every record', async () => {
    const fx = await startFixture({ seed: 150, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const args = ['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'];
      const [a, b] = await Promise.all([runCli(args, { env: fx.env, timeoutMs: 60_000 }), runCli(args, { env: fx.env, timeoutMs: 60_000 })]);
      const all = fx.emulator
        .websites()
        .map((w) => w.id as number)
        .sort((x, y) => x - y);
      for (const r of [a, b]) {
        expect(r.code, r.stderr).toBe(EXIT.ok);
        expect(
          r.stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l).id),
        ).toEqual(all);
      }
      const s = statuses(fx.emulator.hits);
      expect(s.filter((x) => x === 200)).toHaveLength(30);
      expect(s.filter((x) => x !== 200 && x !== 429)).toEqual([]);
      // One budget for both: at most each one's first 429 before the window was learnt.
      expect(s.filter((x) => x === 429).length).toBeLessThanOrEqual(2);
    } finally {
      await fx.cleanup();
    }
  }, 90_000);
});

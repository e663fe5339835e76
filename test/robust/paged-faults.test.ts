// Faults in the middle of paged work through the commands (the entry's seam in this process): a 429 storm and a connection reset
// between pages of `list --all`; every record still comes exactly once.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { emulatorFixture } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';

const WEB = '/public/api/v1/websites';
const idsOf = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).id as number);

describe('list --all under faults', () => {
  it('a 429 storm on page 3 is waited out: every record once, exit 0', async () => {
    const fx = await emulatorFixture({ seed: 50, seedReports: 0 });
    try {
      // Faults are taken in order of arrival: pages 1 and 2 pass, page 3 is refused three times
      // running with Retry-After: 1, then answered.
      fx.emulator.addFault({ path: WEB, method: 'GET', times: 2, fault: { type: 'delay', ms: 1 } });
      fx.emulator.addFault({
        path: WEB,
        method: 'GET',
        times: 3,
        fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } },
      });
      const r = await runCommand(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(idsOf(r.stdout)).toEqual(
        fx.emulator
          .websites()
          .map((w) => w.id as number)
          .sort((a, b) => a - b),
      );
      expect(fx.emulator.hits.map((h) => h.status)).toEqual([200, 200, 429, 429, 429, 200, 200, 200]);
      expect(fx.emulator.hits.map((h) => h.query.page)).toEqual(['1', '2', '3', '3', '3', '3', '4', '5']);
    } finally {
      await fx.cleanup();
    }
  });

  it('a reset between pages, then 429s: every record once, only the failed page asked for again', async () => {
    const fx = await emulatorFixture({ seed: 50, seedReports: 0 });
    try {
      const ids = fx.emulator
        .websites()
        .map((w) => w.id as number)
        .sort((a, b) => a - b);
      // The emulator takes faults in order of arrival.
      fx.emulator.addFault({ path: WEB, method: 'GET', times: 1, fault: { type: 'delay', ms: 1 } });
      fx.emulator.addFault({ path: WEB, method: 'GET', times: 1, fault: { type: 'reset' } });
      fx.emulator.addFault({
        path: WEB,
        method: 'GET',
        times: 2,
        fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } },
      });
      const r = await runCommand(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(idsOf(r.stdout)).toEqual(ids);
      const statuses = fx.emulator.hits.map((h) => h.status);
      // Page 1 (delayed, answered); page 2 reset (never answered: status 0), refused twice, answered; pages 3–5.
      expect(statuses).toEqual([200, 0, 429, 429, 200, 200, 200, 200]);
      expect(fx.emulator.hits.map((h) => h.query.page)).toEqual(['1', '2', '2', '2', '2', '3', '4', '5']);
    } finally {
      await fx.cleanup();
    }
  });
});

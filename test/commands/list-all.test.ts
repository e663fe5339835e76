// `list --all` through the commands in-process against an emulator with a small window (10 requests
// per 2 s): every page read, each record once, no failed request; progress on a terminal; Ctrl+C in
// the middle (the seam's signal, as the entry gives it). Here, not in ./in-process: 42 pages wait out
// the window for seconds, too long for the edit loop (exports, progress piped:
// ./in-process/list-all.test.ts; two processes on one key: ../bundle/list-all.test.ts).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { emulatorFixture } from './helpers';
import { runCommand } from './inProcess';

const statuses = (hits: readonly { status: number }[]) => hits.map((h) => h.status);

describe('list --all under the rate limit', () => {
  it('reads 42 pages at 10 requests per 2 s: every record once, in id order, zero failed requests', async () => {
    const fx = await emulatorFixture({ seed: 420, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const r = await runCommand(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      // Piped stderr stays quiet without --progress, but for the host's own refusal: the one 429 that
      // taught the pacer the window is said as it is waited out.
      const said = r.stderr.split('\n').filter(Boolean);
      expect(said.length).toBeLessThanOrEqual(1);
      for (const line of said) expect(line).toMatch(/^sitedeck: rate limit of the analytics host · next request in \d s /);
      const ids = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id as number);
      expect(ids).toEqual(
        fx.emulator
          .websites()
          .map((w) => w.id as number)
          .sort((a, b) => a - b),
      );
      const s = statuses(fx.emulator.hits);
      expect(s.filter((x) => x === 200)).toHaveLength(42);
      // At most the one 429 that taught the pacer the window (it was waited out and retried).
      expect(s.filter((x) => x !== 200 && x !== 429)).toEqual([]);
      expect(s.filter((x) => x === 429).length).toBeLessThanOrEqual(1);
    } finally {
      await fx.cleanup();
    }
  }, 90_000);

  it('Ctrl+C in the middle: the records written are whole, and it says where it stopped', async () => {
    const fx = await emulatorFixture({ seed: 300, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const ctrlC = new AbortController();
      const result = runCommand(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], { env: fx.env, signal: ctrlC.signal });
      // Past the first window, while the pacer waits for the next.
      await waitFor(() => fx.emulator.hits.length >= 11, 'the first window to be spent', 30_000);
      ctrlC.abort();
      const r = await result;
      expect(r.code).toBe(EXIT.interrupted);
      const lines = r.stdout.trim().split('\n');
      for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
      expect(r.stderr).toMatch(new RegExp(`stopped after ${lines.length} of 300 websites \\(page \\d+ of 30\\)`));
      expect(r.stderr).toMatch(/interrupted/);
    } finally {
      await fx.cleanup();
    }
  }, 60_000);
});

describe('list --all progress', () => {
  it('on a terminal, the line is redrawn in place and cleared before the table', async () => {
    const fx = await emulatorFixture({ seed: 25, seedReports: 0 });
    try {
      const shown = await runCommand(['websites', 'list', '--all', '--per-page', '10'], { env: fx.env, terminal: { columns: 120 } });
      expect(shown.code).toBe(0);
      const out = shown.screen;
      expect(out).toContain('\r\x1b[2Kwebsites 20/25');
      // The last thing drawn on the line is the clearing, right before the table's header.
      expect(out).toMatch(/\r\x1b\[2K(\x1b\[[0-9;]*m)*ID /);
      expect(out).not.toMatch(/websites 25\/25(\x1b\[[0-9;]*m)*ID /);
    } finally {
      await fx.cleanup();
    }
  });
});

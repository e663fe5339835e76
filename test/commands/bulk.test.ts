// Bulk runs through the commands in-process on the emulator: re-run and delete of 30 records under a
// small window (10 requests per 2 s), a 429 storm waited out, Ctrl+C (the seam's signal, as the entry
// gives it) and resuming with the rest. Here, not in ./in-process: the windows and the storm are
// waited out in real time, seconds too long for the edit loop (the other faults and refusals:
// ./in-process/bulk.test.ts; Ctrl+C as a signal to a real process: ../bundle/exit-codes.test.ts).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { emulatorFixture } from './helpers';
import { runCommand } from './inProcess';

const WEB = '/public/api/v1/websites';
const REP = '/api/v1/reports';
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

describe('bulk runs under the rate limit', () => {
  it('re-runs 30 reports given on stdin: one request each, one line each, exit 0', async () => {
    const fx = await emulatorFixture({ seed: 40, rateLimit: 10, rateWindow: 2 });
    try {
      const ids = fx.emulator
        .reports()
        .slice(0, 30)
        .map((r) => r.id as number);
      const r = await runCommand(['reports', 'rerun', '--ids', '-'], { env: fx.env, input: ids.join('\n') + '\n' });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const out = lines(r.stdout).map((l) => l.split('\t'));
      expect(out.map((c) => Number(c[0]))).toEqual(ids);
      expect(out.every((c) => c[1] === 'done' && /^score \d+/.test(c[3]))).toBe(true);
      const writes = fx.emulator.hits.filter((h) => h.method !== 'GET' && h.status !== 429);
      expect(writes.map((h) => h.path)).toEqual(ids.map((id) => `${REP}/${id}`));
      expect(writes.every((h) => h.body.results === '1' && h.status === 200)).toBe(true);
      expect(fx.emulator.hits.filter((h) => h.status !== 200 && h.status !== 429)).toEqual([]);
      expect(r.stderr).toContain('Re-ran 30 of 30 reports: 30 done, 0 failed, 0 may have been applied, 0 not started');
    } finally {
      await fx.cleanup();
    }
  }, 60_000);

  it('deletes 30 websites given on stdin with --yes, each once', async () => {
    const fx = await emulatorFixture({ seed: 45, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const ids = fx.emulator
        .websites()
        .slice(5, 35)
        .map((w) => w.id as number);
      const r = await runCommand(['websites', 'delete', '--ids', '-', '--yes'], { env: fx.env, input: ids.join(' ') });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(fx.emulator.websites()).toHaveLength(15);
      const deletes = fx.emulator.hits.filter((h) => h.method === 'DELETE' && h.status === 200);
      expect(deletes.map((h) => h.path)).toEqual(ids.map((id) => `${WEB}/${id}`));
    } finally {
      await fx.cleanup();
    }
  }, 60_000);
});

describe('faults in a bulk run', () => {
  it('a 429 storm in the middle is waited out: every record done once', async () => {
    const fx = await emulatorFixture({ seed: 10 });
    try {
      const ids = fx.emulator
        .websites()
        .slice(0, 4)
        .map((w) => w.id as number);
      fx.emulator.addFault({
        method: 'DELETE',
        times: 3,
        fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } },
      });
      const r = await runCommand(['websites', 'delete', '--ids', ids.join(','), '--yes'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const deletes = fx.emulator.hits.filter((h) => h.method === 'DELETE');
      expect(deletes.map((h) => h.status)).toEqual([429, 429, 429, 200, 200, 200, 200]);
      expect(fx.emulator.websites().map((w) => w.id)).not.toContain(ids[0]);
    } finally {
      await fx.cleanup();
    }
  });

  it('Ctrl+C stops after the current request; re-running with the ids it names finishes the job, each deleted once', async () => {
    const fx = await emulatorFixture({ seed: 40, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const ids = fx.emulator
        .websites()
        .slice(0, 30)
        .map((w) => w.id as number);
      const ctrlC = new AbortController();
      const result = runCommand(['websites', 'delete', '--ids', ids.join(','), '--yes'], { env: fx.env, signal: ctrlC.signal });
      await waitFor(() => fx.emulator.hits.filter((h) => h.method === 'DELETE' && h.status === 200).length >= 12, 'a dozen deletes', 30_000);
      ctrlC.abort();
      const r = await result;
      expect(r.code).toBe(EXIT.interrupted);
      const done = lines(r.stdout).map((l) => Number(l.split('\t')[0]));
      expect(done).toEqual(ids.slice(0, done.length));
      const resume = /To resume: sitedeck websites delete --ids ([\d,]+) --yes\n/.exec(r.stderr);
      expect(resume, r.stderr).not.toBeNull();
      const rest = resume![1].split(',').map(Number);
      expect([...done, ...rest]).toEqual(ids);
      const again = await runCommand(['websites', 'delete', '--ids', resume![1], '--yes'], { env: fx.env });
      expect(again.code, again.stderr).toBe(EXIT.ok);
      const deletes = fx.emulator.hits.filter((h) => h.method === 'DELETE' && h.status === 200).map((h) => h.path);
      expect(deletes).toEqual(ids.map((id) => `${WEB}/${id}`));
      expect(fx.emulator.websites()).toHaveLength(10);
    } finally {
      await fx.cleanup();
    }
  }, 90_000);
});

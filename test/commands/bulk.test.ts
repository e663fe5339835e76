// Bulk runs through the bundled CLI on the emulator: re-run and delete of 30 records under a small
// window (10 requests per 2 s), faults in the middle of a run, Ctrl+C and resuming with the rest.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { runCli, startCli, startFixture } from './helpers';

const WEB = '/public/api/v1/websites';
const REP = '/api/v1/reports';
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

describe('bulk runs under the rate limit', () => {
  it('re-runs 30 reports given on stdin: one request each, one line each, exit 0', async () => {
    const fx = await startFixture({ seed: 40, rateLimit: 10, rateWindow: 2 });
    try {
      const ids = fx.emulator.reports().slice(0, 30).map((r) => r.id as number);
      const r = await runCli(['reports', 'rerun', '--ids', '-'], { env: fx.env, input: ids.join('\n') + '\n', timeoutMs: 60_000 });
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

  it('re-runs a selection (--project, --result) read whole before the first re-run; --dry-run sends no write', async () => {
    const fx = await startFixture({ seed: 60 });
    try {
      const project = fx.emulator.reports()[0].project as string;
      const want = fx.emulator.reports().filter((r) => r.project === project).map((r) => r.id as number).sort((a, b) => a - b);
      const dry = await runCli(['reports', 'rerun', '--project', project, '--dry-run', '--json'], { env: fx.env });
      expect(dry.code, dry.stderr).toBe(0);
      expect(lines(dry.stdout).map((l) => JSON.parse(l))).toEqual(want.map((id) => ({ id, status: 'dry-run' })));
      expect(fx.emulator.hits.filter((h) => h.method !== 'GET')).toEqual([]);
      const real = await runCli(['reports', 'rerun', '--project', project, '--json'], { env: fx.env });
      expect(real.code, real.stderr).toBe(0);
      expect(lines(real.stdout).map((l) => JSON.parse(l).id)).toEqual(want);
    } finally {
      await fx.cleanup();
    }
  });

  it('deletes 30 websites given on stdin with --yes, each once', async () => {
    const fx = await startFixture({ seed: 45, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const ids = fx.emulator.websites().slice(5, 35).map((w) => w.id as number);
      const r = await runCli(['websites', 'delete', '--ids', '-', '--yes'], { env: fx.env, input: ids.join(' '), timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(fx.emulator.websites()).toHaveLength(15);
      const deletes = fx.emulator.hits.filter((h) => h.method === 'DELETE' && h.status === 200);
      expect(deletes.map((h) => h.path)).toEqual(ids.map((id) => `${WEB}/${id}`));
    } finally {
      await fx.cleanup();
    }
  }, 60_000);

  it('counts a record already gone (404) as deleted, as the deck does: a resumed run ends with exit 0', async () => {
    const fx = await startFixture({ seed: 6, seedReports: 0 });
    try {
      const ids = fx.emulator.websites().slice(0, 3).map((w) => w.id as number);
      const first = await runCli(['websites', 'delete', '--ids', String(ids[1]), '--yes'], { env: fx.env });
      expect(first.code, first.stderr).toBe(EXIT.ok);
      const r = await runCli(['websites', 'delete', '--ids', ids.join(','), '--yes', '--json'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual([
        { id: ids[0], status: 'done' },
        { id: ids[1], status: 'done', already_gone: true },
        { id: ids[2], status: 'done' },
      ]);
      expect(r.stderr).toContain('Deleted 3 of 3 websites: 3 done, 0 failed');
      const piped = await runCli(['websites', 'delete', '--ids', String(ids[0]), '--yes'], { env: fx.env });
      expect(piped.code, piped.stderr).toBe(EXIT.ok);
      expect(lines(piped.stdout)).toEqual([`${ids[0]}\tdone\t\talready gone`]);
    } finally {
      await fx.cleanup();
    }
  });

  it('refuses a bulk delete without --yes when it cannot ask, and bad ids, sending nothing', async () => {
    const fx = await startFixture({ seed: 5 });
    try {
      const noYes = await runCli(['websites', 'delete', '--ids', '-'], { env: fx.env, input: '1 2' });
      expect(noYes.code).toBe(EXIT.usage);
      expect(noYes.stderr).toContain('deleting 2 websites needs --yes');
      const bad = await runCli(['websites', 'update', '--ids', '1,two', '--email', 'enabled'], { env: fx.env });
      expect(bad.code).toBe(EXIT.usage);
      expect(bad.stderr).toContain('--ids: ids are whole numbers from 1 (got "two")');
      const both = await runCli(['websites', 'update', '3', '--ids', '1', '--email', 'enabled'], { env: fx.env });
      expect(both.code).toBe(EXIT.usage);
      expect(fx.emulator.hits).toHaveLength(0);
      expect(fx.emulator.websites()).toHaveLength(5);
    } finally {
      await fx.cleanup();
    }
  });
});

describe('faults in a bulk run', () => {
  it('a 500 on one record: that one failed (not re-sent), the rest done, the summary says how to resume', async () => {
    const fx = await startFixture({ seed: 10 });
    try {
      const ids = fx.emulator.websites().slice(0, 6).map((w) => w.id as number);
      fx.emulator.addFault({ method: 'PUT', path: `${WEB}/${ids[2]}`, fault: { type: 'status', status: 500 } });
      const r = await runCli(['websites', 'update', '--ids', ids.join(','), '--email', 'enabled'], { env: fx.env });
      expect(r.code).toBe(EXIT.server);
      const out = lines(r.stdout).map((l) => l.split('\t'));
      expect(out.map((c) => c[1])).toEqual(['done', 'done', 'failed', 'done', 'done', 'done']);
      expect(out[2][3]).toMatch(/server error \(500\)/);
      // The PUT once; then one read that finds the website still there, so the 500 stands.
      expect(fx.emulator.hits.filter((h) => h.path === `${WEB}/${ids[2]}`).map((h) => `${h.method} ${h.status}`)).toEqual(['PUT 500', 'GET 200']);
      expect(r.stderr).toContain('Updated 5 of 6 websites: 5 done, 1 failed, 0 may have been applied, 0 not started');
      expect(r.stderr).toContain(`To resume: echo '${ids[2]}' | sitedeck websites update --ids - --email 1`);
    } finally {
      await fx.cleanup();
    }
  });

  it('a timeout on a write: "may have been applied", never re-sent, the run stops and names what was not started', async () => {
    const fx = await startFixture({ seed: 10 });
    try {
      const ids = fx.emulator.reports().slice(0, 5).map((r) => r.id as number);
      fx.emulator.addFault({ method: 'PUT', path: `${REP}/${ids[1]}`, fault: { type: 'delay', ms: 2000 } });
      const r = await runCli(['reports', 'rerun', '--ids', ids.join(',')], { env: { ...fx.env, SITEDECK_TIMEOUT: '1' } });
      expect(r.code).toBe(EXIT.server);
      const out = lines(r.stdout).map((l) => l.split('\t'));
      expect(out.map((c) => [Number(c[0]), c[1]])).toEqual([[ids[0], 'done'], [ids[1], 'may-have-been-applied']]);
      await waitFor(() => fx.emulator.hits.filter((h) => h.path === `${REP}/${ids[1]}`).length === 1, 'the delayed write to arrive');
      expect(fx.emulator.hits.filter((h) => h.path === `${REP}/${ids[1]}`)).toHaveLength(1);
      expect(r.stderr).toContain('Re-ran 1 of 5 reports: 1 done, 0 failed, 1 may have been applied, 3 not started');
      expect(r.stderr).toContain(`may have been applied (check before running them again): ${ids[1]}`);
      expect(r.stderr).toContain(`not started: ${ids.slice(2).join(' ')}`);
      expect(r.stderr).toContain(`To resume: echo '${ids.slice(2).join(' ')}' | sitedeck reports rerun --ids -`);
    } finally {
      await fx.cleanup();
    }
  });

  it('a 429 storm in the middle is waited out: every record done once', async () => {
    const fx = await startFixture({ seed: 10 });
    try {
      const ids = fx.emulator.websites().slice(0, 4).map((w) => w.id as number);
      fx.emulator.addFault({ method: 'DELETE', times: 3, fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } } });
      const r = await runCli(['websites', 'delete', '--ids', ids.join(','), '--yes'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const deletes = fx.emulator.hits.filter((h) => h.method === 'DELETE');
      expect(deletes.map((h) => h.status)).toEqual([429, 429, 429, 200, 200, 200, 200]);
      expect(fx.emulator.websites().map((w) => w.id)).not.toContain(ids[0]);
    } finally {
      await fx.cleanup();
    }
  });

  it('Ctrl+C stops after the current request; re-running with the ids it names finishes the job, each deleted once', async () => {
    const fx = await startFixture({ seed: 40, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const ids = fx.emulator.websites().slice(0, 30).map((w) => w.id as number);
      const { child, result } = startCli(['websites', 'delete', '--ids', ids.join(','), '--yes'], { env: fx.env, timeoutMs: 60_000 });
      await waitFor(() => fx.emulator.hits.filter((h) => h.method === 'DELETE' && h.status === 200).length >= 12, 'a dozen deletes', 30_000);
      child.kill('SIGINT');
      const r = await result;
      expect(r.code).toBe(EXIT.interrupted);
      const done = lines(r.stdout).map((l) => Number(l.split('\t')[0]));
      expect(done).toEqual(ids.slice(0, done.length));
      const resume = /To resume: echo '([\d ]+)' \| sitedeck websites delete --ids - --yes/.exec(r.stderr);
      expect(resume, r.stderr).not.toBeNull();
      const rest = resume![1].split(' ').map(Number);
      expect([...done, ...rest]).toEqual(ids);
      const again = await runCli(['websites', 'delete', '--ids', '-', '--yes'], { env: fx.env, input: resume![1], timeoutMs: 60_000 });
      expect(again.code, again.stderr).toBe(EXIT.ok);
      const deletes = fx.emulator.hits.filter((h) => h.method === 'DELETE' && h.status === 200).map((h) => h.path);
      expect(deletes).toEqual(ids.map((id) => `${WEB}/${id}`));
      expect(fx.emulator.websites()).toHaveLength(10);
    } finally {
      await fx.cleanup();
    }
  }, 90_000);
});

// Bulk runs through the commands on the emulator: a selection read whole, --dry-run, a record
// already gone, refusals, a 500 and a timeout in the middle of a run (under the rate limit, a 429
// storm waited out, Ctrl+C: ../bulk.test.ts).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { waitFor } from '../../helpers/wait';
import { emulatorFixture } from '../helpers';
import { runCommand } from '../inProcess';

const WEB = '/public/api/v1/websites';
const REP = '/api/v1/reports';
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

describe('bulk runs under the rate limit', () => {
  it('re-runs a selection (--project, --result) read whole before the first re-run; --dry-run sends no write', async () => {
    const fx = await emulatorFixture({ seed: 60 });
    try {
      const project = fx.emulator.reports()[0].project as string;
      const want = fx.emulator
        .reports()
        .filter((r) => r.project === project)
        .map((r) => r.id as number)
        .sort((a, b) => a - b);
      const dry = await runCommand(['reports', 'rerun', '--project', project, '--dry-run', '--json'], { env: fx.env });
      expect(dry.code, dry.stderr).toBe(0);
      expect(lines(dry.stdout).map((l) => JSON.parse(l))).toEqual(
        want.map((id) => ({ id, status: 'would-rerun', name: expect.any(String), send: { results: 1 } })),
      );
      expect(fx.emulator.hits.filter((h) => h.method !== 'GET')).toEqual([]);
      const real = await runCommand(['reports', 'rerun', '--project', project, '--json'], { env: fx.env });
      expect(real.code, real.stderr).toBe(0);
      expect(lines(real.stdout).map((l) => JSON.parse(l).id)).toEqual(want);
    } finally {
      await fx.cleanup();
    }
  });

  it('counts a record already gone (404) as deleted, as the deck does: a resumed run ends with exit 0', async () => {
    const fx = await emulatorFixture({ seed: 6, seedReports: 0 });
    try {
      const ids = fx.emulator
        .websites()
        .slice(0, 3)
        .map((w) => w.id as number);
      const first = await runCommand(['websites', 'delete', '--ids', String(ids[1]), '--yes'], { env: fx.env });
      expect(first.code, first.stderr).toBe(EXIT.ok);
      const r = await runCommand(['websites', 'delete', '--ids', ids.join(','), '--yes', '--json'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual([
        { id: ids[0], status: 'done' },
        { id: ids[1], status: 'done', already_gone: true },
        { id: ids[2], status: 'done' },
      ]);
      expect(r.stderr).toContain('Deleted 3 of 3 websites: 3 done, 0 failed');
      const piped = await runCommand(['websites', 'delete', '--ids', String(ids[0]), '--yes'], { env: fx.env });
      expect(piped.code, piped.stderr).toBe(EXIT.ok);
      expect(lines(piped.stdout)).toEqual([`${ids[0]}\tdone\t\talready gone`]);
    } finally {
      await fx.cleanup();
    }
  });

  it('refuses a bulk delete without --yes when it cannot ask, and bad ids, sending nothing', async () => {
    const fx = await emulatorFixture({ seed: 5 });
    try {
      const noYes = await runCommand(['websites', 'delete', '--ids', '-'], { env: fx.env, input: '1 2' });
      expect(noYes.code).toBe(EXIT.usage);
      expect(noYes.stderr).toContain('deleting 2 websites needs --yes');
      const bad = await runCommand(['websites', 'update', '--ids', '1,two', '--email', 'enabled'], { env: fx.env });
      expect(bad.code).toBe(EXIT.usage);
      expect(bad.stderr).toContain('--ids: ids are whole numbers from 1 (got "two")');
      const both = await runCommand(['websites', 'update', '3', '--ids', '1', '--email', 'enabled'], { env: fx.env });
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
    const fx = await emulatorFixture({ seed: 10 });
    try {
      const ids = fx.emulator
        .websites()
        .slice(0, 6)
        .map((w) => w.id as number);
      fx.emulator.addFault({ method: 'PUT', path: `${WEB}/${ids[2]}`, fault: { type: 'status', status: 500 } });
      const r = await runCommand(['websites', 'update', '--ids', ids.join(','), '--email', 'enabled'], { env: fx.env });
      expect(r.code).toBe(EXIT.server);
      const out = lines(r.stdout).map((l) => l.split('\t'));
      expect(out.map((c) => c[1])).toEqual(['done', 'done', 'failed', 'done', 'done', 'done']);
      expect(out[2][3]).toMatch(/server error \(500\)/);
      // The PUT once; then one read that finds the website still there, so the 500 stands.
      expect(fx.emulator.hits.filter((h) => h.path === `${WEB}/${ids[2]}`).map((h) => `${h.method} ${h.status}`)).toEqual(['PUT 500', 'GET 200']);
      expect(r.stderr).toContain('Updated 5 of 6 websites: 5 done, 1 failed, 0 may have been applied, 0 not started');
      expect(r.stderr).toContain(`To resume: sitedeck websites update --ids ${ids[2]} --email enabled`);
    } finally {
      await fx.cleanup();
    }
  });

  it('a timeout on a write: "may have been applied", never re-sent, the run stops and names what was not started', async () => {
    const fx = await emulatorFixture({ seed: 10 });
    try {
      const ids = fx.emulator
        .reports()
        .slice(0, 5)
        .map((r) => r.id as number);
      fx.emulator.addFault({ method: 'PUT', path: `${REP}/${ids[1]}`, fault: { type: 'delay', ms: 2000 } });
      const r = await runCommand(['reports', 'rerun', '--ids', ids.join(',')], { env: { ...fx.env, SITEDECK_TIMEOUT: '1' } });
      expect(r.code).toBe(EXIT.server);
      const out = lines(r.stdout).map((l) => l.split('\t'));
      expect(out.map((c) => [Number(c[0]), c[1]])).toEqual([
        [ids[0], 'done'],
        [ids[1], 'may-have-been-applied'],
      ]);
      await waitFor(() => fx.emulator.hits.filter((h) => h.path === `${REP}/${ids[1]}`).length === 1, 'the delayed write to arrive');
      expect(fx.emulator.hits.filter((h) => h.path === `${REP}/${ids[1]}`)).toHaveLength(1);
      expect(r.stderr).toContain('Re-ran 1 of 5 reports: 1 done, 0 failed, 1 may have been applied, 3 not started');
      expect(r.stderr).toContain(`may have been applied (check before running them again): ${ids[1]}`);
      expect(r.stderr).toContain(`not started: ${ids.slice(2).join(' ')}`);
      expect(r.stderr).toContain(`To resume: sitedeck reports rerun --ids ${ids.slice(2).join(',')}\n`);
    } finally {
      await fx.cleanup();
    }
  });
});

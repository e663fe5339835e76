// `reports cover` against the emulator over loopback: the demo site's robots.txt → sitemap index →
// a sitemap and a gzip child, the plan before any write with exact request counts, a run that creates
// exactly the pages without a report, Ctrl+C mid-run and --resume with no report made twice, a 422
// recorded while the run goes on, and the refusals (no --yes without a terminal, read-only).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { toJson } from '../../../src/commands/format/json';
import { storedUrl } from '../../../src/domain/storedUrl';
import { coverSteps, databasePath, markSending, openStateDatabase, unfinishedCoverRun } from '../../../src/files/db';
import { GUIDES, demoSites } from '../../../src/emulator/sitemaps';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

const REP = '/api/v1/reports';
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

/** The requests of each kind the emulator saw: reads of reports, creates, and the site's files. */
function counts(fx: Fixture) {
  const hits = fx.emulator.hits;
  return {
    reads: hits.filter((h) => h.method === 'GET' && h.path === REP).length,
    creates: hits.filter((h) => h.method === 'POST' && h.path === REP).length,
    files: hits.filter((h) => h.path.startsWith('/sites/') || h.path === '/robots.txt').length,
  };
}

/** How many reports the emulator holds for each page (as the host stores it). */
function perPage(fx: Fixture): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of fx.emulator.reports()) m.set(storedUrl(String(r.url)), (m.get(storedUrl(String(r.url))) ?? 0) + 1);
  return m;
}

describe('reports cover', () => {
  it('plans from robots.txt → index → sitemap + gzip child: the counts, the requests, nothing written (--dry-run)', async () => {
    const fx = await emulatorFixture({ seed: 60 });
    try {
      const robots = `${fx.emulator.seoBaseUrl}/robots.txt`;
      const site = demoSites(fx.emulator.reports())[0];
      const r = await runCommand(['reports', 'cover', robots, '--dry-run', '--json'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const plan = JSON.parse(r.stdout);
      // Written a piece at a time, the text is toJson's, byte for byte.
      expect(r.stdout).toBe(toJson(plan));
      const ofSite = fx.emulator.reports().filter((x) => x.project === site).length;
      expect(plan).toMatchObject({ site, to_create: GUIDES, other_hosts: 1, to_rerun: 0, to_delete: 0, documents: 4 });
      expect(plan.pages).toBe(plan.with_report + GUIDES);
      expect(plan.gone).toBeGreaterThan(0);
      // Every fifth page of the site left its sitemap: its reports are counted, none deleted without --prune.
      const keysOfSite = new Set(
        fx.emulator
          .reports()
          .filter((x) => x.project === site)
          .map((x) => storedUrl(String(x.url))),
      );
      expect(plan.with_report).toBe(keysOfSite.size - Math.floor(keysOfSite.size / 5));
      expect(plan.gone_reports).toHaveLength(plan.gone);
      expect(plan.steps.every((s: { action: string }) => s.action === 'create')).toBe(true);
      // robots.txt, the index, its two children; one read per 100 reports of the site; no write.
      expect(counts(fx)).toEqual({ files: 4, reads: Math.max(1, Math.ceil(ofSite / 100)), creates: 0 });
    } finally {
      await fx.cleanup();
    }
  });

  it('creates exactly the pages without a report, once each, paced; a second run has nothing to do', async () => {
    const fx = await emulatorFixture({ seed: 60 });
    try {
      const robots = `${fx.emulator.seoBaseUrl}/robots.txt`;
      const site = demoSites(fx.emulator.reports())[0];
      const ofSite = fx.emulator.reports().filter((x) => x.project === site).length;
      const r = await runCommand(['reports', 'cover', robots, '--yes', '--json'], { env: fx.env });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const out = lines(r.stdout).map((l) => JSON.parse(l));
      expect(out).toHaveLength(GUIDES);
      expect(out.every((o) => o.action === 'create' && o.status === 'done' && o.report_id)).toBe(true);
      expect(counts(fx)).toEqual({ files: 4, reads: Math.ceil(ofSite / 100), creates: GUIDES });
      expect(r.stderr).toContain(`Covered ${site}: ${GUIDES} of ${GUIDES} done, 0 refused by the host`);
      expect(r.stderr).not.toContain('To resume');
      fx.emulator.clearHits();
      const again = await runCommand(['reports', 'cover', robots, '--yes'], { env: fx.env });
      expect(again.code, again.stderr).toBe(EXIT.ok);
      expect(again.stderr).toContain(`Nothing to do: every page of ${site} has a report`);
      expect(counts(fx).creates).toBe(0);
      expect([...perPage(fx).values()].every((n) => n >= 1)).toBe(true);
      for (let i = 1; i <= GUIDES; i++) expect(perPage(fx).get(`${site}/guides/${i}`)).toBe(1);
    } finally {
      await fx.cleanup();
    }
  });

  it('Ctrl+C mid-run stops after the request in flight, says how to go on; --resume sends the rest, no page twice, no read again', async () => {
    const fx = await emulatorFixture({ seed: 60 });
    try {
      const robots = `${fx.emulator.seoBaseUrl}/robots.txt`;
      const site = demoSites(fx.emulator.reports())[0];
      const ctrlC = new AbortController();
      // The sixth answer is being written when Ctrl+C comes: six were sent, none after.
      const first = await runCommand(['reports', 'cover', robots, '--yes', '--json'], {
        env: fx.env,
        signal: ctrlC.signal,
        beforeWrite: (stream, _t, n) => void (stream === 'stdout' && n === 5 && ctrlC.abort()),
      });
      expect(first.code).toBe(EXIT.interrupted);
      expect(counts(fx).creates).toBe(6);
      expect(first.stderr).toContain(`Covered ${site}: 6 of ${GUIDES} done`);
      expect(first.stderr).toContain(`${GUIDES - 6} not started`);
      expect(first.stderr).toContain(`To resume: sitedeck reports cover ${robots} --json --resume --yes`);
      fx.emulator.clearHits();
      const resumed = await runCommand(['reports', 'cover', robots, '--json', '--resume', '--yes'], { env: fx.env });
      expect(resumed.code, resumed.stderr).toBe(EXIT.ok);
      expect(resumed.stderr).toContain(`${GUIDES - 6} of ${GUIDES} left`);
      // The plan is in the journal: no sitemap fetched, no report read again, only the creates left.
      expect(counts(fx)).toEqual({ files: 0, reads: 0, creates: GUIDES - 6 });
      for (let i = 1; i <= GUIDES; i++) expect(perPage(fx).get(`${site}/guides/${i}`)).toBe(1);
      const after = await runCommand(['reports', 'cover', robots, '--resume', '--yes'], { env: fx.env });
      expect(after.code).toBe(EXIT.usage);
      expect(after.stderr).toContain('no unfinished cover of');
    } finally {
      await fx.cleanup();
    }
  });

  it('a page the host refuses (422) is recorded and the run goes on: a partial run; every page refused: a refused one', async () => {
    const fx = await emulatorFixture({ seed: 0 });
    try {
      const pages = ['https://shop.example.com/a', 'https://shop.example.com/b', 'https://shop.example.com/c'].join('\n');
      fx.emulator.addFault({
        host: 'seo',
        method: 'POST',
        path: REP,
        times: 1,
        fault: { type: 'status', status: 422, body: { message: { url: ['The url could not be analysed.'] }, status: 422 } },
      });
      const r = await runCommand(['reports', 'cover', '-', '--yes'], { env: fx.env, input: pages + '\n' });
      expect(r.code, r.stderr).toBe(EXIT.coverPartial);
      expect(lines(r.stdout).map((l) => l.split('\t')[0])).toEqual(['refused', 'created', 'created']);
      expect(r.stderr).toContain('refused: https://shop.example.com/a: The url could not be analysed.');
      expect(r.stderr).not.toContain('To resume');
      expect(counts(fx).creates).toBe(3);
      // The refusal is final: the journal has nothing left of it.
      const resume = await runCommand(['reports', 'cover', '-', '--resume', '--yes'], { env: fx.env });
      expect(resume.code).toBe(EXIT.usage);
      const invalid = await runCommand(['reports', 'cover', '-', '--yes'], { env: fx.env, input: 'https://gone.invalid/x\nhttps://gone.invalid/y\n' });
      expect(invalid.code, invalid.stderr).toBe(EXIT.coverRefused);
      expect(invalid.stderr).toContain('Covered gone.invalid: 0 of 2 done, 2 refused by the host');
    } finally {
      await fx.cleanup();
    }
  });

  it('refuses a real run without --yes off a terminal (after the plan, before any write) and in read-only (before anything)', async () => {
    const fx = await emulatorFixture({ seed: 30 });
    try {
      const robots = `${fx.emulator.seoBaseUrl}/robots.txt`;
      const noYes = await runCommand(['reports', 'cover', robots], { env: fx.env });
      expect(noYes.code).toBe(EXIT.usage);
      expect(noYes.stderr).toMatch(/needs --yes when there is no terminal to ask on; nothing was sent/);
      expect(counts(fx).creates).toBe(0);
      fx.emulator.clearHits();
      // Read-only set each way a user sets it: cover says it in the words of every other write (delete's), the place to change named.
      expect((await runCommand(['--profile', 'ro', 'config', 'set', 'read_only', 'yes'], { env: fx.env })).code).toBe(EXIT.ok);
      const ways: [string, string[], Record<string, string>][] = [
        ['the flag', ['--read-only'], {}],
        ['the environment', [], { SITEDECK_READ_ONLY: 'true' }],
        ["the profile's config", ['--profile', 'ro'], {}],
      ];
      for (const [way, flags, env] of ways) {
        const ro = await runCommand([...flags, 'reports', 'cover', robots, '--yes'], { env: { ...fx.env, ...env } });
        const del = await runCommand([...flags, 'reports', 'delete', '1', '--yes'], { env: { ...fx.env, ...env } });
        expect(ro.code, way).toBe(EXIT.readOnly);
        expect(del.code, way).toBe(EXIT.readOnly);
        expect(ro.stderr, way).toBe(del.stderr.replace('refused: delete ', 'refused: cover '));
        expect(ro.stderr, way).toMatch(/^sitedeck: refused: cover changes data and .+; nothing was sent \(--dry-run shows what would be\)\n$/);
      }
      expect(fx.emulator.hits).toEqual([]);
      const dry = await runCommand(['--read-only', 'reports', 'cover', robots, '--dry-run'], { env: fx.env });
      expect(dry.code, dry.stderr).toBe(EXIT.ok);
    } finally {
      await fx.cleanup();
    }
  });

  it('reads a gzip sitemap file: 150 pages, one on another host and one twice left out; --prune deletes what left it', async () => {
    const fx = await emulatorFixture({ seed: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-cover-'));
    try {
      const urls = Array.from({ length: 150 }, (_, i) => `https://www.docs.example.org/p/${i}`);
      const xml = (locs: string[]) =>
        `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;
      const file = join(dir, 'sitemap.xml.gz');
      writeFileSync(file, gzipSync(xml([...urls, 'https://elsewhere.example.net/x', 'http://docs.example.org/p/3'])));
      const first = await runCommand(['reports', 'cover', file, '--yes', '--json'], { env: fx.env });
      expect(first.code, first.stderr).toBe(EXIT.ok);
      expect(counts(fx)).toEqual({ files: 0, reads: 1, creates: 150 });
      expect(first.stderr).toContain('150 pages · 0 have a report · 150 to create · 1 on other hosts left out · 1 listed twice, taken once');
      // 120 pages stay: 30 reports left the sitemap, and --prune deletes them (one read per 100 reports).
      writeFileSync(file, gzipSync(xml(urls.slice(0, 120))));
      fx.emulator.clearHits();
      const plan = await runCommand(['reports', 'cover', file, '--prune', '--dry-run', '--json'], { env: fx.env });
      expect(JSON.parse(plan.stdout)).toMatchObject({ pages: 120, with_report: 120, to_create: 0, gone: 30, to_delete: 30 });
      expect(counts(fx)).toEqual({ files: 0, reads: 2, creates: 0 });
      const pruned = await runCommand(['reports', 'cover', file, '--prune', '--yes'], { env: fx.env });
      expect(pruned.code, pruned.stderr).toBe(EXIT.ok);
      expect(fx.emulator.hits.filter((h) => h.method === 'DELETE')).toHaveLength(30);
      expect(fx.emulator.reports()).toHaveLength(120);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await fx.cleanup();
    }
  });

  it('after a crash, a request left on the wire is looked up before it is sent again: one that reached the host is not repeated', async () => {
    const fx = await emulatorFixture({ seed: 60 });
    try {
      const robots = `${fx.emulator.seoBaseUrl}/robots.txt`;
      const site = demoSites(fx.emulator.reports())[0];
      const ctrlC = new AbortController();
      const first = await runCommand(['reports', 'cover', robots, '--yes', '--json'], {
        env: fx.env,
        signal: ctrlC.signal,
        beforeWrite: (stream, _t, n) => void (stream === 'stdout' && n === 5 && ctrlC.abort()),
      });
      expect(first.code).toBe(EXIT.interrupted);
      // A crash as the journal would keep it: steps 6 and 7 marked as sent, their answers never written;
      // step 6's create had reached the host, step 7's had not.
      const sdb = openStateDatabase(databasePath(fx.env, 'default'));
      const run = unfinishedCoverRun(sdb, new URL(fx.emulator.seoBaseUrl).origin, robots)!;
      const [six, seven] = coverSteps(sdb, run.id).filter((s) => s.status === 'planned');
      markSending(sdb, run.id, six.seq);
      markSending(sdb, run.id, seven.seq);
      expect((await runCommand(['reports', 'create', six.url], { env: fx.env })).code).toBe(EXIT.ok);
      fx.emulator.clearHits();
      const resumed = await runCommand(['reports', 'cover', robots, '--resume', '--yes', '--json'], { env: fx.env });
      expect(resumed.code, resumed.stderr).toBe(EXIT.ok);
      // One look-up each for the two on the wire; a create for the one that had not arrived and for every one after.
      expect(counts(fx)).toEqual({ files: 0, reads: 2, creates: GUIDES - 7 });
      expect(JSON.parse(lines(resumed.stdout)[0])).toMatchObject({ url: six.url, status: 'done', detail: 'created before the interruption' });
      for (let i = 1; i <= GUIDES; i++) expect(perPage(fx).get(`${site}/guides/${i}`)).toBe(1);
    } finally {
      await fx.cleanup();
    }
  });

  it('two lists on stdin on one host are two covers: each --resume goes on with its own; one that finds none says what it looked for', async () => {
    const fx = await emulatorFixture({ seed: 0 });
    try {
      const listOf = (site: string, n: number) => Array.from({ length: n }, (_, i) => `https://${site}/p/${i}`);
      const [a, b, c] = [listOf('a.example.com', 5), listOf('b.example.com', 4), listOf('c.example.com', 1)];
      const text = (urls: string[]) => urls.map((u) => `${u}\n`).join('');
      const sha = (urls: string[]) => createHash('sha256').update(text(urls)).digest('hex').slice(0, 16);
      // Ctrl+C as the (n+1)th answer is written: n+1 creates sent, none after.
      const stoppedAfter = (n: number) => {
        const ctrlC = new AbortController();
        return { signal: ctrlC.signal, beforeWrite: (stream: string, _t: string, k: number) => void (stream === 'stdout' && k === n && ctrlC.abort()) };
      };
      const first = await runCommand(['reports', 'cover', '-', '--yes', '--json'], { env: fx.env, input: text(a), ...stoppedAfter(1) });
      expect(first.code).toBe(EXIT.interrupted);
      const second = await runCommand(['reports', 'cover', '-', '--yes', '--json'], { env: fx.env, input: text(b), ...stoppedAfter(0) });
      expect(second.code).toBe(EXIT.interrupted);
      expect(counts(fx).creates).toBe(3);
      fx.emulator.clearHits();
      const host = new URL(fx.emulator.seoBaseUrl).origin;
      const none = await runCommand(['reports', 'cover', '-', '--resume', '--yes'], { env: fx.env, input: text(c) });
      expect(none.code).toBe(EXIT.usage);
      expect(none.stderr).toContain(`no unfinished cover of the list of 1 URL on stdin (sha256 ${sha(c)}…) on ${host} to resume`);
      expect(none.stderr).toContain(
        `unfinished on it: a list on stdin (sha256 ${sha(b)}…) (b.example.com), a list on stdin (sha256 ${sha(a)}…) (a.example.com)`,
      );
      expect(fx.emulator.hits).toEqual([]);
      const resumedA = await runCommand(['reports', 'cover', '-', '--resume', '--yes', '--json'], { env: fx.env, input: text(a) });
      expect(resumedA.code, resumedA.stderr).toBe(EXIT.ok);
      expect(resumedA.stderr).toContain('Resuming the cover of a.example.com');
      expect(counts(fx)).toEqual({ files: 0, reads: 0, creates: 3 });
      const resumedB = await runCommand(['reports', 'cover', '-', '--resume', '--yes', '--json'], { env: fx.env, input: text(b) });
      expect(resumedB.code, resumedB.stderr).toBe(EXIT.ok);
      expect(resumedB.stderr).toContain('Resuming the cover of b.example.com');
      expect(counts(fx)).toEqual({ files: 0, reads: 0, creates: 6 });
      for (const u of [...a, ...b]) expect(perPage(fx).get(storedUrl(u)), u).toBe(1);
      const after = await runCommand(['reports', 'cover', '-', '--resume', '--yes'], { env: fx.env, input: text(a) });
      expect(after.stderr).toContain(`no unfinished cover of the list of 5 URLs on stdin (sha256 ${sha(a)}…) on ${host} to resume; it has no unfinished cover`);
    } finally {
      await fx.cleanup();
    }
  });

  it('says its progress in a pipe with --progress: done/total and the time left, a line a step', async () => {
    const fx = await emulatorFixture({ seed: 0 });
    try {
      const pages = Array.from({ length: 4 }, (_, i) => `https://p.example.com/${i}`).join('\n');
      const r = await runCommand(['reports', 'cover', '-', '--yes', '--progress'], { env: fx.env, input: pages });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      const steps = lines(r.stderr).filter((l) => l.startsWith('cover p.example.com '));
      expect(steps.map((l) => l.split(' ')[2])).toEqual(['1/4', '2/4', '3/4', '4/4']);
      expect(steps[0]).toMatch(/ · \d+ s left$/);
      expect(steps[3]).not.toContain('left');
    } finally {
      await fx.cleanup();
    }
  });
});

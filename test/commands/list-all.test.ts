// `list --all` through the bundled CLI against an emulator with a small window (10 requests per
// 2 s): every page read, each record once, no failed request; exports; progress; two processes
// on one key; Ctrl+C in the middle.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { runCli, runInPty, startCli, startFixture } from './helpers';

const statuses = (hits: readonly { status: number }[]) => hits.map((h) => h.status);

describe('list --all under the rate limit', () => {
  it('reads 42 pages at 10 requests per 2 s: every record once, in id order, zero failed requests', async () => {
    const fx = await startFixture({ seed: 420, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const r = await runCli(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], { env: fx.env, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      // Piped stderr stays quiet without --progress, but for the host's own refusal: the one 429 that
      // taught the pacer the window is said as it is waited out.
      const said = r.stderr.split('\n').filter(Boolean);
      expect(said.length).toBeLessThanOrEqual(1);
      for (const line of said) expect(line).toMatch(/^sitedeck: the analytics host is limiting requests: waiting \d s /);
      const ids = r.stdout.trim().split('\n').map((l) => JSON.parse(l).id as number);
      expect(ids).toEqual(fx.emulator.websites().map((w) => w.id as number).sort((a, b) => a - b));
      const s = statuses(fx.emulator.hits);
      expect(s.filter((x) => x === 200)).toHaveLength(42);
      // At most the one 429 that taught the pacer the window (it was waited out and retried).
      expect(s.filter((x) => x !== 200 && x !== 429)).toEqual([]);
      expect(s.filter((x) => x === 429).length).toBeLessThanOrEqual(1);
    } finally {
      await fx.cleanup();
    }
  }, 90_000);

  it('two processes on one key share the budget and both finish with every record', async () => {
    const fx = await startFixture({ seed: 150, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const args = ['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'];
      const [a, b] = await Promise.all([runCli(args, { env: fx.env, timeoutMs: 60_000 }), runCli(args, { env: fx.env, timeoutMs: 60_000 })]);
      const all = fx.emulator.websites().map((w) => w.id as number).sort((x, y) => x - y);
      for (const r of [a, b]) {
        expect(r.code, r.stderr).toBe(EXIT.ok);
        expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual(all);
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

  it('Ctrl+C in the middle: the records written are whole, and it says where it stopped', async () => {
    const fx = await startFixture({ seed: 300, seedReports: 0, rateLimit: 10, rateWindow: 2 });
    try {
      const { child, result } = startCli(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], { env: fx.env, timeoutMs: 60_000 });
      // Past the first window, while the pacer waits for the next.
      await waitFor(() => fx.emulator.hits.length >= 11, 'the first window to be spent', 30_000);
      child.kill('SIGINT');
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

describe('list --format', () => {
  it('csv has a header row and quotes what needs it; tsv escapes tabs and newlines; json is an array', async () => {
    const fx = await startFixture({ seed: 0 });
    try {
      fx.emulator.insertRaw('websites', { domain: 'a.example.com', exclude_ips: '1.2.3.4\n5.6.7.8' });
      fx.emulator.insertRaw('websites', { domain: 'b.example.com', exclude_ips: '9.9.9.9' });
      const csv = await runCli(['websites', 'list', '--all', '--format', 'csv'], { env: fx.env });
      expect(csv.code, csv.stderr).toBe(0);
      const rows = csv.stdout.split('\r\n');
      expect(rows[0]).toBe('id,domain,privacy,password,email,exclude_bots,exclude_ips,created_at,updated_at');
      // A list field reads as the table shows it, quoted where it holds a comma.
      expect(csv.stdout).toContain('"1.2.3.4, 5.6.7.8"');
      const tsv = await runCli(['websites', 'list', '--format', 'tsv'], { env: fx.env });
      expect(tsv.stdout.split('\n')[0]).toBe('id\tdomain\tprivacy\tpassword\temail\texclude_bots\texclude_ips\tcreated_at\tupdated_at');
      expect(tsv.stdout).toContain('1.2.3.4, 5.6.7.8');
      const json = await runCli(['websites', 'list', '--all', '--format', 'json'], { env: fx.env });
      expect((JSON.parse(json.stdout) as { domain: string }[]).map((w) => w.domain)).toEqual(['a.example.com', 'b.example.com']);
      const empty = await runCli(['reports', 'list', '--all', '--format', 'json'], { env: fx.env });
      expect(JSON.parse(empty.stdout)).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });

  it('csv and tsv are for people and spreadsheets: labels (--raw: codes), failed checks by name, formulas and escapes made harmless; json stays exact', async () => {
    const fx = await startFixture({ seed: 0 });
    try {
      fx.emulator.insertRaw('websites', { domain: '=HYPERLINK("http://evil.example","x")', privacy: 2, email: 1, exclude_bots: 0 });
      fx.emulator.insertRaw('websites', { domain: 'title\u001b]0;owned\u0007.example', privacy: 0, email: 0, exclude_bots: 1 });
      const csv = await runCli(['websites', 'list', '--all', '--format', 'csv'], { env: fx.env });
      const [, evil, escaped] = csv.stdout.split('\r\n');
      expect(evil).toMatch(/^\d+,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",Password,/);
      expect(evil).toContain(',Enabled,Disabled,');
      expect(escaped).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(escaped).toContain(',Public,');
      const raw = await runCli(['websites', 'list', '--all', '--format', 'csv', '--raw'], { env: fx.env });
      expect(raw.stdout.split('\r\n')[1]).toMatch(/^\d+,"'=HYPERLINK\(.*\)",2,[^,]*,1,0,/);
      const tsv = await runCli(['websites', 'list', '--all', '--format', 'tsv'], { env: fx.env });
      expect(tsv.stdout.split('\n')[1].split('\t')[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      // --json and ndjson keep the data exactly as the server sent it.
      const json = await runCli(['websites', 'list', '--all', '--json'], { env: fx.env });
      expect((JSON.parse(json.stdout) as { data: { domain: string }[] }).data.map((w) => w.domain)).toContain('=HYPERLINK("http://evil.example","x")');
      const nd = await runCli(['websites', 'list', '--all', '--format', 'ndjson'], { env: fx.env });
      expect(nd.stdout).toContain('=HYPERLINK');
      // --raw goes with csv or tsv only.
      expect((await runCli(['websites', 'list', '--raw'], { env: fx.env })).code).toBe(EXIT.usage);

      // Reports: the failed checks by name and how many of them are high, no JSON blob.
      const made = await runCli(['reports', 'create', 'https://www.example.org/a', '--json'], { env: fx.env });
      const report = JSON.parse(made.stdout) as { id: number; checks: { name: string; passed: boolean; importance: string }[] };
      const failed = report.checks.filter((c) => !c.passed);
      const rcsv = await runCli(['reports', 'list', '--format', 'csv'], { env: fx.env });
      const [head, row] = rcsv.stdout.split('\r\n');
      expect(head).toBe('id,url,project,result,result_class,privacy,password,failed_checks,failed_high,generated_at,created_at,updated_at');
      const cells = row.split(',');
      expect(cells[7]).toBe(failed.map((c) => c.name).join(' '));
      expect(cells[8]).toBe(String(failed.filter((c) => c.importance === 'high').length));
      expect(row.length).toBeLessThan(400);
    } finally {
      await fx.cleanup();
    }
  });

  it('refuses a bad format and --json with --format, sending nothing', async () => {
    const fx = await startFixture({ seed: 2 });
    try {
      const bad = await runCli(['websites', 'list', '--format', 'xml'], { env: fx.env });
      expect(bad.code).toBe(EXIT.usage);
      expect(bad.stderr).toContain('--format must be one of csv, tsv, json, ndjson (got "xml")');
      const both = await runCli(['websites', 'list', '--json', '--format', 'csv'], { env: fx.env });
      expect(both.code).toBe(EXIT.usage);
      expect(both.stderr).toContain('give --json or --format, not both');
      expect(fx.emulator.hits).toHaveLength(0);
    } finally {
      await fx.cleanup();
    }
  });
});

describe('list --all progress', () => {
  it('piped, --progress prints a line per page on stderr', async () => {
    const fx = await startFixture({ seed: 25, seedReports: 0 });
    try {
      const r = await runCli(['websites', 'list', '--all', '--per-page', '10', '--progress', '--format', 'ndjson'], { env: fx.env });
      expect(r.stderr.trim().split('\n')).toEqual(['websites 10/25', 'websites 20/25', 'websites 25/25']);
    } finally {
      await fx.cleanup();
    }
  });

  it('on a terminal, the line is redrawn in place and cleared before the table', async () => {
    const fx = await startFixture({ seed: 25, seedReports: 0 });
    try {
      const pty = runInPty(['websites', 'list', '--all', '--per-page', '10'], fx.env);
      expect(await pty.done).toBe(0);
      const out = pty.output();
      expect(out).toContain('\r\x1b[2Kwebsites 20/25');
      // The last thing drawn on the line is the clearing, right before the table's header.
      expect(out).toMatch(/\r\x1b\[2K(\x1b\[[0-9;]*m)*ID /);
      expect(out).not.toMatch(/websites 25\/25(\x1b\[[0-9;]*m)*ID /);
    } finally {
      await fx.cleanup();
    }
  });
});

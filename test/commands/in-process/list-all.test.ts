// `list --all` and `list --format` through the commands on the emulator, piped: exports and the
// progress lines (under the rate limit, two processes, Ctrl+C, a terminal: ../list-all.test.ts).
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture } from '../helpers';
import { runCommand } from '../inProcess';

describe('list --format', () => {
  it('csv has a header row and quotes what needs it; tsv escapes tabs and newlines; json is an array', async () => {
    const fx = await emulatorFixture({ seed: 0 });
    try {
      fx.emulator.insertRaw('websites', { domain: 'a.example.com', exclude_ips: '1.2.3.4\n5.6.7.8' });
      fx.emulator.insertRaw('websites', { domain: 'b.example.com', exclude_ips: '9.9.9.9' });
      const csv = await runCommand(['websites', 'list', '--all', '--format', 'csv'], { env: fx.env });
      expect(csv.code, csv.stderr).toBe(0);
      const rows = csv.stdout.split('\r\n');
      expect(rows[0]).toBe('id,domain,privacy,password,email,exclude_bots,exclude_ips,created_at,updated_at');
      // A list field reads as the table shows it, quoted where it holds a comma.
      expect(csv.stdout).toContain('"1.2.3.4, 5.6.7.8"');
      const tsv = await runCommand(['websites', 'list', '--format', 'tsv'], { env: fx.env });
      expect(tsv.stdout.split('\n')[0]).toBe('id\tdomain\tprivacy\tpassword\temail\texclude_bots\texclude_ips\tcreated_at\tupdated_at');
      expect(tsv.stdout).toContain('1.2.3.4, 5.6.7.8');
      const json = await runCommand(['websites', 'list', '--all', '--format', 'json'], { env: fx.env });
      expect((JSON.parse(json.stdout) as { domain: string }[]).map((w) => w.domain)).toEqual(['a.example.com', 'b.example.com']);
      const empty = await runCommand(['reports', 'list', '--all', '--format', 'json'], { env: fx.env });
      expect(JSON.parse(empty.stdout)).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });

  it(
    'csv and tsv are for people and spreadsheets: labels (--raw: codes), failed checks by name, formulas and escapes made harmless; ' + 'json stays exact',
    async () => {
      const fx = await emulatorFixture({ seed: 0 });
      try {
        fx.emulator.insertRaw('websites', { domain: '=HYPERLINK("http://evil.example","x")', privacy: 2, email: 1, exclude_bots: 0 });
        fx.emulator.insertRaw('websites', { domain: 'title\u001b]0;owned\u0007.example', privacy: 0, email: 0, exclude_bots: 1 });
        const csv = await runCommand(['websites', 'list', '--all', '--format', 'csv'], { env: fx.env });
        const [, evil, escaped] = csv.stdout.split('\r\n');
        expect(evil).toMatch(/^\d+,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",Password,/);
        expect(evil).toContain(',Enabled,Disabled,');
        expect(escaped).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(escaped).toContain(',Public,');
        const raw = await runCommand(['websites', 'list', '--all', '--format', 'csv', '--raw'], { env: fx.env });
        expect(raw.stdout.split('\r\n')[1]).toMatch(/^\d+,"'=HYPERLINK\(.*\)",2,[^,]*,1,0,/);
        const tsv = await runCommand(['websites', 'list', '--all', '--format', 'tsv'], { env: fx.env });
        expect(tsv.stdout.split('\n')[1].split('\t')[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
        // --json and ndjson keep the data exactly as the server sent it.
        const json = await runCommand(['websites', 'list', '--all', '--json'], { env: fx.env });
        expect((JSON.parse(json.stdout) as { data: { domain: string }[] }).data.map((w) => w.domain)).toContain('=HYPERLINK("http://evil.example","x")');
        const nd = await runCommand(['websites', 'list', '--all', '--format', 'ndjson'], { env: fx.env });
        expect(nd.stdout).toContain('=HYPERLINK');
        // --raw goes with csv or tsv only.
        expect((await runCommand(['websites', 'list', '--raw'], { env: fx.env })).code).toBe(EXIT.usage);

        // Reports: the failed checks by name and how many of them are high, no JSON blob.
        const made = await runCommand(['reports', 'create', 'https://www.example.org/a', '--json'], { env: fx.env });
        const report = JSON.parse(made.stdout) as { id: number; checks: { name: string; passed: boolean; importance: string }[] };
        const failed = report.checks.filter((c) => !c.passed);
        const rcsv = await runCommand(['reports', 'list', '--format', 'csv'], { env: fx.env });
        const [head, row] = rcsv.stdout.split('\r\n');
        expect(head).toBe('id,url,project,result,result_class,privacy,password,failed_checks,failed_high,generated_at,created_at,updated_at');
        // The failed checks are one cell, joined with commas as every list is, so quoted: the cells after it are where they were.
        const checks = `"${failed.map((c) => c.name).join(', ')}"`;
        expect(row).toContain(`,${checks},`);
        const cells = row.replace(checks, 'CHECKS').split(',');
        expect(cells[8]).toBe(String(failed.filter((c) => c.importance === 'high').length));
        expect(row.length).toBeLessThan(400);
      } finally {
        await fx.cleanup();
      }
    },
  );

  it('refuses a bad format and --json with --format, sending nothing', async () => {
    const fx = await emulatorFixture({ seed: 2 });
    try {
      const bad = await runCommand(['websites', 'list', '--format', 'xml'], { env: fx.env });
      expect(bad.code).toBe(EXIT.usage);
      expect(bad.stderr).toContain('--format must be one of csv, tsv, json, ndjson (got "xml")');
      const both = await runCommand(['websites', 'list', '--json', '--format', 'csv'], { env: fx.env });
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
    const fx = await emulatorFixture({ seed: 25, seedReports: 0 });
    try {
      const r = await runCommand(['websites', 'list', '--all', '--per-page', '10', '--progress', '--format', 'ndjson'], { env: fx.env });
      expect(r.stderr.trim().split('\n')).toEqual(['websites 10/25', 'websites 20/25', 'websites 25/25']);
    } finally {
      await fx.cleanup();
    }
  });
});

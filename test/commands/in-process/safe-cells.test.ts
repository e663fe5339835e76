// csv/tsv exports through the commands on the emulator: a cell a spreadsheet would run as a
// formula gets a leading ' (OWASP), control characters are cleaned as on screen, and --json and
// ndjson keep the data exactly as the server sent it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeCell } from '../../../src/commands/format/export';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '  =1+1'];

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 0 });
  for (const domain of FORMULAS) fx.emulator.insertRaw('websites', { domain, privacy: 0, email: 0, exclude_bots: 1, exclude_ips: '' });
  fx.emulator.insertRaw('websites', { domain: 'ok.example', privacy: 0, email: 0, exclude_bots: 1, exclude_ips: '=1\x1b]52;c;ZXZpbA==\x07\u202e' });
});
afterAll(() => fx.cleanup());

describe('safe cells', () => {
  it('safeCell: formula starts get a leading quote; numbers and plain text stay as they are', () => {
    expect(FORMULAS.map((f) => safeCell(f).startsWith("'"))).toEqual(FORMULAS.map(() => true));
    expect(safeCell(-5)).toBe('-5');
    expect(safeCell('shop.example')).toBe('shop.example');
    expect(safeCell('a\x1b[2Jb\u202ec\x07')).toBe('abc\ufffd');
  });

  it('csv and tsv: every formula cell neutralised, no control character; --json and ndjson exact', async () => {
    const csv = await runCommand(['websites', 'list', '--all', '--format', 'csv'], { env: fx.env });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(`'=HYPERLINK(""http://evil.example"",""x"")`);
    expect(csv.stdout).toContain("'@SUM(A1)");
    expect(csv.stdout).toContain("'-2+3");
    expect(csv.stdout).not.toMatch(/[\x1b\x07\u202e]/);
    // No cell (quoted or not) starts with a formula character.
    for (const line of csv.stdout.split('\r\n').slice(1)) {
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    }
    const tsv = await runCommand(['websites', 'list', '--all', '--format', 'tsv'], { env: fx.env });
    expect(tsv.code, tsv.stderr).toBe(0);
    for (const line of tsv.stdout.split('\n').slice(1)) {
      for (const cell of line.split('\t')) expect(cell).not.toMatch(/^\s*[=+\-@]/);
    }
    expect(tsv.stdout).not.toMatch(/[\x1b\x07\u202e]/);

    const json = await runCommand(['websites', 'list', '--all', '--json'], { env: fx.env });
    const domains = (JSON.parse(json.stdout) as { data: { domain: string }[] }).data.map((w) => w.domain);
    expect(domains).toEqual(expect.arrayContaining(FORMULAS));
    const nd = await runCommand(['websites', 'list', '--all', '--format', 'ndjson'], { env: fx.env });
    const ndDomains = nd.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { domain: string }).domain);
    expect(ndDomains).toEqual(expect.arrayContaining(FORMULAS));
  });
});

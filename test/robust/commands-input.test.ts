// Bad input through the commands (the entry's seam in this process, test/commands/inProcess.ts):
// values outside the domain tables are refused before anything is
// sent, with the allowed values shown; very long values neither hang nor get cut in what is sent;
// wide characters and emoji keep the table's columns aligned.
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { REPORTS, WEBSITES, describeChoices, field, type ResourceDef } from '../../src/domain';
import { runCommand } from '../commands/inProcess';
import { SECRET_KEY, STACK, caseServer, headlines, type CaseServer } from '../helpers/cliFaults';

let srv: CaseServer;
beforeAll(async () => {
  srv = await caseServer();
});
afterAll(() => srv.close());

const run = (args: string[]) => runCommand(args, { env: srv.env });
const allowedField = (def: ResourceDef, name: string) => describeChoices(field(def, name)!.choices!);
const allowedParam = (def: ResourceDef, name: string) => describeChoices(def.listParams.find((p) => p.name === name)!.choices!);

describe('values outside the domain tables are refused before sending', () => {
  const CASES: { args: string[]; shows: string }[] = [
    { args: ['websites', 'create', 'a.example.com', '--privacy', 'secret'], shows: allowedField(WEBSITES, 'privacy') },
    { args: ['websites', 'create', 'a.example.com', '--email', 'maybe'], shows: allowedField(WEBSITES, 'email') },
    { args: ['websites', 'update', '1', '--exclude-bots', '2'], shows: allowedField(WEBSITES, 'exclude_bots') },
    { args: ['reports', 'update', '1', '--privacy', 'hidden'], shows: allowedField(REPORTS, 'privacy') },
    { args: ['reports', 'update', '1', '--results', 'twice'], shows: allowedField(REPORTS, 'results') },
    { args: ['websites', 'list', '--sort-by', 'visits'], shows: allowedParam(WEBSITES, 'sort_by') },
    { args: ['websites', 'list', '--sort', 'up'], shows: allowedParam(WEBSITES, 'sort') },
    { args: ['websites', 'list', '--per-page', '7'], shows: allowedParam(WEBSITES, 'per_page') },
    { args: ['websites', 'list', '--search-by', 'url'], shows: allowedParam(WEBSITES, 'search_by') },
    { args: ['reports', 'list', '--result', 'awful'], shows: allowedParam(REPORTS, 'result') },
    { args: ['reports', 'list', '--sort-by', 'domain'], shows: allowedParam(REPORTS, 'sort_by') },
    { args: ['websites', 'list', '--page', '0'], shows: 'whole number from 1' },
    { args: ['websites', 'get', 'abc'], shows: 'whole number from 1' },
    { args: ['websites', 'delete', '-3', '--yes'], shows: '' },
    { args: ['websites', 'create', 'not a domain'], shows: 'like example.com' },
    { args: ['reports', 'create', 'ftp://x.example.com/'], shows: 'http:// or https://' },
    { args: ['websites', 'create', 'b.example.com', '--privacy', 'password'], shows: 'Password is required' },
    { args: ['websites', 'update', '1'], shows: 'nothing to change' },
  ];

  it.each(CASES)('$args', async ({ args, shows }) => {
    srv.emulator.clearHits();
    const r = await run(args);
    expect(r.code, r.stderr).toBe(EXIT.usage);
    expect(r.stderr).toContain(shows);
    expect(STACK.test(r.stderr), r.stderr).toBe(false);
    expect(r.stdout).toBe('');
    expect(srv.emulator.hits).toHaveLength(0);
  });
});

describe('very long values', () => {
  it('a 10 000-character domain is refused before sending with the limit, nothing sent, nothing echoed', async () => {
    srv.emulator.clearHits();
    const domain = 'a'.repeat(9_990) + '.example.com';
    const r = await run(['websites', 'create', domain]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(`at most ${field(WEBSITES, 'domain')!.maxLength} characters`);
    expect(r.stderr.length).toBeLessThan(400);
    expect(srv.emulator.hits).toHaveLength(0);
  });

  it('a long exclude_ips (as big as one argument can be) is sent whole', async () => {
    // Linux caps one argv string at 128 KiB; the deck's form takes the 1 MB case.
    const ips: string[] = [];
    for (let i = 0; ips.join('\n').length < 120_000; i++) ips.push(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const value = ips.join('\n');
    srv.emulator.clearHits();
    const r = await run(['websites', 'update', '2', '--exclude-ips', value, '--json']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const put = srv.emulator.hits.filter((h) => h.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.body.exclude_ips).toBe(value);
    expect((JSON.parse(r.stdout) as { exclude_ips: string }).exclude_ips).toBe(value);
  });

  it('a 10 000-character domain and a 1 MB exclude_ips from the server: the table stays within the terminal, --json is whole', async () => {
    const domain = 'x'.repeat(9_988) + '.example.com';
    const exclude = Array.from({ length: 70_000 }, (_, i) => `192.168.${(i >> 8) & 255}.${i & 255}`).join('\n');
    expect(exclude.length).toBeGreaterThan(1_000_000);
    const id = srv.emulator.insertRaw('websites', { domain, privacy: 1, email: 0, exclude_bots: 1, exclude_ips: exclude });
    const table = await runCommand(['--no-color', 'websites', 'list', '--per-page', '100'], { env: srv.env, terminal: { columns: 100 } });
    expect(table.code).toBe(0);
    const lines = table.screen.split(/\r?\n/).filter((l) => l.trim());
    expect(lines.some((l) => l.includes('xxxxxxxx'))).toBe(true);
    for (const l of lines) expect(stringWidth(l), l.slice(0, 120)).toBeLessThanOrEqual(100);
    const json = await run(['websites', 'get', String(id), '--json']);
    const rec = JSON.parse(json.stdout) as { domain: string; exclude_ips: string };
    expect(rec.domain).toBe(domain);
    expect(rec.exclude_ips).toBe(exclude);
  });
});

describe('wide characters and emoji keep the columns aligned', () => {
  const DOMAINS = [
    // wide (CJK), emoji, fullwidth, a combining accent, a joined emoji family, and plain ASCII
    '例え.テスト.example',
    '🍕🍕pizza.example',
    'ｆｕｌｌ.example',
    'cafe\u0301.example',
    '👩‍👩‍👧.family.example',
    'plain.example',
  ];

  it('every row starts each column at the header column', async () => {
    for (const d of DOMAINS) srv.emulator.insertRaw('websites', { domain: d, privacy: 0, email: 1, exclude_bots: 0 });
    const table = await runCommand(['--no-color', 'websites', 'list', '--search', 'example', '--per-page', '100'], {
      env: srv.env,
      terminal: { columns: 100 },
    });
    expect(table.screen).toContain('plain.example');
    expect(table.code).toBe(0);
    const lines = table.screen.split(/\r?\n/).filter((l) => l.trim());
    const header = lines.find((l) => l.startsWith('ID'))!;
    expect(header).toBeDefined();
    const col = (h: string) => stringWidth(header.slice(0, header.indexOf(h)));
    const privacyAt = col('PRIVACY');
    const emailAt = col('EMAIL');
    const rows = lines.filter((l) => DOMAINS.some((d) => l.includes(d)));
    expect(rows).toHaveLength(DOMAINS.length);
    for (const row of rows) {
      // The privacy cell of these rows is "Public" and the email cell "Enabled": find them by text.
      expect(stringWidth(row.slice(0, row.indexOf('Public'))), row).toBe(privacyAt);
      expect(stringWidth(row.slice(0, row.indexOf('Enabled'))), row).toBe(emailAt);
    }
  });
});

describe('afterwards', () => {
  it('the key never shows in a refusal', async () => {
    const r = await run(['websites', 'create', SECRET_KEY + '.example.com', '--privacy', SECRET_KEY]);
    expect(r.code).toBe(EXIT.usage);
    expect(headlines(r.stderr).length).toBeGreaterThan(0);
    expect(r.stderr).not.toContain(SECRET_KEY);
  });
});

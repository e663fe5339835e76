// The CLI on a pseudo-terminal: aligned tables, the delete question, the masked key prompt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, runInPty, startFixture, writes, type Fixture } from './helpers';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const lines = (out: string) => out.replace(/\r/g, '').split('\n').filter(Boolean);

describe('on a terminal', () => {
  it('websites list is an aligned table with headers and labels', async () => {
    const pty = runInPty(['--no-color', 'websites', 'list'], fx.env);
    expect(await pty.done).toBe(0);
    const [head, ...after] = lines(pty.output());
    expect(head).toMatch(/^ID\s+DOMAIN\s+PRIVACY\s+EMAIL\s+BOTS$/);
    // The page ends with what it left out and how to get it.
    const rows = after.slice(0, -1);
    expect(after.at(-1)).toBe('10 of 12 websites · --all for every page, --page 2 for the next');
    expect(rows).toHaveLength(10);
    const col = head.indexOf('PRIVACY');
    for (const row of rows) expect(row.slice(col)).toMatch(/^(Public|Private|Password)\s/);
  });

  it('reports list shows the score as "87 good", coloured unless NO_COLOR', async () => {
    const plain = runInPty(['reports', 'list', '--per-page', '10'], { ...fx.env, NO_COLOR: '1' });
    expect(await plain.done).toBe(0);
    const [head, ...after] = lines(plain.output());
    const rows = after.filter((l) => !/ of \d+ reports · /.test(l));
    expect(rows).toHaveLength(after.length - 1);
    // Every project is its URL's host, so the column that would repeat it is left out.
    expect(head).toMatch(/^ID\s+URL\s+SCORE\s+GENERATED$/);
    expect(rows.join('\n')).not.toMatch(/https:\/\/|www\./);
    const col = head.indexOf('SCORE');
    for (const row of rows) expect(row.slice(col)).toMatch(/^\d{1,3} (good|decent|bad)\s/);
    expect(plain.output()).not.toContain('\x1b[');
    const coloured = runInPty(['reports', 'list', '--per-page', '10'], fx.env);
    expect(await coloured.done).toBe(0);
    expect(coloured.output()).toMatch(/\x1b\[3[123]m\d{1,3} (good|decent|bad)/);
  });

  it('a list says what it left out, what an empty one was asked, and a page past the last; piped, the note goes to stderr', async () => {
    const empty = runInPty(['websites', 'list', '--search', 'no-such-site'], fx.env);
    expect(await empty.done).toBe(0);
    expect(lines(empty.output())).toEqual(['No websites match "no-such-site".']);
    const pipedEmpty = await runCli(['websites', 'list', '--search', 'no-such-site'], { env: fx.env });
    expect(pipedEmpty).toMatchObject({ code: 0, stdout: '', stderr: 'No websites match "no-such-site".\n' });
    const json = await runCli(['websites', 'list', '--search', 'no-such-site', '--json'], { env: fx.env });
    expect(JSON.parse(json.stdout)).toMatchObject({ data: [], meta: { total: 0 } });
    expect(json.stderr).toBe('');
    const piped = await runCli(['websites', 'list'], { env: fx.env });
    expect(piped.stdout.trim().split('\n')).toHaveLength(10);
    expect(piped.stderr).toBe('10 of 12 websites · --all for every page, --page 2 for the next\n');
    const csv = await runCli(['websites', 'list', '--format', 'csv'], { env: fx.env });
    expect(csv.stderr).toContain('10 of 12 websites');
    const past = await runCli(['websites', 'list', '--page', '99'], { env: fx.env });
    expect(past).toMatchObject({ code: 0, stdout: '', stderr: 'page 99 of 2: empty (12 websites in all; --page 2 is the last)\n' });
    const all = await runCli(['websites', 'list', '--all'], { env: fx.env });
    expect(all.stderr).not.toContain(' of 12 ');
  });

  it('cuts wide cells to fit and keeps columns aligned', async () => {
    fx.emulator.insertRaw('reports', { url: `https://wide.example/${'路径'.repeat(40)}`, project: 'wide.example', result: 50, privacy: 0 });
    const pty = runInPty(['--no-color', 'reports', 'list', '--per-page', '10'], fx.env, 90);
    expect(await pty.done).toBe(0);
    const [head, first] = lines(pty.output());
    expect(first).toContain('…');
    // SCORE starts at the same display column in the header and in the row with wide characters,
    // and the row fits the terminal; the URL keeps its host's start and its path's end.
    const { default: stringWidth } = await import('string-width');
    const at = (line: string, word: string) => stringWidth(line.slice(0, line.indexOf(word)));
    expect(at(first, '50 decent')).toBe(at(head, 'SCORE'));
    expect(stringWidth(first)).toBeLessThanOrEqual(90);
    expect(first).toMatch(/wide\.example\/路径.*….*路径/);
  });

  it('delete asks, naming the domain; No keeps it, y deletes it', async () => {
    const site = fx.emulator.websites()[0];
    const no = runInPty(['websites', 'delete', String(site.id)], fx.env);
    await no.waitFor(`Delete website ${String(site.domain)} (id ${String(site.id)})? [y/N]`);
    no.write('\r');
    expect(await no.done).toBe(0);
    expect(no.output()).toContain('Kept website');
    expect(writes(fx.emulator)).toHaveLength(0);

    const yes = runInPty(['websites', 'delete', String(site.id)], fx.env);
    await yes.waitFor('[y/N]');
    yes.write('y\r');
    expect(await yes.done).toBe(0);
    expect(yes.output()).toContain(`Deleted website ${String(site.domain)}`);
    expect(fx.emulator.websites().some((w) => w.id === site.id)).toBe(false);
  });

  it('config set-key prompts with the key masked, and --password-stdin too', async () => {
    const key = 'sd_typed_key_1234567890QRST';
    const pty = runInPty(['config', 'set-key'], fx.env);
    await pty.waitFor('API key for profile "default": ');
    pty.write(key + '\r');
    expect(await pty.done).toBe(0);
    expect(pty.output()).not.toContain(key);
    expect(pty.output()).toContain('••••QRST');
    const stored = JSON.parse(readFileSync(join(fx.env.SITEDECK_CONFIG_DIR, 'config.json'), 'utf8')) as { profiles: Record<string, { api_key: string }> };
    expect(stored.profiles.default.api_key).toBe(key);

    const pw = runInPty(['websites', 'create', 'typed.example', '--privacy', 'password', '--password-stdin'], fx.env);
    await pw.waitFor('Password: ');
    pw.write('s3cret-typed\r');
    expect(await pw.done).toBe(0);
    expect(pw.output()).not.toContain('s3cret-typed');
    expect(writes(fx.emulator).at(-1)?.body.password).toBe('s3cret-typed');
  });

  it('--demo opens the deck on an in-process emulator and closes it when the deck quits', async () => {
    const pty = runInPty(['--demo'], { HOME: fx.configDir, SITEDECK_CONFIG_DIR: fx.env.SITEDECK_CONFIG_DIR });
    await pty.waitFor('DEMO', 15_000);
    await pty.waitFor(/\d+\.\w+/); // a row of seeded data
    pty.write('q');
    expect(await pty.done).toBe(0);
  });

  it('on a terminal that never answers the background query (OSC 11, DA1), the deck still hears every key', async () => {
    // `script` passes the query to no terminal: the wait ends when the view has loaded, not on an answer.
    const pty = runInPty(['--demo'], { HOME: fx.configDir, SITEDECK_CONFIG_DIR: fx.env.SITEDECK_CONFIG_DIR, TERM: 'xterm-256color' });
    await pty.waitFor('\x1b]11;?', 15_000);
    await pty.waitFor(/\d+\.\w+/);
    pty.write(':');
    await pty.waitFor(/:\S*▏/);
    pty.write('q\r');
    expect(await pty.done).toBe(0);
  });

  it('the deck refuses a config file others can read, with the chmod fix', async () => {
    const { chmodSync, mkdirSync, writeFileSync } = await import('node:fs');
    const dir = join(fx.configDir, 'loose');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { api_key: 'sd_loose_key_123456' } } }));
    chmodSync(join(dir, 'config.json'), 0o644);
    const pty = runInPty([], { HOME: fx.configDir, SITEDECK_CONFIG_DIR: dir });
    expect(await pty.done).toBe(2);
    expect(pty.output()).toContain(`chmod 600 ${join(dir, 'config.json')}`);
    expect(pty.output()).not.toContain('sd_loose_key_123456');
  });

  it('without a terminal the deck says so in one line and exits 2', async () => {
    const r = await runCli([], { env: fx.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('needs a terminal');
    expect(r.stderr).toContain('sitedeck websites list --json');
  });
});

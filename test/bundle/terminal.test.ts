// The bundle on a pseudo-terminal: the table the entry finds a terminal for, the delete question, the
// masked key prompt, the deck's faces (the tables' contents, in-process: ../commands/in-process/terminal.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, runInPty, startFixture, writes, type Fixture } from '../commands/helpers';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const lines = (out: string) => out.replace(/\r/g, '').split('\n').filter(Boolean);

describe('on a terminal', () => {
  // bundle: the entry tells the seam that stdout is a terminal, and its width, from a real pty
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

  // bundle: the question is typed at on a real terminal (raw input through a pty)
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

  // bundle: the masked prompts read keys typed on a real terminal (raw mode through a pty)
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

  // bundle: --demo's deck is the entry's face (src/cli.tsx), drawn on a real terminal
  it('--demo opens the deck on an in-process emulator and closes it when the deck quits', async () => {
    const pty = runInPty(['--demo'], { HOME: fx.configDir, SITEDECK_CONFIG_DIR: fx.env.SITEDECK_CONFIG_DIR });
    await pty.waitFor('DEMO', 15_000);
    await pty.waitFor(/\d+\.\w+/); // a row of seeded data
    pty.write('q');
    expect(await pty.done).toBe(0);
  });

  // bundle: the deck's terminal query is the entry's face on a real terminal
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

  // bundle: the deck's refusal is the entry's face (src/cli.tsx), on a real terminal
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

  // bundle: the refusal without a terminal is the entry's (src/cli.tsx), read from the process's streams
  it('without a terminal the deck says so in one line and exits 2', async () => {
    const r = await runCli([], { env: fx.env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('needs a terminal');
    expect(r.stderr).toContain('sitedeck websites list --json');
  });
});

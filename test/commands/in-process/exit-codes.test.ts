// Exit codes, read-only and the key never printed, through the commands in-process (interrupted by
// Ctrl+C: ../../bundle/exit-codes.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture, type Fixture, type RunResult } from '../helpers';
import { runCommand } from '../inProcess';

const KEY = 'sd_test_SECRETKEY_9f8e7d6c5b4a';
let fx: Fixture;
const seen: RunResult[] = [];
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 5, key: KEY });
});
afterAll(() => fx.cleanup());
beforeEach(() => {
  fx.emulator.clearHits();
  fx.emulator.clearFaults();
});

async function run(args: string[], env: Record<string, string | undefined> = {}, input?: string): Promise<RunResult> {
  const r = await runCommand(args, { env: { ...fx.env, ...env }, input });
  seen.push(r);
  return r;
}

const oneLine = (r: RunResult) => expect(r.stderr.trim().split('\n')).toHaveLength(1);

describe('exit codes', () => {
  it('3 for a refused key (401) and for no access (403), naming the host and the fix', async () => {
    const r = await run(['websites', 'list'], { SITEDECK_API_KEY: 'sd_wrong_key_000000000' });
    expect(r.code).toBe(EXIT.auth);
    oneLine(r);
    expect(r.stderr).toMatch(/analytics host 127\.0\.0\.1:\d+/);
    expect(r.stderr).toContain('SITEDECK_API_KEY');
    fx.emulator.addFault({ host: 'seo', fault: { type: 'status', status: 403, body: { message: "You don't have access to this feature.", status: 403 } } });
    const f = await run(['reports', 'list']);
    expect(f.code).toBe(EXIT.auth);
    expect(f.stderr).toMatch(/SEO host 127\.0\.0\.1:\d+/);
  });

  it('3 when the server redirects to its login page', async () => {
    fx.emulator.addFault({ fault: { type: 'redirectLogin' } });
    const r = await run(['websites', 'get', '1']);
    expect(r.code).toBe(EXIT.auth);
    oneLine(r);
  });

  it('4 for an unknown record', async () => {
    const r = await run(['reports', 'get', '424242']);
    expect(r.code).toBe(EXIT.notFound);
    oneLine(r);
  });

  it('5 for a server 422, one line per field', async () => {
    fx.emulator.addFault({ method: 'POST', fault: { type: 'status', status: 422, body: { message: { domain: ['Taken.'], privacy: ['Bad.'] }, status: 422 } } });
    const r = await run(['websites', 'create', 'x.example']);
    expect(r.code).toBe(EXIT.validation);
    expect(r.stderr.trim().split('\n').slice(1)).toEqual(['  domain: Taken.', '  privacy: Bad.']);
  });

  it('6 when rate limited', async () => {
    fx.emulator.addFault({ fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '0' } } });
    const r = await run(['websites', 'list']);
    expect(r.code).toBe(EXIT.rateLimited);
    oneLine(r);
  });

  it('7 for a server error, a dropped connection and an unreadable answer', async () => {
    fx.emulator.addFault({ method: 'POST', fault: { type: 'status', status: 500, body: { message: 'Server Error' } } });
    const s = await run(['websites', 'create', 'y.example']);
    expect(s.code).toBe(EXIT.server);
    oneLine(s);
    // A write is never re-sent on its own.
    expect(fx.emulator.hits.filter((h) => h.method === 'POST')).toHaveLength(1);
    fx.emulator.clearFaults();
    // A connection dropped during a create: maybe applied, never re-sent, and the message says so.
    fx.emulator.addFault({ method: 'POST', fault: { type: 'reset' } });
    const reset = await run(['websites', 'create', 'z.example']);
    expect(reset.code).toBe(EXIT.server);
    oneLine(reset);
    expect(reset.stderr).toMatch(/may have been (applied|created|saved)/i);
    expect(fx.emulator.hits.filter((h) => h.method === 'POST')).toHaveLength(2);
    fx.emulator.clearFaults();
    fx.emulator.addFault({ fault: { type: 'malformedJson' } });
    expect((await run(['websites', 'list'])).code).toBe(EXIT.server);
    fx.emulator.clearFaults();
    fx.emulator.addFault({ fault: { type: 'reset' } });
    const n = await run(['reports', 'list']);
    expect(n.code).toBe(EXIT.server);
    oneLine(n);
  });

  it('2 with missing configuration, saying what is missing and how to set it', async () => {
    const r = await run(['websites', 'list'], { SITEDECK_BASE_URL: undefined, SITEDECK_API_KEY: undefined });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('missing the analytics base URL');
    expect(r.stderr).toContain('--base-url');
    expect(r.stderr).toContain('SITEDECK_BASE_URL');
    expect(r.stderr).toContain('sitedeck config set base_url');
    expect(r.stderr).toContain('missing the API key');
    expect(r.stderr).toContain('sitedeck config set-key');
    // Reports only need the SEO host.
    const seo = await run(['reports', 'list', '--json'], { SITEDECK_BASE_URL: undefined });
    expect(seo.code).toBe(0);
  });

  it('2 for an unknown flag or command', async () => {
    const r = await run(['websites', 'list', '--colour-me']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/^sitedeck: unknown option '--colour-me'/);
    expect((await run(['sites', 'list'])).code).toBe(EXIT.usage);
  });
});

describe('read-only', () => {
  const mutations = [
    ['websites', 'create', 'ro.example'],
    ['websites', 'update', '1', '--privacy', 'public'],
    ['websites', 'delete', '1', '--yes'],
    ['reports', 'create', 'https://ro.example/'],
    ['reports', 'update', '1', '--privacy', 'public'],
    ['reports', 'delete', '1', '--yes'],
    ['reports', 'rerun', '1'],
  ];

  it('--read-only refuses every mutating command with exit 8 and no request reaches the emulator', async () => {
    for (const args of mutations) {
      const r = await run(['--read-only', ...args]);
      expect(r.code, args.join(' ')).toBe(EXIT.readOnly);
      expect(r.stderr).toContain('read-only');
    }
    expect(fx.emulator.hits).toHaveLength(0);
    const list = await run(['--read-only', 'websites', 'list']);
    expect(list.code).toBe(0);
  });

  it('a read-only profile refuses too, and the flag may come after the command', async () => {
    const dir = join(fx.configDir, 'ro');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: 'prod', profiles: { prod: { read_only: true } } }), { mode: 0o600 });
    const r = await run(['websites', 'delete', '2', '--yes'], { SITEDECK_CONFIG_DIR: dir });
    expect(r.code).toBe(EXIT.readOnly);
    expect(r.stderr).toContain('profile "prod" is read-only');
    const after = await run(['reports', 'rerun', '2', '--read-only']);
    expect(after.code).toBe(EXIT.readOnly);
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('the lock is checked before the question a delete would ask: without a terminal or --yes, read-only says so (exit 8)', async () => {
    for (const args of [
      ['websites', 'delete', '136'],
      ['reports', 'delete', '3'],
      ['websites', 'delete', '--ids', '1,2'],
    ]) {
      const r = await run(['--read-only', ...args]);
      expect(r.code, args.join(' ')).toBe(EXIT.readOnly);
      expect(r.stderr).toBe(`sitedeck: refused: delete changes data and --read-only is set; nothing was sent (--dry-run shows what would be)\n`);
    }
    // Unlocked, the same command still wants --yes (exit 2), and nothing is deleted.
    const unlocked = await run(['websites', 'delete', '136']);
    expect(unlocked.code).toBe(EXIT.usage);
    expect(unlocked.stderr).toContain('delete needs --yes when there is no terminal to ask on');
    expect(fx.emulator.hits.filter((h) => h.method === 'DELETE')).toHaveLength(0);
  });
});

describe('the key', () => {
  it('--api-key works but warns on stderr about the process list', async () => {
    const r = await run(['--api-key', KEY, 'websites', 'list', '--json'], { SITEDECK_API_KEY: undefined });
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('process list');
    expect(r.stderr).toContain('SITEDECK_API_KEY');
  });

  it('never appears in anything printed by any run in this file', () => {
    expect(seen.length).toBeGreaterThan(15);
    for (const r of seen) {
      expect(r.stdout).not.toContain(KEY);
      expect(r.stderr).not.toContain(KEY);
    }
  });
});

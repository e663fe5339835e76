// --dry-run of every change (create, update, delete, rerun; one record or many) against the
// emulator: each id read first (a GET each, a missing one said, exit 4), what would be sent printed
// with a secret named and never shown, nothing written; read-only mode lets a dry run through, and
// its refusals name where the setting came from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { emulatorFixture, writes, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: 12 });
});
afterAll(() => fx.cleanup());
beforeEach(() => {
  fx.emulator.clearHits();
});

const run = (args: string[], env: Record<string, string | undefined> = {}) => runCommand(args, { env: { ...fx.env, ...env } });
const jsonLines = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const reads = () => fx.emulator.hits.filter((h) => h.method === 'GET').map((h) => h.path);

describe('--dry-run of one change', () => {
  it('update reads the record, prints what would be sent and sends nothing', async () => {
    const r = await run(['websites', 'update', '2', '--email', 'enabled', '--privacy', 'private', '--dry-run']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const [id, status, name, sent] = r.stdout.trim().split('\t');
    expect([id, status]).toEqual(['2', 'would-update']);
    expect(name).toBe(fx.emulator.websites().find((w) => w.id === 2)?.domain);
    expect(sent).toMatch(/email=1/);
    expect(sent).toMatch(/privacy=1/);
    expect(r.stderr).toBe('Would update 1 website (--dry-run: nothing was sent)\n');
    expect(reads()).toEqual([expect.stringMatching(/\/websites\/2$/)]);
    expect(writes(fx.emulator)).toEqual([]);
  });

  it('a password is named, never shown, in the lines and in --json', async () => {
    const secret = 'hunter2-secret';
    for (const json of [false, true]) {
      const r = await run(['websites', 'update', '3', '--privacy', 'password', '--password', secret, '--dry-run', ...(json ? ['--json'] : [])]);
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(r.stdout + r.stderr).not.toContain(secret);
      if (json)
        expect(jsonLines(r.stdout)).toEqual([{ id: 3, status: 'would-update', name: expect.any(String), send: { privacy: 2 }, secret_fields: ['password'] }]);
      else expect(r.stdout).toContain('password=(given, not shown)');
    }
    expect(writes(fx.emulator)).toEqual([]);
  });

  it('an id the host does not have is said, exit 4, and nothing is sent', async () => {
    const r = await run(['websites', 'update', '99999', '--email', 'enabled', '--dry-run']);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stdout).toBe('99999\tnot-found\t\t\n');
    expect(r.stderr).toContain('not found on the host: 99999');
    expect(writes(fx.emulator)).toEqual([]);
  });

  it('create, delete and rerun: would-create, would-delete (no --yes needed: nothing is asked), would-rerun', async () => {
    const created = await run(['reports', 'create', 'https://dry.example.com/', '--dry-run', '--json']);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    expect(jsonLines(created.stdout)).toEqual([
      { id: null, status: 'would-create', name: 'https://dry.example.com/', send: { url: 'https://dry.example.com/', privacy: 0 } },
    ]);
    const deleted = await run(['websites', 'delete', '4', '--dry-run']);
    expect(deleted.code, deleted.stderr).toBe(EXIT.ok);
    expect(deleted.stdout).toMatch(/^4\twould-delete\t\S+\t\n$/);
    const rerun = await run(['reports', 'rerun', '5', '--dry-run', '--json']);
    expect(rerun.code, rerun.stderr).toBe(EXIT.ok);
    expect(jsonLines(rerun.stdout)).toEqual([{ id: 5, status: 'would-rerun', name: expect.any(String), send: { results: 1 } }]);
    expect(writes(fx.emulator)).toEqual([]);
  });
});

describe('--dry-run of many', () => {
  it('reads each id (a GET each): the missing ones are said and the run exits 4', async () => {
    const r = await run(['websites', 'update', '--ids', '2,99998,3,99999', '--email', 'enabled', '--dry-run', '--json']);
    expect(r.code).toBe(EXIT.notFound);
    expect(jsonLines(r.stdout).map((l) => [l.id, l.status])).toEqual([
      [2, 'would-update'],
      [99998, 'not-found'],
      [3, 'would-update'],
      [99999, 'not-found'],
    ]);
    expect(reads()).toHaveLength(4);
    expect(r.stderr).toContain('Would update 2 websites');
    expect(r.stderr).toContain('not found on the host: 99998 99999');
    expect(writes(fx.emulator)).toEqual([]);
  });
});

describe('read-only mode', () => {
  const changes = [
    ['websites', 'create', 'ro.example.com'],
    ['websites', 'update', '1', '--privacy', 'public'],
    ['websites', 'delete', '1'],
    ['websites', 'update', '--ids', '1,2', '--email', 'enabled'],
    ['reports', 'rerun', '1'],
    ['reports', 'delete', '--ids', '1,2'],
  ];

  it.each(changes.map((c) => [c.join(' '), c] as const))('%s --dry-run is allowed: it sends nothing', async (_, args) => {
    const r = await run(['--read-only', ...args, '--dry-run']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stderr).toContain('--dry-run: nothing was sent');
    expect(writes(fx.emulator)).toEqual([]);
  });

  it('a refusal names where read-only came from: the flag, the environment variable, the profile in its config file', async () => {
    const flag = await run(['--read-only', 'websites', 'delete', '1', '--yes']);
    expect(flag.code).toBe(EXIT.readOnly);
    expect(flag.stderr).toContain('--read-only is set');
    const env = await run(['websites', 'delete', '1', '--yes'], { SITEDECK_READ_ONLY: 'true' });
    expect(env.code).toBe(EXIT.readOnly);
    expect(env.stderr).toContain('SITEDECK_READ_ONLY is set in the environment');
    const dir = join(fx.configDir, 'ro');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: 'prod', profiles: { prod: { read_only: true } } }), { mode: 0o600 });
    const file = await run(['websites', 'delete', '1', '--yes'], { SITEDECK_CONFIG_DIR: dir });
    expect(file.code).toBe(EXIT.readOnly);
    expect(file.stderr).toContain(`profile "prod" is read-only (read_only in ${join(dir, 'config.json')}`);
    expect(writes(fx.emulator)).toEqual([]);
  });
});

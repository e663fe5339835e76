// The commands against real Laravel: each runs in-process (test/commands/inProcess.ts) against the Laravel reference and,
// the same way, against the emulator (both seeded with 30 websites and 30 reports), and the exit
// codes and what the command printed must agree; then what the reference's answers became is
// checked on its own (scores whole, URLs as the host keeps them, update answers normalised).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { startEmulator, type Emulator } from '../../src/emulator';
import type { RunResult } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';
import { removeDir } from '../helpers/dirs';

interface Side {
  env: Record<string, string>;
  dir: string;
}

function sideFor(target: { baseUrl: string; seoBaseUrl: string; apiKey: string }): Side {
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-conform-'));
  return {
    dir,
    env: {
      HOME: dir,
      SITEDECK_CONFIG_DIR: join(dir, 'sd'),
      SITEDECK_BASE_URL: target.baseUrl,
      SITEDECK_SEO_BASE_URL: target.seoBaseUrl,
      SITEDECK_API_KEY: target.apiKey,
    },
  };
}

const json = (r: RunResult) => JSON.parse(r.stdout) as any;

describe.runIf(laravelRef().ok)(refSuiteTitle('commands against real Laravel'), () => {
  let ref: RunningRef;
  let emu: Emulator;
  let onRef: Side;
  let onEmu: Side;

  beforeAll(async () => {
    [ref, emu] = await Promise.all([
      // A budget the file never reaches (the pacer would space requests near its end).
      startLaravelRef({ throttle: '1000,1', seedWebsites: 30, seedReports: 30 }),
      startEmulator({ seed: 30, rateLimit: 1000 }),
    ]);
    onRef = sideFor(ref);
    onEmu = sideFor(emu);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([ref?.stop(), emu?.close()]);
    for (const s of [onRef, onEmu]) if (s) removeDir(s.dir);
  });

  /** Runs the command on both; the exit codes must agree; returns the reference's run. */
  async function both(args: string[], env: Record<string, string> = {}): Promise<{ ref: RunResult; emu: RunResult }> {
    const [a, b] = await Promise.all([runCommand(args, { env: { ...onRef.env, ...env } }), runCommand(args, { env: { ...onEmu.env, ...env } })]);
    expect({ args, code: b.code }).toEqual({ args, code: a.code });
    return { ref: a, emu: b };
  }

  it('list: a page of rows, the same columns as on the emulator', async () => {
    const { ref: a, emu: b } = await both(['websites', 'list']);
    expect(a.code).toBe(EXIT.ok);
    const rows = (r: RunResult) => r.stdout.trimEnd().split('\n');
    expect(rows(a)).toHaveLength(10);
    expect(rows(a).map((l) => l.split('\t').length)).toEqual(rows(b).map((l) => l.split('\t').length));
    const reports = await both(['reports', 'list', '--per-page', '10']);
    // The score cell: a whole number and its class.
    for (const line of rows(reports.ref)) expect(line.split('\t')[3]).toMatch(/^\d{1,3} (good|decent|bad)$/);
  });

  it('list --all reads every page once', async () => {
    const { ref: a } = await both(['websites', 'list', '--all', '--per-page', '10', '--json']);
    const ids = json(a).data.map((w: { id: number }) => w.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const r = await both(['reports', 'list', '--all', '--per-page', '25', '--json']);
    expect(json(r.ref).data).toHaveLength(30);
  });

  it('get: a record with its fields, the same keys as on the emulator', async () => {
    const { ref: a, emu: b } = await both(['websites', 'get', '1', '--json']);
    expect(Object.keys(json(a)).sort()).toEqual(Object.keys(json(b)).sort());
    const rep = await both(['reports', 'get', '1', '--json']);
    const r = json(rep.ref);
    expect(Number.isInteger(r.result)).toBe(true);
    expect(r.checks.length).toBeGreaterThan(0);
    expect(Object.keys(r).sort()).toEqual(Object.keys(json(rep.emu)).sort());
  });

  it('create, update, delete a website: answers with strings and nulls come out normalised', async () => {
    const made = await both(['websites', 'create', 'https://www.Conform-Cli.example', '--json']);
    expect(made.ref.code).toBe(EXIT.ok);
    const w = json(made.ref);
    expect(w).toMatchObject({ domain: 'conform-cli.example', privacy: 1, email: 0, exclude_bots: 1, password: false });
    expect(json(made.emu)).toMatchObject({ domain: 'conform-cli.example', privacy: 1, email: 0, exclude_bots: 1, password: false });
    // The host answers the changed field as the string sent ("1"): read as the number it is.
    const upd = await both(['websites', 'update', String(w.id), '--email', 'enabled', '--json']);
    expect(json(upd.ref)).toMatchObject({ id: w.id, email: 1, privacy: 1 });
    expect(json(upd.ref).extra).not.toHaveProperty('email');
    const del = await both(['websites', 'delete', String(w.id), '--yes', '--json']);
    expect(json(del.ref)).toMatchObject({ id: w.id, deleted: true });
    expect((await both(['websites', 'get', String(w.id)])).ref.code).toBe(EXIT.notFound);
  });

  it('create and re-run a report: the URL as the host keeps it, a whole score', async () => {
    const made = await both(['reports', 'create', 'https://www.conform-cli.example/pricing', '--json']);
    expect(made.ref.code).toBe(EXIT.ok);
    const r = json(made.ref);
    expect(r).toMatchObject({ url: 'conform-cli.example/pricing', project: 'conform-cli.example', privacy: 0 });
    // The host answers a fresh analysis as computed (e.g. 78.125): shown whole, as it stores it.
    expect(Number.isInteger(r.result)).toBe(true);
    expect((await both(['reports', 'get', String(r.id), '--json'])).ref.stdout).toContain(`"result": ${r.result}`);
    const again = await both(['reports', 'rerun', String(r.id)]);
    expect(again.ref.code).toBe(EXIT.ok);
    expect(again.ref.stdout).toMatch(/^Score\t\d{1,3} (good|decent|bad)$/m);
    expect(again.ref.stderr).toContain('conform-cli.example/pricing');
  });

  it('exit codes: 401 → 3, 404 → 4, 422 → 5, an update the host answers 500 → 4 (gone)', async () => {
    const auth = await both(['websites', 'list'], { SITEDECK_API_KEY: 'sd_wrong_key_000000000' });
    expect(auth.ref.code).toBe(EXIT.auth);
    expect(auth.ref.stderr).toMatch(/analytics host 127\.0\.0\.1:\d+ did not accept the API key \(401\)/);
    expect((await both(['reports', 'get', '424242'])).ref.code).toBe(EXIT.notFound);
    // Only the server knows: a host that does not resolve, a domain already taken.
    const dns = await both(['reports', 'create', 'https://nowhere.invalid/']);
    expect(dns.ref.code).toBe(EXIT.validation);
    expect(dns.ref.stderr).toContain('url: cURL error 6: Could not resolve host: nowhere.invalid');
    expect((await both(['websites', 'create', 'twice.conform.example'])).ref.code).toBe(EXIT.ok);
    expect((await both(['websites', 'create', 'twice.conform.example'])).ref.code).toBe(EXIT.validation);
    // The analytics host answers an update of an unknown website with a 500; sitedeck reads the
    // record, finds it gone, and says so.
    const gone = await both(['websites', 'update', '424242', '--email', 'enabled']);
    expect(gone.ref.code).toBe(EXIT.notFound);
    expect(gone.ref.stderr).toMatch(/has no website 424242 \(404\): the record may have been deleted elsewhere/);
  });
});

// Two sitedeck processes on one state database spend one budget: each request is reserved in it, in
// one write transaction, before it goes. Real processes (the client and its database store, through
// tsx) on the emulator at 4 requests per 3 s, both sending three requests at once as a deck does at
// its start, on the pacer's row an earlier run left: 0 left, from a window opened 18 minutes ago.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { databasePath } from '../../src/files/db';
import { startEmulator, type Emulator } from '../../src/emulator';
import { emulatorFixture } from '../commands/helpers';
import { runCommand } from '../commands/inProcess';
import { plantPace, sharedPaceIn, storedPace } from '../helpers/stateDb';

const ROOT = resolve(__dirname, '../..');
const CLIENT = join(__dirname, 'fixtures', 'paceClient.ts');

interface Started {
  child: ChildProcess;
  ready: Promise<void>;
  done: Promise<{ code: number | null; out: string; err: string }>;
}

function startClient(args: string[]): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let readyNow: () => void = () => undefined;
  const ready = new Promise<void>((res) => (readyNow = res));
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    if (out.startsWith('ready\n')) readyNow();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const done = new Promise<{ code: number | null; out: string; err: string }>((res) => child.on('close', (code) => res({ code, out, err })));
  return { child, ready, done };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('two processes, one budget', () => {
  it('on a pacer row left at 0 by an old window: 4 go in the window, then one alone learns its end; 6 answered, one 429', async () => {
    const emu: Emulator = await startEmulator({ seed: 7, seedReports: 0, rateLimit: 4, rateWindow: 3, port: 0, seoPort: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-pace-'));
    const children: ChildProcess[] = [];
    cleanup = async () => {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const old = Date.now() - 18 * 60_000;
    plantPace(join(dir, 'state.sqlite'), new URL(emu.baseUrl).origin, { limit: 4, remaining: 0, windowStart: old });

    const runs = [0, 1].map(() => startClient([dir, emu.baseUrl, emu.seoBaseUrl, emu.apiKey, '3']));
    children.push(...runs.map((r) => r.child));
    await Promise.all(runs.map((r) => r.ready));
    // Both start at once.
    for (const r of runs) r.child.stdin!.end('go\n');
    const ends = await Promise.all(runs.map((r) => r.done));

    for (const e of ends) {
      expect(e.code, e.err).toBe(0);
      expect(JSON.parse(e.out.split('\n')[1])).toEqual(['ok', 'ok', 'ok']);
    }
    const statuses = emu.hits.filter((h) => h.host === 'analytics' && !h.path.startsWith('/__emulator')).map((h) => h.status);
    // Four in the window, a fifth alone (refused, not counted by the host) to learn when it ends,
    // then the last two in the next window: never more at once than the budget holds.
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(429);
  }, 30_000);

  it('on a nearly spent budget (1 left): one goes, then one alone learns the end; the rest in the next windows, one 429 in all', async () => {
    const emu: Emulator = await startEmulator({ seed: 7, seedReports: 0, rateLimit: 4, rateWindow: 2, port: 0, seoPort: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-pace-'));
    const children: ChildProcess[] = [];
    cleanup = async () => {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const runs = [0, 1].map(() => startClient([dir, emu.baseUrl, emu.seoBaseUrl, emu.apiKey, '3']));
    children.push(...runs.map((r) => r.child));
    await Promise.all(runs.map((r) => r.ready));
    // A third process spends three of the four, one after another: the file says 1 left.
    const other = createClient({ baseUrl: emu.baseUrl, seoBaseUrl: emu.seoBaseUrl, apiKey: emu.apiKey, pace: sharedPaceIn(dir) });
    for (let i = 0; i < 3; i++) await other.websites.list({ per_page: 1 });
    expect(other.pacer('analytics').status()).toMatchObject({ limit: 4, remaining: 1 });
    for (const r of runs) r.child.stdin!.end('go\n');
    const ends = await Promise.all(runs.map((r) => r.done));

    for (const e of ends) {
      expect(e.code, e.err).toBe(0);
      expect(JSON.parse(e.out.split('\n')[1])).toEqual(['ok', 'ok', 'ok']);
    }
    const statuses = emu.hits.filter((h) => h.host === 'analytics' && !h.path.startsWith('/__emulator')).map((h) => h.status);
    // 3 + the 1 left; one alone, refused, says when the window ends; then 4, then the last 1.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 200, 200, 200, 200, 200]);
  }, 30_000);

  it("doctor and the pacer say the same count, the host's, after an old pacer row: not 0", async () => {
    const fx = await emulatorFixture({ seed: 4, rateLimit: 60 });
    cleanup = () => fx.cleanup();
    const env = { ...fx.env, XDG_STATE_HOME: join(fx.configDir, 'state') };
    const db = databasePath(env, 'default');
    const origin = new URL(fx.emulator.baseUrl).origin;
    const old = Date.now() - 18 * 60_000;
    plantPace(db, origin, { limit: 60, remaining: 0, windowStart: old });
    // doctor in-process: the database is the one the environment names.
    const r = await runCommand(['doctor', '--json'], { env });
    const budget = (JSON.parse(r.stdout) as { checks: { id: string; detail: string }[] }).checks.find((c) => c.id === 'analytics.budget');
    expect(budget?.detail).toBe('59 of 60 requests left in this window');
    const stored = storedPace<{ seen?: { remaining: number }; remaining?: number }>(db, origin);
    expect(stored?.seen?.remaining ?? stored?.remaining).toBe(59);
  }, 30_000);
});

// Two decks' clients and three commands on one key spend one budget through the profile's state
// database: real processes (two client processes as a deck's start sends, three runs of the bundle
// reading every page), all at once, on the emulator at 6 requests per 2 s. Every one of them ends
// well and at most one request is refused (the one a spent budget sends alone to learn when its
// window ends): the host refuses whatever a window would take past its limit.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { databasePath } from '../../src/files/db';
import { removeDir } from '../helpers/dirs';
import { runCli, ensureBuilt } from '../commands/helpers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const ROOT = resolve(__dirname, '../..');
const CLIENT = join(__dirname, 'fixtures', 'paceClient.ts');
const LIMIT = 6;
const WINDOW_S = 2;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function deckClient(database: string, emu: Emulator): { child: ChildProcess; done: Promise<{ code: number | null; out: string; err: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, database, emu.baseUrl, emu.seoBaseUrl, emu.apiKey, '3'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    // Sends as soon as it is loaded: the commands are started meanwhile.
    if (out === 'ready\n') child.stdin!.end('go\n');
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  return { child, done: new Promise((res) => child.on('close', (code) => res({ code, out, err }))) };
}

describe('two decks and three commands on one key', () => {
  it('share one budget through the state database: all end well, at most one 429', async () => {
    ensureBuilt();
    const emu = await startEmulator({ seed: 20, seedReports: 0, rateLimit: LIMIT, rateWindow: WINDOW_S, port: 0, seoPort: 0 });
    const home = mkdtempSync(join(tmpdir(), 'sitedeck-five-'));
    const children: ChildProcess[] = [];
    cleanup = async () => {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await emu.close();
      removeDir(home);
    };
    const env = {
      HOME: home,
      XDG_STATE_HOME: join(home, 'state'),
      SITEDECK_BASE_URL: emu.baseUrl,
      SITEDECK_SEO_BASE_URL: emu.seoBaseUrl,
      SITEDECK_API_KEY: emu.apiKey,
    };
    // The decks' clients open the database the commands' profile uses.
    const decks = [0, 1].map(() => deckClient(databasePath(env, 'default'), emu));
    children.push(...decks.map((d) => d.child));
    const commands = [0, 1, 2].map(() => runCli(['websites', 'list', '--all', '--per-page', '10', '--json'], { env }));
    const [deckEnds, commandEnds] = await Promise.all([Promise.all(decks.map((d) => d.done)), Promise.all(commands)]);

    for (const e of deckEnds) {
      expect(e.code, e.err).toBe(0);
      expect(JSON.parse(e.out.split('\n')[1])).toEqual(['ok', 'ok', 'ok']);
    }
    for (const c of commandEnds) {
      expect(c.code, c.stderr).toBe(0);
      expect((JSON.parse(c.stdout) as { data: unknown[] }).data).toHaveLength(20);
    }
    const answered = emu.hits.filter((h) => h.host === 'analytics' && !h.path.startsWith('/__emulator'));
    expect(answered.filter((h) => h.status === 429).length).toBeLessThanOrEqual(1);
    expect(answered.filter((h) => h.status === 200)).toHaveLength(2 * 3 + 3 * 2);
  }, 60_000);
});

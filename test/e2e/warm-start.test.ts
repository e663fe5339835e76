// The warm-start cache through the bundled deck in tmux: a second launch draws the first one's rows
// at once, marked cached, until the server answers; --no-cache neither reads nor writes the cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { removeDir } from '../helpers/dirs';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');

let emulator: Emulator;
let dir: string;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  if (!existsSync(CLI)) execFileSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  emulator = await startEmulator({ seed: 40, rateLimit: 0, port: 0, seoPort: 0 });
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-e2e-warm-'));
}, 60_000);
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
  emulator.clearFaults();
});
afterAll(async () => {
  await emulator?.close();
  if (dir) removeDir(dir);
});

function open(cacheHome: string, extra: string[] = []): TmuxSession {
  tmux = startTmux({
    // What a launch draws before its answers is read from what it wrote: a capture can come too late.
    recordFromStart: true,
    command: ['node', CLI, '--base-url', emulator.baseUrl, '--seo-base-url', emulator.seoBaseUrl, ...extra],
    env: { SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'config'), XDG_CACHE_HOME: cacheHome, TERM: 'xterm-256color' },
    cwd: ROOT,
    columns: 100,
    rows: 30,
  });
  return tmux;
}

/** The warm-start files in a cache home (none when the folder is not there). */
const deckFiles = (home: string) => (existsSync(join(home, 'sitedeck')) ? readdirSync(join(home, 'sitedeck')).filter((f) => /^deck-.*\.json$/.test(f)) : []);

const quit = async (t: TmuxSession) => {
  t.sendKeys('q');
  await t.waitFor('[exit 0]', { what: 'the deck to exit' });
  t.kill();
  tmux = undefined;
};

describe('warm start in a real terminal (tmux)', () => {
  it('the next launch shows the cached rows at once, marked, then the fresh ones; --no-cache reads and writes nothing', async () => {
    const home = join(dir, 'cache');
    const first = open(home);
    await first.waitFor((s) => /1 Websites 40/.test(s) && /2 Reports 40/.test(s) && s.includes('›'), { what: 'the deck' });
    await quit(first);
    // One page file (the folder also holds Node's compiled code of the bundle: src/compileCache.ts).
    expect(deckFiles(home)).toHaveLength(1);

    // Every answer held back: what shows first can only come from the cache.
    const removeDelay = emulator.addFault({ fault: { type: 'delay', ms: 1500 } });
    const second = open(home);
    const cached = await second
      .output({ fromStart: true })
      .waitForFrame((s) => /cached (just now|\d+ s ago)/.test(s) && s.includes('›'), { what: 'the cached rows' });
    expect(cached).toMatch(/1 Websites 40/);
    await second.waitFor((s) => !/cached (just now|\d+ s ago)/.test(s) && s.includes('›'), { what: 'the fresh rows' });
    removeDelay();
    await quit(second);

    const none = join(dir, 'none');
    const off = open(none, ['--no-cache']);
    await off.waitFor((s) => /2 Reports 40/.test(s) && s.includes('›'), { what: 'the deck' });
    await quit(off);
    expect(deckFiles(none)).toEqual([]);

    // With a cache on disk, --no-cache draws nothing from it (rows wait for the held-back answer)
    // and leaves it as it was.
    const file = join(home, 'sitedeck', deckFiles(home)[0]!);
    const mtime = statSync(file).mtimeMs;
    const removeAgain = emulator.addFault({ fault: { type: 'delay', ms: 1500 } });
    const back = open(home, ['--no-cache']);
    const waiting = await back.output({ fromStart: true }).waitForFrame((s) => s.includes('Loading…'), { what: 'the deck waiting for its list' });
    expect(waiting).not.toContain('›');
    await back.waitFor((s) => s.includes('›'), { what: 'the fresh rows' });
    removeAgain();
    await quit(back);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });
});

// SIGINT, SIGTERM and SIGHUP (a dropped SSH link) to the bundled deck running under a shell in tmux:
// the exit code says which signal, the cursor is shown again and the alternate screen left (raw pane
// bytes), raw mode is off (`stty -a` in the same pane shows icanon and echo), and no child process
// is left behind. (The emulator's data file under SIGKILL is covered in test/emulator/persistence.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { CLI, ensureBuilt } from '../commands/helpers';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';
import { removeDir } from '../helpers/dirs';

let emulator: Emulator;
let dir: string;
beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator({ port: 0, seoPort: 0, seed: 12, rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-term-'));
});
afterAll(async () => {
  await emulator.close();
  removeDir(dir);
});

const children = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe.each([
  { signal: 'SIGINT' as const, code: 130, during: 'the list' },
  { signal: 'SIGTERM' as const, code: 143, during: 'an edited form' },
  { signal: 'SIGHUP' as const, code: 129, during: 'a request that has not answered' },
])('$signal during $during', ({ signal, code, during }) => {
  it(`exits ${code}, restores the terminal and leaves no process`, async () => {
    const log = join(dir, `${signal}.bytes`);
    // A plain shell in the pane (no readline to repair the terminal for us); the deck is typed into it.
    const t: TmuxSession = startTmux({
      command: ['sh'],
      env: { SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'cfg'), TERM: 'xterm-256color', PS1: '$ ' },
      columns: 110,
      rows: 30,
      holdOnExit: false,
    });
    try {
      const shell = t.programPid();
      await t.waitFor('$');
      execFileSync('tmux', ['-L', t.socket, 'pipe-pane', '-o', '-t', t.target, `cat >> ${q(log)}`]);
      t.sendText(`node ${q(CLI)} --base-url ${q(emulator.baseUrl)} --seo-base-url ${q(emulator.seoBaseUrl)}`);
      t.sendKeys('Enter');
      await t.waitFor(/1 Websites \d+/);
      if (during === 'an edited form') {
        t.sendKeys('e');
        await t.waitFor('Edit website');
        t.sendKeys('Right');
        await t.waitFor(/Edit website \S+ \(id \d+\) •/);
      } else if (during === 'a request that has not answered') {
        emulator.addFault({ method: 'GET', fault: { type: 'delay', ms: 5_000 } });
        emulator.clearHits();
        t.sendKeys('r');
        await waitFor(() => emulator.hits.length > 0, 'the request to arrive');
      }
      // By its command line: Node 24 names its main thread (ps's comm) MainThread.
      const deck = children(shell).find((pid) => /^\S*node /.test(execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })))!;
      expect(deck).toBeGreaterThan(0);
      const before = children(deck);
      process.kill(deck, signal);

      // Nothing of the deck is left running.
      await waitFor(() => !alive(deck), 'the deck process to be gone');
      // Asked on its own line: an interactive sh drops the rest of a list after a status of 130.
      t.sendText('echo "[exit $?]"');
      t.sendKeys('Enter');
      await t.waitFor(`[exit ${code}]`, { what: `the exit code ${code}` });
      for (const pid of before) expect(alive(pid), `child ${pid}`).toBe(false);
      expect(children(shell)).toEqual([]);

      // The terminal: cursor shown and the alternate screen left after the last time they were changed.
      await waitFor(() => readFileSync(log, 'utf8').includes(`[exit ${code}]`), 'the pane bytes');
      const raw = readFileSync(log, 'utf8');
      expect(raw.lastIndexOf('\x1b[?25h'), 'cursor shown again').toBeGreaterThan(raw.lastIndexOf('\x1b[?25l'));
      expect(raw.lastIndexOf('\x1b[?1049l'), 'alternate screen left').toBeGreaterThan(raw.lastIndexOf('\x1b[?1049h'));

      // Raw mode is off: the line discipline is back to canonical with echo.
      t.sendText('stty -a; echo "[stty done]"');
      t.sendKeys('Enter');
      // The marker alone on its line: the typed command shows it too, before stty has answered.
      const screen = await t.waitFor(/^\[stty done\]\s*$/m, { what: 'stty output' });
      const modes = screen.split(/\s+/);
      expect(modes, screen).toContain('icanon');
      expect(modes, screen).toContain('echo');
      expect(modes).not.toContain('-icanon');
      expect(modes).not.toContain('-echo');
      // The shell typed into still shows what is typed (echo) after the deck is gone.
      t.sendText('echo still-here');
      await t.waitFor('echo still-here');
    } finally {
      emulator.clearFaults();
      t.kill();
    }
  }, 60_000);
});

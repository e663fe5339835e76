// Keys a terminal may send that Ink cannot name, and the deck's own timeout setting, through the
// bundled deck in tmux. Both were found broken by this suite: a Ctrl-modified key with no name
// (ESC [1;5G) killed the deck with a TypeError, and the deck ignored --timeout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { dropUnnamedCtrlKeys } from '../../src/ui/keyGuard';
import { CLI, ensureBuilt } from '../commands/helpers';
import { startTmux, type TmuxSession } from '../helpers/tmux';
// Ink's own key parsing, to check the guard against exactly what would crash.
import parseKeypress from '../../node_modules/ink/build/parse-keypress.js';
import { createInputParser } from '../../node_modules/ink/build/input-parser.js';

/** Whether Ink's useInput would throw on this input (a Ctrl key whose name is undefined). */
function inkWouldCrash(input: string): boolean {
  const parser = createInputParser();
  return parser.push(input).some((ev: string) => {
    const k = parseKeypress(ev) as { ctrl?: boolean; name?: string; sequence?: string };
    return typeof (k.ctrl ? k.name : k.sequence) !== 'string';
  });
}

const FINALS = '@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~$';
const PARAMS = ['', '1;2', '1;5', '5', '2;5', '1;6', '13', '99;5', '27;5;9', '97;5'];
const PREFIXES = ['\x1b[', '\x1b\x1b[', '\x1b[[', '\x1bO'];
const ALL = PREFIXES.flatMap((p) => PARAMS.flatMap((m) => FINALS.split('').map((f) => p + m + f)));

describe('keys Ink has no name for', () => {
  it('the guard leaves nothing Ink would crash on, and changes nothing Ink reads fine', () => {
    const crashing = ALL.filter(inkWouldCrash);
    expect(crashing.length).toBeGreaterThan(100); // the problem is real without the guard
    for (const key of ALL) {
      for (const input of [key, `${key}j`, `k${key}\x1b[A`]) {
        const out = dropUnnamedCtrlKeys(input);
        expect(inkWouldCrash(out), JSON.stringify(input)).toBe(false);
        if (!inkWouldCrash(input)) expect(out, JSON.stringify(input)).toBe(input);
      }
    }
  });
});

let emulator: Emulator;
let dir: string;
let t: TmuxSession | undefined;
beforeAll(async () => {
  ensureBuilt();
  emulator = await startEmulator({ port: 0, seoPort: 0, seed: 12, rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-keys-'));
});
afterAll(async () => {
  t?.kill();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

function deck(extra: string[] = []): TmuxSession {
  t?.kill();
  t = startTmux({
    command: ['node', CLI, '--base-url', emulator.baseUrl, '--seo-base-url', emulator.seoBaseUrl, ...extra],
    env: { SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'cfg'), TERM: 'xterm-256color' },
    columns: 100,
    rows: 30,
  });
  return t;
}

describe('the bundled deck', () => {
  it('keeps running when a terminal sends Ctrl-modified keys without a name', async () => {
    const s = deck();
    await s.waitFor(/1 Websites 12/);
    for (const key of ['\x1b[1;5G', '\x1b[5z', '\x1b[99;5~', '\x1b\x1b[1;5u', '\x1b[[1;5x']) {
      execFileSync('tmux', ['-L', s.socket, 'send-keys', '-t', 'deck', '-H', ...Array.from(Buffer.from(key)).map((b) => b.toString(16))]);
    }
    s.sendKeys('j');
    await s.waitFor(/› +11 /, { what: 'the cursor to move after the odd keys' });
    expect(s.capture()).not.toMatch(/TypeError|\[exit/);
    s.sendKeys('q');
    await s.waitFor('[exit 0]');
  });

  it('gives up after --timeout, not after the default 15 s', async () => {
    const s = deck(['--timeout', '1']);
    await s.waitFor(/1 Websites 12/);
    emulator.addFault({ method: 'GET', fault: { type: 'delay', ms: 4_000 } });
    const started = Date.now();
    s.sendKeys('r');
    await s.waitFor(/did not answer within 1 s/, { what: 'the 1 s timeout', timeoutMs: 12_000 });
    // Three attempts of 1 s and the backoff between them, far from 3 × 15 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    emulator.clearFaults();
    s.sendKeys('q');
    await s.waitFor('[exit 0]');
  }, 30_000);
});

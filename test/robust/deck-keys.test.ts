// Keys a terminal may send that Ink cannot name, and the deck's own timeout setting, through the
// bundled deck in tmux. All were found broken by this suite: a Ctrl-modified key with no name
// (ESC [1;5G) killed the deck with a TypeError, an unnamed one without Ctrl (ESC O q, keypad 1 in
// application mode) was read as the key presses O and q and quit, and the deck ignored --timeout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { dropUnnamedKeys } from '../../src/ui/input/keyGuard';
import { CLI, ensureBuilt } from '../commands/helpers';
import { startTmux, type TmuxSession } from '../helpers/tmux';
// Ink's own key parsing, to check the guard against exactly what would crash.
import parseKeypress from '../../node_modules/ink/build/parse-keypress.js';
import { createInputParser } from '../../node_modules/ink/build/input-parser.js';
import { removeDir } from '../helpers/dirs';
import { startRequestsIn } from '../helpers/startRequests';

type Parsed = { ctrl?: boolean; name?: string; sequence?: string; isKittyProtocol?: boolean };
// Ink 8's parser also yields pastes ({ paste }); none of these inputs is one.
const inkEvents = (input: string): Parsed[] =>
  createInputParser()
    .push(input)
    .map((ev) => parseKeypress(typeof ev === 'string' ? ev : '') as Parsed);
/** A whole CSI or SS3 sequence (an unfinished one, ESC [ with no final byte, is no key at all). */
const WHOLE = /^\x1b+(?:\[[235678]\$|\[\[?[0-?]*[ -/]*[@-~]|O[0-9;]*[@-~])$/;
/**
 * Whether Ink's useInput would misread this input: throw on it (Ink 6.8: a Ctrl key whose name is
 * undefined), or hand a whole nameless sequence over as text (Ink 8 strips the ESC: ESC O q is "Oq";
 * a kitty key is read as its own text).
 */
const inkMisreads = (input: string) =>
  inkEvents(input).some(
    (k) => typeof (k.ctrl ? k.name : k.sequence) !== 'string' || (!k.ctrl && !k.isKittyProtocol && k.name === '' && WHOLE.test(k.sequence ?? '')),
  );
/** One escape sequence Ink reads as a named key. */
const inkNames = (input: string) => {
  const ev = inkEvents(input);
  // A kitty key counts as read: Ink reads those its own way (its text, or nothing).
  return ev.length === 1 && (ev[0]!.isKittyProtocol === true || (typeof ev[0]!.name === 'string' && ev[0]!.name !== ''));
};

const FINALS = '@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~$';
const PARAMS = ['', '1;2', '1;5', '5', '2;5', '1;6', '13', '99;5', '27;5;9', '97;5'];
const PREFIXES = ['\x1b[', '\x1b\x1b[', '\x1b[[', '\x1bO'];
const ALL = PREFIXES.flatMap((p) => PARAMS.flatMap((m) => FINALS.split('').map((f) => p + m + f)));

describe('keys Ink has no name for', () => {
  it('are dropped (nothing left to crash on or to read as key presses); named keys and text pass unchanged', () => {
    expect(ALL.filter(inkMisreads).length).toBeGreaterThan(100); // the problem is real without the guard
    for (const key of ALL) {
      const named = inkNames(key);
      // Whole sequences only for the exact check (ESC [ [ alone is the start of a longer one).
      const whole = inkEvents(key).length === 1 && inkEvents(`${key}j`).length === 2;
      for (const [input, rest] of [
        [key, ''],
        [`${key}j`, 'j'],
        [`k${key}\x1b[A`, 'k\x1b[A'],
      ] as const) {
        const out = dropUnnamedKeys(input);
        expect(inkMisreads(out), JSON.stringify(input)).toBe(false);
        if (whole) expect(out, JSON.stringify(input)).toBe(named ? input : rest);
      }
    }
    // A bracketed paste's markers reach Ink, which reads the text between them as one paste.
    for (const text of ['plain text', 'q', '\x13', '\x1b', '\x1bj', '\x1b[97;5u', '\x1b[200~see https://x.io/qdy\r\x1b[201~'])
      expect(dropUnnamedKeys(text)).toBe(text);
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
  removeDir(dir);
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
  it('keeps running, and does not quit, when a terminal sends keys without a name', async () => {
    const s = deck();
    await s.waitFor(/1 Websites 12/);
    for (const key of ['\x1b[1;5G', '\x1b[5z', '\x1b[99;5~', '\x1b\x1b[1;5u', '\x1b[[1;5x', '\x1bOq', '\x1b[1;2q']) {
      execFileSync('tmux', ['-L', s.socket, 'send-keys', '-t', s.target, '-H', ...Array.from(Buffer.from(key)).map((b) => b.toString(16))]);
    }
    s.sendKeys('j');
    await s.waitFor(/› +11 /, { what: 'the cursor to move after the odd keys' });
    expect(s.capture()).not.toMatch(/TypeError|\[exit/);
    s.sendKeys('q');
    await s.waitFor('[exit 0]');
  });

  it('gives up after --timeout, not after the default 15 s', async () => {
    const from = emulator.hits.length;
    const s = deck(['--timeout', '1']);
    await s.waitFor(/1 Websites 12\s+2 Reports \d+/);
    // All the start's requests in before the fault, so only the refresh's requests meet it.
    await startRequestsIn(emulator, from);
    // Every list request is answered, after 4 s: a deck waiting the default 15 s gets the list.
    emulator.addFault({ method: 'GET', fault: { type: 'delay', ms: 4_000 } });
    emulator.clearHits();
    const written = s.output();
    s.sendKeys('r');
    await written.waitFor(/did not answer within 1 s/, { what: 'the 1 s timeout' });
    // Three attempts (two retries), each given up before its answer came. A list the host did not
    // answer is asked again by itself 2 s after it failed (src/state/autoRefresh.ts): a loaded
    // machine may see that one too, and it comes at least 2 s after the third attempt's 1 s.
    const gets = emulator.hits.filter((h) => h.method === 'GET' && h.host === 'analytics');
    expect(gets.slice(0, 3).map((h) => h.path)).toEqual(Array(3).fill('/public/api/v1/websites'));
    for (const later of gets.slice(3)) expect(later.at - gets[2].at).toBeGreaterThanOrEqual(3_000);
    emulator.clearFaults();
    s.sendKeys('q');
    await s.waitFor('[exit 0]');
  }, 60_000);
});

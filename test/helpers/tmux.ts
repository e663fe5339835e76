import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GLYPHS } from '../../src/ui/glyphs';
import { waitFor } from './wait';
import { removeDir } from './dirs';

// A program in tmux starts a node process and draws through a pty: on a busy machine that takes
// seconds. A wait ends as soon as what it waits for is on screen: this only bounds a failure.
const TMUX_WAIT_MS = 45_000;
/**
 * How often a wait captures the screen: each capture is a tmux process. Most waits end within a
 * second; the long ones (a deck starting on a busy machine, a rate limit's minute) look less often.
 */
const CAPTURE_EVERY = (waitedMs: number) => (waitedMs < 1_000 ? 40 : waitedMs < 5_000 ? 100 : 200);

/** What a program wrote to its pane since a point in time, as text. */
export interface PaneOutput {
  /** Everything written since, as written (escape sequences kept). */
  raw(): string;
  /** Everything written since, colour and cursor codes removed. */
  text(): string;
  /** The same, one entry per frame (Ink begins each with a synchronized update). */
  frames(): string[];
  /** Polls until what was written since contains `what` (or the predicate holds); fails with that text. */
  waitFor(what: string | RegExp | ((text: string) => boolean), opts?: { timeoutMs?: number; what?: string }): Promise<string>;
  /** Polls until one frame written since passes `test`, and returns the first that does. */
  waitForFrame(test: (frame: string) => boolean, opts?: { timeoutMs?: number; what?: string }): Promise<string>;
}

/** A program running in its own tmux server (unique socket), driven like a person at a terminal. */
export interface TmuxSession {
  readonly socket: string;
  /** tmux key names, one press each: 'Enter', 'Escape', 'C-s', 'Down', 'j', … */
  sendKeys(...keys: string[]): void;
  /** Literal text, typed as is. */
  sendText(text: string): void;
  /** Bytes as a terminal sends them, escape sequences included (send-keys -H): `bytes` is latin1 text. */
  sendBytes(bytes: string): void;
  /** The visible screen as text. */
  capture(): string;
  /** Polls the screen until it contains `what` (or the predicate holds) on a whole frame; fails with the last screen. */
  waitFor(what: string | RegExp | ((screen: string) => boolean), opts?: { timeoutMs?: number; what?: string }): Promise<string>;
  /**
   * What the program writes from now on (tmux pipe-pane; bytes still in the pipe may count as now):
   * a message on screen for a moment only (a flash) is seen there however seldom a busy machine lets
   * the screen be captured. Call it once the screen shows the state before the key that writes it.
   * With `fromStart` (needs the option recordFromStart), everything the program wrote.
   */
  output(opts?: { fromStart?: boolean }): PaneOutput;
  /** Resizes the window (the program receives SIGWINCH). */
  resize(columns: number, rows: number): void;
  /** Pid of the program itself (the pane runs it under a shell). */
  programPid(): number;
  kill(): void;
}

export interface TmuxOptions {
  /** argv of the program. */
  command: string[];
  /**
   * Added to the program's environment. XDG_CACHE_HOME and XDG_STATE_HOME default to empty directories
   * of their own (removed by kill), so no run warm-starts from another's cache or writes score history
   * into the home directory.
   */
  env?: Record<string, string>;
  /** Variables removed from the program's environment (CI by default: with CI set Ink writes only the last frame). */
  unsetEnv?: string[];
  columns?: number;
  rows?: number;
  cwd?: string;
  /** After the program exits, print `[exit N]` and keep the pane so the test can read it. Default true. */
  holdOnExit?: boolean;
  /** Pipe the pane to a file before the program starts, for output({ fromStart: true }). */
  recordFromStart?: boolean;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
// CSI (colours, cursor moves, modes), OSC (title, clipboard) and two-byte escapes; the pane's CRs.
const CODES = /\x1b\[[0-9;?<=>]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\r/g;
const SPINNER = new RegExp(`[${GLYPHS.spinner.join('')}]`, 'g');
const withoutSpinner = (screen: string) => screen.replace(SPINNER, ' ');
/** Begin synchronized update: Ink opens every frame with it. */
const FRAME_START = '\x1b[?2026h';
const asTest = (what: string | RegExp | ((s: string) => boolean)) =>
  typeof what === 'function' ? what : typeof what === 'string' ? (s: string) => s.includes(what) : (s: string) => what.test(s);

/** The bytes of `file` from `from` on (none while the file does not exist yet). */
function readFrom(file: string, from: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(Math.max(0, size - from));
    if (buf.length) readSync(fd, buf, 0, buf.length, from);
    return buf;
  } finally {
    closeSync(fd);
  }
}

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function startTmux(opts: TmuxOptions): TmuxSession {
  const socket = `sitedeck-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  // tmux's complaints go into the error thrown (a kill after the server ended is not news for the log).
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const unset = (opts.unsetEnv ?? ['CI']).flatMap((v) => ['-u', v]);
  const ownCache = opts.env?.XDG_CACHE_HOME === undefined ? mkdtempSync(join(tmpdir(), 'sitedeck-cache-')) : null;
  const ownState = opts.env?.XDG_STATE_HOME === undefined ? mkdtempSync(join(tmpdir(), 'sitedeck-state-')) : null;
  const env = { ...(ownCache ? { XDG_CACHE_HOME: ownCache } : {}), ...(ownState ? { XDG_STATE_HOME: ownState } : {}), ...opts.env };
  const assigns = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const program = ['env', ...unset, ...assigns, ...opts.command].map(quote).join(' ');
  const run = opts.holdOnExit === false ? `exec ${program}` : `${program}; echo "[exit $?]"; sleep 600`;
  // Recorded from the start: the pane waits for the pipe to be in place before it runs the program.
  const gate = `start-${socket}`;
  const script = opts.recordFromStart ? `tmux -L ${quote(socket)} wait-for ${gate}; ${run}` : run;
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'deck', '-x', String(opts.columns ?? 120), '-y', String(opts.rows ?? 40), script);
  // The window keeps the size asked for, whatever client attaches.
  tmux('set-option', '-t', 'deck', 'window-size', 'manual');

  const capture = () => tmux('capture-pane', '-p', '-t', 'deck');
  // The pane's bytes, piped to a file from the first output() on (one pipe per pane).
  let piped: { dir: string; file: string } | null = null;
  const pipeFile = () => {
    if (!piped) {
      const dir = mkdtempSync(join(tmpdir(), 'sitedeck-pane-'));
      piped = { dir, file: join(dir, 'pane.bytes') };
      tmux('pipe-pane', '-o', '-t', 'deck', `cat >> ${quote(piped.file)}`);
    }
    return piped.file;
  };
  if (opts.recordFromStart) {
    pipeFile();
    // A signal sent before the pane waits is kept: the wait then returns at once.
    tmux('wait-for', '-S', gate);
  }
  return {
    socket,
    sendKeys: (...keys) => {
      for (const k of keys) tmux('send-keys', '-t', 'deck', k);
    },
    sendText: (text) => void tmux('send-keys', '-t', 'deck', '-l', text),
    sendBytes: (bytes) => void tmux('send-keys', '-t', 'deck', '-H', ...[...Buffer.from(bytes, 'latin1')].map((b) => b.toString(16).padStart(2, '0'))),
    capture,
    async waitFor(what, o = {}) {
      const test = asTest(what);
      let screen = '';
      let previous: string | null = null;
      const look = () => {
        try {
          screen = capture();
        } catch {
          screen = '(no pane)';
        }
        // tmux may be halfway through reading a frame when it answers a capture (the top of a new
        // frame over the rest of the old): a screen counts once two captures in a row agree (but
        // for the spinner, which turns while the rest stands).
        const still = withoutSpinner(screen);
        const drawn = still === previous;
        previous = still;
        return drawn && test(screen) ? screen : null;
      };
      return waitFor(look, o.what ?? String(what), o.timeoutMs ?? TMUX_WAIT_MS, CAPTURE_EVERY).catch((e: Error) => {
        throw new Error(`tmux: ${e.message}; screen:\n${screen}`);
      });
    },
    output(o = {}) {
      if (o.fromStart && !opts.recordFromStart) throw new Error('output({ fromStart }) needs startTmux({ recordFromStart: true })');
      const file = pipeFile();
      // Bytes already there belong to the past.
      const from = o.fromStart ? 0 : (statSync(file, { throwIfNoEntry: false })?.size ?? 0);
      const raw = () => readFrom(file, from).toString('utf8');
      const text = () => raw().replace(CODES, '');
      const frames = () => raw().split(FRAME_START).map((f) => f.replace(CODES, ''));
      const poll = <T>(look: () => T | null, what: string, last: () => string, timeoutMs?: number) =>
        waitFor(look, what, timeoutMs ?? TMUX_WAIT_MS, 40).catch((e: Error) => {
          throw new Error(`tmux: ${e.message}; written since:\n${last().slice(-4000)}`);
        });
      return {
        raw,
        text,
        frames,
        waitFor(what, w = {}) {
          const test = asTest(what);
          let seen = '';
          const look = () => {
            seen = text();
            return test(seen) ? seen : null;
          };
          return poll(look, w.what ?? `${String(what)} written`, () => seen, w.timeoutMs);
        },
        waitForFrame(test, w = {}) {
          let seen: string[] = [];
          const look = () => {
            seen = frames();
            return seen.find(test) ?? null;
          };
          return poll(look, w.what ?? 'a frame written', () => seen.at(-1) ?? '', w.timeoutMs);
        },
      };
    },
    resize: (columns, rows) => void tmux('resize-window', '-t', 'deck', '-x', String(columns), '-y', String(rows)),
    programPid: () => {
      const shell = tmux('list-panes', '-t', 'deck', '-F', '#{pane_pid}').trim();
      if (opts.holdOnExit === false) return Number(shell);
      // The pane's shell runs `env … program`; env execs the program, so it is the shell's child.
      const child = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' }).trim().split(/\s+/)[0];
      return Number(child);
    },
    kill: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      // tmux can leave its socket file behind; many test runs would pile them up.
      const dir = join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`);
      rmSync(join(dir, socket), { force: true });
      for (const own of [ownCache, ownState, piped?.dir]) if (own) removeDir(own);
    },
  };
}

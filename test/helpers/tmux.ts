import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { WAIT_MS } from './wait';
import { removeDir } from './dirs';
import { TmuxServer } from './tmuxServer';
// Begin synchronized update: Ink opens every frame with it, and so does the pre-paint.
import { SYNC_END, SYNC_START } from '../../src/ui/layout/screen';

// A program in tmux starts a node process and draws through a pty: on a busy machine that takes
// seconds. A wait ends as soon as what it waits for is on screen: this only bounds a failure.
const TMUX_WAIT_MS = 45_000;

/** What a program wrote to its pane since a point in time, as text. */
export interface PaneOutput {
  /** Everything written since, as written (escape sequences kept). */
  raw(): string;
  /** Everything written since, colour and cursor codes removed. */
  text(): string;
  /** The same, one entry per frame (Ink begins each with a synchronized update). */
  frames(): string[];
  /** Waits until what was written since contains `what` (or the predicate holds); fails with that text. */
  waitFor(what: string | RegExp | ((text: string) => boolean), opts?: { timeoutMs?: number; what?: string }): Promise<string>;
  /** Waits until one frame written since passes `test`, and returns the first that does. */
  waitForFrame(test: (frame: string) => boolean, opts?: { timeoutMs?: number; what?: string }): Promise<string>;
  /**
   * The same for whole synchronized updates (each drawn at once by the terminal): only those whose
   * end has been written, as text; a frame's first bytes are not yet the update it ends.
   */
  waitForUpdate(test: (update: string) => boolean, opts?: { timeoutMs?: number; what?: string }): Promise<string>;
}

/**
 * A program in a tmux session of its own, driven like a person at a terminal. The session is on its
 * test file's tmux server, or on a server of its own (TmuxOptions.ownServer).
 */
export interface TmuxSession {
  /** The server's socket name (tmux -L). */
  readonly socket: string;
  /** The session's name, for tmux's -t. */
  readonly target: string;
  /** tmux key names, one press each: 'Enter', 'Escape', 'C-s', 'Down', 'j', … */
  sendKeys(...keys: string[]): void;
  /** Literal text, typed as is. */
  sendText(text: string): void;
  /** Bytes as a terminal sends them, escape sequences included (send-keys -H): `bytes` is latin1 text. */
  sendBytes(bytes: string): void;
  /** The visible screen as text (a tmux process). */
  capture(): string;
  /** The same through the server's control client (no process); a frame may be half-drawn. */
  screen(): Promise<string>;
  /**
   * Waits until the screen contains `what` (or the predicate holds) on a whole frame; fails with the
   * last screen. It looks at the start and again each time the program writes: a predicate on
   * anything but the screen belongs to wait.ts's waitFor.
   */
  waitFor(what: string | RegExp | ((screen: string) => boolean), opts?: { timeoutMs?: number; what?: string }): Promise<string>;
  /**
   * What the program writes from now on, as tmux reports it (bytes not reported yet count as now): a
   * message on screen for a moment only (a flash) is seen there however briefly it is drawn. Call it
   * once the screen shows the state before the key that writes it. With `fromStart` (needs the
   * option recordFromStart), everything the program wrote.
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
  /** Record what the program writes from its first byte, for output({ fromStart: true }). */
  recordFromStart?: boolean;
  /**
   * A tmux server of its own, for a test that changes the server's global options (set-option -g)
   * or counts its paste buffers; the others of a test file share one.
   */
  ownServer?: boolean;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
// CSI (colours, cursor moves, modes), OSC (title, clipboard) and two-byte escapes; the pane's CRs.
const CODES = /\x1b\[[0-9;?<=>]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\r/g;
const asTest = (what: string | RegExp | ((s: string) => boolean)) =>
  typeof what === 'function' ? what : typeof what === 'string' ? (s: string) => s.includes(what) : (s: string) => what.test(s);

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The test file whose sessions share `server` (vitest runs a worker's files one after the other). */
let shared: { file: string; server: TmuxServer } | null = null;
let opened = 0;
process.once('exit', () => shared?.server.kill());

function serverFor(own: boolean): TmuxServer {
  if (own) return new TmuxServer();
  const file = expect.getState().testPath ?? '';
  if (shared?.file === file && shared.server.running) return shared.server;
  shared?.server.kill();
  shared = { file, server: new TmuxServer() };
  return shared.server;
}

/** Fails a wait that timed out, with what it last saw. */
const timedOut = (limit: number, what: string, last: string, seen: string) =>
  new Error(`tmux: timed out after ${limit} ms waiting for ${what}; ${last}:\n${seen}`);

export function startTmux(opts: TmuxOptions): TmuxSession {
  const own = opts.ownServer === true;
  const server = serverFor(own);
  const target = `deck-${++opened}`;
  const unset = (opts.unsetEnv ?? ['CI']).flatMap((v) => ['-u', v]);
  const ownCache = opts.env?.XDG_CACHE_HOME === undefined ? mkdtempSync(join(tmpdir(), 'sitedeck-cache-')) : null;
  const ownState = opts.env?.XDG_STATE_HOME === undefined ? mkdtempSync(join(tmpdir(), 'sitedeck-state-')) : null;
  const env = { ...(ownCache ? { XDG_CACHE_HOME: ownCache } : {}), ...(ownState ? { XDG_STATE_HOME: ownState } : {}), ...opts.env };
  const assigns = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const program = ['env', ...unset, ...assigns, ...opts.command].map(quote).join(' ');
  const run = opts.holdOnExit === false ? `exec ${program}` : `${program}; echo "[exit $?]"; sleep 600`;
  // One command list, which tmux runs before it reads any pane: the window keeps the size asked for
  // whatever client attaches, and is linked into the session the control client watches from its
  // first byte.
  const [pane, window] = server
    .run(
      ...['new-session', '-d', '-s', target, '-x', String(opts.columns ?? 120), '-y', String(opts.rows ?? 40), '-c', opts.cwd ?? process.cwd(), run],
      ...[';', 'set-option', '-t', target, 'window-size', 'manual'],
      ...[';', 'link-window', '-d', '-s', `${target}:`, '-t', 'keep:'],
      ...[';', 'display-message', '-p', '-t', `${target}:`, '#{pane_id} #{window_id}'],
    )
    .trim()
    .split(' ');
  server.watch(pane, opts.recordFromStart === true);
  const tmux = (...args: string[]) => server.run(...args);

  /** Looks with `look` at the start and after each change of the pane, until it returns something or the time is up. */
  async function until<T>(
    look: () => Promise<{ found: T | null; version: number }>,
    timeoutMs: number | undefined,
    fail: (limit: number) => Error,
  ): Promise<T> {
    const limit = Math.max(timeoutMs ?? TMUX_WAIT_MS, WAIT_MS);
    const deadline = Date.now() + limit;
    for (;;) {
      const { found, version } = await look();
      if (found !== null) return found;
      if (Date.now() > deadline || !(await server.changed(pane, version, deadline))) throw fail(limit);
    }
  }

  return {
    socket: server.socket,
    target,
    sendKeys: (...keys) => {
      for (const k of keys) tmux('send-keys', '-t', target, k);
    },
    sendText: (text) => void tmux('send-keys', '-t', target, '-l', text),
    sendBytes: (bytes) => void tmux('send-keys', '-t', target, '-H', ...[...Buffer.from(bytes, 'latin1')].map((b) => b.toString(16).padStart(2, '0'))),
    capture: () => tmux('capture-pane', '-p', '-t', target),
    screen: async () => (await server.capture(pane)).screen ?? '(no pane)',
    waitFor(what, o = {}) {
      const test = asTest(what);
      let screen = '';
      const look = async () => {
        const c = await server.capture(pane);
        screen = c.screen ?? '(no pane)';
        // tmux took it between two frames (or the program draws without synchronized updates).
        return { found: c.whole && test(screen) ? screen : null, version: c.version };
      };
      return until(look, o.timeoutMs, (limit) => timedOut(limit, o.what ?? String(what), 'screen', screen));
    },
    output(o = {}) {
      if (o.fromStart && !opts.recordFromStart) throw new Error('output({ fromStart }) needs startTmux({ recordFromStart: true })');
      const chunks = server.recorded(pane);
      // Chunks already reported belong to the past.
      const from = o.fromStart ? 0 : chunks.length;
      const raw = () => Buffer.concat(chunks.slice(from)).toString('utf8');
      const text = () => raw().replace(CODES, '');
      const frames = () =>
        raw()
          .split(SYNC_START)
          .map((f) => f.replace(CODES, ''));
      const written = <T>(look: () => T | null, what: string, last: () => string, timeoutMs?: number) =>
        until(
          async () => {
            const version = server.version(pane);
            const v = look();
            return { found: v ? v : null, version };
          },
          timeoutMs,
          (limit) => timedOut(limit, what, 'written since', last().slice(-4000)),
        );
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
          return written(look, w.what ?? `${String(what)} written`, () => seen, w.timeoutMs);
        },
        waitForFrame(test, w = {}) {
          let seen: string[] = [];
          const look = () => {
            seen = frames();
            return seen.find(test) ?? null;
          };
          return written(look, w.what ?? 'a frame written', () => seen.at(-1) ?? '', w.timeoutMs);
        },
        waitForUpdate(test, w = {}) {
          let seen: string[] = [];
          const look = () => {
            seen = raw()
              .split(SYNC_START)
              .slice(1)
              .filter((u) => u.includes(SYNC_END))
              .map((u) => u.slice(0, u.indexOf(SYNC_END)).replace(CODES, ''));
            return seen.find(test) ?? null;
          };
          return written(look, w.what ?? 'an update written', () => seen.at(-1) ?? '', w.timeoutMs);
        },
      };
    },
    resize: (columns, rows) => void tmux('resize-window', '-t', target, '-x', String(columns), '-y', String(rows)),
    programPid: () => {
      const shell = tmux('display-message', '-p', '-t', target, '#{pane_pid}').trim();
      if (opts.holdOnExit === false) return Number(shell);
      // The pane's shell runs `env … program`; env execs the program, so it is the shell's child.
      const child = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' }).trim().split(/\s+/)[0];
      return Number(child);
    },
    kill: () => {
      if (own) server.kill();
      else {
        try {
          // From both sessions it is in; its session goes with it.
          tmux('kill-window', '-t', window);
        } catch {
          // already gone
        }
      }
      server.forget(pane);
      for (const dir of [ownCache, ownState]) if (dir) removeDir(dir);
    },
  };
}

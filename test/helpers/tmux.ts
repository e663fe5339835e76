import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './wait';

// A program in tmux starts a node process and draws through a pty: on a busy machine that takes seconds.
const TMUX_WAIT_MS = 20_000;

/** A program running in its own tmux server (unique socket), driven like a person at a terminal. */
export interface TmuxSession {
  readonly socket: string;
  /** tmux key names, one press each: 'Enter', 'Escape', 'C-s', 'Down', 'j', … */
  sendKeys(...keys: string[]): void;
  /** Literal text, typed as is. */
  sendText(text: string): void;
  /** The visible screen as text. */
  capture(): string;
  /** Polls the screen until it contains `what` (or the predicate holds); fails with the last screen. */
  waitFor(what: string | RegExp | ((screen: string) => boolean), opts?: { timeoutMs?: number; what?: string }): Promise<string>;
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
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

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
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', cwd: opts.cwd });
  const unset = (opts.unsetEnv ?? ['CI']).flatMap((v) => ['-u', v]);
  const ownCache = opts.env?.XDG_CACHE_HOME === undefined ? mkdtempSync(join(tmpdir(), 'sitedeck-cache-')) : null;
  const ownState = opts.env?.XDG_STATE_HOME === undefined ? mkdtempSync(join(tmpdir(), 'sitedeck-state-')) : null;
  const env = { ...(ownCache ? { XDG_CACHE_HOME: ownCache } : {}), ...(ownState ? { XDG_STATE_HOME: ownState } : {}), ...opts.env };
  const assigns = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const program = ['env', ...unset, ...assigns, ...opts.command].map(quote).join(' ');
  const script = opts.holdOnExit === false ? program : `${program}; echo "[exit $?]"; sleep 600`;
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'deck', '-x', String(opts.columns ?? 120), '-y', String(opts.rows ?? 40), script);
  // The window keeps the size asked for, whatever client attaches.
  tmux('set-option', '-t', 'deck', 'window-size', 'manual');

  const capture = () => tmux('capture-pane', '-p', '-t', 'deck');
  return {
    socket,
    sendKeys: (...keys) => {
      for (const k of keys) tmux('send-keys', '-t', 'deck', k);
    },
    sendText: (text) => void tmux('send-keys', '-t', 'deck', '-l', text),
    capture,
    async waitFor(what, o = {}) {
      const test = typeof what === 'function' ? what : typeof what === 'string' ? (s: string) => s.includes(what) : (s: string) => what.test(s);
      let screen = '';
      const look = () => {
        try {
          screen = capture();
        } catch {
          screen = '(no pane)';
        }
        return test(screen) ? screen : null;
      };
      return waitFor(look, o.what ?? String(what), o.timeoutMs ?? TMUX_WAIT_MS, 40).catch((e: Error) => {
        throw new Error(`tmux: ${e.message}; screen:\n${screen}`);
      });
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
      for (const own of [ownCache, ownState]) if (own) rmSync(own, { recursive: true, force: true });
    },
  };
}

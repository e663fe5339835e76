// The edges of a command: where output goes, whether a person is there, how to ask them.
import type { Readable } from 'node:stream';
import { MEGABYTE, megabytes } from '../files';
import type { Env } from '../config/paths';
import { SETTINGS } from '../config/settings';
import { glyphsFor } from '../text/glyphs';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';

/** A byte stream in (process.stdin, or a test's text); setRawMode when it is a terminal. */
type Input = Readable & { setRawMode?(mode: boolean): unknown };

/** Somewhere text is written (process.stdout, or a test's buffer). */
interface Output {
  write(s: string): unknown;
  /** --quiet's held stderr: a question is about to be asked, so what was held is written and nothing more is held. */
  unhold?(): void;
}

/**
 * Everything a command reads of the world and where it writes: the bundle's entry builds it from
 * `process` (src/cli.tsx), a test from strings. Nothing under src/commands or src/config reads
 * `process` for these (a lint rule keeps it so): a command is a function of this, returning its exit code.
 */
export interface Seam {
  /** The words after `sitedeck`. */
  readonly argv: readonly string[];
  readonly stdin: Input;
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: Env;
  /** The directory relative paths are read from. */
  readonly cwd: string;
  /** Which of the three streams is a terminal. */
  readonly isTTY: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean };
  /** stdout's width when it is a terminal. */
  readonly columns?: number;
  /** The terminal's size when stdout or stderr is one (what `doctor` says of it). */
  readonly terminalSize?: { readonly columns: number; readonly rows: number };
  /** Aborted on the first Ctrl+C: the command stops what it sends and says so. */
  readonly signal: AbortSignal;
  readonly now: () => number;
}

export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly stdin: Input;
  /** stdout is a terminal: aligned tables; otherwise tab-separated lines. */
  readonly stdoutIsTTY: boolean;
  /** stdin is a terminal: prompts are possible. */
  readonly stdinIsTTY: boolean;
  /** stderr is a terminal: progress lines are drawn there. */
  readonly stderrIsTTY?: boolean;
  readonly columns: number;
  readonly color: boolean;
  /** TERM=dumb: a terminal that takes no colour, bold or cursor control, so progress is written a whole line at a time. */
  readonly dumbTerminal?: boolean;
  /** The environment the command runs in (its configuration, a key command's, the cache's place). */
  readonly env: Env;
  /** The directory a relative path given to the command (--output) is read from. */
  readonly cwd: string;
  readonly terminalSize?: Seam['terminalSize'];
  /** Most bytes read from stdin (max_stdin_mb); undefined: the default. */
  readonly stdinMaxBytes?: number;
  /** The words the user typed after `sitedeck`: a resume line repeats them as typed. */
  readonly argv?: readonly string[];
}

/** What stdin may hold unless max_stdin_mb says otherwise: its default. */
const DEFAULT_STDIN_BYTES = SETTINGS.max_stdin_mb.default * MEGABYTE;

/** TERM=dumb: the terminal says it takes no escape sequence at all (no colour, bold or cursor control). */
const isDumbTerminal = (env: Env): boolean => env.TERM === 'dumb';

/** Text written in the locale's character set: sitedeck's glyphs in ASCII where it is not UTF-8 (src/text/glyphs.ts). */
function inLocale(out: Output, env: Env): Output {
  const glyphs = glyphsFor(env);
  return { write: (s: string) => out.write(glyphs(s)) };
}

/**
 * A command's edges from the seam: colour only on a terminal that takes it (NO_COLOR and --no-color
 * are `color`; TERM=dumb takes none either), tables as wide as it, glyphs the locale can encode.
 */
export function seamIo(seam: Seam, color: boolean): Io {
  const dumb = isDumbTerminal(seam.env);
  return {
    stdout: inLocale(seam.stdout, seam.env),
    stderr: inLocale(seam.stderr, seam.env),
    stdin: seam.stdin,
    stdoutIsTTY: seam.isTTY.stdout,
    stdinIsTTY: seam.isTTY.stdin,
    stderrIsTTY: seam.isTTY.stderr,
    columns: seam.isTTY.stdout && seam.columns ? seam.columns : 100,
    color: color && seam.isTTY.stdout && !dumb,
    dumbTerminal: dumb,
    env: seam.env,
    cwd: seam.cwd,
    terminalSize: seam.terminalSize,
    argv: seam.argv,
  };
}

/** Most of stderr --quiet holds back for a failure: past it the rest is counted, not kept. */
const HELD_MAX_BYTES = MEGABYTE;

/** --quiet's stderr: held while the command runs, written by `release` (a failure) or dropped (a success). */
export interface Held {
  readonly out: Output;
  release(): void;
}

/**
 * --quiet: stderr only for failures. What a command says on stderr (a success line, progress, a
 * notice) is held and written only when it ends non-zero, so the failure comes with its context
 * (the summary, the resume line) and a success says nothing: cron mails nothing.
 */
export function holdStderr(out: Output): Held {
  let held: string[] | undefined = [];
  let size = 0;
  let dropped = 0;
  const release = () => {
    if (!held) return;
    const text = held.join('');
    held = undefined;
    if (text) out.write(text);
    if (dropped) out.write(`sitedeck: --quiet held ${megabytes(HELD_MAX_BYTES)} of stderr; ${dropped} bytes after it were left out\n`);
  };
  return {
    out: {
      write: (s: string) => {
        if (!held) return out.write(s);
        if (size + s.length > HELD_MAX_BYTES) dropped += s.length;
        else {
          held.push(s);
          size += s.length;
        }
        return true;
      },
      unhold: release,
    },
    release,
  };
}

/** All of stdin as text (ids, a piped password or key), refused in words past the limit. */
export async function readAll(io: Pick<Io, 'stdin' | 'stdinMaxBytes'>): Promise<string> {
  const max = io.stdinMaxBytes ?? DEFAULT_STDIN_BYTES;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of io.stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buf.length;
    if (total > max) {
      io.stdin.destroy();
      throw new CommandFailure(
        EXIT.usage,
        `standard input holds more than ${megabytes(max)}, the most sitedeck reads from it (max_stdin_mb); nothing was sent`,
      );
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** One secret: piped → the first line of stdin; terminal → typed with each character shown as •. */
export async function readSecret(io: Io, prompt: string, opts: { whole?: boolean } = {}): Promise<string> {
  // Piped: the first line, or (`whole`) everything, for a caller that refuses more than one line.
  if (!io.stdinIsTTY) return opts.whole ? await readAll(io) : ((await readAll(io)).split(/\r?\n/)[0] ?? '');
  return promptMasked(io, prompt);
}

function promptMasked(io: Io, prompt: string): Promise<string> {
  return readLine(io, prompt, () => '•');
}

/** A yes/no question on the terminal; anything but y/yes is No. */
export function confirm(io: Io, question: string): Promise<boolean> {
  return readLine(io, `${question} [y/N] `, (ch) => ch).then((line) => /^y(es)?$/i.test(line.trim()));
}

/**
 * One line typed on the terminal in raw mode: Enter or Ctrl+D ends it, Backspace edits it,
 * Ctrl+C rejects as an interruption. `echo` says what each typed character shows as. The prompt is
 * written only once raw mode is on, so nothing typed after it appears is echoed by the terminal.
 */
function readLine(io: Io, prompt: string, echo: (ch: string) => string): Promise<string> {
  const stdin = io.stdin;
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (fn: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      fn();
    };
    const onData = (data: Buffer | string) => {
      for (const ch of String(data)) {
        if (ch === '\r' || ch === '\n' || ch === '\x04') return finish(() => resolve(line));
        if (ch === '\x03') return finish(() => reject(new CommandFailure(EXIT.interrupted, 'interrupted')));
        if (ch === '\x7f' || ch === '\b') {
          if (line) {
            line = [...line].slice(0, -1).join('');
            io.stderr.write('\b \b');
          }
          continue;
        }
        if (ch < ' ') continue;
        line += ch;
        io.stderr.write(echo(ch));
      }
    };
    io.stderr.unhold?.();
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
    io.stderr.write(prompt);
  });
}

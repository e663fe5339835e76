// The edges of a command: where output goes, whether a person is there, how to ask them.
import { MEGABYTE, megabytes } from '../files';
import type { Env } from '../config/paths';
import { SETTINGS } from '../config/settings';
import type { Io, Output } from '../terminal/io';
import { glyphsFor } from '../text/glyphs';
import { drainOf } from './drained';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';

// A command is a function of the one I/O object (src/terminal/io.ts), returning its exit code: the
// bundle's entry builds it from `process` (src/cli.tsx), a test from strings. Nothing under
// src/commands or src/config reads `process` (a lint rule keeps it so).
export type { Io, Output } from '../terminal/io';

/** What stdin may hold unless max_stdin_mb says otherwise: its default. */
const DEFAULT_STDIN_BYTES = SETTINGS.max_stdin_mb.default * MEGABYTE;

/** TERM=dumb: the terminal says it takes no escape sequence at all (no colour, bold or cursor control), so progress is written a whole line at a time. */
export const dumbTerminal = (io: Pick<Io, 'env'>): boolean => io.env.TERM === 'dumb';

/** How wide a command's tables are: stdout's width on a terminal, 100 otherwise. */
export const widthOf = (io: Pick<Io, 'isTTY' | 'columns'>): number => (io.isTTY.stdout && io.columns ? io.columns : 100);

/** Text written in the locale's character set: sitedeck's glyphs in ASCII where it is not UTF-8 (src/text/glyphs.ts). */
function inLocale(out: Output, env: Env): Output {
  const glyphs = glyphsFor(env);
  return { write: (s: string) => out.write(glyphs(s)), ...drainOf(out) };
}

/**
 * A command's I/O: --no-color (`color` false) turns colour off as NO_COLOR does, and text goes out
 * in glyphs the locale can encode.
 */
export function commandIo(io: Io, color: boolean): Io {
  return { ...io, stdout: inLocale(io.stdout, io.env), stderr: inLocale(io.stderr, io.env), color: io.color && color };
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
  if (!io.isTTY.stdin) return opts.whole ? await readAll(io) : ((await readAll(io)).split(/\r?\n/)[0] ?? '');
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

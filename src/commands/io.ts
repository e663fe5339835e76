// The edges of a command: where output goes, whether a person is there, how to ask them.
import { MEGABYTE, megabytes } from '../files';
import { SETTINGS } from '../config/settings';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';

export interface Io {
  readonly stdout: { write(s: string): unknown };
  readonly stderr: { write(s: string): unknown };
  readonly stdin: NodeJS.ReadStream;
  /** stdout is a terminal: aligned tables; otherwise tab-separated lines. */
  readonly stdoutIsTTY: boolean;
  /** stdin is a terminal: prompts are possible. */
  readonly stdinIsTTY: boolean;
  /** stderr is a terminal: progress lines are drawn there. */
  readonly stderrIsTTY?: boolean;
  readonly columns: number;
  readonly color: boolean;
  /** Most bytes read from stdin (max_stdin_mb); undefined: the default. */
  readonly stdinMaxBytes?: number;
}

/** What stdin may hold unless max_stdin_mb says otherwise: its default. */
export const DEFAULT_STDIN_BYTES = SETTINGS.max_stdin_mb.default * MEGABYTE;

export function processIo(color: boolean): Io {
  const out = process.stdout;
  return {
    stdout: out,
    stderr: process.stderr,
    stdin: process.stdin,
    stdoutIsTTY: Boolean(out.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    columns: out.isTTY && out.columns ? out.columns : 100,
    color: color && Boolean(out.isTTY),
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
      throw new CommandFailure(EXIT.usage, `standard input holds more than ${megabytes(max)}, the most sitedeck reads from it (max_stdin_mb); nothing was sent`);
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
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
    io.stderr.write(prompt);
  });
}

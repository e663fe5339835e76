// Runs a command in this process through the seam the bundle's entry uses (src/commands/main.ts):
// the same program, the real client over loopback HTTP to the emulator, strings for the streams.
// What it cannot prove is the process itself (exit status through a real exit, EPIPE, signals, a
// terminal, the entry's Node check): those stay on the bundle (./helpers.ts: runCli, runInPty).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { colorFor } from '../../src/terminal/env';
import type { Io } from '../../src/terminal/io';
import { runSitedeck } from '../../src/commands/main';
import { testIo } from '../helpers/testIo';
import { baseEnv, type RunOptions, type RunResult } from './helpers';

/** A home of its own for runs that give none: what a command keeps under HOME never lands in the real one. */
let scratchHome: string | undefined;
const homeOfRuns = () => (scratchHome ??= mkdtempSync(join(tmpdir(), 'sitedeck-home-')));

type CommandOptions = Pick<RunOptions, 'env' | 'input'> &
  Partial<Pick<Io, 'signal' | 'cwd' | 'terminalSize'>> & {
    /** Called before each write with the stream and how many writes it has taken; a throw is that write failing (EPIPE, ENOSPC). */
    beforeWrite?: (stream: 'stdout' | 'stderr', text: string, writes: number) => void;
  };

/**
 * `sitedeck <args>` in-process: stdout, stderr and the exit code, as runCli gives them. Unless told, no
 * stream is a terminal; `input` is all of stdin; the environment is `opts.env` over a clean one with a scratch HOME;
 * aborting `signal` is the Ctrl+C the entry turns into the seam's; `cwd` (default this process's)
 * is where a relative path given to the command is read from; `terminalSize`, the terminal's that
 * stderr is (stdout stays a pipe); `terminal`, a terminal of that width that stdout and stderr both are
 * (stdin stays a pipe: no prompt), whose `screen` is the two streams in the order written; `beforeWrite`,
 * a stream that fails (it throws) or a signal that comes (it aborts) at a given write.
 */
export async function runCommand(args: readonly string[], opts: CommandOptions & { terminal: { columns: number } }): Promise<RunResult & { screen: string }>;
export async function runCommand(args: readonly string[], opts?: CommandOptions): Promise<RunResult>;
export async function runCommand(
  args: readonly string[],
  opts: CommandOptions & { terminal?: { columns: number } } = {},
): Promise<RunResult & { screen?: string }> {
  let stdout = '';
  let stderr = '';
  let screen = '';
  const term = opts.terminal && { columns: opts.terminal.columns, rows: 40 };
  const writes = { stdout: 0, stderr: 0 };
  const before = (stream: 'stdout' | 'stderr', s: string) => opts.beforeWrite?.(stream, s, writes[stream]++);
  const env = baseEnv({ HOME: homeOfRuns(), ...opts.env });
  const isTTY = { stdin: false, stdout: term !== undefined, stderr: term !== undefined || opts.terminalSize !== undefined };
  const code = await runSitedeck(
    testIo({
      argv: args,
      stdin: Readable.from(opts.input ? [opts.input] : []),
      stdout: { write: (s: string) => (before('stdout', s), (stdout += s), (screen += s)) },
      stderr: { write: (s: string) => (before('stderr', s), (stderr += s), (screen += s)) },
      env,
      cwd: opts.cwd ?? process.cwd(),
      isTTY,
      columns: term?.columns,
      terminalSize: term ?? opts.terminalSize,
      // What the entry says of colour (src/cli.tsx), from the same environment and terminal.
      color: colorFor(isTTY, env),
      signal: opts.signal ?? new AbortController().signal,
    }),
    () => Promise.reject(new Error('the deck needs a terminal: run it through the bundle (runInPty)')),
  );
  return term ? { code, stdout, stderr, screen } : { code, stdout, stderr };
}

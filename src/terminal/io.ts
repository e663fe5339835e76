// The one object for what sitedeck reads of the world and where it writes (as gh's IOStreams): the
// entry builds it from `process` once (src/cli.tsx), a test from strings; the commands and the deck
// both take it, and neither reads `process` itself (the lint rule in eslint.config.js keeps it so).
// Types only: the entry loads nothing for it.
import type { Readable } from 'node:stream';

type Env = Readonly<Record<string, string | undefined>>;

/** A byte stream in (process.stdin, or a test's text); setRawMode when it is a terminal. */
type Input = Readable & { setRawMode?(mode: boolean): unknown };

/** Somewhere text is written (process.stdout, or a test's buffer). */
export interface Output {
  /** False when the stream now queues what it takes (a pipe slower than the writer): wait for its 'drain'. */
  write(s: string): unknown;
  /** A stream's own `once`: its 'drain' says the queue went out (src/commands/drained.ts). */
  once?(event: 'drain', listener: () => void): unknown;
  /** --quiet's held stderr: a question is about to be asked, so what was held is written and nothing more is held. */
  unhold?(): void;
}

/** The signals that end a run or the deck (src/commands/ending.ts, src/ui/start/signals.ts). */
export type EndingSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/**
 * Everything sitedeck reads of the world and where it writes. Each fact has one spelling: whether a
 * stream is a terminal is `isTTY.<stream>`; what follows from the rest (a dumb terminal, a command's
 * width) is a function of it (src/commands/io.ts). `In` and `Out` are the streams' types: the deck's
 * are the terminal's own (TerminalIo), which Ink draws on and reads keys from.
 */
export interface Io<In extends Input = Input, Out extends Output = Output> {
  /** The words after `sitedeck`. */
  readonly argv: readonly string[];
  readonly stdin: In;
  readonly stdout: Out;
  readonly stderr: Out;
  /** The environment (the configuration, a key command's, the cache's place, the editor and the browser). */
  readonly env: Env;
  /** The directory relative paths are read from. */
  readonly cwd: string;
  /** Which of the three streams is a terminal. */
  readonly isTTY: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean };
  /** stdout's width when it is a terminal. */
  readonly columns?: number;
  /** The terminal's size when stdout or stderr is one (what `doctor` says of it). */
  readonly terminalSize?: { readonly columns: number; readonly rows: number };
  /**
   * Colour on stdout: not with NO_COLOR, TERM=dumb or stdout not a terminal (the entry's word), nor
   * with --no-color (a command's run turns it off, src/commands/run.ts).
   */
  readonly color: boolean;
  /** Most bytes read from stdin (max_stdin_mb, set by a command's run); undefined: the default. */
  readonly stdinMaxBytes?: number;
  /** Aborted on the first Ctrl+C: the command stops what it sends and says so. */
  readonly signal: AbortSignal;
  readonly now: () => number;
  /** The operating system (which opener shows a link). */
  readonly platform: NodeJS.Platform;
  /** Calls `fn` on each `sig` until the returned function is called. */
  onSignal(sig: EndingSignal, fn: () => void): () => void;
  /** Ends the process with `code` at once (the deck after it gave the terminal back). */
  exit(code: number): never;
  /** A Node built-in loaded when it is needed, not at start (node:v8 once the deck is up). */
  readonly builtinModule: NodeJS.Process['getBuiltinModule'];
}

/** The deck's: stdin, stdout and stderr are the terminal's streams. */
export type TerminalIo = Io<NodeJS.ReadStream, NodeJS.WriteStream>;

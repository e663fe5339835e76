#!/usr/bin/env node
// Entry: parse argv, resolve config, pick a face (deck, commands, emulator). Nothing else: the
// faces load on demand, so the deck never loads the commands and the commands never load Ink.
// First, before any package loads: grapheme segmenters are built on first use (src/text/lazySegmenter.ts).
import './installLazySegmenter';
import { endingCode, SIGNAL_ENDINGS, writeEnding } from './commands/ending';
import { EXIT } from './commands/exitCodes';
import { runSitedeck } from './commands/main';
import type { ResolvedConfig } from './config/types';
import type { TerminalIo } from './terminal/io';
import { colorFor } from './terminal/env';

type Opts = Record<string, unknown>;

// Every ending of a command's run goes one way (src/commands/ending.ts): Ctrl+C, SIGTERM and SIGHUP
// abort the I/O's signal with their ending, and so does a stream's failure reported after the write
// (a pipe's EPIPE, a full disk's ENOSPC, a gone terminal's EIO); the run finishes the write in flight,
// says the ending and its summary, and exits with the ending's code. A second signal ends the process
// at once. The deck catches its signals itself (src/ui/start/signals.ts).
const ending = new AbortController();
const io = processIo(ending.signal);
/** The run has resolved: a failure now is of its last output, and sets the exit code itself. */
let finished = false;
let deckOpen = false;
const stopSignals = ((sigs) => {
  const stops = sigs.map((sig) =>
    io.onSignal(sig, () => {
      const e = { kind: SIGNAL_ENDINGS[sig] };
      if (ending.signal.aborted) io.exit(endingCode(e));
      ending.abort(e);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
})(Object.keys(SIGNAL_ENDINGS) as (keyof typeof SIGNAL_ENDINGS)[]);
for (const [name, stream] of [
  ['stdout', io.stdout],
  ['stderr', io.stderr],
] as const) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    const e = writeEnding(err, name);
    if (deckOpen) io.exit(endingCode(e));
    // A reader that goes away once the run is done (`--help | head -1`, one page | head) cut short
    // nothing sitedeck had left to do: the reader took what it wanted. Output lost otherwise is said.
    if (ending.signal.aborted || (finished && e.kind === 'readerGone')) return;
    ending.abort(e);
    if (finished) exitWith(endingCode(e));
  });
}

async function openDeck(opts: Opts): Promise<number> {
  stopSignals();
  deckOpen = true;
  // --no-color reaches the deck's theme the same way NO_COLOR does. FORCE_COLOR goes: Node 22+ warns
  // on stderr when both are set (the deck keeps bold and inverse itself, src/ui/start/mount.tsx).
  if (opts.color === false) colorOff();
  if (!io.isTTY.stdin || !io.isTTY.stdout) {
    io.stderr.write('sitedeck: the deck needs a terminal; for scripts use the commands, e.g. `sitedeck websites list --json` (see `sitedeck --help`)\n');
    return EXIT.usage;
  }
  // The deck's code loads while the configuration is read: nothing at start waits for what it does not need.
  const deck = import('./ui/start/main');
  deck.catch(() => {}); // awaited below; a config error returns first
  let config: ResolvedConfig;
  let closeEmulator: (() => Promise<void>) | undefined;
  if (opts.demo === true) {
    const { startEmulator } = await import('./emulator');
    const emulator = await startEmulator({ seed: 60, rateLimit: 0, maxHits: 1000 });
    closeEmulator = () => emulator.close();
    const { configDirFrom, configFlagsFrom, demoConfig, resolveConfig } = await import('./config');
    const configDir = configDirFrom(io.env);
    let resolved;
    try {
      // The demo reads no profile; its colours follow --theme and SITEDECK_THEME.
      resolved = resolveConfig({ flags: configFlagsFrom(opts), env: io.env, configDir });
    } catch (e) {
      await emulator.close();
      io.stderr.write(`sitedeck: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
    // The deck keeps the demo's score history in memory for the session.
    config = {
      ...demoConfig(resolved, { baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey }, opts.readOnly === true),
      history: true,
    };
  } else {
    const { configFlagsFrom, loadConfig, withCommandKey } = await import('./config');
    try {
      config = loadConfig(configFlagsFrom(opts), io.env);
      for (const w of config.warnings) io.stderr.write(`sitedeck: ${w}\n`);
      // The key from api_key_command, before the deck sends its first request.
      config = await withCommandKey(config, { env: io.env, interactive: io.isTTY.stdin });
    } catch (e) {
      io.stderr.write(`sitedeck: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
  }
  try {
    const { runDeck } = await deck;
    return await runDeck({ config, demo: opts.demo === true, io });
  } finally {
    await closeEmulator?.();
  }
}

/**
 * The one place sitedeck meets `process` (src/terminal/io.ts): its streams, environment, signals
 * and endings, for the commands and the deck alike. `env` is process.env itself: what the entry
 * sets in it (--no-color) reaches a child the deck starts.
 */
function processIo(signal: AbortSignal): TerminalIo {
  const { stdin, stdout, stderr } = process;
  const env = process.env;
  const isTTY = { stdin: Boolean(stdin.isTTY), stdout: Boolean(stdout.isTTY), stderr: Boolean(stderr.isTTY) };
  const tty = [stdout, stderr].find((s) => s.isTTY && s.columns);
  return {
    argv: process.argv.slice(2),
    stdin,
    stdout,
    stderr,
    env,
    cwd: process.cwd(),
    isTTY,
    columns: stdout.columns,
    terminalSize: tty ? { columns: tty.columns, rows: tty.rows } : undefined,
    color: colorFor(isTTY, env),
    signal,
    now: Date.now,
    platform: process.platform,
    onSignal: (sig, fn) => {
      process.on(sig, fn);
      return () => void process.off(sig, fn);
    },
    exit: (code) => process.exit(code),
    builtinModule: process.getBuiltinModule.bind(process),
  };
}

/** --no-color as NO_COLOR, in the environment itself: the deck's theme and what it starts read it there. */
function colorOff(): void {
  process.env.NO_COLOR = '1';
  delete process.env.FORCE_COLOR;
}

/** The exit code once the loop has nothing left: what is still being written is written. */
function exitWith(code: number): void {
  process.exitCode = code;
}

// A function, not top-level await: the single file (scripts/build-sea.mjs) is CommonJS.
async function main(): Promise<void> {
  const code = await runSitedeck(io, openDeck);
  stopSignals();
  finished = true;
  exitWith(code);
}

// The entry's one promise: runSitedeck answers every failure with an exit code, so nothing is left to catch.
void main();

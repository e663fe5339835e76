#!/usr/bin/env node
// Entry: parse argv, resolve config, pick a face (deck, commands, emulator). Nothing else: the
// faces load on demand, so the deck never loads the commands and the commands never load Ink.
// First, before any package loads: grapheme segmenters are built on first use (src/text/lazySegmenter.ts).
import './installLazySegmenter';
import { EXIT } from './commands/exitCodes';
import type { Seam } from './commands/io';
import { runSitedeck } from './commands/main';
import type { ResolvedConfig } from './config/types';

type Opts = Record<string, unknown>;

// A reader that stops early (`sitedeck websites list | head -1`) closes the pipe: that is the
// reader's choice, not a failure, so end quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw e;
  });
}

// Ctrl+C during a command: the first stops it (the seam's signal: it says "interrupted" and exits
// 130), a second ends the process at once. The deck catches its signals itself (src/ui/signals.ts).
const interrupt = new AbortController();
const onSigint = () => {
  if (interrupt.signal.aborted) process.exit(EXIT.interrupted);
  interrupt.abort();
};
process.on('SIGINT', onSigint);

async function openDeck(opts: Opts): Promise<number> {
  process.off('SIGINT', onSigint);
  // --no-color reaches the deck's theme the same way NO_COLOR does. FORCE_COLOR goes: Node 22+ warns
  // on stderr when both are set (the deck keeps bold and inverse itself, src/ui/mount.tsx).
  if (opts.color === false) {
    process.env.NO_COLOR = '1';
    delete process.env.FORCE_COLOR;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('sitedeck: the deck needs a terminal; for scripts use the commands, e.g. `sitedeck websites list --json` (see `sitedeck --help`)\n');
    return EXIT.usage;
  }
  // The deck's code loads while the configuration is read: nothing at start waits for what it does not need.
  const deck = import('./ui/main');
  deck.catch(() => {}); // awaited below; a config error returns first
  let config: ResolvedConfig;
  let closeEmulator: (() => Promise<void>) | undefined;
  if (opts.demo === true) {
    const { startEmulator } = await import('./emulator');
    const emulator = await startEmulator({ seed: 60, rateLimit: 0, maxHits: 1000 });
    closeEmulator = () => emulator.close();
    const { configDirFrom, configFlagsFrom, demoConfig, resolveConfig } = await import('./config');
    const configDir = configDirFrom(process.env);
    let resolved;
    try {
      // The demo reads no profile; its colours follow --theme and SITEDECK_THEME.
      resolved = resolveConfig({ flags: configFlagsFrom(opts), env: process.env, configDir });
    } catch (e) {
      await emulator.close();
      process.stderr.write(`sitedeck: ${(e as Error).message}\n`);
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
      config = loadConfig(configFlagsFrom(opts), process.env);
      for (const w of config.warnings) process.stderr.write(`sitedeck: ${w}\n`);
      // The key from api_key_command, before the deck sends its first request.
      config = await withCommandKey(config, { env: process.env, interactive: Boolean(process.stdin.isTTY) });
    } catch (e) {
      process.stderr.write(`sitedeck: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
  }
  try {
    const { runDeck } = await deck;
    return await runDeck({ config, demo: opts.demo === true });
  } finally {
    await closeEmulator?.();
  }
}

/** The one place commands meet `process`: its streams, environment and Ctrl+C, as the seam. */
function processSeam(): Seam {
  const tty = [process.stdout, process.stderr].find((s) => s.isTTY && s.columns);
  return {
    argv: process.argv.slice(2),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    isTTY: { stdin: Boolean(process.stdin.isTTY), stdout: Boolean(process.stdout.isTTY), stderr: Boolean(process.stderr.isTTY) },
    columns: process.stdout.columns,
    terminalSize: tty ? { columns: tty.columns, rows: tty.rows } : undefined,
    signal: interrupt.signal,
    now: Date.now,
  };
}

// A function, not top-level await: the single file (scripts/build-sea.mjs) is CommonJS.
async function main(): Promise<void> {
  const code = await runSitedeck(processSeam(), openDeck);
  process.off('SIGINT', onSigint);
  process.exitCode = code;
}

// The entry's one promise: runSitedeck answers every failure with an exit code, so nothing is left to catch.
void main();

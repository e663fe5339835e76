#!/usr/bin/env node
// Entry: parse argv, resolve config, pick a face (deck, commands, emulator). Nothing else: the
// faces load on demand, so the deck never loads the commands and the commands never load Ink.
// First, before any package loads: grapheme segmenters are built on first use (src/text/lazySegmenter.ts).
import './installLazySegmenter';
import { CommanderError } from 'commander';
import { rootProgram } from './commands/root';
import { EXIT } from './commands/exitCodes';
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

async function openDeck(opts: Opts): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('sitedeck: the deck needs a terminal; for scripts use the commands, e.g. `sitedeck websites list --json` (see `sitedeck --help`)\n');
    process.exitCode = EXIT.usage;
    return;
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
      process.exitCode = EXIT.usage;
      return;
    }
    // The deck keeps the demo's score history in memory for the session.
    config = { ...demoConfig(resolved, { baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey }, opts.readOnly === true), history: true };
  } else {
    const { configFlagsFrom, loadConfig, withCommandKey } = await import('./config');
    try {
      config = loadConfig(configFlagsFrom(opts));
      for (const w of config.warnings) process.stderr.write(`sitedeck: ${w}\n`);
      // The key from api_key_command, before the deck sends its first request.
      config = await withCommandKey(config);
    } catch (e) {
      process.stderr.write(`sitedeck: ${(e as Error).message}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
  }
  try {
    const { runDeck } = await deck;
    process.exitCode = await runDeck({ config, demo: opts.demo === true });
  } finally {
    await closeEmulator?.();
  }
}

const program = rootProgram(openDeck);

// --no-color reaches the deck's theme the same way NO_COLOR does. FORCE_COLOR goes: Node 22+ warns
// on stderr when both are set (the deck keeps bold and inverse itself, src/ui/mount.tsx).
program.hook('preAction', (_this, action) => {
  if (action.optsWithGlobals().color === false) {
    process.env.NO_COLOR = '1';
    delete process.env.FORCE_COLOR;
  }
});

/**
 * Whether argv can name a command (an operand) or asks for help (which lists them). The deck's own
 * start (`sitedeck`, `sitedeck --profile work`) defines none of the command tree: a deck on a
 * distant API sends its first requests that much sooner. Options that take a value are the
 * program's own (commander's list), so `--profile work` is not taken for a command.
 */
function needsCommands(args: readonly string[]): boolean {
  const takesValue = new Set(program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short]).filter(Boolean));
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return i + 1 < args.length;
    if (a === '-h' || a === '--help') return true;
    if (!a.startsWith('-') || a === '-') return true;
    if (!a.includes('=') && takesValue.has(a)) i++;
  }
  return false;
}

// A function, not top-level await: the single file (scripts/build-sea.mjs) is CommonJS.
async function main(): Promise<void> {
  if (needsCommands(process.argv.slice(2))) {
    const { defineCommands } = await import('./commands/program');
    defineCommands(program);
  }

  try {
    await program.parseAsync(process.argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version are answers, not errors; every other parse failure is a usage error.
      process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    } else {
      process.stderr.write(`sitedeck: unexpected error: ${(e as Error)?.message ?? String(e)}\n`);
      process.exitCode = EXIT.internal;
    }
  }
}

void main();

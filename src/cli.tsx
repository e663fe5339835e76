#!/usr/bin/env node
// Entry: parse argv, resolve config, pick a face (deck, commands, emulator). Nothing else: the
// faces load on demand, so the deck never loads the commands and the commands never load Ink.
import { Command, CommanderError, Option } from 'commander';
import { version } from '../package.json';
import { withHint, words } from './commands/completion/hints';
import { THEME_SETTINGS } from './config/types';
import { EXIT, exitCodesHelp } from './commands/exitCodes';
import type { ResolvedConfig } from './config/types';

const HELP_AFTER = `
Configuration (flags > environment > config file):
  SITEDECK_BASE_URL, SITEDECK_SEO_BASE_URL, SITEDECK_API_KEY, SITEDECK_PROFILE,
  SITEDECK_CONFIG_DIR (default $XDG_CONFIG_HOME/sitedeck or ~/.config/sitedeck), SITEDECK_TIMEOUT, SITEDECK_MAX_BODY_MB (default 32), NO_COLOR

Examples:
  $ sitedeck                                   open the deck (needs a terminal)
  $ sitedeck --demo                            the deck on a built-in emulator with sample data
  $ sitedeck websites list --json              websites as JSON, for scripts
  $ sitedeck reports list --result bad         reports scoring bad
  $ printf %s "$KEY" | sitedeck config set-key save the key without it showing anywhere
  $ sitedeck serve --port 0 --seed 60          run the emulator of both hosts

${exitCodesHelp()}
`;

type Opts = Record<string, unknown>;

// A reader that stops early (`sitedeck websites list | head -1`) closes the pipe: that is the
// reader's choice, not a failure, so end quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
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
    const { configDirFrom, configFlagsFrom, configPathIn, resolveConfig } = await import('./config');
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
    config = {
      theme: resolved.theme,
      mouse: resolved.mouse,
      profile: 'demo',
      profileFound: false,
      baseUrl: emulator.baseUrl,
      seoBaseUrl: emulator.seoBaseUrl,
      apiKey: emulator.apiKey,
      readOnly: opts.readOnly === true,
      // The demo's emulator starts afresh on a new port each time: nothing to warm-start from.
      cache: false,
      sources: { baseUrl: 'default', seoBaseUrl: 'default', apiKey: 'default', readOnly: opts.readOnly === true ? 'flag' : 'default', cache: 'default', theme: resolved.sources.theme },
      configDir,
      configPath: configPathIn(configDir),
      warnings: [],
    };
  } else {
    const { configFlagsFrom, loadConfig } = await import('./config');
    try {
      config = loadConfig(configFlagsFrom(opts));
    } catch (e) {
      process.stderr.write(`sitedeck: ${(e as Error).message}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    for (const w of config.warnings) process.stderr.write(`sitedeck: ${w}\n`);
  }
  try {
    const { runDeck } = await deck;
    process.exitCode = await runDeck({ config, demo: opts.demo === true });
  } finally {
    await closeEmulator?.();
  }
}

const program = new Command('sitedeck')
  .description('A terminal deck for tracked websites and SEO reports, with scriptable commands and an emulator of both hosts.')
  .version(version, '-V, --version', 'print the version')
  .helpOption('-h, --help', 'show help (every command has its own: sitedeck websites list --help)')
  .addOption(withHint(new Option('--profile <name>', 'profile of the config file to use (SITEDECK_PROFILE)'), { kind: 'profile' }))
  .option('--base-url <url>', 'analytics base URL (SITEDECK_BASE_URL)')
  .option('--seo-base-url <url>', 'SEO base URL (SITEDECK_SEO_BASE_URL)')
  .addOption(new Option('--api-key <key>', 'API key; shows in the process list: prefer SITEDECK_API_KEY or `sitedeck config set-key`'))
  .option('--read-only', 'refuse every change (create, update, delete, rerun)')
  .option('--no-cache', 'the deck neither shows nor keeps its cache of the last pages (config: cache false)')
  .option('--timeout <seconds>', 'give up on a request after this long (SITEDECK_TIMEOUT; default 15)')
  .option('--no-mouse', 'the deck leaves the mouse to the terminal (config: mouse false)')
  .option('--no-color', 'no colours (NO_COLOR is honoured too): states show by weight, inverse and glyphs')
  .addOption(withHint(new Option('--theme <name>', `the deck's colours: ${THEME_SETTINGS.join(', ')} (SITEDECK_THEME; config: theme; default auto, from the terminal's background)`), words(THEME_SETTINGS)))
  .option('--demo', 'open the deck on a built-in emulator with sample data')
  .configureHelp({ showGlobalOptions: true })
  .showSuggestionAfterError()
  .configureOutput({ outputError: (text, write) => write(`sitedeck: ${text.replace(/^error: /, '')}`) })
  .exitOverride()
  .addHelpText('after', HELP_AFTER)
  .action(openDeck);

// --no-color reaches the deck's theme the same way NO_COLOR does. Ink's colour library reads
// --no-color in argv as "no styles at all"; FORCE_COLOR=1 keeps bold and inverse, which carry the
// states without colour, on a terminal (the theme gives no colour at all).
program.hook('preAction', (_this, action) => {
  if (action.optsWithGlobals().color === false) {
    process.env.NO_COLOR = '1';
    process.env.FORCE_COLOR = process.stdout.isTTY ? '1' : '0';
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

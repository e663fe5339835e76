// The program itself: its description, global options (every setting's flag, from the settings
// table) and help. Both the entry (src/cli.tsx) and the generated references (scripts/docs) build it
// here; the commands under it are defined by ./program, loaded only when argv names one.
import { Command, Option } from 'commander';
import { version } from '../../package.json';
import { CONFIG_DIR_ENV, PROFILE_ENV } from '../config/environment';
import { flagHelp, SETTING_NAMES, SETTINGS, settingWords, type SettingDef } from '../config/settings';
import { withHint, words } from './completion/hints';
import { EXIT, exitCodesHelp } from './exitCodes';
import { nearest } from '../text/nearest';
import { sanitize } from '../text/sanitize';

/** Names joined by commas, two spaces in, in lines of at most 78 columns. */
function wrapWords(names: (string | undefined)[]): string {
  const lines: string[] = [];
  for (const n of names.filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + n!.length + 2 <= 78) lines[last] += `, ${n}`;
    else lines.push(`  ${n}`);
  }
  return lines.join(',\n');
}

/** Every environment variable sitedeck reads, for the help's list. */
const ENV_NAMES = [
  ...SETTING_NAMES.map((n) => (SETTINGS[n] as SettingDef).env),
  PROFILE_ENV,
  `${CONFIG_DIR_ENV} (default $XDG_CONFIG_HOME/sitedeck or ~/.config/sitedeck)`,
  'NO_COLOR',
];

const HELP_AFTER = `
Configuration (flags > environment > config file; see \`sitedeck config show\`):
${wrapWords(ENV_NAMES)}

Examples:
  $ sitedeck                                   open the deck (needs a terminal)
  $ sitedeck --demo                            the deck on a built-in emulator with sample data
  $ sitedeck websites list --json              websites as JSON, for scripts
  $ sitedeck reports list --result bad         reports scoring bad
  $ printf %s "$KEY" | sitedeck config set-key save the key without it showing anywhere
  $ sitedeck serve --port 0 --seed 60          run the emulator of both hosts

${exitCodesHelp()}
`;

/** `sitedeck websites`, as a person types it. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * `sitedeck website list`, `sitedeck websites lst`: one voice at every level — the nearest
 * commands (`unknown command 'lst': did you mean 'list'?`), or the list of them.
 */
export function unknownCommand(cmd: Command, typed: string): void {
  const names = cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  const near = nearest(typed, names);
  const hint = near.length ? `did you mean ${near.map((n) => `'${n}'`).join(' or ')}?` : `the commands are ${names.join(', ')} (${commandPath(cmd)} --help)`;
  cmd.error(`unknown command '${sanitize(typed)}': ${hint}`, { code: 'sitedeck.unknownCommand', exitCode: EXIT.usage });
}

/** A group's summary from its own tree (`Reports on the SEO host: list, get, …, audit`): it never leaves one out. */
export function summaryOf(lead: string, cmd: Command): string {
  return `${lead}: ${cmd.commands.map((c) => c.name()).join(', ')}`;
}

/** The root command; `openDeck` runs when no command is named. */
export function rootProgram(openDeck: (opts: Record<string, unknown>) => Promise<void>): Command {
  const program = new Command('sitedeck')
    .description('A terminal deck for tracked websites and SEO reports, with scriptable commands and an emulator of both hosts.')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help (every command has its own: sitedeck websites list --help)')
    .addOption(withHint(new Option('--profile <name>', `profile of the config file to use (${PROFILE_ENV})`), { kind: 'profile' }))
    .option('--no-color', 'no colours (NO_COLOR is honoured too): states show by weight, inverse and glyphs')
    .option(
      '--quiet',
      'stderr only for a failure: success lines, progress and notices are held and written only when the command ends non-zero (cron mails nothing on success)',
    )
    .option('--demo', "the built-in emulator with sample data, for the deck and every command: the profile's hosts and key are not read")
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    // Commander's own suggestion (a mistyped option) in the one voice: `unknown option '--sortby': did you mean '--sort-by'?`.
    .configureOutput({
      outputError: (text, write) => write(`sitedeck: ${text.replace(/^error: /, '').replace(/\n\(Did you mean (\S+?)\?\)/, ": did you mean '$1'?")}`),
    })
    .exitOverride()
    .addHelpText('after', HELP_AFTER)
    // Words after `sitedeck` that name no command are a typo, said as one (not "too many arguments").
    .allowExcessArguments()
    .action(async (opts: Record<string, unknown>, cmd: Command) => {
      if (cmd.args.length > 0) return unknownCommand(cmd, cmd.args[0]);
      await openDeck(opts);
    });

  // Every setting's flag, from the one settings table (values a shell completes for it included).
  for (const name of SETTING_NAMES) {
    const def: SettingDef = SETTINGS[name];
    if (def.flag) program.addOption(withHint(new Option(def.flag, flagHelp(name)), def.flag.includes('<') ? words(settingWords(def)) : undefined));
  }
  return program;
}

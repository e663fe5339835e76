// The commands around the resources that scripts reach for: `sitedeck api` (any endpoint of either
// host, ./api.ts) and `sitedeck help <command…>` at every level.
import { Argument, Option, type Command } from 'commander';
import { API_HOSTS, API_METHODS } from './apiWords';
import { withHint, words } from './completion/hints';
import { EXIT } from './exitCodes';
import { collect, examples, invocation, outputOptions, type Call } from './programParts';
import { unknownCommand } from './root';

export function defineApi(call: Call, program: Command): void {
  const api = program
    .command('api')
    .description(
      'Call any endpoint of either host, as gh api does: the key, pacing, proxy, timeout and bounds of every other command; ' +
        "prints the answer as JSON; a host's refusal is said with its usual exit code",
    )
    .addArgument(withHint(new Argument('<method>', API_METHODS.join(', ')), words(API_METHODS)))
    .argument('<path>', "a path under the host's API base (/websites, /websites/42, reports?page=2); one that leaves it is refused")
    .addOption(withHint(new Option('--host <host>', 'analytics (default) or seo'), words(API_HOSTS)))
    .addOption(new Option('-f, --field <field=value>', 'a field: the query of a GET, the form of any other method (repeatable)').argParser(collect))
    .option('--paginate', 'GET every page (links.next, else meta.last_page) and print their data as one JSON array')
    .option('--dry-run', 'print the request that would be sent (a password named, never shown); send nothing; allowed in read-only mode');
  outputOptions(api, 'api', 'print the answer as JSON (it always is: the option is there for scripts that give it everywhere)')
    .addHelpText(
      'after',
      `\nRead-only mode refuses every method but GET (exit ${EXIT.readOnly}) unless --dry-run.\n` +
        examples([
          'sitedeck api GET /websites',
          "sitedeck api GET /websites --paginate -f per_page=100 | jq 'length'",
          'sitedeck api GET /reports/7 --host seo',
          'sitedeck api PUT /websites/42 -f email=1 --dry-run',
        ]),
    )
    .action(async (...args: unknown[]) => {
      const { positional, opts } = invocation(args);
      const [{ runCommand }, { runApi }] = await Promise.all([import('./run'), import('./api')]);
      call.code = await runCommand(call.seam, opts, ({ io, config, signal }) =>
        runApi({ method: positional[0], path: positional[1], opts, config, io, signal }),
      );
    });
}

/**
 * `sitedeck help [command…]` at the top as below a group (`sitedeck help websites update` is
 * `sitedeck websites update --help`): the program opens the deck when no command is named, so
 * commander gives it no help command of its own.
 */
export function defineHelp(program: Command): void {
  program
    .command('help')
    .description('Show the help of a command at any level, as --help there: sitedeck help websites update')
    .argument('[command...]', 'the words of the command (none: this program)')
    .action((words: string[]) => {
      let at = program;
      for (const word of words) {
        const next = at.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) return unknownCommand(at, word);
        at = next;
      }
      at.help();
    });
}

// The command tree, defined from the domain tables. Only definitions live here: each action loads
// its implementation on demand, so the deck never loads the commands and the commands never load Ink.
import { Argument, Option, type Command } from 'commander';
import { CHECKS, PROJECT_SORTS, RESOURCE_NAMES, rerunValues, resourceDef, type ResourceDef } from '../domain';
import { AUDIT_FILTERS, extensionsText, FAIL_ON } from './audit/formats';
import { EXIT } from './exitCodes';
import { COVER_LIMITS } from '../files/coverLimits';
import { MEGABYTE } from '../files/size';
import { summaryOf, unknownCommand } from './root';
import { withHint, words } from './completion/hints';
import { SHELLS, type Shell } from './completion/shells';
import { BULK_SELECTORS, listFlags, writeFlags, type FlagSpec } from './flags';
import { CONFIG_DIR_ENV } from '../config/environment';
import { SETTING_NAMES, SETTINGS, settingWords, valueShape } from '../config/settings';
import { SETTABLE } from './settable';
import { collect, examples, invocation, outputOptions, type Call } from './programParts';
import { defineApi, defineHelp } from './programScripts';
import type { ConfigVerb } from './config';
import type { ResourceVerb } from './resource';
import type { Io } from './io';

export type { Call };

/** The docs' program (scripts/docs) reads the tree and runs nothing. */
const NO_CALL: Call = {
  get seam(): Io {
    throw new Error('sitedeck: a command ran without a seam (defineCommands(program, call))');
  },
};

function resourceAction(call: Call, verb: ResourceVerb, def: ResourceDef) {
  return async (...args: unknown[]) => {
    const { positional, opts } = invocation(args);
    const [{ runCommand }, { runResource }] = await Promise.all([import('./run'), import('./resource')]);
    call.code = await runCommand(call.seam, opts, ({ io, config, signal }) =>
      runResource({ verb, resource: def.name, args: positional, opts, config, io, signal }),
    );
  };
}

function projectsAction(call: Call) {
  return async (...args: unknown[]) => {
    const { opts } = invocation(args);
    const [{ runCommand }, { runProjects }] = await Promise.all([import('./run'), import('./projects')]);
    call.code = await runCommand(call.seam, opts, ({ io, config, signal }) => runProjects(opts, config, io, signal));
  };
}

function auditAction(call: Call) {
  return async (...args: unknown[]) => {
    const { opts } = invocation(args);
    const [{ runCommand }, { runAudit }] = await Promise.all([import('./run'), import('./audit')]);
    call.code = await runCommand(call.seam, opts, ({ io, config, signal }) => runAudit(opts, config, io, signal));
  };
}

function coverAction(call: Call) {
  return async (...args: unknown[]) => {
    const { positional, opts } = invocation(args);
    const [{ runCommand }, { runCover }] = await Promise.all([import('./run'), import('./cover/run')]);
    call.code = await runCommand(call.seam, opts, ({ io, config, signal }) => runCover({ source: positional[0], opts, config, io, signal }));
  };
}

function configAction(call: Call, verb: ConfigVerb) {
  return async (...args: unknown[]) => {
    const { positional, opts } = invocation(args);
    const [{ runPlain }, { runConfig }] = await Promise.all([import('./run'), import('./config')]);
    call.code = await runPlain(call.seam, opts, (io, signal) => runConfig(verb, positional, opts, io, signal));
  };
}

/** A generated flag, carrying the values a shell completes for it. */
const flagOption = (f: FlagSpec): Option => withHint(new Option(f.flags, f.description), words(f.values));

/** The record argument of get/update/delete/rerun: an id, or the name people know it by. */
function idArg(def: ResourceDef): string {
  return `<id|${def.nameField}>`;
}

/** The same, optional: update, delete and rerun take --ids (or a selection) instead. */
function optionalIdArg(def: ResourceDef): string {
  return `[id|${def.nameField}]`;
}

function idHelp(def: ResourceDef): string {
  const name = def.nameField === 'url' ? 'URL' : def.nameField;
  return `id of the ${def.singular}, or its ${name} (looked up by search; it must match exactly one)`;
}

function defineResource(call: Call, program: Command, def: ResourceDef): void {
  const noun = def.singular;
  const name = def.nameField;
  const host = def.host === 'seo' ? 'SEO host' : 'analytics host';
  const res = program
    .command(def.name)
    .addHelpText('after', examples([`sitedeck ${def.name} list --help`, `sitedeck ${def.name} list --json`, `sitedeck ${def.name} get 42`]));

  const list = res
    .command('list')
    .description(
      `List ${def.title.toLowerCase()}: one page, or every page with --all. ` +
        `An aligned table on a terminal, tab-separated lines (no header) when piped, JSON with --json`,
    );
  for (const f of listFlags(def)) list.addOption(flagOption(f));
  list
    .option('--watch <seconds>', 'fetch the page again every N seconds (5 to 3600) until Ctrl+C; on a terminal the screen is redrawn and changed rows marked')
    .option('--view <name>', "start from a saved view of the profile (the deck's :view save NAME); flags given win")
    .option('--all', 'read every page, paced under the rate limit (100 per page unless --per-page; id order unless --sort-by)');
  outputOptions(list, `${def.name} list`, 'print {"data": [...], "meta": {...}} as JSON')
    .option('--raw', "with --format csv or tsv: the server's codes (privacy 0/1/2, email 0/1) instead of labels")
    .option('--progress', 'show the progress of --all on stderr even when it is not a terminal')
    .addHelpText(
      'after',
      examples(
        def.name === 'websites'
          ? [
              'sitedeck websites list --search shop --sort-by domain --sort asc',
              'sitedeck websites list --all --json | jq -r ".data[].domain"',
              'sitedeck websites list --all --format csv > websites.csv',
            ]
          : [
              'sitedeck reports list --result bad --sort-by result --sort asc',
              'sitedeck reports list --project example.com --all --json',
              'sitedeck reports list --all --format ndjson | gzip > reports.ndjson.gz',
            ],
      ),
    )
    .action(resourceAction(call, 'list', def));

  const get = res.command('get').description(`Show one ${noun} with every field`).argument(idArg(def), idHelp(def));
  outputOptions(get, `${def.name} get`, `print the ${noun} as JSON`)
    .addHelpText(
      'after',
      examples([
        `sitedeck ${def.name} get 42`,
        `sitedeck ${def.name} get ${def.name === 'websites' ? 'shop.example.com' : 'https://example.com/pricing'} --json`,
      ]),
    )
    .action(resourceAction(call, 'get', def));

  const create = res
    .command('create')
    .description(`Add a ${noun}`)
    .argument(`<${name}>`, def.fields.find((f) => f.name === name)?.help ?? name);
  for (const f of writeFlags(def, 'create')) create.addOption(flagOption(f));
  create.option('--dry-run', DRY_RUN_HELP);
  outputOptions(create, `${def.name} create`, `print the created ${noun} as JSON`)
    .addHelpText(
      'after',
      examples(
        def.name === 'websites'
          ? [
              'sitedeck websites create shop.example.com --privacy public --email enabled',
              'printf %s "$PW" | sitedeck websites create shop.example.com --privacy password --password-stdin',
            ]
          : ['sitedeck reports create https://example.com/pricing', 'sitedeck reports create https://example.com/ --privacy private --json'],
      ),
    )
    .action(resourceAction(call, 'create', def));

  const update = res
    .command('update')
    .description(`Change a ${noun}, or many with --ids: only the fields given are sent`)
    .argument(optionalIdArg(def), idHelp(def));
  for (const f of writeFlags(def, 'update')) update.addOption(flagOption(f));
  bulkOptions(update);
  outputOptions(update, `${def.name} update`, `print the updated ${noun} as JSON (with --ids: one JSON line per ${noun})`)
    .addHelpText(
      'after',
      examples(
        def.name === 'websites'
          ? [
              'sitedeck websites update 42 --privacy private --exclude-bots enabled',
              'sitedeck websites update 42 --exclude-ips "1.2.3.4,5.6.7.8"',
              'sitedeck websites list --all --search shop | cut -f1 | sitedeck websites update --ids - --email enabled',
            ]
          : ['sitedeck reports update 7 --privacy public', 'sitedeck reports update 7 --results yes'],
      ),
    )
    .action(resourceAction(call, 'update', def));

  const del = res
    .command('delete')
    .description(`Delete a ${noun}, or many with --ids (asks first on a terminal; --yes otherwise)`)
    .argument(optionalIdArg(def), idHelp(def))
    .option('-y, --yes', 'do not ask (needed without a terminal)');
  bulkOptions(del);
  outputOptions(del, `${def.name} delete`, 'print the delete answer as JSON (with --ids: one JSON line per record)')
    .addHelpText(
      'after',
      examples([
        `sitedeck ${def.name} delete 42`,
        `sitedeck ${def.name} delete 42 --yes --json`,
        `printf '3\n4\n9\n' | sitedeck ${def.name} delete --ids - --yes`,
      ]),
    )
    .action(resourceAction(call, 'delete', def));

  if (rerunValues(def)) {
    const rerun = res
      .command('rerun')
      .description(`Re-run the analysis of a ${noun} and show its new score (update with results=1); many with --ids or a selection`)
      .argument(optionalIdArg(def), idHelp(def));
    for (const f of listFlags(def).filter((f) => BULK_SELECTORS.includes(f.name)))
      rerun.addOption(flagOption({ ...f, description: `re-run every ${noun} matching: ${f.description}` }));
    bulkOptions(rerun);
    outputOptions(rerun, 'reports rerun', `print the ${noun} as JSON (in bulk: one JSON line per ${noun})`)
      .addHelpText(
        'after',
        examples([
          `sitedeck ${def.name} rerun 7`,
          `sitedeck ${def.name} rerun --project example.com --result bad`,
          `sitedeck ${def.name} rerun --ids - < ids.txt`,
        ]),
      )
      .action(resourceAction(call, 'rerun', def));
  }

  if (def.name === 'reports') {
    const projects = res
      .command('projects')
      .description(
        'One row per project (site): reports, average, lowest and highest score, ' +
          'the good/decent/bad mix, the worst page, the last analysis — from every report',
      )
      .addOption(
        withHint(
          new Option('--sort-by <key>', `sort by: ${PROJECT_SORTS.map((s) => s.value).join(', ')} (default average)`),
          words(PROJECT_SORTS.map((s) => s.value)),
        ),
      )
      .addOption(withHint(new Option('--sort <dir>', 'asc or desc (default: desc, asc for project)'), words(['asc', 'desc'])))
      .option('--progress', 'say how many reports were read on stderr even when it is not a terminal');
    outputOptions(projects, 'reports projects', 'print {data: [project rows], meta} as JSON')
      .addHelpText(
        'after',
        examples([
          'sitedeck reports projects',
          'sitedeck reports projects --sort-by lowest --sort asc',
          "sitedeck reports projects --json | jq '.data[] | select(.average < 50)'",
        ]),
      )
      .action(projectsAction(call));
    const audit = res
      .command('audit')
      .description(
        'Which problems to fix first, on which pages: per failing check its importance, the pages failing it, ' +
          'what they show and what is new or fixed since the last analysis — from every report',
      );
    for (const f of listFlags(def).filter((f) => (AUDIT_FILTERS as readonly string[]).includes(f.name)))
      audit.addOption(flagOption({ ...f, description: `audit only the reports matching: ${f.description}` }));
    outputOptions(audit, 'reports audit', 'print the audit as JSON (the same as --format json)')
      .addOption(
        withHint(
          new Option(
            '--output <file>',
            'write it to this regular file, whole or not at all, instead of stdout (- is stdout); ' +
              'a symlink, directory, FIFO or device there is refused: give the real path, or - and redirect; ' +
              `its extension chooses the format: ${extensionsText()}`,
          ),
          { kind: 'file' },
        ),
      )
      .option('--progress', 'say how many reports were read on stderr even when it is not a terminal')
      .addOption(
        withHint(
          new Option(
            '--fail-on <what>',
            `release gate: exit ${EXIT.gate} when a check of this importance or above fails on any page (high, medium, low), ` +
              `or when a check newly fails on a page since its previous analysis (new: needs a score history or an older report, ` +
              `else exit ${EXIT.gateEmpty}); repeat or separate with commas`,
          ).argParser(collect),
          words([...FAIL_ON]),
        ),
      )
      .addOption(
        withHint(
          new Option(
            '--max-failing <check=n>',
            `release gate: exit ${EXIT.gate} when the check fails on more than n pages (repeatable: --max-failing title=5 --max-failing load_time=0); ` +
              `a check sitedeck does not know is refused`,
          ).argParser(collect),
          // The check's name completes, its count is the user's.
          words(CHECKS.map((c) => `${c.name}=`)),
        ),
      )
      .option(
        '--allow-empty',
        `release gate: pass when a rule judged nothing: no report matched, none analysed, or no earlier analysis for new ` +
          `(without it such a gate exits ${EXIT.gateEmpty})`,
      )
      .addHelpText(
        'after',
        examples([
          'sitedeck reports audit',
          'sitedeck reports audit --project example.com --fail-on high --max-failing load_time=3 --format junit --output audit.xml',
          'sitedeck reports audit --project example.com --format md > audit.md',
          'sitedeck reports audit --output audit.html',
          'sitedeck reports audit --json | jq \'.data.checks[] | select(.importance == "high") | .name\'',
        ]),
      )
      .action(auditAction(call));
    defineCover(call, res);
  }
  // Said last, from the tree: every subcommand defined above is in it.
  res.description(summaryOf(`${def.title} on the ${host}`, res));
}

function defineCover(call: Call, res: Command): void {
  const cover = res
    .command('cover')
    .description(
      'A report for every page of a site: reads its sitemap (or sitemap index, gzip too, or robots.txt), compares the pages with ' +
        'every report of the site, says the plan, then creates the missing reports paced under the rate limit; ' +
        `resumable (--resume); a page the host refuses is recorded and the run goes on ` +
        `(exit ${EXIT.coverPartial}, or ${EXIT.coverRefused} when every page was refused)`,
    )
    .addArgument(
      withHint(
        new Argument(
          '<source>',
          'a sitemap URL, a robots.txt URL (its Sitemap: lines), a sitemap file (.xml or .xml.gz), or - for one URL a line on stdin ' +
            `(demo under --demo); read within bounds: ${COVER_LIMITS.documentBytes / MEGABYTE} MB a document after gunzip, ` +
            `${COVER_LIMITS.pages} pages, ${COVER_LIMITS.documents} documents, ${COVER_LIMITS.depth} levels (robots.txt, index, sitemap), ` +
            `${COVER_LIMITS.redirects} redirects; what is past them is counted and said`,
        ),
        { kind: 'file' },
      ),
    )
    .option('--project <host>', 'the site (its host, without www.): pages on other hosts are left out (default: the host of the first page)')
    .option('--rerun-older-than <age>', 're-run the pages whose newest report is older than this (30d, 12h, 2w)')
    .option('--prune', 'delete the reports of the site whose page is no longer in the sitemap (asked as delete asks)')
    .option('--dry-run', 'print the plan (its counts and every request it would send) and send nothing')
    .option('-y, --yes', 'do not ask (needed without a terminal)')
    .option(
      '--resume',
      "go on with the unfinished cover of this source, the command's or the deck's (-: the same list on stdin again): nothing answered is sent again",
    )
    .option('--progress', 'show the progress on stderr even when it is not a terminal');
  outputOptions(cover, 'reports cover', 'the plan (--dry-run) as one JSON object; a run: one JSON line per request')
    .addHelpText(
      'after',
      `\nThe source is read within bounds: ${COVER_LIMITS.documentBytes / MEGABYTE} MB a document (after gunzip), ` +
        `${COVER_LIMITS.pages} pages, ${COVER_LIMITS.documents} documents, ${COVER_LIMITS.depth} levels (robots.txt → index → sitemap), ` +
        `${COVER_LIMITS.redirects} redirects a document; what is past them is counted and said. The site is --project, else the host of the first page.\n` +
        "A run is journalled in the state database (the deck's :cover keeps the same journal): Ctrl+C stops after the request in flight and prints " +
        'the command that goes on (--resume; a list on stdin is known by its content, so give the same list again).\n' +
        examples([
          'sitedeck reports cover https://example.com/sitemap.xml --dry-run',
          'sitedeck reports cover https://example.com/robots.txt --yes --rerun-older-than 30d',
          'sitedeck reports cover ./sitemap.xml.gz --prune',
          'sitedeck reports cover https://example.com/sitemap.xml --resume --yes',
          'grep /blog/ urls.txt | sitedeck reports cover - --project example.com --yes',
          'sitedeck --demo reports cover demo --yes',
        ]),
    )
    .action(coverAction(call));
}

/** --dry-run of every change, one record or many (./dryRun.ts); read-only mode allows it. */
const DRY_RUN_HELP =
  `send nothing: read each record (an id the host does not have is said, exit ${EXIT.notFound}) and print what would be done ` +
  '(would-create, would-update, would-delete, would-rerun) and the fields that would be sent (a secret named, never shown); allowed in read-only mode';

function bulkOptions(cmd: Command): void {
  cmd
    .option('--ids <ids>', `ids separated by commas, or - to read them from stdin (one per line, or separated by spaces)`)
    .option('--dry-run', DRY_RUN_HELP)
    .option('--progress', 'show the progress of a bulk run on stderr even when it is not a terminal');
}

function defineConfig(call: Call, program: Command): void {
  const cfg = program.command('config');
  cfg.addHelpText('after', examples(['sitedeck config show', 'sitedeck config set base_url https://analytics.example.com', 'sitedeck config set-key']));
  cfg
    .command('path')
    .description('Print the path of the config file (and, as a usage error, why the other config commands cannot read the file there)')
    .addHelpText('after', examples(['sitedeck config path', `${CONFIG_DIR_ENV}=/tmp/sd sitedeck config path`]))
    .action(configAction(call, 'path'));
  outputOptions(
    cfg.command('show').description('Show the configuration in use and where each value comes from (the key masked)'),
    'config show',
    'print it as JSON',
  )
    .addHelpText('after', examples(['sitedeck config show', 'sitedeck --profile work config show --json']))
    .action(configAction(call, 'show'));
  cfg
    .command('get')
    .description('Print the value of one setting in use (the key masked)')
    .addArgument(withHint(new Argument('<key>', SETTING_NAMES.join(' | ')), words(SETTING_NAMES)))
    .addHelpText('after', examples(['sitedeck config get base_url', 'sitedeck --profile work config get theme']))
    .action(configAction(call, 'get'));
  cfg
    .command('set')
    .description(`Set ${SETTABLE.join(', ')} in the profile (--profile, else the current one)`)
    .addArgument(withHint(new Argument('<key>', SETTABLE.join(' | ')), words(SETTABLE)))
    .addArgument(
      withHint(new Argument('<value>', `the value (${SETTABLE.map((n) => `${n}: ${valueShape(SETTINGS[n])}`).join('; ')})`), {
        // Each setting with a fixed set of values completes to them (theme's themes, a switch's true and false).
        kind: 'after',
        words: Object.fromEntries(SETTABLE.map((n) => [n, settingWords(SETTINGS[n])])),
      }),
    )
    .addHelpText('after', examples(['sitedeck config set base_url https://analytics.example.com', 'sitedeck --profile work config set read_only true']))
    .action(configAction(call, 'set'));
  cfg
    .command('unset')
    .description('Remove a setting from the profile: it then comes from the environment or its default')
    .addArgument(withHint(new Argument('<key>', SETTING_NAMES.join(' | ')), words(SETTING_NAMES)))
    .addHelpText('after', examples(['sitedeck config unset theme', 'sitedeck --profile work config unset read_only']))
    .action(configAction(call, 'unset'));
  cfg
    .command('set-key')
    .description('Save the API key: read from stdin when piped, typed masked on a terminal')
    .addHelpText('after', examples(['sitedeck config set-key', 'pass show analytics | sitedeck --profile work config set-key']))
    .action(configAction(call, 'set-key'));
  outputOptions(cfg.command('profiles').description('List the profiles (* marks the current one)'), 'config profiles', 'print them as JSON')
    .addHelpText('after', examples(['sitedeck config profiles', 'sitedeck config profiles --json']))
    .action(configAction(call, 'profiles'));
  outputOptions(
    cfg.command('keys').description('Print the deck\'s keys: the defaults with the config file\'s "keys" section applied (* marks yours)'),
    'config keys',
    'print them as JSON',
  )
    .addHelpText('after', examples(['sitedeck config keys', "sitedeck config keys --json | jq '.keys[] | select(.yours)'"]))
    .action(configAction(call, 'keys'));
  cfg
    .command('use')
    .description('Make a profile the current one')
    .addArgument(withHint(new Argument('<name>', 'profile name'), { kind: 'profile' }))
    .addHelpText('after', examples(['sitedeck config use work']))
    .action(configAction(call, 'use'));
  cfg.description(summaryOf('Profiles and the key', cfg));
}

function defineServe(call: Call, program: Command): void {
  program
    .command('serve')
    .description('Run the emulator of both hosts on loopback; prints {"base_url", "seo_base_url", "api_key"} as one JSON line')
    .option('--port <port>', 'analytics port (0: any free port)', '0')
    .option('--seo-port <port>', 'SEO port (0: any free port)', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--key <key>', 'API key the emulator accepts')
    .option('--seed <n>', 'number of seeded websites and reports')
    .addOption(withHint(new Option('--data <file>', 'keep the data in this JSON file'), { kind: 'file' }))
    .option('--rate-limit <n>', 'requests per window per client IP, on each host (0: off; default 60)')
    .option('--rate-window <seconds>', 'length of the rate-limit window (default 60)')
    .addHelpText(
      'after',
      examples([
        'sitedeck serve --port 0 --seed 60',
        'sitedeck serve --seed 8000 --rate-limit 10 --rate-window 2',
        'sitedeck serve --port 8080 --seo-port 8081 --data ./sitedeck-data.json',
      ]),
    )
    .action(async (...args: unknown[]) => {
      const { opts } = invocation(args);
      const { runServeCommand } = await import('./serve');
      call.code = await runServeCommand(call.seam, opts);
    });
}

function defineDoctor(call: Call, program: Command): void {
  const doctor = program
    .command('doctor')
    .description(
      'Check the setup, one line each with the fix: the config file and its mode, where each setting comes from, ' +
        'both hosts (address, connection, key, rate budget, clock: one request each) and the terminal. ' +
        'Exit 0 unless a check failed (✗); warnings (!) do not fail',
    );
  outputOptions(doctor, 'doctor', 'print {ok, exit_code, checks: [{id, group, status, title, detail, fix}]} as JSON')
    .addHelpText(
      'after',
      examples(['sitedeck doctor', 'sitedeck --profile work doctor', 'sitedeck doctor --json | jq \'.checks[] | select(.status != "ok")\'']),
    )
    .action(async (...args: unknown[]) => {
      const { opts } = invocation(args);
      const [{ runPlain }, { runDoctor }] = await Promise.all([import('./run'), import('./doctor')]);
      call.code = await runPlain(call.seam, opts, (io, signal) => runDoctor(opts, io, signal));
    });
}

function defineCompletion(call: Call, program: Command): void {
  program
    .command('completion')
    .description('Print a script completing commands, flags and their values in bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      examples([
        'eval "$(sitedeck completion bash)"        # in ~/.bashrc',
        'eval "$(sitedeck completion zsh)"         # in ~/.zshrc, after compinit',
        'sitedeck completion fish > ~/.config/fish/completions/sitedeck.fish',
      ]),
    )
    .action(async (shell: Shell, _opts: unknown, cmd: Command) => {
      const { completionScript } = await import('./completion');
      call.seam.stdout.write(completionScript(shell, cmd));
      call.code = EXIT.ok;
    });
}

/** Adds `websites`, `reports`, `config`, `serve`, `doctor`, `api`, `completion` and `help` to the program; they run on `call`'s seam. */
export function defineCommands(program: Command, call: Call = NO_CALL): void {
  for (const name of RESOURCE_NAMES) defineResource(call, program, resourceDef(name));
  defineConfig(call, program);
  defineServe(call, program);
  defineDoctor(call, program);
  defineApi(call, program);
  defineCompletion(call, program);
  defineHelp(program);
  // A typo under a group is said as one at the top: `unknown command 'lst': did you mean 'list'?`.
  const groups = (cmd: Command): Command[] => cmd.commands.flatMap((c) => (c.commands.length ? [c, ...groups(c)] : []));
  for (const g of groups(program)) g.on('command:*', (operands: string[]) => unknownCommand(g, operands[0]));
}

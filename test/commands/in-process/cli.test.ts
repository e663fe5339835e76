// sitedeck --help, --version, mistyped commands and refused values, through the commands in-process
// (the deck refused without a terminal, a reader that stops early and serve: ../../bundle/cli.test.ts;
// the lean start: ../../build/leanStart.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_HELP } from '../../../src/commands/exitCodes';
import { ROOT } from '../helpers';
import { runCommand } from '../inProcess';

const COMMANDS = [
  ['websites', 'list'],
  ['websites', 'get'],
  ['websites', 'create'],
  ['websites', 'update'],
  ['websites', 'delete'],
  ['reports', 'list'],
  ['reports', 'get'],
  ['reports', 'create'],
  ['reports', 'update'],
  ['reports', 'delete'],
  ['reports', 'rerun'],
  ['websites'],
  ['reports'],
  ['config'],
  ['config', 'path'],
  ['config', 'show'],
  ['config', 'set'],
  ['config', 'set-key'],
  ['config', 'profiles'],
  ['config', 'use'],
  ['serve'],
];

describe('sitedeck --help and --version', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runCommand(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('--help lists the commands, the global options and every exit code', async () => {
    const r = await runCommand(['--help']);
    expect(r.code).toBe(0);
    for (const word of [
      'websites',
      'reports',
      'config',
      'serve',
      '--profile',
      '--base-url',
      '--seo-base-url',
      '--api-key',
      '--read-only',
      '--no-color',
      '--demo',
      'Examples:',
    ]) {
      expect(r.stdout).toContain(word);
    }
    for (const { code } of EXIT_CODE_HELP) expect(r.stdout).toMatch(new RegExp(`^\\s+${code}  \\S`, 'm'));
  });

  it('a mistyped command is named with the nearest ones, exit 2, and no deck opens', async () => {
    expect(await runCommand(['website', 'list'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'website': did you mean 'websites'?\n" });
    expect((await runCommand(['repots'])).stderr).toContain("did you mean 'reports'?");
    expect((await runCommand(['confg', 'show'])).stderr).toContain("did you mean 'config'?");
    const far = await runCommand(['zzzz']);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain('the commands are websites, reports, config, serve, doctor, api, completion, help');
    // A subcommand typo is said in the same voice, exit 2.
    expect(await runCommand(['websites', 'lst'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'lst': did you mean 'list'?\n" });
    expect(await runCommand(['reports', 'audti'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'audti': did you mean 'audit'?\n" });
    expect(await runCommand(['config', 'uze', 'work'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'uze': did you mean 'use'?\n" });
    expect(await runCommand(['websites', 'zzzz'])).toMatchObject({
      code: 2,
      stderr: "sitedeck: unknown command 'zzzz': the commands are list, get, create, update, delete (sitedeck websites --help)\n",
    });
    // A mistyped option, at either level, in the same voice.
    expect(await runCommand(['websites', 'list', '--sortby', 'domain'])).toMatchObject({
      code: 2,
      stderr: "sitedeck: unknown option '--sortby': did you mean '--sort-by'?\n",
    });
    expect(await runCommand(['--profle', 'x', 'websites', 'list'])).toMatchObject({
      code: 2,
      stderr: "sitedeck: unknown option '--profle': did you mean '--profile'?\n",
    });
  });

  it('a refused value names the option probably meant, before any request', async () => {
    const env = { SITEDECK_BASE_URL: 'http://127.0.0.1:9', SITEDECK_SEO_BASE_URL: 'http://127.0.0.1:9', SITEDECK_API_KEY: 'k' };
    expect(await runCommand(['websites', 'list', '--sort', 'domain'], { env })).toMatchObject({
      code: 2,
      stderr: 'sitedeck: --sort: Sort must be one of: descending (desc), ascending (asc) (got "domain"): did you mean --sort-by domain?\n',
    });
    expect((await runCommand(['reports', 'list', '--sort-by', 'asc'], { env })).stderr).toMatch(/\(got "asc"\): did you mean --sort asc\?\n$/);
    // A value no other flag takes: only what this one allows.
    expect((await runCommand(['reports', 'list', '--result', 'awful'], { env })).stderr).toBe(
      'sitedeck: --result: Result must be one of: good, decent, bad (got "awful")\n',
    );
  });

  it('a group’s help summary names every subcommand, from the command tree', async () => {
    const { Command } = await import('commander');
    const { defineCommands } = await import('../../../src/commands/program');
    const program = new Command('sitedeck');
    defineCommands(program);
    const top = await runCommand(['--help']);
    for (const group of program.commands.filter((c) => c.commands.length)) {
      const names = group.commands.map((c) => c.name());
      expect(group.description(), group.name()).toMatch(new RegExp(`: ${names.join(', ')}$`));
      // Shown in `sitedeck --help` and in the group's own help.
      expect(top.stdout.replace(/\s+/g, ' '), group.name()).toContain(`${group.name()} ${group.description()}`);
      const own = await runCommand([group.name(), '--help']);
      expect(own.stdout.replace(/\s+/g, ' ')).toContain(group.description());
    }
    expect(program.commands.find((c) => c.name() === 'reports')!.description()).toBe(
      'Reports on the SEO host: list, get, create, update, delete, rerun, projects, audit, cover',
    );
  });

  it('every command has generated help with examples', async () => {
    const helps = await Promise.all(COMMANDS.map((c) => runCommand([...c, '--help'])));
    helps.forEach((r, i) => {
      expect(r.code, COMMANDS[i].join(' ')).toBe(0);
      expect(r.stdout, COMMANDS[i].join(' ')).toContain('Examples:');
    });
  });

  it('the flags come from the domain tables, with their allowed values', async () => {
    const [wl, rl, wc, ru] = await Promise.all([
      runCommand(['websites', 'list', '--help']),
      runCommand(['reports', 'list', '--help']),
      runCommand(['websites', 'create', '--help']),
      runCommand(['reports', 'update', '--help']),
    ]);
    for (const f of ['--search', '--search-by', '--sort-by', '--sort', '--per-page', '--page', '--all', '--json']) expect(wl.stdout).toContain(`${f} `);
    expect(wl.stdout).not.toContain('--project');
    for (const f of ['--project', '--result']) expect(rl.stdout).toContain(`${f} `);
    expect(rl.stdout.replace(/\s+/g, ' ')).toContain('good, decent, bad');
    for (const f of ['--privacy', '--password', '--password-stdin', '--email', '--exclude-bots', '--exclude-params', '--exclude-ips'])
      expect(wc.stdout).toContain(`${f} `);
    expect(wc.stdout.replace(/\s+/g, ' ')).toContain('public (0), private (1), password (2)');
    expect(ru.stdout).toContain('--results ');
    expect(ru.stdout).not.toContain('--email');
  });
});

describe('sitedeck with global options', () => {
  it('global options before a command, with or without values, still reach the command', async () => {
    // The command tree is defined only when argv names a command: an option's value must not be
    // taken for one, nor hide the command after it (without a command: ../../bundle/cli.test.ts).
    const [spaced, joined, flag] = await Promise.all([
      runCommand(['--timeout', '5', '--profile', 'work', 'websites', 'list', '--help']),
      runCommand(['--timeout=5', 'reports', '--help']),
      runCommand(['--read-only', 'config', '--help']),
    ]);
    expect(spaced).toMatchObject({ code: 0 });
    expect(spaced.stdout).toContain('Usage: sitedeck websites list');
    expect(joined.stdout).toContain('Usage: sitedeck reports');
    expect(flag.stdout).toContain('Usage: sitedeck config');
  });
});

describe('sitedeck serve', () => {
  it('refuses a port that is not a number', async () => {
    const r = await runCommand(['serve', '--port', 'eighty']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port must be a whole number');
  });
});

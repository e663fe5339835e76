import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODE_HELP } from '../../src/commands/exitCodes';
import { waitFor } from '../helpers/wait';
import { ROOT, ensureBuilt, runCli, startCli } from './helpers';

beforeAll(() => ensureBuilt());

const COMMANDS = [
  ['websites', 'list'], ['websites', 'get'], ['websites', 'create'], ['websites', 'update'], ['websites', 'delete'],
  ['reports', 'list'], ['reports', 'get'], ['reports', 'create'], ['reports', 'update'], ['reports', 'delete'], ['reports', 'rerun'],
  ['websites'], ['reports'], ['config'],
  ['config', 'path'], ['config', 'show'], ['config', 'set'], ['config', 'set-key'], ['config', 'profiles'], ['config', 'use'], ['serve'],
];

describe('sitedeck --help and --version', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('--help lists the commands, the global options and every exit code', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const word of ['websites', 'reports', 'config', 'serve', '--profile', '--base-url', '--seo-base-url', '--api-key', '--read-only', '--no-color', '--demo', 'Examples:']) {
      expect(r.stdout).toContain(word);
    }
    for (const { code } of EXIT_CODE_HELP) expect(r.stdout).toMatch(new RegExp(`^\\s+${code}  \\S`, 'm'));
  });

  it('global options before a command, with or without values, still reach the command', async () => {
    // The command tree is defined only when argv names a command: an option's value must not be
    // taken for one, nor hide the command after it.
    const [spaced, joined, flag] = await Promise.all([
      runCli(['--timeout', '5', '--profile', 'work', 'websites', 'list', '--help']),
      runCli(['--timeout=5', 'reports', '--help']),
      runCli(['--read-only', 'config', '--help']),
    ]);
    expect(spaced).toMatchObject({ code: 0 });
    expect(spaced.stdout).toContain('Usage: sitedeck websites list');
    expect(joined.stdout).toContain('Usage: sitedeck reports');
    expect(flag.stdout).toContain('Usage: sitedeck config');
    // Without a command, a value is only a value: the deck (which needs a terminal) is what opens.
    const deck = await runCli(['--profile', 'websites']);
    expect(deck.code).toBe(2);
    expect(deck.stderr).toContain('the deck needs a terminal');
  });

  it('a mistyped command is named with the nearest ones, exit 2, and no deck opens', async () => {
    expect(await runCli(['website', 'list'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'website': did you mean 'websites'?\n" });
    expect((await runCli(['repots'])).stderr).toContain("did you mean 'reports'?");
    expect((await runCli(['confg', 'show'])).stderr).toContain("did you mean 'config'?");
    const far = await runCli(['zzzz']);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain('the commands are websites, reports, config, serve, doctor, completion');
    // A subcommand typo is said in the same voice, exit 2.
    expect(await runCli(['websites', 'lst'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'lst': did you mean 'list'?\n" });
    expect(await runCli(['reports', 'audti'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'audti': did you mean 'audit'?\n" });
    expect(await runCli(['config', 'uze', 'work'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown command 'uze': did you mean 'use'?\n" });
    expect(await runCli(['websites', 'zzzz'])).toMatchObject({ code: 2, stderr: 'sitedeck: unknown command \'zzzz\': the commands are list, get, create, update, delete (sitedeck websites --help)\n' });
    // A mistyped option, at either level, in the same voice.
    expect(await runCli(['websites', 'list', '--sortby', 'domain'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown option '--sortby': did you mean '--sort-by'?\n" });
    expect(await runCli(['--profle', 'x', 'websites', 'list'])).toMatchObject({ code: 2, stderr: "sitedeck: unknown option '--profle': did you mean '--profile'?\n" });
  });

  it('a refused value names the option probably meant, before any request', async () => {
    const env = { SITEDECK_BASE_URL: 'http://127.0.0.1:9', SITEDECK_SEO_BASE_URL: 'http://127.0.0.1:9', SITEDECK_API_KEY: 'k' };
    expect(await runCli(['websites', 'list', '--sort', 'domain'], { env })).toMatchObject({
      code: 2,
      stderr: 'sitedeck: --sort: Sort must be one of: descending (desc), ascending (asc) (got "domain"): did you mean --sort-by domain?\n',
    });
    expect((await runCli(['reports', 'list', '--sort-by', 'asc'], { env })).stderr).toMatch(/\(got "asc"\): did you mean --sort asc\?\n$/);
    // A value no other flag takes: only what this one allows.
    expect((await runCli(['reports', 'list', '--result', 'awful'], { env })).stderr).toBe('sitedeck: --result: Result must be one of: good, decent, bad (got "awful")\n');
  });

  it('a group’s help summary names every subcommand, from the command tree', async () => {
    const { Command } = await import('commander');
    const { defineCommands } = await import('../../src/commands/program');
    const program = new Command('sitedeck');
    defineCommands(program);
    const top = await runCli(['--help']);
    for (const group of program.commands.filter((c) => c.commands.length)) {
      const names = group.commands.map((c) => c.name());
      expect(group.description(), group.name()).toMatch(new RegExp(`: ${names.join(', ')}$`));
      // Shown in `sitedeck --help` and in the group's own help.
      expect(top.stdout.replace(/\s+/g, ' '), group.name()).toContain(`${group.name()} ${group.description()}`);
      const own = await runCli([group.name(), '--help']);
      expect(own.stdout.replace(/\s+/g, ' ')).toContain(group.description());
    }
    expect(program.commands.find((c) => c.name() === 'reports')!.description()).toBe('Reports on the SEO host: list, get, create, update, delete, rerun, projects, audit');
  });

  it('every command has generated help with examples', async () => {
    const helps = await Promise.all(COMMANDS.map((c) => runCli([...c, '--help'])));
    helps.forEach((r, i) => {
      expect(r.code, COMMANDS[i].join(' ')).toBe(0);
      expect(r.stdout, COMMANDS[i].join(' ')).toContain('Examples:');
    });
  });

  it('the flags come from the domain tables, with their allowed values', async () => {
    const [wl, rl, wc, ru] = await Promise.all([
      runCli(['websites', 'list', '--help']),
      runCli(['reports', 'list', '--help']),
      runCli(['websites', 'create', '--help']),
      runCli(['reports', 'update', '--help']),
    ]);
    for (const f of ['--search', '--search-by', '--sort-by', '--sort', '--per-page', '--page', '--all', '--json']) expect(wl.stdout).toContain(`${f} `);
    expect(wl.stdout).not.toContain('--project');
    for (const f of ['--project', '--result']) expect(rl.stdout).toContain(`${f} `);
    expect(rl.stdout.replace(/\s+/g, ' ')).toContain('good, decent, bad');
    for (const f of ['--privacy', '--password', '--password-stdin', '--email', '--exclude-bots', '--exclude-params', '--exclude-ips']) expect(wc.stdout).toContain(`${f} `);
    expect(wc.stdout.replace(/\s+/g, ' ')).toContain('public (0), private (1), password (2)');
    expect(ru.stdout).toContain('--results ');
    expect(ru.stdout).not.toContain('--email');
  });
});

describe('lean start', () => {
  // The modules cli.js loads before any `await import()`: neither the deck (Ink, React), nor the
  // emulator, nor the HTTP client may be among them.
  function staticClosure(entry: string): string[] {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !existsSync(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["'](\.[^"']+)["']/g)) walk(resolve(dirname(file), m[1]));
    };
    walk(entry);
    return [...seen];
  }

  // Strings that survive minifying: Ink's raw-mode error, React's element tag, ofetch's error
  // class, the emulator's control paths.
  const INK = /Raw mode is not supported|react\.transitional\.element/;
  const CLIENT = /FetchError/;
  const EMULATOR = /__emulator/;
  const closureText = (entry: string) => staticClosure(entry).map((f) => readFileSync(f, 'utf8'));

  it('the entry statically loads no Ink, React, emulator or HTTP client', () => {
    const texts = closureText(join(ROOT, 'dist', 'cli.js'));
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(INK.test(t)).toBe(false);
      expect(CLIENT.test(t)).toBe(false);
      expect(EMULATOR.test(t)).toBe(false);
    }
  });

  it('the resource commands load the client but never Ink or the emulator', () => {
    // cli.js hands over to the entry proper once the Node version is checked; that loads the
    // command definitions on demand, and they load each implementation.
    const start = readFileSync(join(ROOT, 'dist', 'cli.js'), 'utf8');
    const entry = /import\("\.\/(chunks\/cli-[^"]+)"\)/.exec(start)?.[1];
    expect(entry).toBeDefined();
    const cli = readFileSync(join(ROOT, 'dist', entry!), 'utf8');
    const program = /import\("\.\/(program-[^"]+)"\)/.exec(cli)?.[1];
    expect(program).toBeDefined();
    const definitions = readFileSync(join(ROOT, 'dist', 'chunks', program!), 'utf8');
    const chunk = /import\("\.\/(resource-[^"]+)"\)/.exec(definitions)?.[1];
    expect(chunk).toBeDefined();
    const texts = closureText(join(ROOT, 'dist', 'chunks', chunk!));
    expect(texts.some((t) => CLIENT.test(t))).toBe(true);
    for (const t of texts) {
      expect(INK.test(t)).toBe(false);
      expect(EMULATOR.test(t)).toBe(false);
    }
  });
});

describe('a reader that stops early', () => {
  it('ends quietly when the pipe closes (| head -1)', async () => {
    const { execFile } = await import('node:child_process');
    const out = await new Promise<{ stdout: string; stderr: string; code: number }>((done) => {
      // Help is long enough to outlast `head -1`; no server is needed to show the pipe's behaviour.
      const script = `set -o pipefail; "${process.execPath}" "${join(ROOT, 'dist', 'cli.js')}" --help | head -1`;
      execFile('bash', ['-c', script], (err, stdout, stderr) => done({ stdout, stderr, code: err ? Number(err.code) : 0 }));
    });
    expect(out.stdout).toBe('Usage: sitedeck [options] [command]\n');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
  });
});

describe('sitedeck serve', () => {
  it('prints one JSON line once both hosts listen, answers, and stops on SIGTERM', async () => {
    const { child, result } = startCli(['serve', '--port', '0', '--seo-port', '0', '--seed', '3', '--key', 'sd_serve_key_0000']);
    let line = '';
    child.stdout!.on('data', (d: Buffer | string) => (line += String(d)));
    await waitFor(() => line.includes('\n'), 'the JSON line');
    const info = JSON.parse(line) as { base_url: string; seo_base_url: string; api_key: string };
    expect(info.api_key).toBe('sd_serve_key_0000');
    const list = await runCli(['websites', 'list', '--json'], { env: { SITEDECK_BASE_URL: info.base_url, SITEDECK_API_KEY: info.api_key } });
    expect((JSON.parse(list.stdout) as { data: unknown[] }).data).toHaveLength(3);
    child.kill('SIGTERM');
    expect((await result).code).toBe(0);
  });

  it('refuses a port that is not a number', async () => {
    const r = await runCli(['serve', '--port', 'eighty']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port must be a whole number');
  });
});

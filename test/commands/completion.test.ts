// `sitedeck completion bash|zsh|fish`: each script loaded by its own shell, asked what it completes
// for words typed. The scripts and profiles are made in-process; a script asks the bundle on PATH
// for the profiles, as after an install. Commands, flags and values come from commander's tree and the domain tables,
// so the expectations below are read from those too wherever they can be.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceWords, RESOURCE_NAMES, resourceDef } from '../../src/domain';
import { SETTABLE } from '../../src/commands/settable';
import { EXPORT_FORMATS } from '../../src/commands/format/exportFormats';
import { AUDIT_FORMATS } from '../../src/commands/audit/formats';
import { kebab } from '../../src/commands/flags';
import { CHECKS } from '../../src/domain';
import { SETTINGS, settingWords } from '../../src/config/settings';
import { hasTmux, startTmux } from '../helpers/tmux';
import { baseEnv, CLI, ensureBuilt } from './helpers';
import { runCommand } from './inProcess';

const has = (shell: string) => {
  try {
    execFileSync(shell, ['-c', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let dir: string;
let env: Record<string, string>;
const scripts: Record<string, string> = {};

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-completion-'));
  // `sitedeck` on PATH, as after an install: the scripts ask it for the profiles.
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'sitedeck'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`);
  chmodSync(join(dir, 'bin', 'sitedeck'), 0o755);
  env = baseEnv({ HOME: dir, SITEDECK_CONFIG_DIR: join(dir, 'sd'), PATH: `${join(dir, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}` });
  for (const profile of ['work', 'home']) {
    const r = await runCommand(['--profile', profile, 'config', 'set', 'base_url', `https://${profile}.example`], { env });
    expect(r.code).toBe(0);
  }
  for (const shell of ['bash', 'zsh', 'fish']) {
    const r = await runCommand(['completion', shell], { env });
    expect(r.code, r.stderr).toBe(0);
    scripts[shell] = join(dir, `sitedeck.${shell}`);
    writeFileSync(scripts[shell], r.stdout);
  }
  mkdirSync(join(dir, 'data dir'));
  writeFileSync(join(dir, 'data dir', 'emulator.json'), '{}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What bash's completion function offers for `words` (the last one is being typed), in its order. */
function bashComplete(...words: string[]): string[] {
  return bashCompleteWith(env, ...words);
}

function bashCompleteWith(shellEnv: Record<string, string>, ...words: string[]): string[] {
  const program = [
    `source ${JSON.stringify(scripts.bash)}`,
    'COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))',
    'complete -p sitedeck >/dev/null || exit 3', // registered for the command
    '_sitedeck',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', program, 'bash', 'sitedeck', ...words], { env: shellEnv, encoding: 'utf8', cwd: dir });
  return out.split('\n').filter(Boolean);
}

describe('bash', () => {
  it('completes the commands of each level', () => {
    expect(bashComplete('')).toEqual([...RESOURCE_NAMES, 'config', 'serve', 'doctor', 'api', 'completion', 'help']);
    expect(bashComplete('api', '')).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(bashComplete('api', 'GET', '/websites', '--host', '')).toEqual(['analytics', 'seo']);
    expect(bashComplete('re')).toEqual(['reports']);
    expect(bashComplete('websites', '')).toEqual(['list', 'get', 'create', 'update', 'delete', 'help']);
    expect(bashComplete('reports', 're')).toEqual(['rerun']);
    expect(bashComplete('config', 's')).toEqual(['show', 'set', 'set-key']);
  });

  it('completes the flags of a command, the global ones included, from the domain tables', () => {
    for (const name of RESOURCE_NAMES) {
      const def = resourceDef(name);
      const offered = bashComplete(name, 'list', '--');
      for (const p of def.listParams) expect(offered).toContain(`--${kebab(p.name)}`);
      expect(offered).toEqual(expect.arrayContaining(['--all', '--json', '--help', '--profile', '--base-url', '--read-only', '--no-color']));
    }
    expect(bashComplete('websites', 'list', '--so')).toEqual(['--sort-by', '--sort']);
    expect(bashComplete('websites', 'create', 'shop.example', '--ex')).toEqual(['--exclude-bots', '--exclude-params', '--exclude-ips']);
    expect(bashComplete('websites', 'delete', '4', '-')).toContain('--yes');
  });

  it('completes every list flag with a fixed set of values to exactly those values', () => {
    for (const name of RESOURCE_NAMES) {
      for (const p of resourceDef(name).listParams.filter((x) => x.choices)) {
        expect(bashComplete(name, 'list', `--${kebab(p.name)}`, ''), `${name} --${p.name}`).toEqual(choiceWords(p.choices!));
      }
    }
    expect(bashComplete('reports', 'list', '--result', '')).toEqual(['good', 'decent', 'bad']);
    expect(bashComplete('websites', 'update', '3', '--privacy', 'p')).toEqual(['public', 'private', 'password']);
    expect(bashComplete('websites', 'list', '--search', '')).toEqual([]); // free text: nothing to offer
    // The formats a list exports, from their one table, and the audit's.
    for (const name of RESOURCE_NAMES) expect(bashComplete(name, 'list', '--format', '')).toEqual([...EXPORT_FORMATS]);
    expect(bashComplete('reports', 'list', '--format', 'n')).toEqual(['ndjson']);
    expect(bashComplete('reports', 'audit', '--format', '')).toEqual([...AUDIT_FORMATS]);
  });

  it('completes a value after "=", split off by bash or not', () => {
    expect(bashComplete('websites', 'list', '--sort=a')).toEqual(['--sort=asc']);
    expect(bashComplete('websites', 'list', '--sort', '=', 'd')).toEqual(['desc']);
    expect(bashComplete('websites', 'list', '--sort', '=')).toEqual(['desc', 'asc']);
  });

  it('skips the values of earlier flags and counts positional arguments', () => {
    expect(bashComplete('--profile', 'work', 'reports', 'list', '--result', 'bad', '--sort', '')).toEqual(['desc', 'asc']);
    // "websites" is the value of --timeout here: still at the top.
    expect(bashComplete('--timeout', 'websites', '')).toEqual(bashComplete(''));
    expect(bashComplete('config', 'set', '')).toEqual([...SETTABLE]);
    expect(bashComplete('config', 'set', 'base_url', '')).toEqual([]);
    expect(bashComplete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
  });

  it('asks sitedeck for the profiles, and the file system for paths', () => {
    expect(bashComplete('config', 'use', '')).toEqual(['home', 'work']);
    expect(bashComplete('--profile', 'w')).toEqual(['work']);
    expect(bashComplete('serve', '--data', 'data')).toEqual(['data dir']);
    expect(bashComplete('serve', '--data', 'data dir/')).toEqual(['data dir/emulator.json']);
    expect(bashComplete('reports', 'audit', '--output', 'data')).toEqual(['data dir']);
    expect(bashComplete('reports', 'audit', '--output', 'data dir/')).toEqual(['data dir/emulator.json']);
    expect(bashComplete('reports', 'audit', '--output=data')).toEqual(['--output=data dir']);
  });

  it('completes the value of every setting with a fixed set of values, from the settings table', () => {
    let fixed = 0;
    for (const name of SETTABLE) {
      const values = settingWords(SETTINGS[name]);
      fixed += values.length ? 1 : 0;
      expect(bashComplete('config', 'set', name, ''), name).toEqual([...values]);
    }
    expect(fixed).toBeGreaterThan(2);
    expect(bashComplete('config', 'set', 'theme', '')).toEqual([...SETTINGS.theme.values]);
    expect(bashComplete('--profile', 'work', 'config', 'set', 'read_only', 't')).toEqual(['true']);
  });

  it('completes check names after --max-failing, from the check table of the domain', () => {
    expect(bashComplete('reports', 'audit', '--max-failing', '')).toEqual(CHECKS.map((c) => `${c.name}=`));
    expect(bashComplete('reports', 'audit', '--max-failing', 'load')).toEqual(['load_time=']);
  });
});

describe('bash: candidates are data', () => {
  it('profile names holding $(…) and backticks are offered quoted and never run', async () => {
    const hostileEnv = { ...env, SITEDECK_CONFIG_DIR: join(dir, 'hostile') };
    const names = [`$(touch ${join(dir, 'ran-1')})`, `\`touch ${join(dir, 'ran-2')}\``, 'plain; touch x', "it's"];
    for (const name of names)
      expect((await runCommand(['--profile', name, 'config', 'set', 'base_url', 'https://a.example'], { env: hostileEnv })).code).toBe(0);
    const offered = bashCompleteWith(hostileEnv, '--profile', '');
    expect(existsSync(join(dir, 'ran-1'))).toBe(false);
    expect(existsSync(join(dir, 'ran-2'))).toBe(false);
    // Each candidate is the name quoted for the command line: bash reads it back as the name itself.
    const readBack = execFileSync('bash', ['--norc', '--noprofile', '-c', `for w in ${offered.join(' ')}; do printf '%s\\n' "$w"; done`], {
      encoding: 'utf8',
      cwd: dir,
    });
    expect(readBack.split('\n').filter(Boolean).sort()).toEqual([...names].sort());
    expect(existsSync(join(dir, 'ran-1'))).toBe(false);
    expect(bashCompleteWith(hostileEnv, '--profile', '$(')).toEqual([offered.find((o) => o.includes('ran-1'))]);
  });
});

describe.runIf(has('fish'))('fish (installed here)', () => {
  /** fish's own answer for a command line, candidates without their descriptions. */
  const fishComplete = (line: string) =>
    execFileSync('fish', ['--no-config', '-c', `source ${JSON.stringify(scripts.fish)}; complete -C ${JSON.stringify(line)}`], {
      env,
      encoding: 'utf8',
      cwd: dir,
    })
      .split('\n')
      .filter(Boolean);

  it('completes commands and flags with their descriptions, and values', () => {
    expect(fishComplete('sitedeck we')).toEqual(['websites\tWebsites on the analytics host: list, get, create, update, delete']);
    expect(fishComplete('sitedeck websites list --sort-')[0]).toMatch(/^--sort-by\tSort field; one of: date created \(id\), domain/);
    expect(fishComplete('sitedeck reports list --result ').sort()).toEqual(['bad', 'decent', 'good']);
    expect(fishComplete('sitedeck websites list --sort=a')).toEqual(['--sort=asc']);
    expect(fishComplete('sitedeck --profile work config use ').sort()).toEqual(['home', 'work']);
    expect(fishComplete('sitedeck config set r')).toEqual(['read_only']);
  });

  it('completes files after --output, setting values and check names', () => {
    expect(fishComplete('sitedeck reports audit --output data')).toEqual(['data dir/']);
    expect(fishComplete('sitedeck config set theme ').sort()).toEqual([...SETTINGS.theme.values].sort());
    expect(fishComplete('sitedeck config set mouse ').sort()).toEqual(['false', 'true']);
    expect(fishComplete('sitedeck config set base_url ')).toEqual([]);
    expect(fishComplete('sitedeck reports audit --max-failing load_')).toEqual(['load_time=']);
  });
});

describe.runIf(has('zsh') && hasTmux())('zsh (installed here), in a terminal', () => {
  it('lists the values of a flag, completes a unique one in place, and describes commands and options', async () => {
    writeFileSync(join(dir, '.zshrc'), `autoload -U compinit && compinit -u\nsource ${JSON.stringify(scripts.zsh)}\nPS1='zsh> '\ncd ${JSON.stringify(dir)}\n`);
    const t = startTmux({ command: ['zsh', '-i'], env: { ...env, ZDOTDIR: dir }, columns: 100, rows: 20 });
    try {
      await t.waitFor('zsh>');
      t.sendText('sitedeck reports list --result ');
      t.sendKeys('Tab');
      await t.waitFor(/bad\s+decent\s+good/);
      t.sendKeys('C-u');
      t.sendText('sitedeck config use w');
      t.sendKeys('Tab');
      await t.waitFor('zsh> sitedeck config use work');
      // Commands and options come with their descriptions beside them.
      t.sendKeys('C-u');
      t.sendText('sitedeck ');
      t.sendKeys('Tab');
      await t.waitFor(/websites\s+-- Websites on the analytics host/);
      t.sendKeys('C-u');
      t.sendText('sitedeck websites list --sort');
      t.sendKeys('Tab');
      await t.waitFor(/--sort-by\s+-- Sort field/);
      // A file after --output, a setting's values, a check's name with no space after its =.
      t.sendKeys('C-u');
      t.sendText('sitedeck reports audit --output data');
      t.sendKeys('Tab');
      await t.waitFor('zsh> sitedeck reports audit --output data\\ dir/');
      t.sendKeys('C-u');
      t.sendText('sitedeck config set theme ');
      t.sendKeys('Tab');
      await t.waitFor(new RegExp(`^${SETTINGS.theme.values.map((v) => `(?=[\\s\\S]*\\b${v}\\b)`).join('')}`));
      t.sendKeys('C-u');
      t.sendText('sitedeck reports audit --max-failing load_t');
      t.sendKeys('Tab');
      t.sendText('3|');
      await t.waitFor('zsh> sitedeck reports audit --max-failing load_time=3|');
    } finally {
      t.kill();
    }
  });
});

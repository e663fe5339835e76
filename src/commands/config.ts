// `sitedeck config path|show|set|profiles|use|set-key`. A key is never printed in full, and is
// only ever taken from stdin or a masked prompt, never from the command line.
import { readFileSync } from 'node:fs';
import {
  configDirFrom,
  configFlagsFrom,
  configPathIn,
  loadConfig,
  loadConfigFile,
  maskKey,
  maskUrl,
  profileName,
  readConfigFile,
  saveProfileSync,
  switchProfile,
  isThemeSetting,
  THEME_SETTINGS,
  type Profile,
  type ResolvedConfig,
} from '../config';
import { sanitize } from '../text/sanitize';
import { EXIT } from './exitCodes';
import { SETTABLE, type Settable } from './settable';
import { CommandFailure } from './failure';
import type { Options } from './input';
import { readSecret, type Io } from './io';
import { toJson } from './format/json';

export type ConfigVerb = 'path' | 'show' | 'set' | 'profiles' | 'use' | 'set-key' | 'keys';

const TRUE = ['true', 'yes', 'on', '1'];
const FALSE = ['false', 'no', 'off', '0'];

function settingValue(key: Settable, raw: string): Profile {
  if (key === 'theme') {
    const v = raw.trim().toLowerCase();
    if (isThemeSetting(v)) return { theme: v };
    throw new CommandFailure(EXIT.usage, `theme must be one of: ${THEME_SETTINGS.join(', ')} (got "${raw}")`);
  }
  if (key === 'read_only' || key === 'cache' || key === 'history' || key === 'mouse') {
    const v = raw.trim().toLowerCase();
    if (TRUE.includes(v)) return { [key]: true };
    if (FALSE.includes(v)) return { [key]: false };
    throw new CommandFailure(EXIT.usage, `${key} must be one of: ${[...TRUE, ...FALSE].join(', ')} (got "${raw}")`);
  }
  const url = raw.trim();
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new CommandFailure(EXIT.usage, `${key} must be an http:// or https:// URL (got "${raw}")`);
  }
  return { [key]: url };
}

const SOURCE_WORD = { flag: 'flag', env: 'environment', file: 'config file', default: 'default' } as const;

function showLines(c: ResolvedConfig): [string, string][] {
  const src = (s?: keyof typeof SOURCE_WORD) => (s ? ` (${SOURCE_WORD[s]})` : '');
  return [
    ['profile', `${c.profile}${c.profileFound ? '' : ' (not in the config file)'}`],
    ['config', c.configPath],
    ['base_url', (maskUrl(c.baseUrl) ?? '—') + src(c.sources.baseUrl)],
    ['seo_base_url', (maskUrl(c.seoBaseUrl) ?? '—') + src(c.sources.seoBaseUrl)],
    ['api_key', (c.apiKey ? maskKey(c.apiKey) : '—') + src(c.sources.apiKey)],
    ['read_only', String(c.readOnly) + src(c.sources.readOnly)],
    ['cache', String(c.cache) + src(c.sources.cache)],
    ['history', c.history !== false ? 'on' : 'off (config set history true turns it on)'],
    ['theme', (c.theme ?? 'auto') + src(c.sources.theme ?? 'default')],
  ];
}

export async function runConfig(verb: ConfigVerb, args: readonly string[], opts: Options, io: Io): Promise<number> {
  const env = process.env;
  const flags = configFlagsFrom(opts);
  switch (verb) {
    case 'path':
      io.stdout.write(configPathIn(configDirFrom(env)) + '\n');
      return EXIT.ok;
    case 'show': {
      const c = loadConfig(flags, env);
      if (opts.json === true) {
        io.stdout.write(
          toJson(
            {
              profile: c.profile,
              config_path: c.configPath,
              base_url: maskUrl(c.baseUrl) ?? null,
              seo_base_url: maskUrl(c.seoBaseUrl) ?? null,
              api_key: c.apiKey ? maskKey(c.apiKey) : null,
              read_only: c.readOnly,
              cache: c.cache,
              history: c.history !== false,
              theme: c.theme ?? 'auto',
              sources: c.sources,
            },
          ),
        );
      } else {
        const lines = showLines(c);
        const w = Math.max(...lines.map(([k]) => k.length));
        io.stdout.write(lines.map(([k, v]) => `${k.padEnd(w)}  ${sanitize(v)}`).join('\n') + '\n');
      }
      return EXIT.ok;
    }
    case 'set': {
      const [rawKey, raw] = args;
      const key = rawKey.trim().toLowerCase().replace(/-/g, '_');
      if (key === 'api_key') {
        throw new CommandFailure(EXIT.usage, 'a key on the command line shows in the process list: use `sitedeck config set-key` (reads it from stdin)');
      }
      if (!(SETTABLE as readonly string[]).includes(key)) {
        throw new CommandFailure(EXIT.usage, `unknown setting "${rawKey}": one of ${SETTABLE.join(', ')} (the key: sitedeck config set-key)`);
      }
      const name = profileName(flags, env, safeFile(env));
      const path = saveProfileSync(name, settingValue(key as Settable, raw), { env });
      io.stderr.write(`Set ${key} of profile "${sanitize(name)}" in ${path}\n`);
      return EXIT.ok;
    }
    case 'set-key': {
      const name = profileName(flags, env, safeFile(env));
      const key = (await readSecret(io, `API key for profile "${sanitize(name)}": `, { whole: true })).trim();
      if (!key) throw new CommandFailure(EXIT.usage, 'no key was given (pipe it in, e.g. `pass show sitedeck | sitedeck config set-key`)');
      // A key is one line: keeping the first of several would save something the user did not mean,
      // and a line break inside a header makes every request fail.
      const lines = key.split(/\r?\n|\r/).length;
      if (lines > 1) throw new CommandFailure(EXIT.usage, `the key must be one line; ${lines} lines were given. Nothing was saved.`);
      if (/[\x00-\x1f\x7f]/.test(key)) throw new CommandFailure(EXIT.usage, 'the key holds control characters (a tab, an escape…). Nothing was saved.');
      const path = saveProfileSync(name, { api_key: key }, { env });
      io.stderr.write(`Saved API key ${maskKey(key)} to profile "${sanitize(name)}" in ${path} (mode 0600)\n`);
      return EXIT.ok;
    }
    case 'profiles': {
      const { file } = loadConfigFile(env);
      const current = profileName(flags, env, file);
      const names = Object.keys(file.profiles).sort();
      if (opts.json === true) {
        io.stdout.write(toJson({ current, profiles: names }));
        return EXIT.ok;
      }
      if (!names.length) io.stderr.write('No profiles yet: run `sitedeck config set base_url URL` or open the deck (`sitedeck`).\n');
      for (const n of names) {
        const p = file.profiles[n];
        const bits = [maskUrl(p.base_url) ?? '—', maskUrl(p.seo_base_url) ?? '—', p.api_key ? 'key ' + maskKey(p.api_key) : 'no key'];
        if (p.read_only) bits.push('read-only');
        io.stdout.write(`${n === current ? '*' : ' '} ${sanitize(n)}\t${sanitize(bits.join('  '))}\n`);
      }
      return EXIT.ok;
    }
    case 'keys':
      return printKeys(configPathIn(configDirFrom(env)), opts, io);
    case 'use': {
      const [name] = args;
      const { file } = loadConfigFile(env);
      if (!Object.prototype.hasOwnProperty.call(file.profiles, name)) {
        const known = Object.keys(file.profiles);
        throw new CommandFailure(
          EXIT.usage,
          `no profile "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}; create it with: sitedeck --profile ${name} config set base_url URL`,
        );
      }
      const path = switchProfile(name, env);
      io.stderr.write(`Now using profile "${sanitize(name)}" (${path})\n`);
      return EXIT.ok;
    }
  }
}

/** The file, only to pick the profile name: the write that follows rewrites a loose file as 0600. */
function safeFile(env: NodeJS.ProcessEnv) {
  try {
    return readConfigFile(configPathIn(configDirFrom(env)), { allowLoose: true });
  } catch {
    return undefined; // a broken file: the write reports it
  }
}

/** `config keys`: the deck's keymap with the config file's `keys` applied; what was left out, and why. */
async function printKeys(path: string, opts: Options, io: Io): Promise<number> {
  const [{ readKeyConfig, applyKeyConfig }, { KEYMAP }] = await Promise.all([import('../ui/keyConfig'), import('../ui/keymap')]);
  let text = '';
  let raw: unknown;
  try {
    text = readFileSync(path, 'utf8');
    raw = (JSON.parse(text) as { keys?: unknown }).keys;
  } catch {
    raw = undefined; // no file, or one config show reports: the defaults
  }
  const { keys, errors } = readKeyConfig(raw, text, path);
  applyKeyConfig(keys);
  const rows = KEYMAP.map((b) => ({ action: b.id, keys: b.label, modes: b.modes.join(','), yours: keys.has(b.id), description: b.description }));
  if (opts.json === true) io.stdout.write(toJson({ keys: rows, errors }));
  else {
    const w = (k: 'action' | 'keys' | 'description') => Math.max(...rows.map((r) => r[k].length));
    const [wa, wk, wd] = [w('action'), w('keys'), w('description')];
    io.stdout.write(rows.map((r) => `${r.yours ? '*' : ' '} ${r.action.padEnd(wa)}  ${r.keys.padEnd(wk)}  ${r.description.padEnd(wd)}  ${r.modes}`).join('\n') + '\n');
    if (keys.size) io.stdout.write(`* set in ${path}\n`);
  }
  for (const e of errors) io.stderr.write(`sitedeck: ${e}; its defaults stay\n`);
  return errors.length ? EXIT.usage : EXIT.ok;
}

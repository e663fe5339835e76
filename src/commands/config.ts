// `sitedeck config path|show|get|set|unset|profiles|use|set-key|keys`. A key is never printed in full, and is
// only ever taken from stdin or a masked prompt, never from the command line.
import { maxOf } from '../text/bounded';
import {
  checkedProfileName,
  configDirFrom,
  configFlagsFrom,
  configPathIn,
  loadConfig,
  loadConfigFile,
  maskKey,
  maskUrl,
  profileName,
  readConfigFile,
  readConfigKeys,
  saveProfile,
  settingValueOf,
  switchProfile,
  unsetProfileSetting,
  type Profile,
  type ResolvedConfig,
} from '../config';
import { defaultText, isSettingName, parseSetting, settingNameOf, SETTING_NAMES, SETTINGS, type SettingDef, type SettingName } from '../config/settings';
import { plainHttpHost, plainHttpWarning } from '../domain/baseUrl';
import { sanitize } from '../text/sanitize';
import { EXIT } from './exitCodes';
import { SETTABLE, type Settable } from './settable';
import { CommandFailure } from './failure';
import type { Options } from './input';
import { readSecret, type Io } from './io';
import { toJson } from './format/json';

export type ConfigVerb = 'path' | 'show' | 'get' | 'set' | 'unset' | 'profiles' | 'use' | 'set-key' | 'keys';

/** `config set NAME VALUE` → the profile's change, or a usage error naming the allowed values. */
function settingValue(key: Settable, raw: string): Profile {
  const parsed = parseSetting(key, raw, key);
  if (!parsed.ok) throw new CommandFailure(EXIT.usage, parsed.error);
  return { [key]: parsed.value };
}

/** A setting's name as typed (`base-url`, `BASE_URL`) → its name in the table, or a usage error. */
function knownSetting(raw: string, verb: 'get' | 'set' | 'unset'): SettingName {
  const key = settingNameOf(raw);
  if (verb === 'set' && key === 'api_key') {
    throw new CommandFailure(EXIT.usage, 'a key on the command line shows in the process list: use `sitedeck config set-key` (reads it from stdin)');
  }
  const names = verb === 'set' ? SETTABLE : SETTING_NAMES;
  if (!isSettingName(key) || !names.includes(key)) {
    throw new CommandFailure(EXIT.usage, `unknown setting "${raw}": one of ${names.join(', ')}${verb === 'set' ? ' (the key: sitedeck config set-key)' : ''}`);
  }
  return key;
}

export const SOURCE_WORD = { flag: 'flag', env: 'environment', file: 'config file', default: 'default' } as const;

/** A setting's value as `config show` and `config get` print it (the key masked). */
export function shownValue(c: ResolvedConfig, name: SettingName): string | null {
  // The command is not run to be shown: the key's line names it instead.
  if (name === 'api_key' && c.keyByCommand) return `•••• (from the command '${c.apiKeyCommand}')`;
  const v = settingValues(c)[name];
  if (v === undefined) return null;
  const kind = (SETTINGS[name] as SettingDef).kind;
  // The key is masked; so are credentials written into a base URL (https://user:pass@host).
  return kind === 'secret' ? maskKey(String(v)) : kind === 'url' ? maskUrl(String(v)) : String(v);
}

/** The resolved value of every setting, by its name in the table (the config object read back through the table). */
function settingValues(c: ResolvedConfig): Partial<Record<SettingName, string | boolean | number>> {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, settingValueOf(c, name)]));
}

function showLines(c: ResolvedConfig): [string, string][] {
  return [
    ['profile', `${c.profile}${c.profileFound ? '' : ' (not in the config file)'}`],
    ['config', c.configPath],
    ...SETTING_NAMES.map((name): [string, string] => [
      name,
      // A key from the command says so in place of where api_key was written.
      name === 'api_key' && c.keyByCommand ? shownValue(c, name)! : `${shownValue(c, name) ?? '—'} (${SOURCE_WORD[c.sources[name] ?? 'default']})`,
    ]),
  ];
}

export async function runConfig(verb: ConfigVerb, args: readonly string[], opts: Options, io: Io, signal?: AbortSignal): Promise<number> {
  const { env } = io;
  const flags = configFlagsFrom(opts);
  switch (verb) {
    case 'path': {
      const path = configPathIn(configDirFrom(env));
      io.stdout.write(path + '\n');
      // Where it is, and whether the other config commands can read it: a file they refuse is said, as a usage error.
      readConfigFile(path, { allowLoose: true });
      return EXIT.ok;
    }
    case 'show': {
      const c = loadConfig(flags, env);
      if (opts.json === true) {
        const masked = (name: SettingName) => ['secret', 'url'].includes((SETTINGS[name] as SettingDef).kind);
        const values = Object.fromEntries(
          SETTING_NAMES.map((name) => [
            name,
            name === 'api_key' && c.keyByCommand ? '••••' : masked(name) ? shownValue(c, name) : (settingValues(c)[name] ?? null),
          ]),
        );
        const sources = Object.fromEntries(
          SETTING_NAMES.map((name) => [name, name === 'api_key' && c.keyByCommand ? 'command' : (c.sources[name] ?? 'default')]),
        );
        io.stdout.write(toJson({ profile: c.profile, config_path: c.configPath, ...values, sources }));
      } else {
        const lines = showLines(c);
        const w = maxOf(lines.map(([k]) => k.length));
        io.stdout.write(lines.map(([k, v]) => `${k.padEnd(w)}  ${sanitize(v)}`).join('\n') + '\n');
      }
      return EXIT.ok;
    }
    case 'get': {
      const key = knownSetting(args[0], 'get');
      io.stdout.write(sanitize(shownValue(loadConfig(flags, env), key) ?? '') + '\n');
      return EXIT.ok;
    }
    case 'set': {
      const [rawKey, raw] = args;
      const key = knownSetting(rawKey, 'set');
      const name = profileName(flags, env, safeFile(env));
      const path = await saveProfile(name, settingValue(key, raw), { env, signal: signal });
      io.stderr.write(`Set ${key} of profile "${sanitize(name)}" in ${path}\n`);
      const clear = key === 'base_url' || key === 'seo_base_url' ? plainHttpHost(raw) : undefined;
      if (clear) io.stderr.write(`sitedeck: ${plainHttpWarning(key, clear)}\n`);
      return EXIT.ok;
    }
    case 'unset': {
      const key = knownSetting(args[0], 'unset');
      const name = profileName(flags, env, safeFile(env));
      const path = await unsetProfileSetting(name, key, env, signal);
      const def = SETTINGS[key] as SettingDef;
      io.stderr.write(
        `Unset ${key} of profile "${sanitize(name)}" in ${path} (now: ${def.default === undefined ? 'not set' : `the default, ${defaultText(def)}`})\n`,
      );
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
      const path = await saveProfile(name, { api_key: key }, { env, signal: signal });
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
      const name = checkedProfileName(args[0], 'config use');
      const { file } = loadConfigFile(env);
      if (!Object.prototype.hasOwnProperty.call(file.profiles, name)) {
        const known = Object.keys(file.profiles);
        throw new CommandFailure(
          EXIT.usage,
          `no profile "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}; create it with: sitedeck --profile ${name} config set base_url URL`,
        );
      }
      const path = await switchProfile(name, env, signal);
      io.stderr.write(`Now using profile "${sanitize(name)}" (${path})\n`);
      return EXIT.ok;
    }
  }
}

/**
 * The file, to pick the profile name: the write that follows rewrites a loose file as 0600. One
 * that cannot be read is refused here, as the write would, before a key is asked for.
 */
function safeFile(env: NodeJS.ProcessEnv) {
  return readConfigFile(configPathIn(configDirFrom(env)), { allowLoose: true });
}

/** `config keys`: the deck's key table with the config file's `keys` applied; what was left out, and why. The deck itself is not loaded. */
async function printKeys(path: string, opts: Options, io: Io): Promise<number> {
  const [{ readKeyConfig }, { KEY_ROWS }, { keysLabel }, { spellKeys }] = await Promise.all([
    import('../keys/config'),
    import('../keys/table'),
    import('../keys/spec'),
    import('../keys/words'),
  ]);
  // No file: the defaults. One the other config commands refuse is refused here too, in their words.
  const file = readConfigKeys(path);
  const { keys, errors } = readKeyConfig(file?.keys, file?.text ?? '', path);
  const bound = new Map(KEY_ROWS.map((b) => [b.id, keys.get(b.id) ?? b.keys]));
  const words = (text: string) => spellKeys(text, (id) => bound.get(id) ?? []);
  const rows = KEY_ROWS.map((b) => ({
    action: b.id,
    keys: keysLabel(bound.get(b.id) ?? b.keys),
    modes: b.modes.join(','),
    yours: keys.has(b.id),
    description: words(b.description),
  }));
  if (opts.json === true) io.stdout.write(toJson({ keys: rows, errors }));
  else {
    const w = (k: 'action' | 'keys' | 'description') => maxOf(rows.map((r) => r[k].length));
    const [wa, wk, wd] = [w('action'), w('keys'), w('description')];
    io.stdout.write(
      rows.map((r) => `${r.yours ? '*' : ' '} ${r.action.padEnd(wa)}  ${r.keys.padEnd(wk)}  ${r.description.padEnd(wd)}  ${r.modes}`).join('\n') + '\n',
    );
    if (keys.size) io.stdout.write(`* set in ${path}\n`);
  }
  for (const e of errors) io.stderr.write(`sitedeck: ${e}; its defaults stay\n`);
  return errors.length ? EXIT.usage : EXIT.ok;
}

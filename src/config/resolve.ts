import { appendAll } from '../text/bounded';
import { plainHttpWarnings } from '../domain/baseUrl';
import { PROFILE_ENV } from './environment';
import { ConfigError } from './errors';
import type { Env } from './paths';
import { configPathIn } from './paths';
import { checkedProfileName } from './profileNames';
import {
  configKey,
  defaultText,
  flagAttribute,
  flagWord,
  parseSetting,
  SETTING_NAMES,
  SETTINGS,
  type SettingDef,
  type SettingName,
  type SettingValue,
} from './settings';
import type { ConfigFile, ConfigFlags, ResolvedConfig, SettingFields, Source } from './types';

const DEFAULT_PROFILE = 'default';

export const API_KEY_FLAG_WARNING =
  `warning: --api-key shows the key in the process list; prefer ${SETTINGS.api_key.env} ` + 'or `sitedeck config set-key` (reads it from stdin)';

export interface ResolveInput {
  flags: ConfigFlags;
  env: Env;
  /** The parsed config file; undefined when there is none. */
  file?: ConfigFile;
  configDir: string;
}

/** Empty strings count as "not given", so `SITEDECK_API_KEY=` does not hide the file's key. */
function given(v: unknown): unknown {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
}

/** Which profile is in use: --profile, then SITEDECK_PROFILE, then the file's `current`, then "default". */
export function profileName(flags: ConfigFlags, env: Env, file?: ConfigFile): string {
  const text = (v: string | undefined, from: string) => (v === undefined || v.trim() === '' ? undefined : checkedProfileName(v.trim(), from));
  return text(flags.profile, '--profile') ?? text(env[PROFILE_ENV], PROFILE_ENV) ?? text(file?.current, 'the config file\'s "current"') ?? DEFAULT_PROFILE;
}

/** Where a setting was written, as a message names it (`--base-url`, `SITEDECK_BASE_URL`, `base_url in profile "work" of …`). */
export function origin(name: SettingName, source: Source, profile: string, configDir: string): string {
  const def: SettingDef = SETTINGS[name];
  if (source === 'flag') return flagWord(def.flag ?? name);
  if (source === 'env') return def.env ?? name;
  return `${name} in profile "${profile}" of ${configPathIn(configDir)}`;
}

interface Resolved {
  values: Partial<Record<SettingName, SettingValue>>;
  sources: Record<SettingName, Source>;
  warnings: string[];
}

/**
 * Each setting of the table: flag > environment > config file > default. A value that cannot be used
 * stops when it was typed (flag, environment) and is said and skipped when it is in the file.
 */
function resolveSettings(input: ResolveInput, profile: string): Resolved {
  const { flags, env, file, configDir } = input;
  const fromFile = (file?.profiles?.[profile] ?? {}) as Record<string, unknown>;
  const values: Resolved['values'] = {};
  const sources = {} as Resolved['sources'];
  const warnings: string[] = [];
  for (const name of SETTING_NAMES) {
    const def: SettingDef = SETTINGS[name];
    const written: [Source, unknown][] = [
      ['flag', def.flag ? given(flags[flagAttribute(def.flag)]) : undefined],
      ['env', def.env ? given(env[def.env]) : undefined],
      ['file', given(fromFile[name])],
    ];
    const found = written.find(([, v]) => v !== undefined);
    sources[name] = 'default';
    if (def.default !== undefined) values[name] = def.default;
    if (!found) continue;
    const [source, raw] = found;
    // URLs and the key are taken as written; the client checks and explains a bad one where it is used.
    const parsed =
      def.kind === 'url' || def.kind === 'secret'
        ? { ok: true as const, value: String(raw).trim() }
        : parseSetting(name, raw, origin(name, source, profile, configDir));
    if (parsed.ok) {
      values[name] = parsed.value;
      sources[name] = source;
    } else if (source !== 'file') throw new ConfigError('badValue', parsed.error);
    else warnings.push(`${parsed.error}; using ${defaultText(def)}`);
  }
  return { values, sources, warnings };
}

/**
 * The typed config object's settings from the table's values: each under its key (`baseUrl`,
 * `timeoutMs`), scaled to the unit its users count in (seconds → milliseconds, megabytes → bytes);
 * a setting nothing set holds its default.
 */
export function settingFields(values: Partial<Record<SettingName, SettingValue>>): SettingFields {
  const fields: Record<string, SettingValue | undefined> = {};
  for (const name of SETTING_NAMES) {
    const def: SettingDef = SETTINGS[name];
    const v = values[name] ?? def.default;
    fields[configKey(name, def)] = typeof v === 'number' && def.scale ? Math.round(v * def.scale) : v;
  }
  return fields as SettingFields;
}

/** A setting's value as written (seconds, megabytes) from the config object: settingFields backwards. */
export function settingValueOf(config: SettingFields, name: SettingName): SettingValue | undefined {
  const def: SettingDef = SETTINGS[name];
  const fields: Readonly<Record<string, unknown>> = config;
  const v = fields[configKey(name, def)] as SettingValue | undefined;
  return typeof v === 'number' && def.scale ? v / def.scale : v;
}

const RANK: Record<Source, number> = { default: 0, file: 1, env: 2, flag: 3 };

/**
 * Whether api_key_command is the key's source: flags > environment > config file, as for every
 * setting. In the environment an explicit SITEDECK_API_KEY wins over SITEDECK_API_KEY_COMMAND; in
 * a profile the command wins over a stored api_key (setting a command means the key lives elsewhere).
 */
export function keyFromCommand(sources: Partial<Record<SettingName, Source>>): boolean {
  const command = sources.api_key_command ?? 'default';
  const key = sources.api_key ?? 'default';
  if (command === 'default') return false;
  return RANK[command] > RANK[key] || (command === 'file' && key === 'file');
}

/** flags > environment > config file > defaults. Pure: no I/O. */
export function resolveConfig(input: ResolveInput): ResolvedConfig {
  const { flags, env, file, configDir } = input;
  const profile = profileName(flags, env, file);
  const { values, sources, warnings } = resolveSettings(input, profile);
  if (sources.api_key === 'flag') warnings.unshift(API_KEY_FLAG_WARNING);
  const text = (v: SettingValue | undefined) => (typeof v === 'string' ? v : undefined);
  const keyByCommand = keyFromCommand(sources) && text(values.api_key_command) !== undefined;
  // The key would cross the network in the clear: said once, wherever the URL was written.
  const plainHttp = plainHttpWarnings(
    (['base_url', 'seo_base_url'] as const).map((name) => ({ setting: origin(name, sources[name], profile, configDir), url: text(values[name]) })),
  );
  appendAll(warnings, plainHttp);
  return {
    ...settingFields(values),
    profile,
    profileFound: Boolean(file?.profiles && Object.prototype.hasOwnProperty.call(file.profiles, profile)),
    // The key from the command is unset until withCommandKey has run it.
    apiKey: keyByCommand ? undefined : text(values.api_key),
    keyByCommand,
    views: file?.profiles?.[profile]?.views,
    sources,
    configDir,
    configPath: configPathIn(configDir),
    warnings,
    plainHttp,
  };
}

/**
 * A message's advice in the words of this configuration: a base URL's environment variable becomes
 * where the value really came from (`--base-url`, `base_url in profile "work" of …`) when it came
 * from a flag or the config file.
 */
export function nameSources(text: string, config: Pick<ResolvedConfig, 'sources' | 'profile' | 'configDir'>): string {
  let out = text;
  for (const name of ['base_url', 'seo_base_url'] as const) {
    const env = (SETTINGS[name] as SettingDef).env!;
    const source = config.sources[name];
    if (source === 'flag' || source === 'file') out = out.split(env).join(origin(name, source, config.profile, config.configDir));
  }
  return out;
}

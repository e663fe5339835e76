import { ConfigError } from './errors';
import type { Env } from './paths';
import { configPathIn } from './paths';
import { isThemeSetting, THEME_SETTINGS, type ConfigFile, type ConfigFlags, type Profile, type ResolvedConfig, type Source, type ThemeSetting } from './types';

export const DEFAULT_PROFILE = 'default';

export const API_KEY_FLAG_WARNING =
  'warning: --api-key shows the key in the process list; prefer SITEDECK_API_KEY or `sitedeck config set-key` (reads it from stdin)';

export interface ResolveInput {
  flags: ConfigFlags;
  env: Env;
  /** The parsed config file; undefined when there is none. */
  file?: ConfigFile;
  configDir: string;
}

/** Empty strings count as "not given", so `SITEDECK_API_KEY=` does not hide the file's key. */
function given(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function pick(
  flag: string | undefined,
  env: string | undefined,
  file: string | undefined,
): { value?: string; source?: Source } {
  if (given(flag)) return { value: given(flag), source: 'flag' };
  if (given(env)) return { value: given(env), source: 'env' };
  if (given(file)) return { value: given(file), source: 'file' };
  return {};
}

/** Seconds (decimals allowed) → milliseconds; a value that is not a positive number is refused. */
export function parseTimeout(raw: string | undefined, from: string): number | undefined {
  const text = given(raw);
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
    throw new ConfigError('badValue', `${from} must be a number of seconds between 0 and 600 (got "${text}")`);
  }
  return Math.round(seconds * 1000);
}

/** Megabytes (decimals allowed) → bytes; between 1 MB and 4 096 MB (beyond, Node cannot hold the text). */
export function parseMaxBody(raw: string | undefined, from: string): number | undefined {
  const text = given(raw);
  if (text === undefined) return undefined;
  const mb = Number(text);
  if (!Number.isFinite(mb) || mb < 1 || mb > 4096) {
    throw new ConfigError('badValue', `${from} must be a number of megabytes between 1 and 4096 (got "${text}")`);
  }
  return Math.round(mb * 1024 * 1024);
}

/** Which profile is in use: --profile, then SITEDECK_PROFILE, then the file's `current`, then "default". */
export function profileName(flags: ConfigFlags, env: Env, file?: ConfigFile): string {
  return given(flags.profile) ?? given(env.SITEDECK_PROFILE) ?? given(file?.current) ?? DEFAULT_PROFILE;
}

/** flags > environment > config file > defaults. Pure: no I/O. */
export function resolveConfig(input: ResolveInput): ResolvedConfig {
  const { flags, env, file, configDir } = input;
  const profile = profileName(flags, env, file);
  const fromFile: Profile = file?.profiles?.[profile] ?? {};
  const base = pick(flags.baseUrl, env.SITEDECK_BASE_URL, fromFile.base_url);
  const seo = pick(flags.seoBaseUrl, env.SITEDECK_SEO_BASE_URL, fromFile.seo_base_url);
  const key = pick(flags.apiKey, env.SITEDECK_API_KEY, fromFile.api_key);
  const readOnly: { value: boolean; source: Source } = flags.readOnly
    ? { value: true, source: 'flag' }
    : fromFile.read_only !== undefined
      ? { value: fromFile.read_only === true, source: 'file' }
      : { value: false, source: 'default' };

  const cache: { value: boolean; source: Source } =
    flags.cache === false
      ? { value: false, source: 'flag' }
      : fromFile.cache !== undefined
        ? { value: fromFile.cache, source: 'file' }
        : { value: true, source: 'default' };

  const timeoutMs = given(flags.timeout) !== undefined ? parseTimeout(flags.timeout, '--timeout') : parseTimeout(env.SITEDECK_TIMEOUT, 'SITEDECK_TIMEOUT');

  const maxBodyBytes = parseMaxBody(env.SITEDECK_MAX_BODY_MB, 'SITEDECK_MAX_BODY_MB');

  const warnings: string[] = [];
  if (key.source === 'flag') warnings.push(API_KEY_FLAG_WARNING);

  // A typo on the command line or in the environment stops; one in the file is said and skipped.
  const themePick = pick(flags.theme, env.SITEDECK_THEME, fromFile.theme);
  let theme: { value: ThemeSetting; source: Source } = { value: 'auto', source: 'default' };
  if (themePick.value !== undefined) {
    const v = themePick.value.toLowerCase();
    if (isThemeSetting(v)) theme = { value: v, source: themePick.source! };
    else {
      const from = themePick.source === 'flag' ? '--theme' : themePick.source === 'env' ? 'SITEDECK_THEME' : `theme in profile "${profile}" of ${configPathIn(configDir)}`;
      const message = `${from} must be one of: ${THEME_SETTINGS.join(', ')} (got "${themePick.value}")`;
      if (themePick.source !== 'file') throw new ConfigError('badValue', message);
      warnings.push(`${message}; using auto`);
    }
  }

  return {
    profile,
    profileFound: Boolean(file?.profiles && Object.prototype.hasOwnProperty.call(file.profiles, profile)),
    baseUrl: base.value,
    seoBaseUrl: seo.value,
    apiKey: key.value,
    readOnly: readOnly.value,
    cache: cache.value,
    history: fromFile.history !== false,
    theme: theme.value,
    views: fromFile.views,
    mouse: flags.mouse === false ? false : fromFile.mouse !== false,
    timeoutMs,
    maxBodyBytes,
    sources: { baseUrl: base.source, seoBaseUrl: seo.source, apiKey: key.source, readOnly: readOnly.source, cache: cache.source, theme: theme.source },
    configDir,
    configPath: configPathIn(configDir),
    warnings,
  };
}

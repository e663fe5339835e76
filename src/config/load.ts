import { setStateFileLimit } from '../files';
import { readConfigFile, updateConfigFileAsync } from './file';
import { configDirFrom, configPathIn, type Env } from './paths';
import { resolveConfig } from './resolve';
import type { SettingName } from './settings';
import type { ConfigFile, ConfigFlags, Profile, ResolvedConfig } from './types';

/** Reads the config file (refusing an unsafe one) and resolves flags > env > file > defaults. */
export function loadConfig(flags: ConfigFlags, env: Env): ResolvedConfig {
  const configDir = configDirFrom(env);
  // config.json is read under the limit the environment sets (it cannot set its own); every later
  // state file under the limit all settings give.
  setStateFileLimit(resolveConfig({ flags, env, file: undefined, configDir }).maxStateFileBytes);
  const file = readConfigFile(configPathIn(configDir));
  const config = resolveConfig({ flags, env, file, configDir });
  setStateFileLimit(config.maxStateFileBytes);
  return config;
}

/** The config file as it is on disk (checked like loadConfig); an empty one when there is none. */
export function loadConfigFile(env: Env): { path: string; file: ConfigFile } {
  const path = configPathIn(configDirFrom(env));
  return { path, file: readConfigFile(path) ?? { profiles: {} } };
}

export interface SaveOptions {
  /** The environment naming the config directory (SITEDECK_CONFIG_DIR, XDG_CONFIG_HOME, HOME). */
  env: Env;
  /** Make it the profile used when none is named. Default: only when there is no current one. */
  makeCurrent?: boolean;
  /** Ends a wait for another process's lock at once (Ctrl+C); nothing is changed then. */
  signal?: AbortSignal;
}

function merge(into: Profile | undefined, changes: Profile): Profile {
  const out: Profile = { ...(into ?? {}) };
  for (const [k, v] of Object.entries(changes) as [keyof Profile, Profile[keyof Profile]][]) {
    if (v === undefined) continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/**
 * Saves (merges) one profile into config.json, mode 0600 in a 0700 directory, atomically. Fields
 * left undefined keep their stored value. Resolves with the file's path. Used by the deck's setup
 * screen and by `sitedeck config set` / `set-key`.
 */
export async function saveProfile(name: string, profile: Profile, opts: SaveOptions): Promise<string> {
  const path = configPathIn(configDirFrom(opts.env));
  await updateConfigFileAsync(
    path,
    (file) => ({
      ...file,
      current: opts.makeCurrent || !file.current ? name : file.current,
      profiles: { ...file.profiles, [name]: merge(file.profiles[name], profile) },
    }),
    opts.signal,
  );
  return path;
}

/** Removes one setting from a profile (it then comes from the environment or its default). */
export async function unsetProfileSetting(name: string, setting: SettingName, env: Env, signal?: AbortSignal): Promise<string> {
  const path = configPathIn(configDirFrom(env));
  await updateConfigFileAsync(
    path,
    (file) => {
      if (!file.profiles[name]) return file;
      const { [setting]: _gone, ...rest } = file.profiles[name];
      return { ...file, profiles: { ...file.profiles, [name]: rest } };
    },
    signal,
  );
  return path;
}

/** Makes `name` the profile used when none is named. */
export async function switchProfile(name: string, env: Env, signal?: AbortSignal): Promise<string> {
  const path = configPathIn(configDirFrom(env));
  await updateConfigFileAsync(path, (file) => ({ ...file, current: name }), signal);
  return path;
}

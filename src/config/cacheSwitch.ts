// Whether the setting `cache` is off, read at the very start (src/start.ts), before the settings
// table and the config loader load: Node's compile cache starts then or never, and `--no-cache`,
// SITEDECK_CACHE=false or `cache false` in the profile must leave nothing under the cache folder.
// The same precedence as resolveConfig (flags > environment > config file > default on); a test
// holds the two to the same answers (test/config/cacheSwitch.test.ts).
import { readStateFileSync } from '../files/read';
import { booleanWord } from './booleanWord';
import { parseConfigText } from './configText';
import { PROFILE_ENV } from './environment';
import { configDirFrom, configPathIn, type Env } from './paths';

/** The setting's flag and variable; settings.ts declares the setting with these. */
export const CACHE_FLAG = '--no-cache';
export const CACHE_ENV = 'SITEDECK_CACHE';

/** A config file larger than this is not read here (the loader refuses it later, in words). */
const MOST_BYTES = 1024 * 1024;

const given = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** The arguments before `--`, where global flags are. */
const flagsOf = (argv: readonly string[]) => {
  const end = argv.indexOf('--');
  return end < 0 ? argv : argv.slice(0, end);
};

/** --profile NAME or --profile=NAME, the last one given. */
function profileFlag(argv: readonly string[]): string | undefined {
  let name: string | undefined;
  const args = flagsOf(argv);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--profile') name = args[++i];
    else if (args[i].startsWith('--profile=')) name = args[i].slice('--profile='.length);
  }
  return given(name);
}

/** The profile's `cache` in the config file; undefined when there is none or the file cannot be read here. */
function fileSetting(argv: readonly string[], env: Env): { value: unknown; profile: string; path: string } | undefined {
  const path = configPathIn(configDirFrom(env));
  try {
    // A FIFO or a device (a link to /dev/zero) is never read (the loader refuses it in words later).
    const text = readStateFileSync(path, MOST_BYTES);
    if (text === undefined) return undefined;
    // Read as the loader reads it (a byte-order mark skipped, nesting bounded); one it refuses is on here.
    const read = parseConfigText(text);
    if (!read.ok) return undefined;
    const file = read.value as { current?: unknown; profiles?: Record<string, Record<string, unknown> | undefined> };
    const profile = profileFlag(argv) ?? given(env[PROFILE_ENV]) ?? (typeof file.current === 'string' ? given(file.current) : undefined) ?? 'default';
    const value = file.profiles?.[profile]?.cache;
    return value === undefined || value === null || value === '' ? undefined : { value, profile, path };
  } catch {
    return undefined;
  }
}

/** Why the cache is off (`--no-cache`, `SITEDECK_CACHE=false`, `cache false in profile …`), or null when it is on. */
export function cacheOffAtStart(argv: readonly string[], env: Env): string | null {
  if (flagsOf(argv).includes(CACHE_FLAG)) return CACHE_FLAG;
  const fromEnv = given(env[CACHE_ENV]);
  // A value that is not a switch stops the command later; nothing is kept meanwhile.
  if (fromEnv !== undefined) return booleanWord(fromEnv) === true ? null : `${CACHE_ENV}=${fromEnv}`;
  const inFile = fileSetting(argv, env);
  if (inFile === undefined || booleanWord(inFile.value) === true) return null;
  return `cache ${String(inFile.value)} in profile "${inFile.profile}" of ${inFile.path}`;
}

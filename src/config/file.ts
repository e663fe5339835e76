import { dirname } from 'node:path';
import { isStateFileError, jsonProblem, readStateFileAndOwnerSync, updateFile, updateFileSync } from '../files';
import { lookAt, makeFolder, resolvedPath } from '../files/look';
import { MAX_CONFIG_DEPTH, parseConfigText, withBom } from './configText';
import { CONFIG_DIR_ENV } from './environment';
import { ConfigError } from './errors';
import { isReservedProfileName } from './profileNames';
import { SETTING_NAMES } from './settings';
import { currentUid, exposure, exposureText, type Exposure, type Holds, type Owner } from './trust';
import type { ConfigFile, Profile } from './types';

const DIR_MODE = 0o700;

const inSomeProfile = (file: ConfigFile, name: 'api_key' | 'api_key_command') =>
  Object.values(file.profiles).some((p) => typeof p?.[name] === 'string' && p[name] !== '');

/** The most sensitive thing the file holds in any profile: a key, else a command that gives one. */
function heldSecret(file: ConfigFile): Holds {
  if (inSomeProfile(file, 'api_key')) return 'api_key';
  return inSomeProfile(file, 'api_key_command') ? 'api_key_command' : 'nothing';
}

/** Each setting of the table as written (resolveConfig checks the values and names a bad one), and the views. */
function asProfile(raw: unknown): Profile {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const p: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const v = o[name];
    if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') p[name] = v;
  }
  if (o.views && typeof o.views === 'object' && !Array.isArray(o.views)) p.views = o.views;
  return p;
}

/**
 * config.json's text → its JSON value and whether it began with a byte-order mark, or a refusal
 * naming the file and what to do (configText.ts reads it: a mark skipped, nesting bounded).
 */
function configJson(text: string, path: string): { value: unknown; bom: boolean } {
  const read = parseConfigText(text);
  if (read.ok) return read;
  const why =
    read.problem === 'deep'
      ? `nests { and [ more than ${MAX_CONFIG_DEPTH} levels deep (at character ${read.at}; config.json is a few levels deep)`
      : `is ${jsonProblem(read.error)}`;
  throw new ConfigError('badFile', `${path} ${why}; fix or remove it`, path);
}

/** The JSON value as a config file; tolerant of missing parts, strict about it being an object. */
function asConfigFile(raw: unknown, path: string): ConfigFile {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigError('badFile', `${path} must hold a JSON object with "profiles"; fix or remove it`, path);
  }
  const o = raw as Record<string, unknown>;
  const profiles: Record<string, Profile> = {};
  if (o.profiles && typeof o.profiles === 'object') {
    for (const [name, p] of Object.entries(o.profiles as Record<string, unknown>)) if (!isReservedProfileName(name)) profiles[name] = asProfile(p);
  }
  // keys is kept as written, so a rewrite of the file (config set, a saved view) never loses it.
  return { ...(typeof o.current === 'string' ? { current: o.current } : {}), profiles, ...(o.keys !== undefined ? { keys: o.keys } : {}) };
}

/** Parses config.json text (the loader, `config keys`, the deck's keys); a ConfigError names the file when it cannot. */
export function parseConfigFile(text: string, path: string): ConfigFile {
  return asConfigFile(configJson(text, path).value, path);
}

export interface ReadOptions {
  /** Skip the permission check (only when about to rewrite the file with safe modes). */
  allowLoose?: boolean;
}

/** config.json's text and its stat, read as every state file is; undefined when there is none. */
function readText(path: string): { text: string; st: Owner } | undefined {
  try {
    const read = readStateFileAndOwnerSync(path);
    return read === undefined ? undefined : { text: read.text, st: read };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError('badFile', isStateFileError(e) ? e.message : `cannot read ${path}: ${(e as Error).message}`, path);
  }
}

/**
 * Reads config.json; undefined when there is none. Refuses a file holding api_key or
 * api_key_command that others could read (a key) or change (src/config/trust.ts): the key may
 * already have leaked, and whoever can write the file chooses the program that runs.
 */
export function readConfigFile(path: string, opts: ReadOptions = {}): ConfigFile | undefined {
  const read = readText(path);
  if (read === undefined) return undefined;
  const file = parseConfigFile(read.text, path);
  const found = opts.allowLoose ? null : configExposure(path, file, read.st);
  if (found) throw new ConfigError('unsafeFile', exposureText(found), path);
  return file;
}

/**
 * The file's `keys` as written, with its text (a key's error names its line): what `config keys`
 * and the deck apply. Undefined when there is no file; a file that cannot be read is refused as
 * readConfigFile refuses it.
 */
export function readConfigKeys(path: string): { keys: unknown; text: string } | undefined {
  const read = readText(path);
  return read && { keys: parseConfigFile(read.text, path).keys, text: read.text };
}

/** Whether config.json at `path` (read as `file`, with its stat) may be trusted with what it holds. */
export function configExposure(path: string, file: ConfigFile, st: Owner): Exposure | null {
  const dir = dirname(path);
  return exposure(path, heldSecret(file), st, { path: dir, ...ownerOf(dir) }, currentUid());
}

/** The directory's mode and owner; a directory that cannot be read is judged by the file alone. */
function ownerOf(dir: string): Owner {
  const st = lookAt(dir);
  return typeof st === 'object' && !(st instanceof Error) ? { mode: st.mode, uid: st.uid } : { mode: DIR_MODE, uid: 0 };
}

/** Top-level keys sitedeck does not know, kept as written so a rewrite never drops them. */
function unknownKeys(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const { current: _c, profiles: _p, keys: _k, ...rest } = raw as Record<string, unknown>;
  return rest;
}

/**
 * Makes the config directory when it is missing (0700). One that exists is left as it is: it may
 * be a directory the user chose (SITEDECK_CONFIG_DIR) and shares; the file itself is 0600.
 */
function ensureDir(dir: string): void {
  makeFolder(dir, DIR_MODE);
}

function asConfigError(path: string, e: unknown): ConfigError {
  if (e instanceof ConfigError) return e;
  if (isStateFileError(e)) return new ConfigError('writeFailed', e.message, path);
  return new ConfigError('writeFailed', `cannot write ${path}: ${(e as Error).message}`, path);
}

/** Another user's config.json is theirs to change: it is not replaced by this user's sitedeck (root's is, for you). */
function refuseOthersFile(path: string): void {
  const st = lookAt(path);
  const me = currentUid();
  if (me === undefined || typeof st !== 'object' || st instanceof Error || st.uid === me || st.uid === 0) return;
  throw new ConfigError(
    'writeFailed',
    `${path} is owned by another user (uid ${st.uid}); sitedeck does not replace it, and nothing was changed ` +
      `(remove it as its owner or root, or set ${CONFIG_DIR_ENV} to a folder of your own)`,
    path,
  );
}

/** The change of config.json's text `change` makes, with what it read: a file that cannot be read is said as the loader says it. */
function textChange(path: string, change: (file: ConfigFile) => ConfigFile) {
  const out: { next: ConfigFile; unreadable?: ConfigError } = { next: { profiles: {} } };
  const apply = (text: string | undefined): string => {
    let read: { value: unknown; bom: boolean } = { value: undefined, bom: false };
    let current: ConfigFile = { profiles: {} };
    try {
      if (text !== undefined) {
        read = configJson(text, path);
        current = asConfigFile(read.value, path);
      }
    } catch (e) {
      out.unreadable = e instanceof ConfigError ? e : undefined;
      throw e;
    }
    out.next = change(current);
    return withBom(JSON.stringify({ ...unknownKeys(read.value), ...out.next }, null, 2) + '\n', read.bom);
  };
  return { out, apply };
}

/** Where a change of config.json is written: a config.json linked from elsewhere (a dotfile manager) is changed where it leads, the link kept. */
function writablePath(given: string): string {
  const path = resolvedPath(given);
  refuseOthersFile(path);
  ensureDir(dirname(path));
  return path;
}

/**
 * Changes config.json under the lock every sitedeck process takes: `change` gets the file as it is
 * on disk now (another process may have changed it since this one started), so two processes
 * changing different profiles at once both keep their change. Returns the new file. The deck's
 * saved views use this form (a key press: the lock is held for microseconds, a stuck one refused
 * after 5 s); the commands use updateConfigFileAsync, whose wait Ctrl+C ends.
 */
export function updateConfigFile(given: string, change: (file: ConfigFile) => ConfigFile): ConfigFile {
  const path = resolvedPath(given);
  const { out, apply } = textChange(path, change);
  try {
    updateFileSync(writablePath(given), apply);
  } catch (e) {
    throw out.unreadable ?? asConfigError(path, e);
  }
  return out.next;
}

/** The same change, waiting for another process's lock without holding the event loop: `signal` (Ctrl+C) ends the wait at once. */
export async function updateConfigFileAsync(given: string, change: (file: ConfigFile) => ConfigFile, signal?: AbortSignal): Promise<ConfigFile> {
  const path = resolvedPath(given);
  const { out, apply } = textChange(path, change);
  try {
    await updateFile(writablePath(given), apply, { signal });
  } catch (e) {
    throw out.unreadable ?? asConfigError(path, e);
  }
  return out.next;
}

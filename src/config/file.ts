import { chmodSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { isStateFileError, jsonProblem, readStateFileSync, updateFileSync } from '../files';
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

/** Parses config.json text; tolerant of missing parts, strict about it being JSON. */
export function parseConfigFile(text: string, path: string): ConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ConfigError('badFile', `${path} is ${jsonProblem(e)}; fix or remove it`, path);
  }
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

export interface ReadOptions {
  /** Skip the permission check (only when about to rewrite the file with safe modes). */
  allowLoose?: boolean;
}

/**
 * Reads config.json; undefined when there is none. Refuses a file holding api_key or
 * api_key_command that others could read (a key) or change (src/config/trust.ts): the key may
 * already have leaked, and whoever can write the file chooses the program that runs.
 */
export function readConfigFile(path: string, opts: ReadOptions = {}): ConfigFile | undefined {
  let text: string | undefined;
  let st: Stats;
  try {
    text = readStateFileSync(path);
    if (text === undefined) return undefined;
    st = statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError('badFile', isStateFileError(e) ? e.message : `cannot read ${path}: ${(e as Error).message}`, path);
  }
  const file = parseConfigFile(text, path);
  const found = opts.allowLoose ? null : configExposure(path, file, st);
  if (found) throw new ConfigError('unsafeFile', exposureText(found), path);
  return file;
}

/** Whether config.json at `path` (read as `file`, with its stat) may be trusted with what it holds. */
export function configExposure(path: string, file: ConfigFile, st: Owner): Exposure | null {
  const dir = dirname(path);
  return exposure(path, heldSecret(file), st, { path: dir, ...ownerOf(dir) }, currentUid());
}

/** The directory's mode and owner; a directory that cannot be read is judged by the file alone. */
function ownerOf(dir: string): Owner {
  try {
    const { mode, uid } = statSync(dir);
    return { mode, uid };
  } catch {
    return { mode: DIR_MODE, uid: 0 };
  }
}

/** Top-level keys sitedeck does not know, kept as written so a rewrite never drops them. */
function unknownKeys(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const raw = JSON.parse(text) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const { current: _c, profiles: _p, keys: _k, ...rest } = raw as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

/**
 * Makes the config directory when it is missing (0700). One that exists is left as it is: it may
 * be a directory the user chose (SITEDECK_CONFIG_DIR) and shares; the file itself is 0600.
 */
function ensureDir(dir: string): void {
  const made = mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (made !== undefined && process.platform !== 'win32') chmodSync(dir, DIR_MODE);
}

function asConfigError(path: string, e: unknown): ConfigError {
  if (e instanceof ConfigError) return e;
  if (isStateFileError(e)) return new ConfigError('writeFailed', e.message, path);
  return new ConfigError('writeFailed', `cannot write ${path}: ${(e as Error).message}`, path);
}

/**
 * Changes config.json under the lock every sitedeck process takes: `change` gets the file as it is
 * on disk now (another process may have changed it since this one started), so two processes
 * changing different profiles at once both keep their change. Returns the new file.
 */
export function updateConfigFile(path: string, change: (file: ConfigFile) => ConfigFile): ConfigFile {
  let next: ConfigFile = { profiles: {} };
  try {
    ensureDir(dirname(path));
    updateFileSync(path, (text) => {
      const current = text === undefined ? { profiles: {} } : parseConfigFile(text, path);
      next = change(current);
      return JSON.stringify({ ...unknownKeys(text), ...next }, null, 2) + '\n';
    });
  } catch (e) {
    throw asConfigError(path, e);
  }
  return next;
}

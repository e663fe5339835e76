import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { isStateFileError, jsonProblem, readStateFileSync, updateFileSync } from '../files';
import { ConfigError } from './errors';
import { SETTING_NAMES } from './settings';
import type { ConfigFile, Profile } from './types';

const DIR_MODE = 0o700;

/** Any permission for group or others. */
function loose(mode: number): boolean {
  return process.platform !== 'win32' && (mode & 0o077) !== 0;
}

function holdsKey(file: ConfigFile): boolean {
  return Object.values(file.profiles).some((p) => typeof p?.api_key === 'string' && p.api_key !== '');
}

/** Each setting of the table as written (resolveConfig checks the values and names a bad one), and the views. */
function asProfile(raw: unknown): Profile {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const p: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const v = o[name];
    if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') p[name] = v;
  }
  if (o.views && typeof o.views === 'object' && !Array.isArray(o.views)) p.views = o.views as Record<string, unknown>;
  return p as Profile;
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
    for (const [name, p] of Object.entries(o.profiles as Record<string, unknown>)) profiles[name] = asProfile(p);
  }
  // keys is kept as written, so a rewrite of the file (config set, a saved view) never loses it.
  return { ...(typeof o.current === 'string' ? { current: o.current } : {}), profiles, ...(o.keys !== undefined ? { keys: o.keys } : {}) };
}

export interface ReadOptions {
  /** Skip the permission check (only when about to rewrite the file with safe modes). */
  allowLoose?: boolean;
}

/**
 * Reads config.json; undefined when there is none. Refuses a file other users can read or write
 * while it holds a key: the key may already have leaked, and a writable file could redirect it.
 */
export function readConfigFile(path: string, opts: ReadOptions = {}): ConfigFile | undefined {
  let text: string | undefined;
  let mode: number;
  try {
    text = readStateFileSync(path);
    if (text === undefined) return undefined;
    mode = statSync(path).mode;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError('badFile', isStateFileError(e) ? e.message : `cannot read ${path}: ${(e as Error).message}`, path);
  }
  const file = parseConfigFile(text, path);
  if (!opts.allowLoose && loose(mode) && holdsKey(file)) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new ConfigError(
      'unsafeFile',
      `${path} holds an API key but other users can access it (mode ${octal}); fix it with: chmod 600 ${path}`,
      path,
    );
  }
  return file;
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

/** Replaces config.json with `file` (locked, temp file + rename, mode 0600). */
export function writeConfigFile(path: string, file: ConfigFile): void {
  updateConfigFile(path, () => file);
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

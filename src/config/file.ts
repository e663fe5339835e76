import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from './errors';
import { SETTING_NAMES } from './settings';
import type { ConfigFile, Profile } from './types';

const FILE_MODE = 0o600;
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
    throw new ConfigError('badFile', `${path} is not valid JSON (${(e as Error).message}); fix or remove it`, path);
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
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError('badFile', `cannot read ${path}: ${(e as Error).message}`, path);
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

let written = 0;

/** Writes config.json atomically (temp file + rename): mode 0600 in a 0700 directory. */
export function writeConfigFile(path: string, file: ConfigFile): void {
  const dir = dirname(path);
  // Unique per process and write; created exclusively ('wx'), so a clash fails instead of sharing
  // a file. (No node:crypto: loading it would cost every start, for a name; docs/PERFORMANCE.md.)
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}.${written++}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    if (process.platform !== 'win32') chmodSync(dir, DIR_MODE);
    writeFileSync(tmp, JSON.stringify(file, null, 2) + '\n', { mode: FILE_MODE, flag: 'wx' });
    if (process.platform !== 'win32') chmodSync(tmp, FILE_MODE);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new ConfigError('writeFailed', `cannot write ${path}: ${(e as Error).message}`, path);
  }
}

/** Reads (or starts) the file, applies `change`, writes it back safely. Returns the new file. */
export function updateConfigFile(path: string, change: (file: ConfigFile) => ConfigFile): ConfigFile {
  const current = readConfigFile(path, { allowLoose: true }) ?? { profiles: {} };
  const next = change(current);
  writeConfigFile(path, next);
  return next;
}

// The warm-start cache on disk: where it lives, reading it, writing it atomically (mode 0600 in a
// 0700 directory). Only this file touches the disk; what is in it is snapshot.ts's business.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

type Env = Readonly<Record<string, string | undefined>>;

/** $XDG_CACHE_HOME/sitedeck, else ~/.cache/sitedeck (a relative XDG_CACHE_HOME is ignored, as the XDG spec says). */
export function cacheDirFrom(env: Env, home: string = homedir()): string {
  const xdg = env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? join(xdg, 'sitedeck') : join(home, '.cache', 'sitedeck');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One file per profile; its name says nothing about the profile, the hosts or the key. */
export function cacheFileIn(dir: string, profile: string): string {
  return join(dir, `deck-${sha256(`profile\0${profile}`).slice(0, 24)}.json`);
}

/** What the file records instead of the key: enough to tell it is the same key, not to recover it. */
export function keyHashOf(apiKey: string): string {
  return sha256(`sitedeck cache key\0${apiKey}`);
}

/** The file's text; undefined when there is none. Other failures throw (the caller warns and goes on). */
export function readCacheText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

let written = 0;

/** Replaces the file at once (temp file + rename): a reader sees the old file or the new, never half. */
export async function writeCacheText(path: string, dir: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}.${written++}.tmp`;
  try {
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    // A directory made by hand (or by an older tool) may let others list it: the deck's is its own.
    if (process.platform !== 'win32') await chmod(dir, DIR_MODE);
    await writeFile(tmp, text, { mode: FILE_MODE, flag: 'wx' });
    if (process.platform !== 'win32') await chmod(tmp, FILE_MODE);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

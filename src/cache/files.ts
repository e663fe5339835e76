// The warm-start cache on disk: where it lives, reading it, writing it atomically (mode 0600 in a
// 0700 directory). Only this file touches the disk; what is in it is snapshot.ts's business.
import { createHash } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readStateFileSync, updateFile, type Change } from '../files';

export { cacheDirFrom } from './dir';

const DIR_MODE = 0o700;

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
  return readStateFileSync(path);
}

/**
 * Changes the file under the lock every sitedeck process takes (src/files): `change` gets the text
 * on disk now (two decks of one profile each keep their pages) and returns the new text.
 */
export async function updateCacheText(path: string, dir: string, change: Change): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  // A directory made by hand (or by an older tool) may let others list it: the deck's is its own.
  if (process.platform !== 'win32') await chmod(dir, DIR_MODE);
  await updateFile(path, change);
}

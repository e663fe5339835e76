// The warm-start cache on disk: where it lives, reading it, writing it atomically (mode 0600 in a
// 0700 directory that is yours alone: rows read from it are drawn as the host's). Only this file
// touches the disk; what is in it is snapshot.ts's business.
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { readStateFileSync, updateFile, type Change } from '../files';
import { checkOwnFile } from '../files/ownFile';
import { stateFileLimit } from '../files/read';
import { ownFolders } from '../files/ownFolder';

export { cacheDirFrom } from './dir';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One file per profile; its name says nothing about the profile, the hosts or the key. */
export { deckCacheFile as cacheFileIn } from '../files/statePaths';

/** What the file records instead of the key: enough to tell it is the same key, not to recover it. */
export function keyHashOf(apiKey: string): string {
  return sha256(`sitedeck cache key\0${apiKey}`);
}

/** The folder's refusal as an error (the caller warns once and goes on without the cache). */
function ownedFolder(dir: string, make: boolean): boolean {
  const own = ownFolders(dirname(dir), [dir], make);
  if (!own.ok && own.missing) return false;
  if (!own.ok) throw new Error(own.fix ? `${own.why}; fix: ${own.fix}` : own.why);
  return true;
}

/** The file's text; undefined when there is none. Other failures, and a folder not yours alone, throw (the caller warns and goes on). */
export function readCacheText(path: string, dir: string): string | undefined {
  if (!ownedFolder(dir, false)) return undefined;
  // Drawn as the host's rows: only a regular file of yours, never a link (its rename would replace the link).
  checkOwnFile(path, stateFileLimit());
  return readStateFileSync(path);
}

/**
 * Changes the file under the lock every sitedeck process takes (src/files): `change` gets the text
 * on disk now (two decks of one profile each keep their pages) and returns the new text.
 */
export async function updateCacheText(path: string, dir: string, change: Change): Promise<void> {
  ownedFolder(dir, true);
  checkOwnFile(path, stateFileLimit());
  await updateFile(path, change);
}

// The temporary files a writer killed between write and rename leaves beside a file (replace.ts
// names them `<file>.<pid>.<start>.<random>.tmp`), removed before the next write of that file. Only
// names beside it in that form are looked at (one readdir, an lstat of each such name), and one is
// removed only when it is a regular file of this user whose writer is gone (processId.ts: a pid no
// process has, or one a later process has). Anything else is left as it is and named in the
// result: a link or a FIFO at such a name, another user's file, a live writer's file. Names an
// older sitedeck made (`<file>.<pid>.<n>.tmp`, no start) are removed once older than any write.
import { lstatSync, readdirSync, unlinkSync, type Stats } from 'node:fs';
import { lstat, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { currentUid } from './ownFolder';
import { isGone } from './processId';

/** What one sweep removed, and what it left with why (each path named). */
export interface Swept {
  removed: string[];
  leftAlone: { path: string; why: string }[];
}

/** A temporary file this old in an older sitedeck's form was left by a process that ended mid-write. */
const LEGACY_STALE_MS = 10 * 60_000;

const TEMP = /^(\d{1,10})\.([pt][0-9a-z-]{1,40})\.[0-9a-f]{16}\.tmp$/;
const LEGACY = /^\d{1,10}\.\d{1,16}\.tmp$/;

/** The name a writer gives its temporary file of `path`. */
export const tempName = (path: string, pid: number, start: string, random: string) => `${path}.${pid}.${start}.${random}.tmp`;

/** Whether `name` (in the folder of `path`) is a temporary file of `path` in one of sitedeck's forms. */
function isTempOf(base: string, name: string): boolean {
  if (!name.startsWith(`${base}.`)) return false;
  const rest = name.slice(base.length + 1);
  return TEMP.test(rest) || LEGACY.test(rest);
}

/** Why the temporary file `name` (of `base`, lstat `st`) stays; null when its writer left it and it goes. */
function keepReason(base: string, name: string, st: Stats, now: number): string | null {
  if (!st.isFile()) return 'not a regular file';
  const uid = currentUid();
  if (uid !== undefined && st.uid !== uid) return `owned by another user (uid ${st.uid})`;
  const m = TEMP.exec(name.slice(base.length + 1));
  if (m) return isGone({ pid: Number(m[1]), start: m[2] }) ? null : `its writer (process ${m[1]}) is running`;
  return now - st.mtimeMs >= LEGACY_STALE_MS ? null : 'written less than 10 minutes ago';
}

/** The temporary files beside `path` in sitedeck's forms, each with why it stays (null: the next write removes it). Looks only. */
export function tempFilesBeside(path: string, now = Date.now()): { path: string; why: string | null }[] {
  const dir = dirname(path);
  const base = basename(path);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: { path: string; why: string | null }[] = [];
  for (const name of names) {
    if (!isTempOf(base, name)) continue;
    try {
      out.push({ path: join(dir, name), why: keepReason(base, name, lstatSync(join(dir, name)), now) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Removes the temporary files that dead writers left beside `path`; never throws (a temp left is swept next time). */
export function sweepTempFilesSync(path: string, now = Date.now()): Swept {
  const out: Swept = { removed: [], leftAlone: [] };
  for (const t of tempFilesBeside(path, now)) {
    if (t.why) out.leftAlone.push({ path: t.path, why: t.why });
    else {
      try {
        unlinkSync(t.path);
        out.removed.push(t.path);
      } catch {
        // gone already, or not ours to remove
      }
    }
  }
  return out;
}

/** The asynchronous form (the deck): the same sweep, never holding the event loop. */
export async function sweepTempFiles(path: string, now = Date.now()): Promise<Swept> {
  const out: Swept = { removed: [], leftAlone: [] };
  const dir = dirname(path);
  const base = basename(path);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (!isTempOf(base, name)) continue;
    const at = join(dir, name);
    try {
      const why = keepReason(base, name, await lstat(at), now);
      if (why) out.leftAlone.push({ path: at, why });
      else {
        await unlink(at);
        out.removed.push(at);
      }
    } catch {
      // gone already, or not ours to remove
    }
  }
  return out;
}

// A folder only you control: sitedeck keeps code (the compile cache, which runs as you) and pages
// (the deck's warm start, drawn as the host's) in the cache folder, so whoever could put a file
// there would choose code that runs in your process, key and all, or rows you take for the host's.
// One rule for every such folder: a real folder (never followed through a symbolic link) that you
// own and only you can write, in a folder no other user can replace it in. The config file's rule
// (src/config/trust.ts) shares its words.
import { chmodSync, lstatSync, mkdirSync, statSync } from 'node:fs';

/** The part of a stat the rules read. */
export interface Owner {
  mode: number;
  uid: number;
}

/** Why a file or folder may not be trusted, and the command that fixes it. */
export interface Exposure {
  path: string;
  problem: string;
  fix: string;
}

export const STICKY = 0o1000;
export const WRITABLE_BY_OTHERS = 0o022;

export const modeText = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/** The user sitedeck runs as; undefined where there are no uids (Windows: no check). */
export const currentUid = (): number | undefined => process.getuid?.();

export const ownedByOther = (st: Owner, me: number) => st.uid !== me && st.uid !== 0;

/** The part of an lstat the folder rule reads. */
interface FolderStat extends Owner {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * A folder sitedeck keeps code or pages in: null when
 * it is a real folder (not a symbolic link) that you own and only you can write, else what is wrong
 * and the fix. Whoever can put a file there chooses code that runs in your process, key and all.
 * `st` is the folder's lstat.
 */
function codeFolderExposure(path: string, st: FolderStat, me: number | undefined): Exposure | null {
  if (me === undefined) return null;
  const again = 'sitedeck makes it again, mode 0700';
  if (st.isSymbolicLink()) return { path, problem: `${path} is a symbolic link`, fix: `rm ${path} (${again})` };
  if (!st.isDirectory()) return { path, problem: `${path} is not a folder`, fix: `rm ${path} (${again})` };
  if (st.uid !== me)
    return { path, problem: `${path} is owned by another user (uid ${st.uid})`, fix: `remove it as its owner or root: rm -r ${path} (${again})` };
  if ((st.mode & WRITABLE_BY_OTHERS) !== 0) {
    return {
      path,
      problem: `other users can write in ${path} (mode ${modeText(st.mode)})`,
      fix: `rm -r ${path}: what others put there goes with it (${again})`,
    };
  }
  return null;
}

/**
 * The folder a code folder is made in: null when no other user can replace what is in it (yours or
 * root's, and not writable by others unless sticky, as /tmp), else what is wrong. `st` follows links.
 */
function parentFolderExposure(path: string, st: Owner, me: number | undefined, envName: string): Exposure | null {
  if (me === undefined) return null;
  if (ownedByOther(st, me))
    return {
      path,
      problem: `${path} is owned by another user (uid ${st.uid}), who can replace what sitedeck keeps in it`,
      fix: `set ${envName} to a folder of your own`,
    };
  if ((st.mode & WRITABLE_BY_OTHERS) !== 0 && (st.mode & STICKY) === 0) {
    return {
      path,
      problem: `other users can replace what sitedeck keeps in ${path} (mode ${modeText(st.mode)})`,
      fix: `chmod 700 ${path}, or set ${envName} to a folder of your own`,
    };
  }
  return null;
}

/** A folder that may be used, or why not (with the fix when there is one). */
export type OwnFolder = { ok: true } | { ok: false; why: string; fix?: string; /** Not made yet (looked at without `make`). */ missing?: boolean };

const errorWord = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/**
 * Whether `folders` (each inside the one before, the first inside `parent`) are yours alone,
 * checked component by component (lstat: a symbolic link is refused, not followed). With `make`,
 * the missing ones are made (mode 0700) and one made by hand is closed to others; without, a
 * missing one is said (doctor looks without changing anything).
 */
export function ownFolders(
  parent: string,
  folders: readonly string[],
  make: boolean,
  me: number | undefined = currentUid(),
  /** The variable that moves the folder elsewhere, named in a fix. */
  envName = 'XDG_CACHE_HOME',
): OwnFolder {
  try {
    if (make) mkdirSync(parent, { recursive: true, mode: 0o700 });
    const above = parentFolderExposure(parent, statSync(parent), me, envName);
    if (above) return { ok: false, why: above.problem, fix: above.fix };
    for (const folder of folders) {
      if (make) {
        try {
          mkdirSync(folder, { mode: 0o700 });
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
      }
      const st = lstatSync(folder);
      const refused = codeFolderExposure(folder, st, me);
      if (refused) return { ok: false, why: refused.problem, fix: refused.fix };
      // Yours, and only you write in it; a folder made by hand may still let others list it.
      if (make && (st.mode & 0o077) !== 0 && process.platform !== 'win32') chmodSync(folder, 0o700);
    }
    return { ok: true };
  } catch (e) {
    // Read-only home, no folder yet (doctor): the caller goes on without it.
    const missing = !make && (e as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, why: `${folders[folders.length - 1]} cannot be used (${errorWord(e)})`, ...(missing ? { missing } : {}) };
  }
}

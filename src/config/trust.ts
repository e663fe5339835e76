// Who may change the file sitedeck takes a key or a key command from. As ssh and gh treat their
// configs: whoever can write config.json (or replace it in its directory) chooses the program
// api_key_command runs and the host the key is sent to, and whoever can read it has the key. So a
// file that holds api_key or api_key_command must be yours (or root's), writable by you alone, in
// a directory only you (or root) can write; a key also must not be readable by others.
// One rule for loading (src/config/file.ts) and for `doctor` (src/commands/doctorConfig.ts); the
// same for a folder sitedeck reads code from (the compile cache: src/compileCache.ts).

/** What a config file holds that makes its permissions matter. */
export type Holds = 'api_key' | 'api_key_command' | 'nothing';

/** The part of a stat the rule reads. */
export interface Owner {
  mode: number;
  uid: number;
}

/** Why a file may not be trusted with what it holds, and the command that fixes it. */
export interface Exposure {
  path: string;
  problem: string;
  fix: string;
}

const STICKY = 0o1000;
const WRITABLE_BY_OTHERS = 0o022;
const ANY_FOR_OTHERS = 0o077;

export const modeText = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/** The user sitedeck runs as; undefined where there are no uids (Windows: no check). */
export const currentUid = (): number | undefined => process.getuid?.();

const ownedByOther = (st: Owner, me: number) => st.uid !== me && st.uid !== 0;

/**
 * The file `path` holding `holds`, with its stat and its directory's: null when it may be trusted
 * with it, else what is wrong in words (the path and the mode) and the chmod or chown that fixes it.
 */
export function exposure(path: string, holds: Holds, file: Owner, dir: { path: string } & Owner, me: number | undefined): Exposure | null {
  if (holds === 'nothing' || me === undefined) return null;
  const what = `${path} holds ${holds}`;
  if (ownedByOther(file, me)) {
    return { path, problem: `${what} but is owned by another user (uid ${file.uid}), who can change it`, fix: `chown ${me} ${path} && chmod 600 ${path}` };
  }
  if ((file.mode & WRITABLE_BY_OTHERS) !== 0) {
    return { path, problem: `${what} but other users can write it (mode ${modeText(file.mode)})`, fix: `chmod 600 ${path}` };
  }
  if (holds === 'api_key' && (file.mode & ANY_FOR_OTHERS) !== 0) {
    return { path, problem: `${what} but other users can access it (mode ${modeText(file.mode)})`, fix: `chmod 600 ${path}` };
  }
  if (ownedByOther(dir, me)) {
    return { path, problem: `${what} but its directory ${dir.path} is owned by another user (uid ${dir.uid}), who can replace the file`, fix: `keep the config in a directory of your own (SITEDECK_CONFIG_DIR)` };
  }
  // Sticky (/tmp): others may write in it but cannot replace a file they do not own.
  if ((dir.mode & WRITABLE_BY_OTHERS) !== 0 && (dir.mode & STICKY) === 0) {
    return { path, problem: `${what} but other users can replace it: its directory ${dir.path} has mode ${modeText(dir.mode)}`, fix: `chmod 700 ${dir.path}` };
  }
  return null;
}

/** The sentence a refusal says: the problem, then the fix. */
export const exposureText = (e: Exposure) => `${e.problem}; fix: ${e.fix}`;

/** The part of an lstat the folder rule reads. */
export interface FolderStat extends Owner {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * A folder sitedeck keeps code in (Node's compiled code of the bundle, which runs as you): null when
 * it is a real folder (not a symbolic link) that you own and only you can write, else what is wrong
 * and the fix. Whoever can put a file there chooses code that runs in your process, key and all.
 * `st` is the folder's lstat.
 */
export function codeFolderExposure(path: string, st: FolderStat, me: number | undefined): Exposure | null {
  if (me === undefined) return null;
  const again = 'sitedeck makes it again, mode 0700';
  if (st.isSymbolicLink()) return { path, problem: `${path} is a symbolic link`, fix: `rm ${path} (${again})` };
  if (!st.isDirectory()) return { path, problem: `${path} is not a folder`, fix: `rm ${path} (${again})` };
  if (st.uid !== me) return { path, problem: `${path} is owned by another user (uid ${st.uid})`, fix: `remove it as its owner or root: rm -r ${path} (${again})` };
  if ((st.mode & WRITABLE_BY_OTHERS) !== 0) {
    return { path, problem: `other users can write in ${path} (mode ${modeText(st.mode)})`, fix: `rm -r ${path}: what others put there goes with it (${again})` };
  }
  return null;
}

/**
 * The folder a code folder is made in: null when no other user can replace what is in it (yours or
 * root's, and not writable by others unless sticky, as /tmp), else what is wrong. `st` follows links.
 */
export function parentFolderExposure(path: string, st: Owner, me: number | undefined): Exposure | null {
  if (me === undefined) return null;
  if (ownedByOther(st, me)) return { path, problem: `${path} is owned by another user (uid ${st.uid}), who can replace what sitedeck keeps in it`, fix: 'set XDG_CACHE_HOME to a folder of your own' };
  if ((st.mode & WRITABLE_BY_OTHERS) !== 0 && (st.mode & STICKY) === 0) {
    return { path, problem: `other users can replace what sitedeck keeps in ${path} (mode ${modeText(st.mode)})`, fix: `chmod 700 ${path}, or set XDG_CACHE_HOME to a folder of your own` };
  }
  return null;
}

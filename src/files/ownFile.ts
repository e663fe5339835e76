// A file sitedeck keeps state in must be its own before it is opened: looked at without following a
// link (lstat), it is absent, or a regular file that you own, that no other user can write, within
// its size bound. Anything else — a FIFO (an open would hang), a device (a read without end), a link
// (a write through it lands elsewhere), another user's file (they choose what sitedeck reads) — is
// refused in words that name the path and what to do, and left as it is.
import { lstatSync, type Stats } from 'node:fs';
import { StateFileError } from './errors';
import { currentUid, modeText, WRITABLE_BY_OTHERS } from './ownFolder';
import { megabytes } from './size';

/** What the thing at a path is, in words, when it is not a regular file. */
export function kindOf(s: Pick<Stats, 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket' | 'isDirectory' | 'isSymbolicLink'>): string {
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/** Why the file at `path` (its lstat) may not be used, and the fix; null when it may. */
export function ownFileProblem(
  path: string,
  st: Stats,
  maxBytes: number,
  me: number | undefined = currentUid(),
  rootToo = false,
): { why: string; fix: string } | null {
  if (!st.isFile()) return { why: `${path} is ${kindOf(st)}, not a regular file`, fix: `remove it: rm ${path}` };
  if (me !== undefined && st.uid !== me && !(rootToo && st.uid === 0)) {
    return { why: `${path} is owned by another user (uid ${st.uid})`, fix: 'remove it as its owner or root' };
  }
  if (me !== undefined && (st.mode & WRITABLE_BY_OTHERS) !== 0) {
    return { why: `other users can write ${path} (mode ${modeText(st.mode)})`, fix: `chmod 600 ${path}, or remove it` };
  }
  if (st.size > maxBytes) return { why: `${path} is ${megabytes(st.size)}, more than the ${megabytes(maxBytes)} it may be`, fix: 'remove it' };
  return null;
}

/** Throws a StateFileError in words when `path` exists and is not a regular file of yours within `maxBytes`. */
export function checkOwnFile(path: string, maxBytes: number): void {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new StateFileError('unreadable', `cannot look at ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path);
  }
  const problem = ownFileProblem(path, st, maxBytes);
  if (problem)
    throw new StateFileError(st.isFile() && st.size > maxBytes ? 'tooLarge' : 'notRegular', `${problem.why}; sitedeck did not open it (${problem.fix})`, path);
}

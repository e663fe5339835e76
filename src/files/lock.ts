// The lock every sitedeck process takes before it changes a state file: `<file>.lock`, created
// exclusively (O_EXCL, never through a link), holding "pid start" (processId.ts). A lock is only
// ever looked at the way sitedeck made it: without following a link, without blocking, on a regular
// file of this user of a few bytes. Anything else at its name (a FIFO, which would hang a read; a
// link to /dev/zero, which would never end; a directory, a device, another user's file) is refused
// at once in words, never waited on, followed, changed or removed. A holder that died leaves its
// lock behind; the next process takes it over once the holder is gone, including when a new process
// has its pid (pid and start differ), or the lock is far older than any update.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { StateFileError } from './errors';
import { kindOf } from './ownFile';
import { currentUid } from './ownFolder';
import { isGone, me, type Writer } from './processId';

/** Longer than any update (a read and a write of a few MB): a lock this old is stale whoever holds it. */
const MAX_HOLD_MS = 30_000;
/** A lock file still empty this long was left by a process killed between create and write. */
const EMPTY_STALE_MS = 2_000;
/** More than any lock sitedeck writes ("pid start"): a bigger one is not read. */
const MAX_LOCK_BYTES = 256;

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const LOOK = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export const lockPathOf = (file: string) => `${file}.lock`;

/** One try at the lock: taken, or held by another process (its pid when the lock names one). */
export type LockTry = { taken: true } | { taken: false; holder: number | undefined };

/** Creates the lock file; false when something is at its name. Other failures (EACCES…) throw. */
function create(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, CREATE, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    const { pid, start } = me();
    writeSync(fd, `${pid} ${start}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

const LEFT = 'sitedeck neither waits on it nor removes it, and nothing was changed';

/** Why `st` (the thing at `lock`) is not a lock of this user's sitedeck, in words; null when it may be one. */
function refusal(lock: string, st: Stats): StateFileError | null {
  if (!st.isFile()) return new StateFileError('notRegular', `${lock} is ${kindOf(st)}, not a lock file; ${LEFT} (remove it: rm ${lock})`, lock);
  const uid = currentUid();
  if (uid !== undefined && st.uid !== uid) {
    return new StateFileError(
      'notOurs',
      `${lock} is owned by another user (uid ${st.uid}), not this user's lock; ${LEFT} (remove it as its owner or root: rm ${lock})`,
      lock,
    );
  }
  if (st.size > MAX_LOCK_BYTES) {
    return new StateFileError('tooLarge', `${lock} holds ${st.size} bytes, more than any lock sitedeck writes; ${LEFT} (remove it: rm ${lock})`, lock);
  }
  return null;
}

interface Seen {
  text: string;
  age: number;
  ino: number;
}

/**
 * The lock's text and age, or undefined when it is gone. Looked at first (lstat: nothing is opened
 * that is not a regular file of ours), then opened without following a link or blocking and checked
 * again on what was opened (fstat), then read up to the bound. Throws the refusal in words otherwise.
 */
function inspect(lock: string): Seen | undefined {
  let fd: number;
  try {
    const wrong = refusal(lock, lstatSync(lock));
    if (wrong) throw wrong;
    fd = openSync(lock, LOOK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // Replaced by a link between the look and the open.
    if (code === 'ELOOP') throw refusal(lock, lstatSync(lock)) ?? e;
    throw e;
  }
  try {
    const st = fstatSync(fd);
    const wrong = refusal(lock, st);
    if (wrong) throw wrong;
    const buf = Buffer.alloc(MAX_LOCK_BYTES);
    const n = readSync(fd, buf, 0, MAX_LOCK_BYTES, 0);
    return { text: buf.toString('utf8', 0, n), age: Date.now() - st.mtimeMs, ino: st.ino };
  } finally {
    closeSync(fd);
  }
}

/** The writer a lock names ("pid start"; an older sitedeck wrote "pid time"), or undefined. */
function holderOf(text: string): Writer | undefined {
  const m = /^(\d{1,10}) (\S{1,64})\n?$/.exec(text);
  return m ? { pid: Number(m[1]), start: m[2] } : undefined;
}

function isStale(held: Seen): boolean {
  if (held.age > MAX_HOLD_MS) return true;
  const holder = holderOf(held.text);
  if (!holder) return held.age > EMPTY_STALE_MS;
  return isGone(holder);
}

/**
 * Removes `lock` if its holder is gone. Done under a second, tiny lock (`.lock.break`) so that two
 * processes that both found the lock stale cannot remove each other's fresh lock: the second one
 * looks again under it and finds the first one's live lock.
 */
function breakIfStale(lock: string, seen: Seen): void {
  if (!isStale(seen)) return;
  const breaker = `${lock}.break`;
  if (!create(breaker)) {
    // Held for microseconds; one left by a process killed inside it goes after a while.
    const b = inspect(breaker);
    if (b && b.age > EMPTY_STALE_MS) unlinkQuiet(breaker);
    return;
  }
  try {
    const now = inspect(lock);
    if (now && now.ino === seen.ino && now.text === seen.text && isStale(now)) unlinkQuiet(lock);
  } finally {
    unlinkQuiet(breaker);
  }
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
}

/** One try. Throws a StateFileError in words when what is at the lock's name is not a lock of ours. */
export function tryLock(lock: string): LockTry {
  if (create(lock)) return { taken: true };
  const seen = inspect(lock);
  if (seen) breakIfStale(lock, seen);
  if (create(lock)) return { taken: true };
  return { taken: false, holder: seen ? holderOf(seen.text)?.pid : undefined };
}

/** Lets go of the lock: removed only while it is still this process's (not one a later holder took over, nor a thing put in its place). */
export function unlock(lock: string): void {
  const { pid, start } = me();
  try {
    if (inspect(lock)?.text === `${pid} ${start}\n`) unlinkQuiet(lock);
  } catch {
    // not ours any more: left as it is
  }
}

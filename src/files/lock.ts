// The lock every sitedeck process takes before it changes a state file: `<file>.lock`, created
// exclusively (O_EXCL), holding "pid start-time". A holder that died leaves its lock behind; the
// next process takes it over once the pid is gone (or the lock is far older than any update).
import { closeSync, constants, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';

/** Longer than any update (a read and a write of a few MB): a lock this old is stale whoever holds it. */
const MAX_HOLD_MS = 30_000;
/** A lock file still empty this long was left by a process killed between create and write. */
const EMPTY_STALE_MS = 2_000;

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export const lockPathOf = (file: string) => `${file}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file; false when another process holds it. Other failures (EACCES…) throw. */
function create(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, CREATE, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, `${process.pid} ${Date.now()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's text and age, or undefined when it is gone. */
function inspect(lock: string): { text: string; age: number } | undefined {
  try {
    const age = Date.now() - statSync(lock).mtimeMs;
    return { text: readFileSync(lock, 'utf8'), age };
  } catch {
    return undefined;
  }
}

function isStale(held: { text: string; age: number }): boolean {
  if (held.age > MAX_HOLD_MS) return true;
  const pid = Number(held.text.split(' ')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return held.age > EMPTY_STALE_MS;
  return pid !== process.pid && !alive(pid);
}

/**
 * Removes `lock` if its holder is gone. Done under a second, tiny lock (`.lock.break`) so that two
 * processes that both found the lock stale cannot remove each other's fresh lock: the second one
 * looks again under it and finds the first one's live lock.
 */
function breakIfStale(lock: string): void {
  const seen = inspect(lock);
  if (!seen || !isStale(seen)) return;
  const breaker = `${lock}.break`;
  if (!create(breaker)) {
    // Held for microseconds; one left by a process killed inside it goes after a while.
    const b = inspect(breaker);
    if (b && b.age > EMPTY_STALE_MS) unlinkQuiet(breaker);
    return;
  }
  try {
    const now = inspect(lock);
    if (now && now.text === seen.text && isStale(now)) unlinkQuiet(lock);
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

/** One try: true when this process now holds the lock. */
export function tryLock(lock: string): boolean {
  if (create(lock)) return true;
  breakIfStale(lock);
  return create(lock);
}

export function unlock(lock: string): void {
  unlinkQuiet(lock);
}

// One way to change a state file (config, history, the warm-start cache, the pacer's state) that
// several sitedeck processes may change at once: under the shared lock (lock.ts), read what is on
// disk NOW, apply the change to it, write a private temporary file (an unpredictable name, created
// exclusively, mode 0600, never through a symlink), fsync it, rename it over the file. A reader sees
// the old file or the new one; a process killed at any point leaves one of them, a lock the next
// process takes over and a temporary file the next write of the file removes (sweep.ts).
// The critical section is a read, a function call and a write of one small file. Waiting for
// another process's lock is bounded (timeoutMs); the deck and the commands use the asynchronous
// form, whose wait also ends at once when their signal is aborted (Ctrl+C, the deck quitting), so a
// frame never waits on another process's lock. The write itself is replace.ts's, the one every file
// sitedeck writes whole goes through.
import { mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { dirname } from 'node:path';
import { StateFileError } from './errors';
import { lockPathOf, tryLock, unlock } from './lock';
import { readStateFile, readStateFileSync } from './read';
import { replaceFile, replaceFileSync } from './replace';
import { testPause } from './testPause';

/** The file's text now (undefined: none) → its new text (undefined: leave it as it is). */
export type Change = (current: string | undefined) => string | undefined;

export interface UpdateOptions {
  /** How long to wait for another process's lock before giving up in words. */
  timeoutMs?: number;
  /** Asynchronous form only: aborted, the wait for the lock ends at once (the file is left as it was). */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const RETRY_MS = 5;

/** Named steps an update goes through; a test may stop a writer at one and kill it there. */
type Step = 'locked' | 'written' | 'renamed';

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** A writer stopped at `step` for a test that kills it there (src/files/testPause.ts). */
function checkpoint(step: Step): void {
  // eslint-disable-next-line no-restricted-properties -- a test hook for a killed writer, not a setting
  testPause(step, process.env);
}

// What is on disk now, read as every state file is (a regular file, within the limit: read.ts).
const readNow = (path: string): string | undefined => readStateFileSync(path);

function busy(path: string, ms: number, holder: number | undefined): StateFileError {
  const by = holder === undefined ? '' : `process ${holder} holds `;
  return new StateFileError(
    'locked',
    `${path} is being changed by another sitedeck process (${by}lock ${lockPathOf(path)}, waited ${Math.round(ms / 100) / 10} s); ` +
      `nothing was changed, try again`,
    path,
  );
}

function stopped(path: string): StateFileError {
  return new StateFileError('stopped', `${path} was not changed: stopped while waiting for another sitedeck process's lock ${lockPathOf(path)}`, path);
}

function failed(path: string, e: unknown): StateFileError {
  if (e instanceof StateFileError) return e;
  return new StateFileError('writeFailed', `cannot write ${path}: ${(e as Error).message}`, path);
}

/**
 * Synchronous form, for short-lived commands and the pacer. Its wait holds the thread (a Ctrl+C is
 * seen once it ends), so it stays short: at most timeoutMs. Returns the text now on disk.
 */
export function updateFileSync(path: string, change: Change, opts: UpdateOptions = {}): string | undefined {
  const lock = lockPathOf(path);
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const start = Date.now();
    for (let held = tryLock(lock); !held.taken; held = tryLock(lock)) {
      if (Date.now() - start > timeout) throw busy(path, timeout, held.holder);
      Atomics.wait(sleeper, 0, 0, RETRY_MS);
    }
  } catch (e) {
    throw failed(path, e);
  }
  try {
    checkpoint('locked');
    const current = readNow(path);
    const next = change(current);
    if (next === undefined) return current;
    replaceFileSync(path, next, { beforeRename: () => checkpoint('written') });
    checkpoint('renamed');
    return next;
  } catch (e) {
    throw failed(path, e);
  } finally {
    unlock(lock);
  }
}

/** Asynchronous form, for the deck: waiting for a lock never holds the event loop, and `signal` ends it. */
export async function updateFile(path: string, change: Change, opts: UpdateOptions = {}): Promise<string | undefined> {
  const lock = lockPathOf(path);
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    if (opts.signal?.aborted) throw stopped(path);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const start = Date.now();
    for (let held = tryLock(lock); !held.taken; held = tryLock(lock)) {
      if (Date.now() - start > timeout) throw busy(path, timeout, held.holder);
      await delay(RETRY_MS, undefined, { signal: opts.signal }).catch(() => {
        throw stopped(path);
      });
    }
  } catch (e) {
    throw failed(path, e);
  }
  try {
    checkpoint('locked');
    const current = await readStateFile(path);
    const next = change(current);
    if (next === undefined) return current;
    await replaceFile(path, next, { beforeRename: () => checkpoint('written') });
    checkpoint('renamed');
    return next;
  } catch (e) {
    throw failed(path, e);
  } finally {
    unlock(lock);
  }
}

// The one place the state database is opened: the profile's state that sitedeck processes share or
// that grows (the pacer's budget, the score history, earlier searches) in one SQLite file in the
// state folder, through node:sqlite. SQLite's transactions and busy timeout stand in for the lock
// files, temporary files and renames a JSON file needs; WAL lets a deck read while a command writes.
// Before SQLite sees a path, the folder is held to the folder rule (yours, no symlink, no other
// writer) and every file of the database (its -wal and -shm too) must be a regular file of yours
// within the size bound: a FIFO, a device, a link or another user's file is refused in words, never
// opened. Once the folder is yours alone, nobody else can put anything there after the check.
import type { DatabaseSync } from 'node:sqlite';
import { StateFileError } from '../errors';
import { checkOwnFile } from '../ownFile';
import { ownFolders } from '../ownFolder';
import { dirname } from 'node:path';
import { createPrivateFile } from '../privateFile';
import { MEGABYTE } from '../size';
import { MIGRATIONS, SCHEMA_VERSION } from './schema';

/** How long a statement waits for another process's write transaction before it fails (a few ms each, in practice). */
const BUSY_TIMEOUT_MS = 2_000;
/** The most the database may grow to: its largest table, the history, stays far under it (docs/FAULTS.md). */
export const DATABASE_MAX_BYTES = 64 * MEGABYTE;

/** The files SQLite keeps beside the database: each is checked as the database is. */
export const SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/** An open state database: run work in one IMMEDIATE transaction, or read. */
export interface StateDatabase {
  readonly path: string;
  readonly db: DatabaseSync;
  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE: the write lock is taken first, so two read-modify-writes never interleave). */
  write<T>(fn: (db: DatabaseSync) => T): T;
}

let sqlite: typeof import('node:sqlite') | undefined;

/**
 * node:sqlite, loaded on first use (start-up does not pay for it). Node 22 and 23 say it is
 * experimental on stderr when it loads: that warning is about Node, not about anything the user can
 * act on, so it is kept from the terminal; every other warning passes.
 */
export function loadSqlite(): typeof import('node:sqlite') {
  if (sqlite) return sqlite;
  const emit = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error) {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite/i.test(text)) return;
    // eslint-disable-next-line prefer-rest-params -- passed on as given, whatever its form
    Reflect.apply(emit, process, arguments);
  };
  try {
    sqlite = process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = emit;
  }
  return sqlite;
}

function notADatabase(path: string, e: unknown): StateFileError {
  return new StateFileError(
    'unreadable',
    `${path} is not a sitedeck state database (${(e as Error).message}); move it away (mv ${path} ${path}.broken) and sitedeck starts a new one`,
    path,
  );
}

function tooNew(path: string, version: number): StateFileError {
  return new StateFileError(
    'unreadable',
    `${path} was written by a newer sitedeck (schema ${version}; this one knows ${SCHEMA_VERSION}); update sitedeck, or move the file away to start a new one`,
    path,
  );
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** A failed write as a StateFileError that names the database (SQLite's own words say only "database is locked"). */
function inWords(path: string, e: unknown): unknown {
  if (e instanceof StateFileError) return e;
  const code = (e as { errcode?: number }).errcode;
  if (code === SQLITE_BUSY || code === SQLITE_LOCKED) {
    return new StateFileError(
      'locked',
      `${path} is being changed by another sitedeck process (held for over ${BUSY_TIMEOUT_MS / 1000} s); nothing was changed, try again`,
      path,
    );
  }
  if (typeof code === 'number') return new StateFileError('writeFailed', `cannot write ${path}: ${(e as Error).message}`, path);
  return e;
}

/** Brings the schema to SCHEMA_VERSION, each step in its own transaction (another process may be doing the same). */
function migrate(path: string, db: DatabaseSync): void {
  const versionOf = () => Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (versionOf() > SCHEMA_VERSION) throw tooNew(path, versionOf());
  for (const step of MIGRATIONS) {
    if (versionOf() >= step.to) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      // Looked at again under the write lock: a process that started with us may have taken the step.
      if (versionOf() < step.to) {
        db.exec(step.sql);
        db.exec(`PRAGMA user_version = ${step.to}`);
      }
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
}

/** Every file of the database, checked before SQLite opens any: a regular file of yours within the bound, or absent. */
function checkDatabaseFiles(path: string): void {
  checkOwnFile(path, DATABASE_MAX_BYTES);
  for (const side of SIDE_FILES) checkOwnFile(`${path}${side}`, DATABASE_MAX_BYTES);
}

const opened = new Map<string, StateDatabase>();

/**
 * The database at `path` (made, mode 0600, in a folder made 0700), opened once per process and
 * migrated to this version's schema. Throws a StateFileError in words when the folder or a file is
 * refused, the file is not a database, or a newer sitedeck wrote it; callers then keep their state
 * in memory for the session and say so.
 */
export function openStateDatabase(path: string): StateDatabase {
  const known = opened.get(path);
  if (known) return known;
  const folder = dirname(path);
  const own = ownFolders(dirname(folder), [folder], true, undefined, 'XDG_STATE_HOME');
  if (!own.ok) throw new StateFileError('notRegular', own.fix ? `${own.why}; fix: ${own.fix}` : own.why, folder);
  checkDatabaseFiles(path);
  // Made by us first, so that SQLite opens a private file (its -wal and -shm take the same mode).
  createPrivateFile(path);
  const { DatabaseSync } = loadSqlite();
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path);
  } catch (e) {
    throw notADatabase(path, e);
  }
  try {
    // As a pragma, not an open option: the option is newer than the oldest Node sitedeck runs on.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    // WAL with NORMAL loses at most the last transactions on a power cut, never the database; a
    // killed process loses nothing that was committed.
    db.exec('PRAGMA synchronous = NORMAL');
    migrate(path, db);
  } catch (e) {
    db.close();
    if (e instanceof StateFileError) throw e;
    throw notADatabase(path, e);
  }
  let inWrite = false;
  const write = <T>(fn: (d: DatabaseSync) => T): T => {
    // A write inside a write (an import that adds rows) is part of the outer transaction.
    if (inWrite) return fn(db);
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      throw inWords(path, e);
    }
    inWrite = true;
    try {
      const out = fn(db);
      db.exec('COMMIT');
      return out;
    } catch (e) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // SQLite rolled it back itself (a full disk, a busy COMMIT)
      }
      throw inWords(path, e);
    } finally {
      inWrite = false;
    }
  };
  const state: StateDatabase = { path, db, write };
  opened.set(path, state);
  return state;
}

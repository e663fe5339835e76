// A scratch database: SQLite's own private temporary file (opened with the empty name, so SQLite
// makes it, unlinks it at once and nobody else can open it), for work too large to hold in the
// heap and not worth keeping: a cover's plan of 50 000 pages. Its page cache is SQLite's bounded
// one (2 MB); what does not fit goes to the file, which is gone when the database is closed or the
// process ends. No path is ours, so no local-file rule applies to it.
import type { DatabaseSync } from 'node:sqlite';
import { loadSqlite } from './open';

export interface ScratchDatabase {
  readonly db: DatabaseSync;
  /** Closes it (SQLite removes the file); again is a no-op. */
  close(): void;
}

/** A new scratch database with `sql`'s tables. Nothing in it outlives the process, so it is written without a journal or syncs. */
export function openScratchDatabase(sql: string): ScratchDatabase {
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync('');
  db.exec('PRAGMA journal_mode = OFF');
  db.exec('PRAGMA synchronous = OFF');
  db.exec(sql);
  return {
    db,
    close: () => {
      if (db.isOpen) db.close();
    },
  };
}

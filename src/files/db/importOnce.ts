// A JSON state file of an earlier sitedeck, read into the database once and then removed: the rows
// and the mark that says so are one transaction, so a process killed midway imports it again whole,
// never twice. A file that cannot be read or parsed is left where it is (nothing of it is lost) and
// not tried again.
import { lstatSync, unlinkSync } from 'node:fs';
import { checkOwnFile } from '../ownFile';
import { currentUid } from '../ownFolder';
import { readStateFileSync, stateFileLimit } from '../read';
import type { StateDatabase } from './open';

/**
 * Imports the file at `path` under `name` unless that was done: `apply` gets its text and writes it
 * into the tables (in the same transaction). Returns what happened, for a warning.
 */
export function importOnce(sdb: StateDatabase, name: string, path: string, apply: (text: string) => void): 'imported' | 'none' | 'done' | { kept: string } {
  const done = () => sdb.db.prepare('SELECT 1 FROM imported WHERE name = ?').get(name) !== undefined;
  if (done()) return 'done';
  let kept: string | undefined;
  const outcome = sdb.write((db) => {
    if (done()) return 'done' as const;
    db.prepare('INSERT INTO imported (name, at) VALUES (?, ?)').run(name, Date.now());
    let text: string | undefined;
    try {
      // Read as every state file is (a regular file within max_state_file_mb), and, as its rows are
      // taken for sitedeck's own, only a file of this user (no link).
      text = readStateFileSync(path);
      if (text !== undefined) checkOwnFile(path, stateFileLimit());
    } catch (e) {
      kept = (e as Error).message;
      return 'kept' as const;
    }
    if (text === undefined) return 'none' as const;
    try {
      apply(text);
    } catch (e) {
      kept = `${path} was not read into the state database (${(e as Error).message}); it is left as it was`;
      return 'kept' as const;
    }
    return 'imported' as const;
  });
  if (outcome === 'kept') return { kept: kept ?? path };
  if (outcome === 'imported') for (const p of [path, `${path}.lock`]) removeOwn(p);
  return outcome;
}

/** Removes `path` when it is a regular file of this user; anything else there is left as it is. */
function removeOwn(path: string): void {
  try {
    const st = lstatSync(path);
    const me = currentUid();
    if (st.isFile() && (me === undefined || st.uid === me)) unlinkSync(path);
  } catch {
    // gone already: the mark keeps it from being read again
  }
}

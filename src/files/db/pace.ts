// The pacer's rows: one host origin's state as JSON text (the pacer's own shape, src/api/pace/state.ts),
// read and changed in one IMMEDIATE transaction so that processes on one profile reserve their
// requests one after the other.
import type { StateDatabase } from './open';

/** The origin's state as stored; undefined when none is. */
export function readPace(sdb: StateDatabase, origin: string): string | undefined {
  const row = sdb.db.prepare('SELECT state FROM pace WHERE origin = ?').get(origin) as { state: string } | undefined;
  return row?.state;
}

/** A budget's window is a minute or so: a row this old paces nothing (the demo's hosts, a server gone). */
const UNUSED_MS = 24 * 60 * 60_000;

/** Applies `change` to the origin's state as it is now (undefined: leave it), in one write transaction. */
export function updatePace(sdb: StateDatabase, origin: string, change: (now: string | undefined) => string | undefined, now = Date.now()): void {
  sdb.write((db) => {
    const next = change(readPace(sdb, origin));
    if (next === undefined) return;
    db.prepare(
      'INSERT INTO pace (origin, state, updated) VALUES (?, ?, ?) ON CONFLICT (origin) DO UPDATE SET state = excluded.state, updated = excluded.updated',
    ).run(origin, next, now);
    db.prepare('DELETE FROM pace WHERE updated < ?').run(now - UNUSED_MS);
  });
}

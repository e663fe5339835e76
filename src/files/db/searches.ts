// Earlier searches (`/` then ↑), oldest first: a search added again moves to the end, the oldest go
// past `max`. One row a search; adding one is one small transaction, whatever the other decks add.
import type { StateDatabase } from './open';

export function readSearches(sdb: StateDatabase): string[] {
  return (sdb.db.prepare('SELECT text FROM searches ORDER BY seq').all() as { text: string }[]).map((r) => r.text);
}

/** Adds `text` as the latest search, keeping the newest `max`. */
export function addSearch(sdb: StateDatabase, text: string, max: number): void {
  sdb.write((db) => {
    db.prepare('DELETE FROM searches WHERE text = ?').run(text);
    db.prepare('INSERT INTO searches (text) VALUES (?)').run(text);
    db.prepare('DELETE FROM searches WHERE seq NOT IN (SELECT seq FROM searches ORDER BY seq DESC LIMIT ?)').run(max);
  });
}

// The score history's rows: one analysis a row, by SEO server and report. A change rewrites only the
// reports it touches (the history was one file rewritten whole on every change), in one transaction.
import type { DatabaseSync } from 'node:sqlite';
import type { StateDatabase } from './open';

/** One analysis as stored. */
export interface AnalysisRow {
  report_id: string;
  generated_at: string;
  url: string;
  result: number;
  /** The failed checks' names; undefined when the report came without its checks. */
  failed?: string[];
}

type Stored = Omit<AnalysisRow, 'failed'> & { failed: string | null };

function failedOf(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : undefined;
  } catch {
    return undefined;
  }
}

function rowsOf(db: DatabaseSync, host: string): AnalysisRow[] {
  const rows = db
    .prepare('SELECT report_id, generated_at, url, result, failed FROM analyses WHERE host = ? ORDER BY report_id, generated_at')
    .all(host) as Stored[];
  return rows.map(({ failed, ...r }) => {
    const names = failedOf(failed);
    return names ? { ...r, failed: names } : { ...r };
  });
}

/** Every analysis of `host`'s reports, by report then date. */
export function readAnalyses(sdb: StateDatabase, host: string): AnalysisRow[] {
  return rowsOf(sdb.db, host);
}

/**
 * In one write transaction: `change` gets the host's rows now (another process may have added its
 * own) and returns, for each report it changes, its rows (an empty list: the report is gone). Those
 * reports' rows are replaced; the host becomes the most recently used, and only the `keepHosts` most
 * recent hosts keep their rows. Returns the host's rows after the change.
 */
export function changeAnalyses(
  sdb: StateDatabase,
  host: string,
  change: (now: AnalysisRow[]) => ReadonlyMap<string, readonly AnalysisRow[]>,
  keepHosts: number,
): AnalysisRow[] {
  return sdb.write((db) => {
    const changed = change(rowsOf(db, host));
    const drop = db.prepare('DELETE FROM analyses WHERE host = ? AND report_id = ?');
    const add = db.prepare('INSERT OR REPLACE INTO analyses (host, report_id, generated_at, url, result, failed) VALUES (?, ?, ?, ?, ?, ?)');
    for (const [id, rows] of changed) {
      drop.run(host, id);
      for (const r of rows) add.run(host, id, r.generated_at, r.url, r.result, r.failed ? JSON.stringify(r.failed) : null);
    }
    db.prepare(
      'INSERT INTO history_hosts (host, used) VALUES (?, (SELECT coalesce(max(used), 0) + 1 FROM history_hosts)) ' +
        'ON CONFLICT (host) DO UPDATE SET used = excluded.used',
    ).run(host);
    db.prepare('DELETE FROM analyses WHERE host NOT IN (SELECT host FROM history_hosts ORDER BY used DESC LIMIT ?)').run(keepHosts);
    db.prepare('DELETE FROM history_hosts WHERE host NOT IN (SELECT host FROM history_hosts ORDER BY used DESC LIMIT ?)').run(keepHosts);
    return rowsOf(db, host);
  });
}

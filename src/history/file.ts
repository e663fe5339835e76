// Where the score history lives: the profile's state database (src/files/db), one row an analysis.
// The store (store.ts) works on a Book; here a Book is read from the rows, and a change to it is
// written as the rows of the reports it touched, in one transaction with what is there now.
import { changeAnalyses, importOnce, readAnalyses, type AnalysisRow, type StateDatabase } from '../files/db';
import { type Analysis, type Book, parseHistory } from './model';

/** SEO servers whose history one profile keeps (a profile re-pointed elsewhere keeps a few). */
export const MAX_HOSTS = 8;

function analysisOf(r: AnalysisRow): Analysis {
  const a: Analysis = { url: r.url, generated_at: r.generated_at, result: r.result };
  if (r.failed) a.failed = r.failed;
  return a;
}

/** The rows as a Book (rows come by report, then date). */
function bookOf(rows: readonly AnalysisRow[]): Book {
  const book: Record<string, Analysis[]> = {};
  for (const r of rows) (book[r.report_id] ??= []).push(analysisOf(r));
  return book;
}

const rowsOf = (id: string, list: readonly Analysis[]): AnalysisRow[] => list.map((a) => ({ report_id: id, ...a }));

/** The reports whose analyses differ between two books, with their new rows (none: the report went). */
function changedReports(before: Book, after: Book): Map<string, AnalysisRow[]> {
  const out = new Map<string, AnalysisRow[]>();
  for (const id of Object.keys(before)) if (!(id in after)) out.set(id, []);
  for (const [id, list] of Object.entries(after)) if (before[id] !== list) out.set(id, rowsOf(id, list));
  return out;
}

/** The host's book as stored. */
export const loadBook = (sdb: StateDatabase, host: string): Book => bookOf(readAnalyses(sdb, host));

/**
 * Changes the host's book in one transaction: `change` gets the book as stored now (another process
 * may have added its reports since this one read it) and returns the new one; only the reports that
 * differ are written. Returns the book now stored.
 */
export function changeBook(sdb: StateDatabase, host: string, change: (stored: Book) => Book): Book {
  return bookOf(
    changeAnalyses(
      sdb,
      host,
      (rows) => {
        const before = bookOf(rows);
        return changedReports(before, change(before));
      },
      MAX_HOSTS,
    ),
  );
}

/** The history file of an earlier sitedeck, read into the database once (every server's book in it). */
export function importHistoryFile(sdb: StateDatabase, path: string): ReturnType<typeof importOnce> {
  return importOnce(sdb, 'history.json', path, (text) => {
    const data = parseHistory(JSON.parse(text));
    if (!data) throw new Error('not a sitedeck history file');
    for (const [host, book] of Object.entries(data.hosts)) changeBook(sdb, host, () => book);
  });
}

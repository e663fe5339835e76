// The score history of one profile on one server: what the deck and the commands read goes in,
// the state database follows a turn later. The rows are read after the first requests left, and
// what is seen before they are read is merged in once they are.
import type { PreviousAnalysis, Report } from '../domain';
import type { StateDatabase } from '../files/db';
import { changeBook, importHistoryFile, loadBook } from './file';
import { analysesOf, changeOf, forget, observe, previousAnalysisOf, type Analysis, type Book } from './model';
import type { RecordId } from '../domain';

export interface HistoryStore {
  readonly enabled: boolean;
  /** Records the analyses these reports show (new `generated_at` only). */
  observe(reports: readonly Report[]): void;
  /** Drops everything of a deleted report. */
  forget(id: RecordId): void;
  analyses(id: RecordId): readonly Analysis[];
  /** Score change since the previous analysis sitedeck saw; null when none. */
  change(report: Report): number | null;
  /** The analysis before the one shown (its date, the checks that failed); null when unknown. */
  previousFailed(report: Report): PreviousAnalysis | null;
  /** Called after every change (and once the rows are read); returns the unsubscribe. */
  subscribe(fn: () => void): () => void;
  /** A number that changes with the history (for React's useSyncExternalStore). */
  version(): number;
  /** Resolves once the rows are read (what was seen before is merged in by then). */
  ready(): Promise<void>;
  /** Resolves once the rows are read and every change so far is written. */
  flush(): Promise<void>;
  /** Said once each: an unusable database, a failed write. */
  readonly warnings: readonly string[];
}

export interface HistoryOptions {
  /** The profile's state database; undefined keeps the history in memory only (the demo's throw-away server). */
  database?: () => StateDatabase;
  /** The history file of an earlier sitedeck, read into the database once. */
  oldFile?: string;
  /** The SEO origin: one book per server. */
  host: string;
  onWarning?: (text: string) => void;
}

/** A store that records nothing (`config set history false`). */
export const NO_HISTORY: HistoryStore = {
  enabled: false,
  observe: () => undefined,
  forget: () => undefined,
  analyses: () => [],
  change: () => null,
  previousFailed: () => null,
  subscribe: () => () => undefined,
  version: () => 0,
  ready: () => Promise.resolve(),
  flush: () => Promise.resolve(),
  warnings: [],
};

type Op = { kind: 'observe'; reports: readonly Report[] } | { kind: 'forget'; id: RecordId };

export function createHistory(opts: HistoryOptions): HistoryStore {
  let book: Book = {};
  let ver = 0;
  // Seen before the database was read: replayed over it.
  const early: Op[] = [];
  let loaded = !opts.database;
  // A database that cannot be used is left as it is (nothing of it is lost): the history then lives in memory.
  let sdb: StateDatabase | undefined;
  let writing: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const warnings: string[] = [];

  const warn = (text: string) => {
    warnings.push(text);
    opts.onWarning?.(text);
  };
  const changed = () => {
    ver++;
    for (const fn of [...listeners]) fn();
  };
  // What changed since the last write, replayed over the rows as they are then (another process may
  // have written its own reports meanwhile: both are kept).
  let unsaved: Op[] = [];
  const apply = (b: Book, op: Op): Book => (op.kind === 'observe' ? observe(b, op.reports) : forget(b, op.id));
  const set = (op: Op) => {
    const next = apply(book, op);
    if (next === book) return false;
    book = next;
    unsaved.push(op);
    return true;
  };
  const failed = (what: string, e: unknown) => {
    sdb = undefined;
    warn(`score history ${what} (${(e as Error).message}); it is kept for this session only`);
  };
  // One write a turn of the event loop at most: what a burst of pages observed goes in one transaction.
  const write = () => {
    if (!loaded || !sdb || writing) return;
    writing = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      writing = null;
      if (!sdb || unsaved.length === 0) return;
      const ops = unsaved;
      unsaved = [];
      try {
        const stored = changeBook(sdb, opts.host, (now) => ops.reduce(apply, now));
        // What other processes recorded is now seen here too.
        if (stored !== book) {
          book = stored;
          changed();
        }
      } catch (e) {
        failed('not saved', e);
      }
    });
  };

  // Read a turn after the start: the first requests are on their way before the rows are read.
  const reading = opts.database
    ? new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        try {
          const open = opts.database!();
          if (opts.oldFile) {
            const old = importHistoryFile(open, opts.oldFile);
            if (typeof old === 'object') warn(old.kept);
          }
          book = loadBook(open, opts.host);
          sdb = open;
        } catch (e) {
          failed('unreadable: left as it is', e);
        }
        loaded = true;
        unsaved = [];
        // What was seen meanwhile is replayed over what the database holds, so it counts as unsaved and is written.
        const replay = early.splice(0);
        for (const e of replay) set(e);
        changed();
        if (replay.length) write();
      })
    : Promise.resolve();

  return {
    enabled: true,
    observe(reports) {
      if (!loaded) early.push({ kind: 'observe', reports });
      if (set({ kind: 'observe', reports })) {
        changed();
        write();
      }
    },
    forget(id) {
      if (!loaded) early.push({ kind: 'forget', id });
      if (set({ kind: 'forget', id })) {
        changed();
        write();
      }
    },
    analyses: (id) => analysesOf(book, id),
    change: (r) => changeOf(book, r),
    previousFailed: (r) => previousAnalysisOf(book, r),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    version: () => ver,
    ready: () => reading,
    async flush() {
      await reading;
      while (writing) await writing;
    },
    get warnings() {
      return warnings;
    },
  };
}

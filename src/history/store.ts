// The score history of one profile on one server: what the deck and the commands read goes in,
// the file follows in the background. Nothing here blocks a frame: the file is read and written
// asynchronously, and what is seen before it is read is merged in once it is.
import type { PreviousAnalysis, Report } from '../domain';
import { loadHistory, sweepTemps, updateHistory } from './file';
import { analysesOf, changeOf, EMPTY, forget, observe, previousAnalysisOf, type Analysis, type Book, type HistoryData } from './model';
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
  /** Called after every change (and once the file is read); returns the unsubscribe. */
  subscribe(fn: () => void): () => void;
  /** A number that changes with the history (for React's useSyncExternalStore). */
  version(): number;
  /** Resolves once the file is read (what was seen before is merged in by then). */
  ready(): Promise<void>;
  /** Resolves once the file is read and every change so far is written. */
  flush(): Promise<void>;
  /** Said once each: an unreadable file, a failed write. */
  readonly warnings: readonly string[];
}

/** Servers whose books one file keeps (a profile re-pointed elsewhere keeps a few). */
const MAX_HOSTS = 8;

export interface HistoryOptions {
  /** The file; undefined keeps the history in memory only (the demo's throw-away server). */
  path?: string;
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
  let data: HistoryData = EMPTY;
  let book: Book = {};
  let ver = 0;
  // Seen before the file was read: replayed over it.
  const early: Op[] = [];
  let loaded = !opts.path;
  // An unreadable file is left as it is (nothing of it is lost): the history then lives in memory.
  let writable = Boolean(opts.path);
  let dirty = false;
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
  // What changed since the last write, replayed over the file as it is then (another process may
  // have written its own reports meanwhile: both are kept).
  let unsaved: Op[] = [];
  const withBook = (base: HistoryData, next: Book): HistoryData => {
    // This server's book goes last; only the most recently used servers' books are kept.
    const { [opts.host]: _old, ...others } = base.hosts;
    const kept = Object.entries(others).slice(-(MAX_HOSTS - 1));
    return { version: 1, hosts: { ...Object.fromEntries(kept), [opts.host]: next } };
  };
  const apply = (b: Book, op: Op): Book => (op.kind === 'observe' ? observe(b, op.reports) : forget(b, op.id));
  const set = (op: Op) => {
    const next = apply(book, op);
    if (next === book) return false;
    book = next;
    unsaved.push(op);
    data = withBook(data, book);
    return true;
  };
  const write = () => {
    if (!loaded || !writable || !opts.path) return;
    dirty = true;
    if (writing) return;
    const path = opts.path;
    const loop = async () => {
      while (dirty) {
        dirty = false;
        const ops = unsaved;
        unsaved = [];
        try {
          const merged = await updateHistory(path, (onDisk) => {
            const mine = ops.reduce(apply, onDisk.hosts[opts.host] ?? {});
            return withBook(onDisk, mine);
          });
          // What other processes recorded is now seen here too; changes made while writing stay unsaved.
          const ahead = unsaved.reduce(apply, merged.hosts[opts.host] ?? {});
          data = withBook(merged, ahead);
          if (ahead !== book) {
            book = ahead;
            changed();
          }
        } catch (e) {
          writable = false;
          warn(`score history not saved (${(e as Error).message}); it is kept for this session only`);
        }
      }
      writing = null;
    };
    writing = loop();
  };

  const path = opts.path;
  const reading = path
    ? loadHistory(path).then((r) => {
        // What was seen meanwhile is replayed over what the file holds (nothing, when there is none):
        // so it counts as unsaved and is written.
        if (r.kind === 'ok' || r.kind === 'none') {
          data = r.kind === 'ok' ? r.data : EMPTY;
          book = data.hosts[opts.host] ?? {};
        } else {
          writable = false;
          warn(`score history ${path} unreadable (${r.reason}): left as it is, kept for this session only`);
        }
        loaded = true;
        unsaved = [];
        // Housekeeping nobody waits for: sweepTemps catches its own failures (a temp left is swept next time).
        if (writable) void sweepTemps(path);
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

// `list --watch N`: the page fetched again every N seconds until Ctrl+C, through the same paced
// client as every command (a refresh waits when the host's budget is spent). On a terminal the
// screen is redrawn with the time of the refresh and rows that changed marked; piped, each
// refresh's output follows the last (one JSON document a refresh with --json). Any ending
// (./ending.ts: Ctrl+C, SIGTERM, a closed reader, a failed write) ends the wait or the refresh at once.
import type { AnyRecord } from './format/cells';
import { changedIds, type ListQuery, type Page } from '../domain';
import { EXIT } from './exitCodes';
import { dumbTerminal, type Io } from './io';
import type { RecordId } from '../domain';

export const WATCH_MIN_S = 5;
export const WATCH_MAX_S = 3600;
const CLEAR = '\x1b[H\x1b[2J';
export const CHANGED_MARK = '• ';

export interface WatchRun {
  seconds: number;
  fetch: (query: ListQuery, signal: AbortSignal) => Promise<Page<AnyRecord>>;
  query: ListQuery;
  /** The output of one refresh (a table, TSV lines or JSON). */
  render: (page: Page<AnyRecord>) => string;
  io: Io;
  signal: AbortSignal;
  /** What a person reads at the top of the redrawn screen ("sitedeck websites list"). */
  title: string;
  /** Refreshes to make before returning (tests); default: until interrupted. */
  rounds?: number;
}

/** Waits `ms` on the clock (a fake one in tests); resolves early when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  // An ending that came while the last refresh was written ends the wait before it starts.
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const clock = (d: Date) => d.toTimeString().slice(0, 8);

export async function runWatch(run: WatchRun): Promise<number> {
  const { io, signal } = run;
  // The screen is cleared and redrawn only on a terminal that takes cursor control (not TERM=dumb).
  const redraw = io.isTTY.stdout && !dumbTerminal(io);
  let prev: AnyRecord[] | null = null;
  for (let round = 0; run.rounds === undefined || round < run.rounds; round++) {
    if (round > 0) await wait(run.seconds * 1000, signal);
    if (signal.aborted) return EXIT.interrupted;
    const page = await run.fetch(run.query, signal);
    const items = page.items;
    const changed = new Set(changedIds(prev as { id: RecordId }[] | null, items as { id: RecordId }[]));
    prev = items;
    if (!redraw) {
      io.stdout.write(run.render(page));
      continue;
    }
    const [header = '', ...rows] = run.render(page).replace(/\n$/, '').split('\n');
    // Rows come in the page's order under the header: mark each that moved since the last refresh.
    const marked = [`  ${header}`, ...rows.map((line, i) => (changed.has(items[i]?.id as RecordId) ? CHANGED_MARK : '  ') + line)];
    const status =
      `Every ${run.seconds}s · ${run.title} · refreshed ${clock(new Date())}` +
      `${changed.size ? ` · ${changed.size} changed (${CHANGED_MARK.trim()})` : ''} · Ctrl+C stops`;
    io.stdout.write(`${CLEAR}${status}\n\n${marked.join('\n')}\n`);
  }
  return EXIT.ok;
}

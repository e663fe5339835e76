// `list --all` (and `list --format`): every page through readAll, paced, each record once.
// Streaming outputs (csv, tsv, json, ndjson, --json and the plain piped lines) write each page as
// it comes and let it go, and the next page is asked for only once stdout has taken it (a slow
// reader holds the read, not sitedeck's memory: ./drained.ts), so memory stays flat and what was
// read before a failure is out; only the table on a terminal needs every row first (its widths).
// Progress goes to stderr on a terminal, or with --progress. An ending (./ending.ts) abandons the
// page in flight and says where the read stopped.
import { appendAll } from '../text/bounded';
import { readAll, type ReadProgress } from '../api/readAll';
import type { Pacer } from '../api/pace';
import type { ResourceClient } from '../api/types';
import type { ListQuery, PageMeta, ResourceDef, ResourceName } from '../domain';
import { endingOf } from './ending';
import { EXIT } from './exitCodes';
import { asRow, type AnyRecord } from './format/cells';
import { exportWriter, type ExportFormat } from './format/export';
import { wholeMetaJson } from './format/meta';
import { emptyNote } from './listNote';
import { listRows, renderList, type View } from './format/records';
import { renderTsv } from './format/table';
import type { Io } from './io';
import { createProgress, grouped } from './progress';
import { written } from './drained';
import { wholeJsonWriter } from './format/wholeJson';

/** `default`: a table on a terminal, plain lines when piped; `json`: --json's {data, meta}. */
export type ListOutput =
  | { kind: 'default' }
  | { kind: 'json' }
  | { kind: 'export'; format: ExportFormat; /** csv/tsv keep the server's codes. */ raw?: boolean };

export interface ListAllRun {
  def: ResourceDef;
  client: ResourceClient<ResourceName>;
  pacer: Pacer;
  query: ListQuery;
  output: ListOutput;
  io: Io;
  view: View;
  signal: AbortSignal;
  progress: boolean;
}

export async function runListAll(run: ListAllRun): Promise<number> {
  const { def, io, output } = run;
  const noun = def.title.toLowerCase();
  const progress = createProgress(io, noun, { wanted: run.progress });
  const off = run.pacer.subscribe((s) => progress.pace(s));
  const streaming = output.kind !== 'default' || !run.view.tty;
  const writer = output.kind === 'export' ? exportWriter(def, output.format, { raw: output.raw }) : output.kind === 'json' ? wholeJsonWriter() : undefined;
  const kept: AnyRecord[] = [];
  let read = 0;
  let pagesRead = 0;
  let at: ReadProgress | undefined;
  // Say where it stopped; streamed records are already out, and whole, and each once (unless stdout itself failed).
  const sayStopped = () => {
    const where = at ? ` (page ${at.page} of ${at.lastPage})` : '';
    const failed = endingOf(run.signal);
    const whole = streaming && !(failed && 'stream' in failed && failed.stream === 'stdout');
    const kept = whole ? `; the ${grouped(read)} written above are complete records` : '';
    io.stderr.write(`sitedeck: stopped after ${grouped(read)} of ${at && !at.totalUnknown ? grouped(at.total) : '?'} ${noun}${where}${kept}\n`);
  };
  if (writer) io.stdout.write(writer.start());
  try {
    const pages = readAll(run.client, run.query, {
      signal: run.signal,
      onPage: (p) => {
        at = p;
        // The pages still to read: the pacer spaces them only when they need more than the budget has left.
        run.pacer.ahead(Math.max(0, p.lastPage - p.page));
        progress.step(p.read, p.totalUnknown ? undefined : p.total);
      },
    });
    let meta: PageMeta | undefined;
    for (;;) {
      const next = await pages.next();
      if (next.done) {
        meta = next.value;
        break;
      }
      const batch = next.value.map(asRow);
      read += batch.length;
      pagesRead++;
      if (writer) await written(io.stdout, batch.map((r) => writer.record(r)).join(''), run.signal);
      else if (streaming) await written(io.stdout, renderTsv(listRows(def, batch)), run.signal);
      else appendAll(kept, batch);
    }
    progress.end();
    if (writer) io.stdout.write(writer.end(wholeMetaJson(meta, pagesRead, read)));
    else if (!streaming && kept.length === 0 && run.view.tty) io.stdout.write(`${emptyNote(def, run.query)}\n`);
    else if (!streaming) io.stdout.write(renderList(def, kept, run.view));
    // Every page was read, but an ending came meanwhile (the last write failed, a signal): said as any stop is.
    if (run.signal.aborted) sayStopped();
    return EXIT.ok;
  } catch (e) {
    progress.end();
    sayStopped();
    throw e;
  } finally {
    run.pacer.ahead(0);
    off();
  }
}

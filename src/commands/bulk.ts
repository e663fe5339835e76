// Bulk runs: `reports rerun --project HOST [--result bad]`, `… rerun --ids -`, `… update --ids -
// --email enabled`, `… delete --ids - --yes`, each with --dry-run. One request per record, paced
// by the host's pacer, one output line per record as it finishes (a table on a terminal, tab-
// separated when piped, JSON lines with --json), then a summary on stderr naming the ids that
// were not done and how to resume (in the user's words: ./resume.ts). A dry run reads each id and
// sends nothing (./dryRun.ts). Every ending (Ctrl+C,
// SIGTERM, SIGHUP, a closed reader, a failed write: ./ending.ts) stops after the current request;
// a write whose answer was lost is reported as "may have been applied" and never re-sent; a lost
// connection, a timeout or a refused key stops the run (the rest would fail the same way).
import { idText } from '../domain';
import { isApiError, type ApiError, endsBulkRun } from '../api/errors';
import { readAll } from '../api/readAll';
import { deleteRecord } from '../api/writes';
import type { ResourceClient } from '../api/types';
import type { ListQuery, ResourceDef, ResourceName, WriteValues } from '../domain';
import { appendAll } from '../text/bounded';
import { sanitize } from '../text/sanitize';
import { endingCode, endingOf } from './ending';
import { EXIT, exitCodeForApiError } from './exitCodes';
import { CommandFailure } from './failure';
import { asRow, type AnyRecord } from './format/cells';
import { scoreText } from './format/cells';
import { toJsonLine } from './format/json';
import { confirm, type Io } from './io';
import { flagOf } from './flags';
import { createProgress } from './progress';
import { runDryRun } from './dryRun';
import { resumeLines } from './resume';
import type { Pacer } from '../api/pace';
import type { RecordId } from '../domain';

type BulkVerb = 'update' | 'delete' | 'rerun';
export type Targets = { kind: 'ids'; ids: RecordId[] } | { kind: 'query'; query: ListQuery };

export interface BulkRun {
  def: ResourceDef;
  verb: BulkVerb;
  targets: Targets;
  /** What update and rerun send. */
  values?: WriteValues;
  dryRun: boolean;
  yes: boolean;
  json: boolean;
  io: Io;
  signal: AbortSignal;
  progress: boolean;
}

type Status = 'done' | 'failed' | 'unknown';
interface Outcome {
  id: RecordId;
  status: Status;
  name?: string;
  record?: AnyRecord;
  error?: ApiError;
  /** A delete the host answered 404: already gone, which is done. */
  gone?: boolean;
}

const PAST: Record<BulkVerb, string> = { update: 'Updated', delete: 'Deleted', rerun: 'Re-ran' };
const INFINITIVE: Record<BulkVerb, string> = { update: 'update', delete: 'delete', rerun: 're-run' };

export async function runBulk(run: BulkRun, client: ResourceClient<ResourceName>, pacer: Pacer): Promise<number> {
  const { def, io, verb } = run;
  const targets = await resolveTargets(run, client);
  if (!targets.length) {
    io.stderr.write(`No ${def.title.toLowerCase()} match; nothing to ${INFINITIVE[verb]}\n`);
    return EXIT.ok;
  }
  if (run.dryRun) {
    // Ids given are read first (a missing one is said); a selection's were just read.
    const known = run.targets.kind === 'query';
    const dry = { def, change: verb, targets: targets.map((t) => ({ ...t, known })), values: run.values, json: run.json, io, signal: run.signal };
    return runDryRun(dry, client, pacer);
  }
  if (verb === 'delete' && !run.yes && !(await deleteAsked(run, targets))) {
    io.stderr.write(`Kept all ${targets.length}\n`);
    return EXIT.ok;
  }
  const { outcomes, stopped } = await sendInTurn(run, client, pacer, targets);
  return summary(run, targets, outcomes, stopped);
}

const nounOf = (def: ResourceDef, n: number) => (n === 1 ? def.singular : def.title.toLowerCase());

/** A delete without --yes asks on the terminal, naming the first five; with no terminal it is refused. */
async function deleteAsked(run: BulkRun, targets: readonly Target[]): Promise<boolean> {
  const { def, io } = run;
  const first = targets
    .slice(0, 5)
    .map((t) => (t.name ? `${t.name} (${idText(t.id)})` : idText(t.id)))
    .join(', ');
  const question = `Delete ${targets.length} ${nounOf(def, targets.length)}: ${first}${targets.length > 5 ? ', …' : ''}?`;
  if (!io.isTTY.stdin)
    throw new CommandFailure(
      EXIT.usage,
      `deleting ${targets.length} ${nounOf(def, targets.length)} needs --yes when there is no terminal to ask on; nothing was deleted`,
    );
  return confirm(io, question);
}

/**
 * One request per target, in turn, a line each as it finishes; stopped: the failure the rest would
 * share, when one ended the run (an ending is the signal's).
 */
async function sendInTurn(
  run: BulkRun,
  client: ResourceClient<ResourceName>,
  pacer: Pacer,
  targets: readonly Target[],
): Promise<{ outcomes: Outcome[]; stopped: string | undefined }> {
  const { def, io, verb } = run;
  const progress = createProgress(io, `${INFINITIVE[verb]} ${def.title.toLowerCase()}`, { wanted: run.progress && !run.json });
  const off = pacer.subscribe((s) => progress.pace(s));
  const outcomes: Outcome[] = [];
  let stopped: string | undefined;
  // The pacer spaces the run only when it needs more than the budget has left (each request counts it down).
  pacer.ahead(targets.length);
  try {
    for (const t of targets) {
      if (run.signal.aborted) break;
      const out = await one(run, client, t);
      // Aborted while waiting (nothing sent): this one was not started either.
      if (out.error?.kind === 'aborted') break;
      outcomes.push(out);
      progress.end();
      writeLine(run, out);
      progress.step(outcomes.length, targets.length);
      if (out.error && endsBulkRun(out.error)) {
        stopped = out.error.message;
        break;
      }
    }
  } finally {
    pacer.ahead(0);
    progress.end();
    off();
  }
  return { outcomes, stopped };
}

type Target = { id: RecordId; name?: string };

async function resolveTargets(run: BulkRun, client: ResourceClient<ResourceName>): Promise<{ id: RecordId; name?: string }[]> {
  if (run.targets.kind === 'ids') return run.targets.ids.map((id) => ({ id }));
  const out: { id: RecordId; name?: string }[] = [];
  // The selection is read whole first: a re-run changes the very field (result) it may select by.
  for await (const batch of readAll(client, run.targets.query, { signal: run.signal })) {
    for (const r of batch.map(asRow)) out.push({ id: r.id as RecordId, name: sanitize(r[run.def.nameField]) });
  }
  return out;
}

async function one(run: BulkRun, client: ResourceClient<ResourceName>, t: { id: RecordId; name?: string }): Promise<Outcome> {
  const call = { holdSignal: run.signal };
  try {
    if (run.verb === 'delete') {
      // A 404 is done, as in the deck: the record is gone (a resumed run meets the ones already deleted).
      const gone = (await deleteRecord(client, t.id, call)) === 'gone';
      return { id: t.id, status: 'done', name: t.name, ...(gone ? { gone } : {}) };
    }
    const record = asRow(await client.update(t.id, run.values ?? {}, call));
    return { id: t.id, status: 'done', name: sanitize(record[run.def.nameField] ?? t.name), record };
  } catch (e) {
    if (!isApiError(e)) throw e;
    return { id: t.id, status: e.mayHaveApplied ? 'unknown' : 'failed', name: t.name, error: e };
  }
}

function statusWord(o: Outcome): string {
  return o.status === 'done' ? 'done' : o.status === 'unknown' ? 'may have been applied' : 'failed';
}

function detailOf(run: BulkRun, o: Outcome): string {
  if (o.error) return sanitize(o.error.message);
  if (o.gone) return 'already gone';
  if (run.verb === 'rerun' && o.record) return `score ${scoreText(o.record)}`;
  return '';
}

function writeLine(run: BulkRun, o: Outcome): void {
  const { io } = run;
  const status = statusWord(o);
  if (run.json) {
    const error = o.error
      ? { kind: o.error.kind, status: o.error.status ?? null, message: o.error.message, may_have_applied: Boolean(o.error.mayHaveApplied) }
      : undefined;
    io.stdout.write(
      toJsonLine({
        id: o.id,
        status: o.status,
        ...(o.gone ? { already_gone: true } : {}),
        ...(o.record ? { record: o.record } : {}),
        ...(error ? { error } : {}),
      }),
    );
    return;
  }
  const detail = detailOf(run, o);
  if (!io.isTTY.stdout) {
    io.stdout.write([idText(o.id), status.replace(/ /g, '-'), o.name ?? '', detail].join('\t') + '\n');
    return;
  }
  const mark = o.status === 'done' ? '✓' : o.status === 'unknown' ? '?' : '✗';
  io.stdout.write(`${mark} ${idText(o.id).padStart(6)}  ${status}${o.name ? `  ${o.name}` : ''}${detail ? `  ${detail}` : ''}\n`);
}

function summary(run: BulkRun, targets: { id: RecordId }[], outcomes: Outcome[], stopped: string | undefined): number {
  const { io, def, verb } = run;
  const done = outcomes.filter((o) => o.status === 'done');
  const failed = outcomes.filter((o) => o.status === 'failed');
  const unknown = outcomes.filter((o) => o.status === 'unknown');
  const started = new Set(outcomes.map((o) => o.id));
  const notStarted = targets.filter((t) => !started.has(t.id)).map((t) => t.id);
  const lines = [
    `${PAST[verb]} ${done.length} of ${targets.length} ${def.title.toLowerCase()}: ` +
      `${done.length} done, ${failed.length} failed, ${unknown.length} may have been applied, ${notStarted.length} not started`,
  ];
  if (stopped) lines.push(`  stopped: ${sanitize(stopped)}`);
  if (failed.length) lines.push(`  failed: ${idList(failed.map((o) => o.id))}`);
  // Each of these needs a look before it is sent again: every one is named.
  if (unknown.length) lines.push(`  may have been applied (check before running them again): ${unknown.map((o) => idText(o.id)).join(' ')}`);
  if (notStarted.length) lines.push(`  not started: ${idList(notStarted)}`);
  const rest = [...failed.map((o) => o.id), ...notStarted];
  if (rest.length) appendAll(lines, resumeLines(resumeOf(run), rest));
  io.stderr.write(lines.join('\n') + '\n');
  const ending = endingOf(run.signal);
  if (ending) return endingCode(ending);
  const first = failed[0]?.error ?? unknown[0]?.error ?? outcomes.find((o) => o.error)?.error;
  return first ? exitCodeForApiError(first.kind) : EXIT.ok;
}

/** Ids the summary names on one line; the resume below holds every one of them. */
const LISTED_IDS = 12;

function idList(ids: readonly RecordId[]): string {
  const shown = ids.slice(0, LISTED_IDS).map(idText).join(' ');
  return ids.length > LISTED_IDS ? `${shown} … (${ids.length - LISTED_IDS} more, in the resume below)` : shown;
}

/** What the resume line is made of: the words the user typed (the seam's argv), less any secret's value. */
function resumeOf(run: BulkRun): Parameters<typeof resumeLines>[0] {
  return {
    argv: run.io.argv ?? [run.def.name, run.verb],
    secretFlags: run.def.fields.filter((f) => f.kind === 'secret').map((f) => flagOf(f.name)),
    needsYes: run.verb === 'delete',
  };
}

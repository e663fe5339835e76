// `sitedeck reports cover SOURCE`: a report for every page of a site's sitemap. The pages are read
// (src/api/cover/gather.ts), every report of the site is read once, paced, 100 a page, and the plan is said
// before any write (src/api/cover/plan.ts); --dry-run stops there. A real run asks on a terminal and needs
// --yes elsewhere, as delete does; read-only refuses it before anything is read. Then one request
// per step (src/api/cover/send.ts), paced by the SEO host's pacer, each written to the journal
// (src/api/cover/journal.ts, the deck's :cover keeps the same) before it goes and with its answer
// after, so Ctrl+C (or a crash) and `--resume` never send an answered request again. A 422 is
// recorded and the run goes on; the exit code tells a full run, a partial one and a refused one apart.
import { endsBulkRun, type ApiError } from '../../api/errors';
import { eachSiteReport } from '../../api/cover/siteReports';
import { isLeft, sendStep } from '../../api/cover/send';
import type { ResourceClient } from '../../api/types';
import type { Pacer } from '../../api/pace';
import { readOnlyWhy } from '../../config/readOnly';
import type { ResolvedConfig } from '../../config/types';
import { REPORTS } from '../../domain';
import { profileDatabase, type CoverRun, type CoverStep } from '../../files/db';
import { isStateFileError } from '../../files';
import { excerpt, sanitize } from '../../text/sanitize';
import { clientFor } from '../client';
import { endingCode, endingOf } from '../ending';
import { EXIT, exitCodeForApiError } from '../exitCodes';
import { CommandFailure } from '../failure';
import { toJsonLine } from '../format/json';
import type { Options } from '../input';
import { confirm, readAll as readStdin, type Io } from '../io';
import { createProgress, type Progress } from '../progress';
import { noticeWaits } from '../waitNotice';
import { DocumentProblem } from '../../api/cover/fetchDocument';
import { gatherInto, sourceKey, sourceOf, type GatherCounts, type PageSink, type Source } from '../../api/cover/gather';
import { openJournal, type Answer, type Journal } from '../../api/cover/journal';
import { planLine, storedPlan, type Plan, type PlanCounts } from '../../api/cover/plan';
import { PlanStore } from '../../api/cover/planStore';
import { printPlan } from './printPlan';
import { coverSummary, type Tally } from './summary';

export interface CoverRunArgs {
  source: string;
  opts: Options;
  config: ResolvedConfig;
  io: Io;
  signal: AbortSignal;
}

const UNITS: Readonly<Record<string, number>> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `30d`, `12h`, `2w`: how old a report may be before it is re-run (ms). */
function ageOf(text: string): number {
  const m = /^(\d{1,5})([hdw])$/.exec(text.trim());
  if (!m || Number(m[1]) === 0)
    throw new CommandFailure(EXIT.usage, `--rerun-older-than must be a number and h, d or w, like 30d or 12h (got "${excerpt(text)}")`);
  return Number(m[1]) * UNITS[m[2]];
}

/** The source's words, `demo` under --demo included (sourceOf). */
const sourceFrom = (text: string, config: ResolvedConfig, io: Io): Source =>
  sourceOf(text, io.cwd, config.profile === 'demo' && config.seoBaseUrl ? new URL(config.seoBaseUrl).origin : undefined);

export async function runCover(run: CoverRunArgs): Promise<number> {
  const { opts, config, io } = run;
  const dryRun = opts.dryRun === true;
  const resume = opts.resume === true;
  const rerunAge = typeof opts.rerunOlderThan === 'string' ? ageOf(opts.rerunOlderThan) : undefined;
  if (resume && dryRun) throw new CommandFailure(EXIT.usage, '--resume sends what is left of a cover; --dry-run sends nothing: give one of them');
  // Refused in the words of every other write (src/commands/resource.ts), before anything is read.
  if (!dryRun && config.readOnly)
    throw new CommandFailure(EXIT.readOnly, `refused: cover changes data and ${readOnlyWhy(config)}; nothing was sent (--dry-run shows what would be)`);
  const source = sourceFrom(run.source, config, io);
  const client = clientFor(config, REPORTS, io);
  const pacer = client.pacer('seo');
  const quiet = !io.isTTY.stderr && opts.progress !== true;
  const unwatch = quiet ? noticeWaits(io, pacer, 'SEO host') : () => {};
  const journal = dryRun ? undefined : openJournal(profileDatabase(io.env, config.profile), (t) => io.stderr.write(`sitedeck: warning: ${sanitize(t)}\n`));
  const cover: Cover = { run, client: client.reports, pacer, source, key: sourceKey(source), host: client.hosts.seo, journal };
  try {
    if (resume) return await resumeCover(cover);
    const plan = await planFor(cover, rerunAge);
    if (dryRun) {
      await printPlan(io, cover.key, plan, opts.json === true);
      return EXIT.ok;
    }
    return await startCover(cover, plan);
  } catch (e) {
    if (e instanceof DocumentProblem) throw new CommandFailure(e.reach ? EXIT.server : EXIT.usage, `${sanitize(e.message)}; nothing was sent`);
    if (isStateFileError(e)) throw new CommandFailure(EXIT.usage, `${e.message}; nothing was sent`);
    throw e;
  } finally {
    cover.store?.close();
    unwatch();
  }
}

interface Cover {
  run: CoverRunArgs;
  client: ResourceClient<'reports'>;
  pacer: Pacer;
  source: Source;
  /** How the journal names the source: for stdin, once its list is read (sourceKey). */
  key: string;
  /** stdin's list, once read. */
  list?: GatherCounts['list'];
  host: string;
  journal: Journal | undefined;
  /** Where the plan is worked out, once the source is read (closed when the command ends). */
  store?: PlanStore;
}

/** The source's pages, bounded, into `sink`; stdin's list gives the cover its journal key. */
async function gathered(c: Cover, site: string | undefined, sink: PageSink): Promise<GatherCounts> {
  const { io, signal } = c.run;
  const pages = await gatherInto(c.source, site, { timeoutMs: c.run.config.timeoutMs, signal, stdin: () => readStdin(io) }, sink);
  c.list = pages.list;
  c.key = sourceKey(c.source, pages.list?.digest);
  return pages;
}

/** The source as a resume that found nothing says it looked for it. */
function sourceWords(c: Cover): string {
  if (!c.list) return sanitize(c.key);
  return `the list of ${c.list.lines} URL${c.list.lines === 1 ? '' : 's'} on stdin (sha256 ${c.list.digest.slice(0, 16)}…)`;
}

/** A journal's source as a person reads it. */
const runWords = (r: CoverRun) =>
  `${r.source.startsWith('- sha256:') ? `a list on stdin (sha256 ${r.source.slice(9, 25)}…)` : sanitize(r.source)} (${sanitize(r.site)})`;

/** The source's pages beside every report of the site (one paced read, 100 a page), both kept in the plan's store as they arrive. */
async function planFor(c: Cover, rerunAge: number | undefined): Promise<Plan> {
  const { signal, opts } = c.run;
  const site = typeof opts.project === 'string' && opts.project ? opts.project.toLowerCase().replace(/^www\./, '') : undefined;
  const store = (c.store = new PlanStore());
  const pages = await gathered(c, site, store);
  if (!pages.site) throw new CommandFailure(EXIT.usage, `${sourceKey(c.source)} lists no page; nothing was sent`);
  await eachSiteReport(c.client, pages.site, signal, (r) => store.addReport(r, pages.site));
  return storedPlan(store, pages, { prune: opts.prune === true, rerunBefore: rerunAge === undefined ? undefined : Date.now() - rerunAge });
}

/** The first `n` of `items`. */
function first<T>(items: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (out.length === n) break;
    out.push(item);
  }
  return out;
}

/** The question before a write: the counts, and the first five reports a --prune deletes (as delete names them). */
async function asked(c: Cover, counts: PlanCounts, deletes: readonly { url: string; report_id: string | null }[]): Promise<boolean> {
  const { io, opts } = c.run;
  if (opts.yes === true) return true;
  const what = [
    counts.to_create ? `create ${counts.to_create} reports` : '',
    counts.to_rerun ? `re-run ${counts.to_rerun}` : '',
    counts.to_delete ? `delete ${counts.to_delete}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (!io.isTTY.stdin)
    throw new CommandFailure(
      EXIT.usage,
      `a cover that would ${what} needs --yes when there is no terminal to ask on; nothing was sent (--dry-run shows the plan)`,
    );
  const named = deletes.length
    ? ` Deletes ${deletes
        .slice(0, 5)
        .map((s) => `${sanitize(s.url)} (${s.report_id})`)
        .join(', ')}${counts.to_delete > 5 ? ', …' : ''}.`
    : '';
  return confirm(io, `Cover ${sanitize(counts.site)}: ${what}?${named}`);
}

async function startCover(c: Cover, plan: Plan): Promise<number> {
  const { io } = c.run;
  io.stderr.write(`${planLine(plan.counts)}\n`);
  if (!(plan.counts.to_create + plan.counts.to_rerun + plan.counts.to_delete)) {
    io.stderr.write(`Nothing to do: every page of ${sanitize(plan.counts.site)} has a report\n`);
    return EXIT.ok;
  }
  const deletes = plan.counts.to_delete ? first(plan.gone, 5).map((r) => ({ url: r.url, report_id: r.id })) : [];
  if (!(await asked(c, plan.counts, deletes))) {
    io.stderr.write('Nothing was sent\n');
    return EXIT.ok;
  }
  const journal = c.journal!;
  const id = journal.start({ host: c.host, source: c.key, site: plan.counts.site, plan: JSON.stringify(plan.counts), started: Date.now() }, plan.steps);
  return sendSteps(c, id, plan.counts.site, journal.steps(id));
}

/** --resume: what is left of the latest unfinished cover of this source, with nothing answered sent again. */
async function resumeCover(c: Cover): Promise<number> {
  const { io } = c.run;
  const journal = c.journal!;
  // stdin's list is read again: the journal knows it by its content.
  if (c.source.kind === 'stdin') await gathered(c, undefined, (c.store = new PlanStore()));
  const found = journal.unfinished(c.host, c.key);
  if (!found) {
    const others = journal.unfinishedOn(c.host);
    const there = others.length
      ? `; unfinished on it: ${others.slice(0, 3).map(runWords).join(', ')}${others.length > 3 ? `, and ${others.length - 3} more` : ''}`
      : journal.kept
        ? '; it has no unfinished cover'
        : '';
    throw new CommandFailure(EXIT.usage, `no unfinished cover of ${sourceWords(c)} on ${c.host} to resume${there}; run it without --resume`);
  }
  const steps = journal.steps(found.id);
  const left = steps.filter(isLeft);
  io.stderr.write(`Resuming the cover of ${sanitize(found.site)} started ${new Date(found.started).toISOString()}: ${left.length} of ${steps.length} left\n`);
  const counts = JSON.parse(found.plan) as PlanCounts;
  const leftCounts = { ...counts, to_create: left.filter((s) => s.action === 'create').length, to_rerun: left.filter((s) => s.action === 'rerun').length };
  const deletes = left.filter((s) => s.action === 'delete');
  if (left.length && !(await asked(c, { ...leftCounts, to_delete: deletes.length }, deletes.slice(0, 5)))) {
    io.stderr.write('Nothing was sent\n');
    return EXIT.ok;
  }
  return sendSteps(c, found.id, found.site, steps);
}

const PAST: Readonly<Record<CoverStep['action'], string>> = { create: 'created', rerun: 're-ran', delete: 'deleted' };

function writeLine(c: Cover, s: CoverStep, a: Answer): void {
  const { io, opts } = c.run;
  if (opts.json === true) {
    io.stdout.write(toJsonLine({ action: s.action, url: s.url, status: a.status, report_id: a.report_id ?? s.report_id, detail: a.detail ?? null }));
    return;
  }
  const word = a.status === 'done' ? PAST[s.action] : a.status;
  const cells = [word, sanitize(s.url), a.report_id ?? s.report_id ?? '', sanitize(a.detail ?? '')];
  if (!io.isTTY.stdout) return void io.stdout.write(cells.join('\t') + '\n');
  const mark = a.status === 'done' ? '✓' : a.status === 'unknown' ? '?' : '✗';
  io.stdout.write(`${mark} ${cells[0].padEnd(8)} ${cells[1]}${cells[2] ? `  #${cells[2]}` : ''}${cells[3] ? `  ${cells[3]}` : ''}\n`);
}

/** `… · 3 min left`: from how long the answered steps of this run took. */
function leftText(started: number, done: number, left: number): string | undefined {
  if (done === 0 || left === 0) return undefined;
  const ms = ((Date.now() - started) / done) * left;
  return ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s left` : `${Math.round(ms / 60_000)} min left`;
}

/** Every step with work left, in turn; the journal holds each before it goes and with its answer after. */
async function sendSteps(c: Cover, id: number, site: string, steps: CoverStep[]): Promise<number> {
  const { io, opts, signal } = c.run;
  const journal = c.journal!;
  const todo = steps.filter(isLeft);
  const progress: Progress = createProgress(io, `cover ${sanitize(site)}`, {
    wanted: (opts.progress === true || Boolean(io.isTTY.stderr)) && opts.json !== true,
  });
  const off = c.pacer.subscribe((p) => progress.pace(p));
  const tally: Tally = { done: 0, refused: [], failed: 0, unknown: 0, notStarted: todo.length, total: todo.length };
  let stopped: ApiError | undefined;
  const started = Date.now();
  // The pacer spaces the run only when it needs more than the budget has left (each request counts it down).
  c.pacer.ahead(todo.length);
  try {
    for (const s of todo) {
      if (signal.aborted) break;
      journal.sending(id, s.seq);
      const sent = await sendStep(c.client, site, s, signal);
      if (sent.error?.kind === 'aborted') {
        journal.answer(id, s.seq, sent.answer, Date.now());
        break;
      }
      journal.answer(id, s.seq, sent.answer, Date.now());
      tally.notStarted--;
      if (sent.answer.status === 'done') tally.done++;
      else if (sent.answer.status === 'refused') tally.refused.push({ url: s.url, why: sent.answer.detail ?? '' });
      else if (sent.answer.status === 'unknown') tally.unknown++;
      else tally.failed++;
      progress.end();
      writeLine(c, s, sent.answer);
      const answered = todo.length - tally.notStarted;
      progress.step(answered, todo.length, leftText(started, answered, tally.notStarted));
      if (sent.error && sent.error.kind !== 'validation' && endsBulkRun(sent.error)) {
        stopped = sent.error;
        break;
      }
    }
  } finally {
    c.pacer.ahead(0);
    progress.end();
    off();
  }
  const finished = journal.steps(id).every((s) => !isLeft(s));
  if (finished) journal.finish(id, Date.now());
  const ending = endingOf(signal);
  io.stderr.write(coverSummary({ site, tally, stopped: stopped?.message, resumable: !finished && journal.kept, argv: io.argv ?? [] }).join('\n') + '\n');
  if (ending) return endingCode(ending);
  if (stopped) return exitCodeForApiError(stopped.kind);
  if (tally.done === 0 && tally.refused.length > 0 && tally.failed === 0 && tally.unknown === 0) return EXIT.coverRefused;
  if (!finished || tally.refused.length || tally.failed || tally.unknown) return EXIT.coverPartial;
  return EXIT.ok;
}

// The journal of `reports cover`: a run's plan, one row per request in the order it is sent, and
// where each stands. A step is marked `sending` in its own transaction before it goes, and its
// answer (the report's id, refused, failed) is written with its status in one transaction after,
// so a resume never sends an answered request again and knows which one was on the wire at a crash.
import type { StateDatabase } from './open';

export type CoverAction = 'create' | 'rerun' | 'delete';
export type StepStatus = 'planned' | 'sending' | 'done' | 'refused' | 'failed' | 'unknown';

export interface CoverStep {
  seq: number;
  action: CoverAction;
  /** The page as the sitemap gave it (create) or as the host stores it (rerun, delete). */
  url: string;
  /** The report a re-run or delete is about; a create's once the host answered. */
  report_id: string | null;
  status: StepStatus;
  /** The host's words for a refusal or failure. */
  detail: string | null;
}

export interface CoverRun {
  id: number;
  host: string;
  source: string;
  site: string;
  /** The plan's counts as JSON, as the run wrote them. */
  plan: string;
  started: number;
  finished: number | null;
}

/** Runs kept: the newest, finished or not; older ones go when a run starts. */
const KEEP_RUNS = 20;

/** Starts a run with its steps (read once, in order), all `planned`; sets aside any unfinished run of the same host and source. Returns its id. */
export function startCoverRun(
  sdb: StateDatabase,
  run: Omit<CoverRun, 'id' | 'finished'>,
  steps: Iterable<Pick<CoverStep, 'action' | 'url' | 'report_id'>>,
): number {
  return sdb.write((db) => {
    db.prepare('UPDATE cover_runs SET finished = ? WHERE host = ? AND source = ? AND finished IS NULL').run(run.started, run.host, run.source);
    const { id } = db
      .prepare('INSERT INTO cover_runs (host, source, site, plan, started) VALUES (?, ?, ?, ?, ?) RETURNING id')
      .get(run.host, run.source, run.site, run.plan, run.started) as { id: number };
    const add = db.prepare("INSERT INTO cover_steps (run, seq, action, url, report_id, status) VALUES (?, ?, ?, ?, ?, 'planned')");
    // Read as they are written: a plan of 50 000 steps is never a list in the heap.
    let seq = 0;
    for (const s of steps) add.run(id, seq++, s.action, s.url, s.report_id);
    db.prepare('DELETE FROM cover_steps WHERE run NOT IN (SELECT id FROM cover_runs ORDER BY id DESC LIMIT ?)').run(KEEP_RUNS);
    db.prepare('DELETE FROM cover_runs WHERE id NOT IN (SELECT id FROM cover_runs ORDER BY id DESC LIMIT ?)').run(KEEP_RUNS);
    return id;
  });
}

/** The latest run of `source` on `host` that has work left; undefined when there is none. */
export function unfinishedCoverRun(sdb: StateDatabase, host: string, source: string): CoverRun | undefined {
  return sdb.db
    .prepare(
      'SELECT id, host, source, site, plan, started, finished FROM cover_runs WHERE host = ? AND source = ? AND finished IS NULL ORDER BY id DESC LIMIT 1',
    )
    .get(host, source) as CoverRun | undefined;
}

/** Every run on `host` with work left, newest first. */
export function unfinishedCoverRuns(sdb: StateDatabase, host: string): CoverRun[] {
  return sdb.db
    .prepare('SELECT id, host, source, site, plan, started, finished FROM cover_runs WHERE host = ? AND finished IS NULL ORDER BY id DESC')
    .all(host)
    .map((r) => ({
      id: Number(r.id),
      host: String(r.host),
      source: String(r.source),
      site: String(r.site),
      plan: String(r.plan),
      started: Number(r.started),
      finished: r.finished === null ? null : Number(r.finished),
    }));
}

/** Every step of a run, in order. */
export function coverSteps(sdb: StateDatabase, run: number): CoverStep[] {
  return sdb.db
    .prepare('SELECT seq, action, url, report_id, status, detail FROM cover_steps WHERE run = ? ORDER BY seq')
    .all(run)
    .map((r) => ({
      seq: Number(r.seq),
      action: r.action as CoverAction,
      url: String(r.url),
      report_id: r.report_id === null ? null : String(r.report_id),
      status: r.status as StepStatus,
      detail: r.detail === null ? null : String(r.detail),
    }));
}

/** The step goes on the wire now: a crash from here on leaves it `sending`. */
export function markSending(sdb: StateDatabase, run: number, seq: number): void {
  sdb.write((db) => db.prepare("UPDATE cover_steps SET status = 'sending' WHERE run = ? AND seq = ?").run(run, seq));
}

/** The host's answer to a step and what it means, in one transaction (`planned`: nothing was sent after all, stopped in the pacer's wait). */
export function recordAnswer(
  sdb: StateDatabase,
  run: number,
  seq: number,
  answer: { status: Exclude<StepStatus, 'sending'>; report_id?: string | null; detail?: string | null },
  now: number,
): void {
  sdb.write((db) =>
    db
      .prepare('UPDATE cover_steps SET status = ?, report_id = coalesce(?, report_id), detail = ?, answered = ? WHERE run = ? AND seq = ?')
      .run(answer.status, answer.report_id ?? null, answer.detail ?? null, now, run, seq),
  );
}

/** The run has nothing left to send. */
export function finishCoverRun(sdb: StateDatabase, run: number, now: number): void {
  sdb.write((db) => db.prepare('UPDATE cover_runs SET finished = ? WHERE id = ?').run(now, run));
}

// The cover's journal as a run uses it, the command's (`reports cover`) and the deck's (`:cover`)
// alike, so either can go on with a cover the other left: the profile's state database
// (src/files/db/journal.ts), or, when that cannot be opened (or in the demo), the same in memory for
// this run alone (the run goes on; only a resume after it is lost).
import { isStateFileError } from '../../files';
import {
  coverSteps,
  finishCoverRun,
  markSending,
  recordAnswer,
  startCoverRun,
  unfinishedCoverRun,
  unfinishedCoverRuns,
  type CoverRun,
  type CoverStep,
  type StateDatabase,
} from '../../files/db';
import type { PlanStep } from './plan';

export type Answer = Parameters<typeof recordAnswer>[3];

export interface Journal {
  /** Whether a resume can find this run later. */
  readonly kept: boolean;
  unfinished(host: string, source: string): CoverRun | undefined;
  /** Every unfinished run on `host`, newest first (what a resume that found none names). */
  unfinishedOn(host: string): CoverRun[];
  steps(run: number): CoverStep[];
  start(run: Omit<CoverRun, 'id' | 'finished'>, steps: Iterable<PlanStep>): number;
  sending(run: number, seq: number): void;
  answer(run: number, seq: number, a: Answer, now: number): void;
  finish(run: number, now: number): void;
}

function inDatabase(sdb: StateDatabase): Journal {
  return {
    kept: true,
    unfinished: (host, source) => unfinishedCoverRun(sdb, host, source),
    unfinishedOn: (host) => unfinishedCoverRuns(sdb, host),
    steps: (run) => coverSteps(sdb, run),
    start: (run, steps) => startCoverRun(sdb, run, steps),
    sending: (run, seq) => markSending(sdb, run, seq),
    answer: (run, seq, a, now) => recordAnswer(sdb, run, seq, a, now),
    finish: (run, now) => finishCoverRun(sdb, run, now),
  };
}

/** A journal for this run alone (the demo's, or when the database cannot be opened). */
export function memoryJournal(): Journal {
  let steps: CoverStep[] = [];
  const at = (seq: number) => steps[seq];
  return {
    kept: false,
    unfinished: () => undefined,
    unfinishedOn: () => [],
    steps: () => steps.map((s) => ({ ...s })),
    start: (_run, planned) => {
      steps = Array.from(planned, (p, seq) => ({ seq, action: p.action, url: p.url, report_id: p.report_id, status: 'planned', detail: null }));
      return 0;
    },
    sending: (_run, seq) => void (at(seq).status = 'sending'),
    answer: (_run, seq, a) => void Object.assign(at(seq), { status: a.status, report_id: a.report_id ?? at(seq).report_id, detail: a.detail ?? null }),
    finish: () => {},
  };
}

/** The journal of the profile's state database; in memory (said on `warn`) when it cannot be opened. */
export function openJournal(database: () => StateDatabase, warn: (text: string) => void): Journal {
  try {
    return inDatabase(database());
  } catch (e) {
    if (!isStateFileError(e)) throw e;
    warn(`${e.message}; this cover is kept in memory only, so --resume cannot go on with it`);
    return memoryJournal();
  }
}

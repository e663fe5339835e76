// The marks slice's effects: `*` reads every matching row's id (all pages, paced); a change to the
// marked rows reads their values before it is asked (bulkRead), and again as its run starts; a run
// over the marked rows sends one request per row, in turn, and Ctrl+C (bulk.stopping) ends it after
// the request in flight. The deck closing ends a wait for the budget, never a request on the wire.
import { appendAll } from '../../text/bounded';
import { endsBulkRun } from '../../api/errors';
import { readAll } from '../../api/readAll';
import { deleteRecord, isGone, rerunReport } from '../../api/writes';
import { alreadySet, resourceDef, valuesBefore, type WriteValues } from '../../domain';
import { errorText, isAbort } from '../errorText';
import { wireQuery } from '../selectors';
import type { StartSliceEffects } from '../sliceEffects';
import type { AnyRecord, BulkRun, DeckState, TabName } from '../types';
import type { RecordId } from '../../domain';
import type { UndoStep } from '../changes';
import { fieldsOf } from '../../domain';
import type { BulkRead } from './state';
import { readMarked, type Current } from './readMarked';
import { readPlan } from './readPlan';

export const startMarksEffects: StartSliceEffects = ({ client, store }) => {
  let stopped = false;
  let lastMarkAll = 0;
  let lastBulk = 0;
  let lastRead = 0;
  /** Ends the question's read when it is answered No before the counts are in (or the deck closes). */
  let readAbort: AbortController | null = null;
  const bulkAbort = new AbortController();

  /** `*`: the ids of every row the tab's query matches, all pages, paced. */
  async function markAll(state: DeckState, req: { seq: number; tab: TabName }) {
    const { page: _page, per_page: _perPage, ...query } = state.tabs[req.tab].query;
    const ids: RecordId[] = [];
    try {
      for await (const batch of readAll(client.resource(req.tab), wireQuery(query), { signal: bulkAbort.signal }))
        appendAll(
          ids,
          batch.map((r) => r.id),
        );
      if (!stopped) store.dispatch({ type: 'mark/set', seq: req.seq, tab: req.tab, ids });
    } catch (e) {
      if (!stopped) store.dispatch({ type: 'mark/failed', seq: req.seq, message: errorText(e, 'list') });
    }
  }

  /** An undo's step as the log wrote it: put the fields back, re-create the record (its answer), or delete what was created. */
  async function sendUndoStep(rc: ReturnType<typeof client.resource>, step: UndoStep, id: RecordId): Promise<AnyRecord | undefined> {
    // holdSignal: the deck closing ends a wait for the budget, never a request on the wire.
    const call = { holdSignal: bulkAbort.signal };
    if (step.kind === 'put') await rc.update(step.id, step.values, call);
    else if (step.kind === 'post') return await rc.create(step.values, call);
    else await deleteRecord(rc, id, call);
    return undefined;
  }

  /** A change's question waits for the marked rows' values: read as planned, counted. */
  async function readForQuestion(read: BulkRead) {
    const abort = (readAbort = new AbortController());
    try {
      const { current, requests } = await readMarked(client.resource(read.tab), read.ids, read.plan, AbortSignal.any([bulkAbort.signal, abort.signal]));
      if (!stopped) store.dispatch({ type: 'bulk/read', seq: read.seq, current, requests });
    } catch (e) {
      if (!stopped && !abort.signal.aborted) store.dispatch({ type: 'bulk/read-failed', seq: read.seq, message: errorText(e, 'list') });
    } finally {
      if (readAbort === abort) readAbort = null;
    }
  }

  /**
   * The run's own verb on one row: its answer (a re-run's, which the Audit view shows), or
   * 'skipped' / 'gone' for an update whose row is already at the target or no longer there. An
   * update keeps the row's fields as they were in `before`, for u. `current`: the rows as read
   * when the run started (null: that read failed, so each row is read before its change).
   */
  async function sendVerb(
    run: BulkRun,
    rc: ReturnType<typeof client.resource>,
    id: RecordId,
    before: { id: RecordId; values: WriteValues }[],
    current: Current | null,
  ): Promise<AnyRecord | undefined | 'skipped' | 'gone'> {
    const call = { holdSignal: bulkAbort.signal };
    if (run.verb === 'delete') {
      await deleteRecord(rc, id, call);
      return undefined;
    }
    if (run.verb !== 'update') return rerunReport(client.reports, id, call);
    const def = resourceDef(run.tab);
    const was = current?.has(id) ? current.get(id)! : await readOne(rc, id);
    if (was === null) return 'gone';
    // Already at the target (read just now): nothing to send.
    if (alreadySet(def, was, run.values ?? {})) return 'skipped';
    await rc.update(id, run.values ?? {}, call);
    const back = valuesBefore(def, was, run.values ?? {});
    if (Object.keys(back.values).length) before.push({ id, values: back.values });
    return undefined;
  }

  /** One row as the host has it now (null: gone). */
  async function readOne(rc: ReturnType<typeof client.resource>, id: RecordId): Promise<Readonly<Record<string, unknown>> | null> {
    try {
      return fieldsOf(await rc.get(id, { holdSignal: bulkAbort.signal }));
    } catch (e) {
      if (isGone(e)) return null;
      throw e;
    }
  }

  /** An update's rows as the host has them as the run starts (paced, one request a page); null when that read fails. */
  async function readAtStart(run: BulkRun): Promise<Current | null> {
    if (run.verb !== 'update' || run.undo) return null;
    try {
      const plan = readPlan(run.ids.length, store.getState().tabs[run.tab]);
      return (await readMarked(client.resource(run.tab), run.ids, plan, bulkAbort.signal)).current;
    } catch {
      // Each row is then read before its change, and a failure there is the row's.
      return null;
    }
  }

  /** One request per marked row (or undo step), in turn; Ctrl+C (bulk.stopping) ends it after the one in flight. */
  async function runBulk(run: BulkRun) {
    const rc = client.resource(run.tab);
    // A change (not an undo) keeps each record's fields as they were, for u.
    const before: { id: RecordId; values: WriteValues }[] = [];
    const current = await readAtStart(run);
    let i = 0;
    for (; i < run.ids.length; i++) {
      if (stopped || store.getState().bulk?.stopping) break;
      const id = run.ids[i];
      const step = run.undo?.steps[i];
      try {
        const answer = step ? await sendUndoStep(rc, step, id) : await sendVerb(run, rc, id, before, current);
        if (answer === 'skipped' || answer === 'gone') {
          if (!stopped) store.dispatch({ type: 'bulk/step', seq: run.seq, id, [answer]: true });
          continue;
        }
        if (!stopped) store.dispatch({ type: 'bulk/step', seq: run.seq, id, ...(answer ? { record: answer } : {}) });
      } catch (e) {
        if (stopped || isAbort(e)) break;
        // No form is open during a run: its next step is the run's own (u again, the marks kept).
        const context = run.verb === 'update' ? 'marked' : run.verb;
        store.dispatch({ type: 'bulk/step', seq: run.seq, id, error: errorText(e, context) });
        // The rest would fail the same way (or the write's fate is unknown): stop here.
        if (endsBulkRun(e as { kind?: string; mayHaveApplied?: boolean })) {
          i++;
          break;
        }
      }
    }
    if (!stopped) store.dispatch({ type: 'bulk/end', seq: run.seq, notStarted: run.ids.length - i, ...(before.length ? { before } : {}), at: Date.now() });
  }

  const unsubscribe = store.subscribe((state) => {
    if (stopped) return;
    if (state.markAll && state.markAll.seq !== lastMarkAll) {
      lastMarkAll = state.markAll.seq;
      // Runs beside the store; its answer and failure come back as actions (markAll catches).
      void markAll(state, state.markAll);
    }
    // Answered No while its rows were read: the rest of the read is not sent.
    if (!state.bulkRead && readAbort) readAbort.abort();
    if (state.bulkRead && state.bulkRead.seq !== lastRead) {
      lastRead = state.bulkRead.seq;
      // Likewise: the answer or the failure comes back as an action.
      void readForQuestion(state.bulkRead);
    }
    if (state.bulk && state.bulk.seq !== lastBulk) {
      lastBulk = state.bulk.seq;
      // Likewise: each step's failure is an action, and the run ends with bulk/end.
      void runBulk(state.bulk);
    }
  });
  return {
    stop() {
      stopped = true;
      unsubscribe();
      bulkAbort.abort();
    },
  };
};

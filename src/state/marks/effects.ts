// The marks slice's effects: `*` reads every matching row's id (all pages, paced); a run over the
// marked rows sends one request per row, in turn, and Ctrl+C (bulk.stopping) ends it after the
// request in flight. The deck closing ends a wait for the budget, never a request on the wire.
import { appendAll } from '../../text/bounded';
import { endsBulkRun } from '../../api/errors';
import { readAll } from '../../api/readAll';
import { deleteRecord, rerunReport } from '../../api/writes';
import { alreadySet, resourceDef, valuesBefore, type WriteValues } from '../../domain';
import { errorText, isAbort } from '../errorText';
import { wireQuery } from '../selectors';
import type { StartSliceEffects } from '../sliceEffects';
import type { AnyRecord, BulkRun, DeckState, TabName } from '../types';
import type { RecordId } from '../../domain';


export const startMarksEffects: StartSliceEffects = ({ client, store }) => {
  let stopped = false;
  let lastMarkAll = 0;
  let lastBulk = 0;
  const bulkAbort = new AbortController();

  /** `*`: the ids of every row the tab's query matches, all pages, paced. */
  async function markAll(state: DeckState, req: { seq: number; tab: TabName }) {
    const { page: _page, per_page: _perPage, ...query } = state.tabs[req.tab].query;
    const ids: RecordId[] = [];
    try {
      for await (const batch of readAll(client.resource(req.tab), wireQuery(query), { signal: bulkAbort.signal })) appendAll(ids, batch.map((r) => r.id));
      if (!stopped) store.dispatch({ type: 'mark/set', seq: req.seq, tab: req.tab, ids });
    } catch (e) {
      if (!stopped) store.dispatch({ type: 'mark/failed', seq: req.seq, message: errorText(e, 'list') });
    }
  }

  /** One request per marked row, in turn; Ctrl+C (bulk.stopping) ends it after the one in flight. */
  async function runBulk(run: BulkRun) {
    const rc = client.resource(run.tab);
    const def = resourceDef(run.tab);
    // A change (not an undo) keeps each record's fields as they were, for u: from the rows shown,
    // else read once before the change (a marked row on another page).
    const before: { id: RecordId; values: WriteValues }[] = [];
    let i = 0;
    for (; i < run.ids.length; i++) {
      if (stopped || store.getState().bulk?.stopping) break;
      const id = run.ids[i];
      let answer: AnyRecord | undefined;
      const step = run.undo?.steps[i];
      try {
        // holdSignal: the deck closing ends a wait for the budget, never a request on the wire.
        if (step?.kind === 'put') await rc.update(step.id, step.values, { holdSignal: bulkAbort.signal });
        else if (step?.kind === 'post') answer = (await rc.create(step.values, { holdSignal: bulkAbort.signal })) as AnyRecord;
        else if (run.verb === 'delete' || step?.kind === 'delete') await deleteRecord(rc, id, { holdSignal: bulkAbort.signal });
        else if (run.verb === 'update') {
          const shown = store.getState().tabs[run.tab].data?.items.find((r) => r.id === id);
          const was = (shown ?? (await rc.get(id, { holdSignal: bulkAbort.signal }))) as unknown as Record<string, unknown>;
          // Already at the target (read just now): nothing to send.
          if (alreadySet(def, was, run.values ?? {})) {
            if (!stopped) store.dispatch({ type: 'bulk/step', seq: run.seq, id, skipped: true });
            continue;
          }
          await rc.update(id, run.values ?? {}, { holdSignal: bulkAbort.signal });
          const back = valuesBefore(def, was, run.values ?? {});
          if (Object.keys(back.values).length) before.push({ id, values: back.values });
        }
        // A re-run's answer goes with its step: the Audit view shows the page's new checks.
        else answer = await rerunReport(client.reports, id, { holdSignal: bulkAbort.signal });
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
      void markAll(state, state.markAll);
    }
    if (state.bulk && state.bulk.seq !== lastBulk) {
      lastBulk = state.bulk.seq;
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

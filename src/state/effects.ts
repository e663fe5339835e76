import { readAll } from '../api/readAll';
import type { Client } from '../api/types';
import { resourceDef, RESOURCES, RESULT_CLASS_VALUES, valuesBefore, type Page, type Report, type ResultClass, type WriteValues } from '../domain';
import { budgetView, sameBudget } from './budget';
import { errorText, fieldErrorsOf, isAbort } from './errorText';
import { requestLine, type RequestLine } from './requestLine';
import { distributionKey, distributionQuery, fetchKey, queryKey, wireQuery } from './selectors';
import type { Store } from './store';
import { TABS, type AnyRecord, type DeckState, type Operation, type TabName } from './types';

export interface EffectsOptions {
  client: Client;
  store: Store;
  /** Quiet time after the last search keystroke before the request goes out. */
  debounceMs?: number;
  /** How long a flash stays, by kind. */
  flashMs?: { success: number; info: number; error: number };
  /** Pages kept per tab for instant back/forth. */
  cacheSize?: number;
}

export interface Effects {
  stop(): void;
}

const DEFAULT_FLASH = { success: 4000, info: 4000, error: 8000 };
/** Failures that end a bulk run: the next record would fail the same way. */
const STOPS = new Set(['network', 'timeout', 'auth', 'forbidden', 'rateLimited']);

/**
 * Turns state changes into API calls: one list request per query change (none for cursor moves,
 * none for a cached page), search debounced, a superseded request aborted and its answer
 * ignored; writes sent once per operation; flashes cleared after a while.
 */
export function startEffects(opts: EffectsOptions): Effects {
  const { client, store } = opts;
  const debounceMs = opts.debounceMs ?? 200;
  const flashMs = opts.flashMs ?? DEFAULT_FLASH;
  // Enough to page back and forth and switch tabs; more only costs memory (reports carry their checks).
  const cacheSize = opts.cacheSize ?? 12;
  let nextRequest = 1;
  let stopped = false;
  const line = { cacheSize, debounceMs, nextRequestId: () => nextRequest++, stopped: () => stopped, sending: () => store.sending() };

  // Each tab's list page and the Reports distribution go through the same line: cache, debounce, abort.
  const lists = Object.fromEntries(
    TABS.map((tab) => [
      tab,
      requestLine<Page<AnyRecord>>(
        {
          start(requestId, signal) {
            const query = store.getState().tabs[tab].query;
            store.dispatch({ type: 'list/request', tab, requestId });
            return { key: queryKey(query), answer: client.resource(tab).list(wireQuery(query), { signal }) as Promise<Page<AnyRecord>> };
          },
          loaded: (requestId, page) => store.dispatch({ type: 'list/loaded', tab, requestId, page }),
          failed: (requestId, e) => store.dispatch({ type: 'list/failed', tab, requestId, message: errorText(e, 'list') }),
          cached: (page) => store.dispatch({ type: 'list/cached', tab, page }),
        },
        line,
      ),
    ]),
  ) as Record<TabName, RequestLine>;

  const distribution = requestLine<Record<ResultClass, number>>(
    {
      start(requestId, signal) {
        const state = store.getState();
        const key = distributionKey(state);
        const base = distributionQuery(state);
        store.dispatch({ type: 'dist/request', key, requestId });
        const totals = RESULT_CLASS_VALUES.map((result) =>
          client.reports.list(wireQuery({ ...base, result, per_page: 10 }), { signal }).then((p) => [result, p.meta.total] as const),
        );
        return { key, answer: Promise.all(totals).then((pairs) => Object.fromEntries(pairs) as Record<ResultClass, number>) };
      },
      loaded: (requestId, counts, key) => store.dispatch({ type: 'dist/loaded', key, requestId, counts }),
      failed: (requestId, _e, key) => store.dispatch({ type: 'dist/failed', key, requestId }),
      cached(counts) {
        const key = distributionKey(store.getState());
        const requestId = nextRequest++;
        store.dispatch({ type: 'dist/request', key, requestId });
        store.dispatch({ type: 'dist/loaded', key, requestId, counts });
      },
    },
    // Every filter's counts are kept until the Reports cache is dropped (r or a write).
    { ...line, cacheSize: Infinity },
  );

  // Watch mode's clock: one interval, replaced when the period changes, gone when watch stops.
  let watchTimer: ReturnType<typeof setInterval> | undefined;
  let watchSeconds: number | null = null;
  function syncWatch(state: DeckState) {
    const seconds = state.watch?.seconds ?? null;
    if (seconds === watchSeconds) return;
    watchSeconds = seconds;
    if (watchTimer) clearInterval(watchTimer);
    watchTimer = undefined;
    if (seconds !== null) {
      watchTimer = setInterval(() => !stopped && store.dispatch({ type: 'watch/tick', now: Date.now() }), seconds * 1000);
      watchTimer.unref?.();
    }
  }

  let lastOp = 0;
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let flashId = 0;

  function syncList(state: DeckState, prev: DeckState | null, tab: TabName) {
    const t = state.tabs[tab];
    lists[tab].sync(fetchKey(t), queryKey(t.query), t.epoch, state.mode.kind === 'search' && state.tab === tab, prev === null);
  }

  function syncDistribution(state: DeckState, prev: DeckState | null) {
    // At open the counts load with both lists, so the first visit to Reports costs no round trip.
    if (state.tab !== 'reports' && prev !== null) return;
    const key = distributionKey(state);
    distribution.sync(key, key, state.tabs.reports.epoch, state.mode.kind === 'search', prev === null);
  }

  function runOperation(op: Operation) {
    const dispatch = store.dispatch;
    store.sending();
    if (op.kind === 'save') {
      const rc = client.resource(op.tab);
      const call = op.op === 'create' ? rc.create(op.values) : rc.update(op.id!, op.values);
      call.then(
        (record) => !stopped && dispatch({ type: 'form/saved', seq: op.seq, record: record as AnyRecord }),
        (e: unknown) => !stopped && dispatch({ type: 'form/failed', seq: op.seq, message: errorText(e, 'save'), fields: fieldErrorsOf(e) }),
      );
    } else if (op.kind === 'delete') {
      client
        .resource(op.tab)
        .delete(op.id)
        .then(
          () => !stopped && dispatch({ type: 'delete/done', seq: op.seq }),
          (e: unknown) => {
            if (stopped) return;
            // Already gone is what the user wanted.
            if ((e as { kind?: string }).kind === 'notFound') dispatch({ type: 'delete/done', seq: op.seq });
            else dispatch({ type: 'delete/failed', seq: op.seq, message: errorText(e, 'delete') });
          },
        );
    } else {
      client.reports.update(op.id, { results: 1 }).then(
        (record) => !stopped && dispatch({ type: 'rerun/done', seq: op.seq, record }),
        (e: unknown) => !stopped && dispatch({ type: 'rerun/failed', seq: op.seq, message: errorText(e, 'rerun') }),
      );
    }
  }

  let lastMarkAll = 0;
  let lastBulk = 0;
  const bulkAbort = new AbortController();

  /** `*`: the ids of every row the tab's query matches, all pages, paced. */
  async function markAll(state: DeckState, req: { seq: number; tab: TabName }) {
    const { page: _page, per_page: _perPage, ...query } = state.tabs[req.tab].query;
    const ids: number[] = [];
    try {
      for await (const batch of readAll(client.resource(req.tab), wireQuery(query), { signal: bulkAbort.signal })) ids.push(...batch.map((r) => r.id));
      if (!stopped) store.dispatch({ type: 'mark/set', seq: req.seq, tab: req.tab, ids });
    } catch (e) {
      if (!stopped) store.dispatch({ type: 'mark/failed', seq: req.seq, message: errorText(e, 'list') });
    }
  }

  /** One request per marked row, in turn; Ctrl+C (bulk.stopping) ends it after the one in flight. */
  async function runBulk(run: NonNullable<DeckState['bulk']>) {
    const rc = client.resource(run.tab);
    const def = resourceDef(run.tab);
    // A change (not an undo) keeps each record's fields as they were, for u: from the rows shown,
    // else read once before the change (a marked row on another page).
    const before: { id: number; values: WriteValues }[] = [];
    let i = 0;
    for (; i < run.ids.length; i++) {
      if (stopped || store.getState().bulk?.stopping) break;
      const id = run.ids[i];
      let rerun: Report | undefined;
      try {
        // holdSignal: the deck closing ends a wait for the budget, never a request on the wire.
        if (run.verb === 'delete') await rc.delete(id, { holdSignal: bulkAbort.signal });
        else if (run.verb === 'update' && run.perId) await rc.update(id, run.perId[id] ?? {}, { holdSignal: bulkAbort.signal });
        else if (run.verb === 'update') {
          const shown = store.getState().tabs[run.tab].data?.items.find((r) => r.id === id);
          const was = (shown ?? (await rc.get(id, { holdSignal: bulkAbort.signal }))) as unknown as Record<string, unknown>;
          await rc.update(id, run.values ?? {}, { holdSignal: bulkAbort.signal });
          const back = valuesBefore(def, was, run.values ?? {});
          if (Object.keys(back.values).length) before.push({ id, values: back.values });
        }
        // A re-run's answer goes with its step: the Audit view shows the page's new checks.
        else rerun = await client.reports.update(id, { results: 1 }, { holdSignal: bulkAbort.signal });
        if (!stopped) store.dispatch({ type: 'bulk/step', seq: run.seq, id, ...(rerun ? { record: rerun } : {}) });
      } catch (e) {
        if (stopped || isAbort(e)) break;
        // Already gone is what a delete asks for.
        const kind = (e as { kind?: string }).kind ?? '';
        const gone = run.verb === 'delete' && kind === 'notFound';
        store.dispatch({ type: 'bulk/step', seq: run.seq, id, error: gone ? undefined : errorText(e, run.verb === 'update' ? 'save' : run.verb) });
        // The rest would fail the same way (or the write's fate is unknown): stop here.
        if (STOPS.has(kind) || (e as { mayHaveApplied?: boolean }).mayHaveApplied) {
          i++;
          break;
        }
      }
    }
    if (!stopped) store.dispatch({ type: 'bulk/end', seq: run.seq, notStarted: run.ids.length - i, ...(before.length ? { before } : {}) });
  }

  function syncFlash(state: DeckState) {
    const f = state.flash;
    if (!f || f.id === flashId) return;
    flashId = f.id;
    if (flashTimer) clearTimeout(flashTimer);
    flashTimer = setTimeout(() => store.dispatch({ type: 'flash/clear', id: f.id }), flashMs[f.kind]);
    flashTimer.unref?.();
  }

  function onState(state: DeckState, prev: DeckState | null) {
    if (stopped) return;
    syncList(state, prev, state.tab);
    // At open the other tab loads too: both tab titles carry their totals, and the first switch is instant.
    if (prev === null) for (const t of TABS) if (t !== state.tab) syncList(state, prev, t);
    syncDistribution(state, prev);
    if (state.op && state.op.seq !== lastOp) {
      lastOp = state.op.seq;
      runOperation(state.op);
    }
    if (state.markAll && state.markAll.seq !== lastMarkAll) {
      lastMarkAll = state.markAll.seq;
      void markAll(state, state.markAll);
    }
    if (state.bulk && state.bulk.seq !== lastBulk) {
      lastBulk = state.bulk.seq;
      void runBulk(state.bulk);
    }
    syncFlash(state);
    syncWatch(state);
  }

  const unsubscribe = store.subscribe(onState);
  onState(store.getState(), null);

  // The budget of each tab's host, from its pacer; dispatched only when what is shown changes.
  const unpace = TABS.map((tab) =>
    client.pacer(RESOURCES[tab].host).subscribe((s) => {
      if (stopped) return;
      const budget = budgetView(s, Date.now());
      if (!sameBudget(budget, store.getState().budget[tab])) store.dispatch({ type: 'budget', tab, budget });
    }),
  );

  return {
    stop() {
      stopped = true;
      unsubscribe();
      for (const off of unpace) off();
      for (const t of TABS) lists[t].stop();
      distribution.stop();
      bulkAbort.abort();
      if (flashTimer) clearTimeout(flashTimer);
      if (watchTimer) clearInterval(watchTimer);
    },
  };
}

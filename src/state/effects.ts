import type { Client } from '../api/types';
import { RESOURCES, RESULT_CLASS_VALUES, type Page, type ResultClass } from '../domain';
import { budgetView, sameBudget } from './budget';
import { errorText, fieldErrorsOf, isAbort } from './errorText';
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

  const wanted: Partial<Record<TabName, string>> = {};
  const cacheEpoch: Partial<Record<TabName, number>> = {};
  const cache: Record<TabName, Map<string, Page<AnyRecord>>> = { websites: new Map(), reports: new Map() };
  const inflight: Partial<Record<TabName, AbortController>> = {};
  const timers: Partial<Record<TabName | 'dist', ReturnType<typeof setTimeout>>> = {};

  let distWanted: string | null = null;
  const distCache = new Map<string, Record<ResultClass, number>>();
  let distEpoch = -1;
  let distAbort: AbortController | null = null;

  let lastOp = 0;
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let flashId = 0;

  const clearTimer = (k: TabName | 'dist') => {
    if (timers[k]) clearTimeout(timers[k]);
    delete timers[k];
  };

  function remember(tab: TabName, key: string, page: Page<AnyRecord>) {
    const c = cache[tab];
    c.delete(key);
    c.set(key, page);
    while (c.size > cacheSize) c.delete(c.keys().next().value as string);
  }

  function fetchList(tab: TabName) {
    clearTimer(tab);
    inflight[tab]?.abort();
    const ctrl = new AbortController();
    inflight[tab] = ctrl;
    const query = store.getState().tabs[tab].query;
    const qk = queryKey(query);
    const requestId = nextRequest++;
    store.dispatch({ type: 'list/request', tab, requestId });
    client
      .resource(tab)
      .list(wireQuery(query), { signal: ctrl.signal })
      .then(
        (page) => {
          if (stopped || ctrl.signal.aborted) return;
          remember(tab, qk, page as Page<AnyRecord>);
          store.dispatch({ type: 'list/loaded', tab, requestId, page: page as Page<AnyRecord> });
        },
        (e: unknown) => {
          if (stopped || isAbort(e, ctrl.signal)) return;
          store.dispatch({ type: 'list/failed', tab, requestId, message: errorText(e, 'list') });
        },
      )
      .finally(() => {
        if (inflight[tab] === ctrl) delete inflight[tab];
      });
  }

  function syncList(state: DeckState, prev: DeckState | null, tab: TabName) {
    const t = state.tabs[tab];
    const key = fetchKey(t);
    const typing = state.mode.kind === 'search' && state.tab === tab;
    if (key === wanted[tab]) {
      // Enter on a search sends a pending debounced request at once.
      if (!typing && timers[tab]) fetchList(tab);
      return;
    }
    wanted[tab] = key;
    if (cacheEpoch[tab] !== t.epoch) {
      cacheEpoch[tab] = t.epoch;
      cache[tab].clear();
    }
    const hit = cache[tab].get(queryKey(t.query));
    if (hit) {
      remember(tab, queryKey(t.query), hit); // most recently used
      clearTimer(tab);
      inflight[tab]?.abort();
      store.dispatch({ type: 'list/cached', tab, page: hit });
      return;
    }
    if (typing && prev) {
      clearTimer(tab);
      timers[tab] = setTimeout(() => fetchList(tab), debounceMs);
      return;
    }
    fetchList(tab);
  }

  function fetchDistribution() {
    clearTimer('dist');
    distAbort?.abort();
    const ctrl = new AbortController();
    distAbort = ctrl;
    const state = store.getState();
    const key = distributionKey(state);
    const base = distributionQuery(state);
    const requestId = nextRequest++;
    store.dispatch({ type: 'dist/request', key, requestId });
    Promise.all(
      RESULT_CLASS_VALUES.map((result) =>
        client.reports.list(wireQuery({ ...base, result, per_page: 10 }), { signal: ctrl.signal }).then((p) => [result, p.meta.total] as const),
      ),
    ).then(
      (pairs) => {
        if (stopped || ctrl.signal.aborted) return;
        const counts = Object.fromEntries(pairs) as Record<ResultClass, number>;
        distCache.set(key, counts);
        store.dispatch({ type: 'dist/loaded', key, requestId, counts });
      },
      (e: unknown) => {
        if (stopped || isAbort(e, ctrl.signal)) return;
        ctrl.abort(); // the other two calls are of no use now
        store.dispatch({ type: 'dist/failed', key, requestId });
      },
    );
  }

  function syncDistribution(state: DeckState, prev: DeckState | null) {
    // At open the counts load with both lists, so the first visit to Reports costs no round trip.
    if (state.tab !== 'reports' && prev !== null) return;
    const key = distributionKey(state);
    const typing = state.mode.kind === 'search';
    if (key === distWanted) {
      if (!typing && timers.dist) fetchDistribution();
      return;
    }
    distWanted = key;
    if (distEpoch !== state.tabs.reports.epoch) {
      distEpoch = state.tabs.reports.epoch;
      distCache.clear();
    }
    const hit = distCache.get(key);
    if (hit) {
      clearTimer('dist');
      distAbort?.abort();
      const requestId = nextRequest++;
      store.dispatch({ type: 'dist/request', key, requestId });
      store.dispatch({ type: 'dist/loaded', key, requestId, counts: hit });
      return;
    }
    if (typing && prev) {
      clearTimer('dist');
      timers.dist = setTimeout(fetchDistribution, debounceMs);
      return;
    }
    fetchDistribution();
  }

  function runOperation(op: Operation) {
    const dispatch = store.dispatch;
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
    syncFlash(state);
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
      for (const t of TABS) inflight[t]?.abort();
      distAbort?.abort();
      for (const k of Object.keys(timers) as (TabName | 'dist')[]) clearTimer(k);
      if (flashTimer) clearTimeout(flashTimer);
    },
  };
}

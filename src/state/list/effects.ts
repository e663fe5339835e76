// The list slice's effects: one list request per query change (none for cursor moves, none for a
// cached page), search debounced, a superseded request aborted and its answer ignored; the Reports
// distribution likewise; watch mode's clock; the hosts' budgets from their pacers.
import { RESOURCES, RESULT_CLASS_VALUES, type Page, type ResultClass } from '../../domain';
import type { PaceStatus } from '../../api/pace';
import { timerDelay } from '../../api/delay';
import { budgetChangesAt, budgetView, sameBudget } from '../budget';
import { answersLater } from '../autoRefresh';
import { errorText } from '../errorText';
import { distributionKey, distributionQuery, fetchKey, queryKey, wireQuery } from '../selectors';
import type { StartSliceEffects } from '../sliceEffects';
import { TABS, type AnyRecord, type DeckState, type TabName } from '../types';
import { requestLine, type RequestLine } from './requestLine';

export const startListEffects: StartSliceEffects = ({ client, store, cacheSize, debounceMs }) => {
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
            return { key: queryKey(query), answer: client.resource(tab).list(wireQuery(query), { signal }) };
          },
          loaded: (requestId, page) => store.dispatch({ type: 'list/loaded', tab, requestId, page }),
          failed: (requestId, e) => store.dispatch({ type: 'list/failed', tab, requestId, message: errorText(e, 'list'), transient: answersLater(e) }),
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

  function syncList(state: DeckState, prev: DeckState | null, tab: TabName) {
    const t = state.tabs[tab];
    lists[tab].sync(fetchKey(t), queryKey(t.query), t.epoch, state.overlay?.kind === 'search' && state.tab === tab, prev === null);
  }

  function syncDistribution(state: DeckState, prev: DeckState | null) {
    // At open the counts load with both lists, so the first visit to Reports costs no round trip.
    if (state.tab !== 'reports' && prev !== null) return;
    const key = distributionKey(state);
    distribution.sync(key, key, state.tabs.reports.epoch, state.overlay?.kind === 'search', prev === null);
  }

  function onState(state: DeckState, prev: DeckState | null) {
    if (stopped) return;
    syncList(state, prev, state.tab);
    // At open the other tab loads too: both tab titles carry their totals, and the first switch is instant.
    if (prev === null) for (const t of TABS) if (t !== state.tab) syncList(state, prev, t);
    syncDistribution(state, prev);
    syncWatch(state);
  }

  const unsubscribe = store.subscribe(onState);
  onState(store.getState(), null);

  // The budget of each tab's host, from its pacer; dispatched only when what is shown changes, and
  // looked at again when the shown count's window must be over (the pacer says nothing then).
  const budgetTimers = new Map<TabName, ReturnType<typeof setTimeout>>();
  const showBudget = (tab: TabName, s: PaceStatus) => {
    if (stopped) return;
    const now = Date.now();
    const budget = budgetView(s, now);
    if (!sameBudget(budget, store.getState().budget[tab])) store.dispatch({ type: 'budget', tab, budget });
    clearTimeout(budgetTimers.get(tab));
    const at = budgetChangesAt(s, budget, now);
    if (at !== null) budgetTimers.set(tab, setTimeout(() => showBudget(tab, client.pacer(RESOURCES[tab].host).status()), timerDelay(at - now + 1)).unref());
  };
  const unpace = TABS.map((tab) => client.pacer(RESOURCES[tab].host).subscribe((s) => showBudget(tab, s)));

  return {
    stop() {
      stopped = true;
      unsubscribe();
      for (const off of unpace) off();
      for (const timer of budgetTimers.values()) clearTimeout(timer);
      for (const t of TABS) lists[t].stop();
      distribution.stop();
      if (watchTimer) clearInterval(watchTimer);
    },
  };
};

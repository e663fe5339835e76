// What the deck sends for each state change, read from the emulator's request log. The clock is
// fake (the search debounce, flashes and the emulator's delays move only when a test advances
// it), so "nothing was sent" is exact: every request starts when its state change is dispatched
// (or when the debounce runs out), marks its tab, the distribution or the operation as pending at
// once, and is in the log, answered, by the time nothing is pending any more.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modeOf } from '../../src/state/stack';
import type { Report, Website } from '../../src/domain';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { waitFor } from '../helpers/wait';
import { keyWords } from '../../src/ui/keys/keyWords';

let h: DeckHarness | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  vi.useRealTimers();
});

const loaded = (d: DeckHarness, tab: 'websites' | 'reports' = 'websites') => {
  const t = d.store.getState().tabs[tab];
  return !t.loading && t.data !== null;
};
const count = (d: DeckHarness) => d.apiHits().length;

/** Nothing pending: both lists and the distribution loaded, no operation, every logged request answered. */
const idle = (d: DeckHarness) => {
  const s = d.store.getState();
  return loaded(d, 'websites') && loaded(d, 'reports') && !s.distribution.loading && s.op === null && d.emulator.hits.every((x) => x.status !== 0);
};

/** Lets `ms` pass on the fake clock (a debounce runs out), then waits until nothing is pending. */
async function quiet(d: DeckHarness, ms = 0) {
  if (ms > 0) await vi.advanceTimersByTimeAsync(ms);
  await waitFor(() => idle(d), 'the deck idle');
}

/** The requests sent since `before`, once the default debounce has run out and nothing is pending. */
async function sentSince(d: DeckHarness, before: number) {
  await quiet(d, 200);
  return d.apiHits().slice(before);
}

describe('effects: requests per state change, counted by the emulator', () => {
  it('sends exactly one request per query change and none for cursor moves or cached pages', async () => {
    const d = (h = await startDeckHarness());
    const { store } = d;
    // Open: the websites page on screen, the reports page whose total the Reports tab shows, and
    // the Reports distribution's three totals.
    let sent = await sentSince(d, 0);
    expect(sent.map((x) => `${x.method} ${x.path} ${x.query.result ?? ''}`)).toEqual([
      'GET /public/api/v1/websites ',
      'GET /api/v1/reports ',
      'GET /api/v1/reports good',
      'GET /api/v1/reports decent',
      'GET /api/v1/reports bad',
    ]);
    expect(sent[0].query).toMatchObject({ sort_by: 'id', sort: 'desc', per_page: '10', page: '1' });
    expect(sent[1].query).toMatchObject({ sort_by: 'id', sort: 'desc', per_page: '25', page: '1' });
    expect(d.store.getState().tabs.reports.data?.meta.total).toBeGreaterThan(0);

    let n = count(d);
    for (let i = 0; i < 20; i++) store.dispatch({ type: 'cursor/move', delta: i % 3 === 0 ? -1 : 1 });
    expect(await sentSince(d, n)).toEqual([]);

    store.dispatch({ type: 'sort/next' });
    sent = await sentSince(d, n);
    expect(sent).toHaveLength(1);
    expect(sent[0].query).toMatchObject({ sort_by: 'domain', sort: 'desc' });

    n = count(d);
    store.dispatch({ type: 'sort/reverse' });
    sent = await sentSince(d, n);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.sort).toBe('asc');

    n = count(d);
    store.dispatch({ type: 'page/next' });
    sent = await sentSince(d, n);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.page).toBe('2');

    n = count(d);
    store.dispatch({ type: 'page/prev' });
    expect(await sentSince(d, n)).toEqual([]); // page 1 of this sort is cached
    expect(store.getState().tabs.websites.data?.meta.page).toBe(1);

    store.dispatch({ type: 'perPage/cycle', dir: 1 });
    sent = await sentSince(d, n);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.per_page).toBe('25');
  });

  it('debounces a typed burst into one request; Enter keeps it with none, Esc restores the cached list', async () => {
    const d = (h = await startDeckHarness({ effects: { debounceMs: 120 } }));
    const { store } = d;
    await sentSince(d, 0);
    const n = count(d);
    store.dispatch({ type: 'search/start' });
    // Typed 10 ms apart: each key restarts the debounce, so nothing goes out during the burst.
    for (const ch of 'example') {
      store.dispatch({ type: 'search/input', text: ch });
      await quiet(d, 10);
    }
    expect(count(d)).toBe(n);
    await quiet(d, 120);
    const sent = d.apiHits().slice(n);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.search).toBe('example');

    store.dispatch({ type: 'search/commit' });
    expect(await sentSince(d, n + 1)).toEqual([]);

    store.dispatch({ type: 'filters/clear' });
    expect(await sentSince(d, n + 1)).toEqual([]); // the unfiltered page is cached
    expect(store.getState().tabs.websites.query.search).toBeUndefined();
  });

  it('Enter sends a pending search at once, without waiting for the debounce', async () => {
    const d = (h = await startDeckHarness({ effects: { debounceMs: 5000 } }));
    await sentSince(d, 0);
    const n = count(d);
    d.store.dispatch({ type: 'search/start' });
    d.store.dispatch({ type: 'search/input', text: 'shop' });
    await quiet(d, 30);
    expect(count(d)).toBe(n);
    d.store.dispatch({ type: 'search/commit' });
    await quiet(d); // the clock stands still: the request cannot be the debounce's
    const sent = d.apiHits().slice(n);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.search).toBe('shop');
  });

  it('opening Reports costs nothing (its list and the three result totals came at open); switching back and forth costs nothing', async () => {
    const d = (h = await startDeckHarness());
    const { store } = d;
    const opened = await sentSince(d, 0);
    expect(opened.filter((x) => x.query.result).every((x) => x.host === 'seo' && x.path === '/api/v1/reports')).toBe(true);
    let n = count(d);
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    expect(await sentSince(d, n)).toEqual([]);
    expect(store.getState().distribution.counts).not.toBeNull();
    const counts = store.getState().distribution.counts!;
    expect(counts.good + counts.decent + counts.bad).toBe(store.getState().tabs.reports.data!.meta.total);

    n = count(d);
    store.dispatch({ type: 'tab/select', tab: 'websites' });
    store.dispatch({ type: 'tab/cycle', dir: 1 });
    store.dispatch({ type: 'tab/select', tab: 'websites' });
    expect(await sentSince(d, n)).toEqual([]);

    // Paging and the result filter leave the distribution alone; a project filter changes it.
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    store.dispatch({ type: 'page/next' });
    expect(await sentSince(d, n)).toHaveLength(1);
    store.dispatch({ type: 'result/cycle' });
    expect(await sentSince(d, n + 1)).toHaveLength(1);
    const project = (store.getState().tabs.reports.data!.items[0] as Report).project!;
    store.dispatch({ type: 'project/set', project });
    expect(await sentSince(d, n + 2)).toHaveLength(4);
    expect(
      d
        .apiHits()
        .slice(-4)
        .every((x) => x.query.project === project),
    ).toBe(true);
  });

  it('keeps a bounded page cache: the oldest page is fetched again, recent ones are not', async () => {
    const d = (h = await startDeckHarness({ effects: { cacheSize: 2 } }));
    const { store } = d;
    await sentSince(d, 0);
    for (const page of [2, 3]) {
      const n = count(d);
      store.dispatch({ type: 'page/set', page });
      await sentSince(d, n);
      expect(count(d)).toBe(n + 1);
    }
    const n = count(d);
    store.dispatch({ type: 'page/set', page: 2 }); // cached
    expect(await sentSince(d, n)).toEqual([]);
    store.dispatch({ type: 'page/set', page: 1 }); // evicted
    await sentSince(d, n);
    expect(count(d)).toBe(n + 1);
  });

  it('r and a write drop the tab’s cached pages (each is fetched again once), and only that tab’s', async () => {
    const d = (h = await startDeckHarness());
    const { store, emulator } = d;
    await sentSince(d, 0);
    let n = count(d);
    store.dispatch({ type: 'page/next' }); // page 2, now cached beside page 1
    await sentSince(d, n);
    store.dispatch({ type: 'page/prev' });
    expect(await sentSince(d, n)).toHaveLength(1);

    // r: the page on screen once; page 2, cached before, once more when visited, then cached again.
    n = count(d);
    store.dispatch({ type: 'refresh' });
    await sentSince(d, n);
    store.dispatch({ type: 'page/next' });
    await sentSince(d, n + 1);
    store.dispatch({ type: 'page/prev' });
    store.dispatch({ type: 'page/next' });
    expect((await sentSince(d, n)).map((x) => x.query.page)).toEqual(['1', '2']);

    // A write elsewhere shows on a page seen before it: the create's own refresh, then page 1 again.
    n = count(d);
    store.dispatch({ type: 'form/new' });
    store.dispatch({ type: 'form/type', text: 'zz-cache-check.example.com' });
    store.dispatch({ type: 'form/submit' });
    await quiet(d);
    expect(store.getState().form).toBeNull();
    store.dispatch({ type: 'page/set', page: 1 });
    await sentSince(d, n);
    const sent = d.apiHits().slice(n);
    expect(sent.map((x) => `${x.method} ${x.query.page ?? ''}`)).toEqual(['POST ', 'GET 2', 'GET 1']);
    expect(store.getState().tabs.websites.data!.meta.total).toBe(emulator.websites().length);

    // The Reports tab's cache was not touched: its list is shown without a request.
    n = count(d);
    store.dispatch({ type: 'tab/select', tab: 'reports' });
    expect(await sentSince(d, n)).toEqual([]); // its list and totals came at open
  });

  it('aborts a superseded request and ignores its late answer', async () => {
    const d = (h = await startDeckHarness());
    const { store, emulator } = d;
    await sentSince(d, 0);
    emulator.addFault({ host: 'analytics', method: 'GET', path: '/public/api/v1/websites', fault: { type: 'delay', ms: 400 }, times: 1 });
    const n = count(d);
    store.dispatch({ type: 'page/next' }); // slow: held at the emulator until the clock moves
    await waitFor(() => d.apiHits()[n]?.status === 0, 'the slow request at the emulator');
    store.dispatch({ type: 'page/next' }); // fast, wins
    await waitFor(() => loaded(d) && store.getState().tabs.websites.data?.meta.page === 3, 'page 3');
    await quiet(d, 400); // the slow answer goes out
    expect(
      d
        .apiHits()
        .slice(n)
        .map((x) => [x.query.page, x.status]),
    ).toEqual([
      ['2', 200],
      ['3', 200],
    ]);
    expect(store.getState().tabs.websites.data?.meta.page).toBe(3);
    expect(store.getState().tabs.websites.query.page).toBe(3);
  });

  it('keeps the last good page on a failed refresh, marked stale, with the host and r to retry', async () => {
    const d = (h = await startDeckHarness());
    const { store, emulator } = d;
    await sentSince(d, 0);
    const before = store.getState().tabs.websites.data;
    emulator.addFault({ host: 'analytics', method: 'GET', fault: { type: 'status', status: 500, body: { message: 'Server Error' } }, times: 1 });
    store.dispatch({ type: 'refresh' });
    await waitFor(() => store.getState().tabs.websites.error, 'the error');
    const t = store.getState().tabs.websites;
    expect(t.stale).toBe(true);
    expect(t.data).toBe(before);
    expect(store.getState().flash?.kind).toBe('error');
    expect(store.getState().flash?.text).toMatch(/analytics host 127\.0\.0\.1:\d+/);
    expect(keyWords(store.getState().flash?.text ?? '')).toMatch(/r to retry/);

    const n = count(d);
    store.dispatch({ type: 'refresh' });
    await waitFor(() => !store.getState().tabs.websites.stale && loaded(d), 'recovered');
    expect(count(d)).toBe(n + 1);
    expect(store.getState().tabs.websites.error).toBeNull();
  });

  it('creates once even when save is pressed twice, then refreshes the list once', async () => {
    const d = (h = await startDeckHarness());
    const { store, emulator } = d;
    await sentSince(d, 0);
    const n = count(d);
    emulator.addFault({ host: 'analytics', method: 'POST', fault: { type: 'delay', ms: 150 }, times: 1 });
    store.dispatch({ type: 'form/new' });
    store.dispatch({ type: 'form/type', text: 'Fresh-Site.example.com' });
    store.dispatch({ type: 'form/submit' });
    store.dispatch({ type: 'form/submit' });
    await waitFor(() => d.apiHits()[n]?.status === 0, 'the create held at the emulator');
    store.dispatch({ type: 'form/submit' }); // and once more while it is on its way
    await quiet(d, 150);
    expect(store.getState().form).toBeNull();
    const sent = d.apiHits().slice(n);
    expect(sent.map((x) => x.method)).toEqual(['POST', 'GET']);
    expect(sent[0].body).toEqual({ domain: 'Fresh-Site.example.com', privacy: '1', email: '0', exclude_bots: '1' });
    expect(emulator.websites().filter((w) => w.domain === 'fresh-site.example.com')).toHaveLength(1);
    expect(keyWords(store.getState().flash?.text ?? '')).toBe('✓ created fresh-site.example.com · u undoes');
  });

  it('a 422 keeps the form open with the server message on its field', async () => {
    const d = (h = await startDeckHarness());
    const { store } = d;
    await sentSince(d, 0);
    const taken = (store.getState().tabs.websites.data!.items[0] as Website).domain;
    store.dispatch({ type: 'form/new' });
    store.dispatch({ type: 'form/type', text: taken });
    store.dispatch({ type: 'form/submit' });
    await waitFor(() => store.getState().form && !store.getState().form!.submitting && store.getState().op === null, 'the refusal');
    const form = store.getState().form!;
    expect(form.errors.domain?.join(' ')).toMatch(/taken|exists|unique/i);
    expect(form.values.domain).toBe(taken);
    expect(modeOf(store.getState()).kind).toBe('form');
  });

  it('an edit sends only the changed fields', async () => {
    const d = (h = await startDeckHarness());
    const { store } = d;
    await sentSince(d, 0);
    const n = count(d);
    store.dispatch({ type: 'form/edit' });
    store.dispatch({ type: 'form/focus', delta: 2 }); // privacy → email (password hidden unless Password)
    const focus = store.getState().form!.focus;
    store.dispatch({ type: 'form/choice', dir: 1 });
    store.dispatch({ type: 'form/submit' });
    await waitFor(() => store.getState().form === null && loaded(d), 'saved');
    const put = d
      .apiHits()
      .slice(n)
      .find((x) => x.method === 'PUT')!;
    expect(Object.keys(put.body)).toEqual([focus]);
  });

  it('delete removes the row, keeps a sensible selection and refreshes once', async () => {
    const d = (h = await startDeckHarness());
    const { store, emulator } = d;
    await sentSince(d, 0);
    store.dispatch({ type: 'cursor/move', delta: 2 });
    const items = store.getState().tabs.websites.data!.items;
    const victim = items[2];
    const n = count(d);
    store.dispatch({ type: 'delete/ask' });
    store.dispatch({ type: 'question/toggle' });
    store.dispatch({ type: 'delete/confirm' });
    await waitFor(() => store.getState().op === null && loaded(d) && d.apiHits().length === n + 2, 'deleted and refreshed');
    expect(
      d
        .apiHits()
        .slice(n)
        .map((x) => x.method),
    ).toEqual(['DELETE', 'GET']);
    expect(emulator.websites().some((w) => w.id === victim.id)).toBe(false);
    const t = store.getState().tabs.websites;
    expect(t.selectedId).toBe(items[3].id);
    expect(t.data!.items[t.cursor].id).toBe(items[3].id);
  });

  it('R re-runs a report with results=1 and shows its new score', async () => {
    const d = (h = await startDeckHarness({ init: { tab: 'reports' } }));
    const { store } = d;
    await waitFor(() => loaded(d, 'reports'), 'reports');
    const n = count(d);
    store.dispatch({ type: 'rerun/start' });
    await waitFor(() => store.getState().op === null && store.getState().flash?.kind === 'success', 're-run');
    const put = d
      .apiHits()
      .slice(n)
      .find((x) => x.method === 'PUT')!;
    expect(put.body).toEqual({ results: '1' });
    expect(store.getState().flash?.text).toMatch(/^✓ re-ran .+: [●◐○] +\d+ (good|decent|bad)/);
  });
});

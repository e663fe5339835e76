// Watch mode: `:watch N` refreshes the current tab's page every N seconds, on a fake clock here,
// counted in the emulator's request log; rows that changed meanwhile are marked; no refresh while
// a form or dialog is open or while the host's budget runs low.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { parsePrompt } from '../../src/ui/keys/promptCommands';
import { changedIds } from '../../src/domain';
import { initialState, reducer } from '../../src/state/reducer';
import type { Website } from '../../src/domain';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { waitFor } from '../helpers/wait';

let h: DeckHarness | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  vi.useRealTimers();
});

const idle = (d: DeckHarness) => {
  const s = d.store.getState();
  return !s.tabs.websites.loading && !s.tabs.reports.loading && !s.distribution.loading && s.op === null && d.emulator.hits.every((x) => x.status !== 0);
};
/** Lets `ms` pass on the fake clock, then waits until nothing is pending; returns the requests sent meanwhile. */
async function after(d: DeckHarness, ms: number) {
  const before = d.apiHits().length;
  await vi.advanceTimersByTimeAsync(ms);
  await waitFor(() => idle(d), 'the deck idle');
  return d
    .apiHits()
    .slice(before)
    .map((x) => `${x.method} ${x.path}`);
}

describe(':watch', () => {
  it('parses a period within bounds, and off', () => {
    expect(parsePrompt(':watch 30', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'watch/start', seconds: 30 }] });
    expect(parsePrompt(':watch off', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'watch/stop' }] });
    for (const bad of [':watch', ':watch 2', ':watch 99999', ':watch soon'])
      expect(parsePrompt(bad, 'websites'), bad).toEqual({ kind: 'error', message: 'Usage: :watch SECONDS (5 to 3600), :watch off' });
  });

  it('marks rows that are new or changed, by id, and none on the first page shown', () => {
    const a = { id: 1, domain: 'a.example' };
    const b = { id: 2, domain: 'b.example' };
    expect(changedIds(null, [a, b])).toEqual([]);
    expect(changedIds([a, b], [a, { id: 2, domain: 'c.example' }, { id: 3, domain: 'new.example' }])).toEqual([2, 3]);
    expect(changedIds([a, b], [b, a])).toEqual([]);
  });

  it('refreshes the current page every N seconds: one request a period, the changed row marked, the time shown', async () => {
    const d = (h = await startDeckHarness());
    await waitFor(() => idle(d), 'the deck open');
    d.store.dispatch({ type: 'watch/start', seconds: 30 });
    expect(await after(d, 29_999)).toEqual([]);
    expect(await after(d, 1)).toEqual(['GET /public/api/v1/websites']);
    const s = d.store.getState();
    expect(s.watch?.lastAt).toEqual(expect.any(Number));
    expect(s.tabs.websites.changed).toEqual([]);

    // Someone else changes a website on the page meanwhile.
    const shown = s.tabs.websites.data!.items[3] as Website;
    await d.client.resource('websites').update(shown.id, { exclude_bots: shown.exclude_bots === 1 ? 0 : 1 });
    expect(await after(d, 30_000)).toEqual(['GET /public/api/v1/websites']);
    expect(d.store.getState().tabs.websites.changed).toEqual([shown.id]);
    // The next refresh finds nothing new: the mark goes.
    expect(await after(d, 30_000)).toEqual(['GET /public/api/v1/websites']);
    expect(d.store.getState().tabs.websites.changed).toEqual([]);

    d.store.dispatch({ type: 'watch/stop' });
    expect(await after(d, 120_000)).toEqual([]);
  });

  it('sends nothing while a form or a dialog is open, or while the budget runs low, and goes on after', async () => {
    const d = (h = await startDeckHarness());
    await waitFor(() => idle(d), 'the deck open');
    d.store.dispatch({ type: 'watch/start', seconds: 10 });
    d.store.dispatch({ type: 'form/new' });
    expect(await after(d, 30_000)).toEqual([]);
    d.store.dispatch({ type: 'form/cancel' });
    d.store.dispatch({ type: 'cursor/move', delta: 1 });
    d.store.dispatch({ type: 'delete/ask' });
    expect(modeOf(d.store.getState()).kind).toBe('confirm-delete');
    expect(await after(d, 30_000)).toEqual([]);
    d.store.dispatch({ type: 'delete/cancel' });
    d.store.dispatch({ type: 'budget', tab: 'websites', budget: { limit: 60, remaining: 3, waitingUntil: null } });
    expect(await after(d, 30_000)).toEqual([]);
    d.store.dispatch({ type: 'budget', tab: 'websites', budget: null });
    expect(await after(d, 10_000)).toEqual(['GET /public/api/v1/websites']);
  });

  it('a tick refreshes only the tab in view', () => {
    let s = reducer(initialState(), { type: 'watch/start', seconds: 5 });
    s = reducer(s, { type: 'tab/select', tab: 'reports' });
    const t = reducer(s, { type: 'watch/tick', now: 1000 });
    expect([t.tabs.reports.epoch, t.tabs.websites.epoch]).toEqual([s.tabs.reports.epoch + 1, s.tabs.websites.epoch]);
    expect(t.watch).toEqual({ seconds: 5, lastAt: 1000 });
  });
});

// The rate limit in the deck, on the emulator at 3 requests per 2 s: the header shows the budget
// once it runs low and counts down while a request waits; the refresh that waited is sent once,
// when the budget is back, and its page shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantPace } from '../helpers/stateDb';
import { budgetChangesAt, budgetView } from '../../src/state/budget';
import { budgetText } from '../../src/ui/components/BudgetBadge';
import { setUpDeckUi } from '../helpers/deckUi';
import { waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();

describe('the budget, from the pacer', () => {
  it('is shown only when a few requests are left or requests wait', () => {
    expect(budgetView({ host: 'h' }, 0)).toBeNull();
    expect(budgetView({ host: 'h', limit: 60, remaining: 7 }, 0)).toBeNull();
    expect(budgetView({ host: 'h', limit: 60, remaining: 6 }, 0)).toEqual({ limit: 60, remaining: 6, waitingUntil: null });
    expect(budgetView({ host: 'h', limit: 60, remaining: 30, waitingUntil: 5000, reason: 'limited' }, 1000)).toEqual({
      limit: 60,
      remaining: 30,
      waitingUntil: 5000,
    });
    expect(budgetView({ host: 'h', limit: 60, remaining: 30, waitingUntil: 500, reason: 'limited' }, 1000)).toBeNull();
    expect(budgetText({ limit: 60, remaining: 3, waitingUntil: null }, null)).toBe(' rate limit · 3/60 left');
    expect(budgetText({ limit: 60, remaining: 3, waitingUntil: null }, null, 'short')).toBe(' 3/60 left');
    expect(budgetText({ limit: 60, remaining: 0, waitingUntil: 41_000 }, 41)).toBe(' rate limit · next request in 41 s');
    expect(budgetText({ limit: 60, remaining: 0, waitingUntil: 41_000 }, 41, 'short')).toBe(' next request in 41 s');
  });

  it('a wait past max_wait (not waited for) still counts down, with its date; a long one says its date', () => {
    const now = Date.UTC(2026, 10, 26, 11, 0, 0);
    const until = now + 3_000_000;
    expect(budgetView({ host: 'h', limit: 60, remaining: 0, refusedUntil: until }, now)).toEqual({ limit: 60, remaining: 0, waitingUntil: until });
    // A host that sent no X-RateLimit headers: the countdown shows all the same.
    expect(budgetView({ host: 'h', refusedUntil: until }, now)).toEqual({ limit: 0, remaining: 0, waitingUntil: until });
    expect(budgetView({ host: 'h', limit: 60, remaining: 0, waitingUntil: now + 300_000, reason: 'limited', refusedUntil: until }, now)).toMatchObject({
      waitingUntil: until,
    });
    expect(budgetText({ limit: 0, remaining: 0, waitingUntil: until }, 3000)).toBe(' rate limit · next request in 3,000 s · until 2026-11-26 11:50:00 UTC');
  });

  it('header: the budget when low, a countdown while a refresh waits, then the refresh sent once', async () => {
    const h = await deckUi.start({ emulator: { seed: 30, rateLimit: 3, rateWindow: 2 } });
    const deck = deckUi.render(h, { columns: 120, rows: 30 });
    const websiteGets = () => h.apiHits().filter((x) => x.host === 'analytics' && x.method === 'GET');
    await deck.waitForFrame((f) => /websites/i.test(f) && websiteGets().length === 1 && websiteGets()[0].status === 200, 'the first list');
    expect(deck.frame()).not.toMatch(/left|rate limit ·/);
    // The first answer read (an r now would replace the list on its way, and its count with it).
    await waitFor(() => h.client.pacer('analytics').status().limit === 3, 'the first count');
    await deck.press('r', { until: (f) => f.includes('1/3 left') });
    await deck.press('r', { until: (f) => f.includes('0/3 left') });
    // Spent, and the window's end not known yet: this refresh goes, is refused, and waits.
    deck.write('r');
    await deck.waitForFrame((f) => /rate limit · next request in [12] s/.test(f), 'the countdown');
    // A second press while it waits replaces the waiting refresh; nothing more is sent.
    deck.write('r');
    await waitFor(() => websiteGets().filter((x) => x.status === 200).length === 4, 'the refresh after the wait', 10_000);
    await deck.waitForFrame((f) => !/rate limit ·/.test(f), 'the countdown to go');
    expect(websiteGets().map((x) => x.status)).toEqual([200, 200, 200, 429, 200]);
    // One more in this window: 1 left, shown; once the window must be over (its length learnt from
    // the 429), the count goes from the header with nothing sent: the budget is whole again.
    await deck.press('r', { until: (f) => f.includes('1/3 left') });
    await deck.waitForFrame((f) => !/left|rate limit ·/.test(f), 'the count to go with its window', 10_000);
    expect(websiteGets()).toHaveLength(6);
  });
});

describe('a Retry-After past max_wait in the deck', () => {
  it('the list says when to try again, with the date, and the header counts down to it; nothing waits', async () => {
    const h = await deckUi.start({
      faults: [{ host: 'analytics', method: 'GET', fault: { type: 'status', status: 429, headers: { 'Retry-After': '3000' } }, times: 1 }],
    });
    const deck = deckUi.render(h, { columns: 160, rows: 30 });
    const frame = await deck.waitForFrame(
      (f) => /rate limit · next request in (2,99\d|3,000) s · until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/.test(f),
      'the dated countdown',
    );
    expect(frame).toMatch(/rate limit · next request in [\d,]+ s · until \d{4}-\d\d-\d\d/);
    expect(h.store.getState().flash?.text ?? h.store.getState().tabs.websites.error ?? '').toMatch(
      /longer than max_wait \(300 s\); try again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
    );
    expect(h.apiHits().filter((x) => x.host === 'analytics' && x.status === 429)).toHaveLength(1);
  });
});

describe("the host's count, not an old one", () => {
  it('after 60 requests over earlier short windows (Remaining and Reset on every answer), the header shows no 0/60: the host says 57', async () => {
    const { createPacer, memoryStore } = await import('../../src/api/pace');
    const { laravelThrottle } = await import('../pace/laravelThrottle');
    let t = 1_700_000_000_000;
    const host = laravelThrottle(60, 2, { resetOnEvery: true });
    const pacer = createPacer({ host: 'h', store: memoryStore(), now: () => t, sleep: async (ms) => void (t += ms) });
    for (let i = 0; i < 60; i++) {
      const ticket = await pacer.acquire();
      t += 20;
      pacer.observe(ticket, host.answer(t - 10));
      // Three to a window: the next three in a new one.
      if (i % 3 === 2 && i < 59) t += 2500;
    }
    expect(pacer.status()).toMatchObject({ limit: 60, remaining: 57 });
    expect(budgetView(pacer.status(), t)).toBeNull();
  });

  it('a count is shown only while its window can be on: the deck looks again when it must be over', () => {
    const now = 1_000_000;
    const s = { host: 'h', limit: 60, remaining: 3, seenAt: now - 10_000, currentUntil: now + 50_000 };
    const shown = budgetView(s, now);
    expect(shown).toEqual({ limit: 60, remaining: 3, waitingUntil: null });
    expect(budgetChangesAt(s, shown, now)).toBe(now + 50_000);
    // Nothing shown, nothing to look at again.
    expect(budgetChangesAt({ ...s, remaining: 30 }, budgetView({ ...s, remaining: 30 }, now), now)).toBeNull();
  });

  it("header: a pacer row left at 0 by a window 18 minutes over is not shown; the count is the host's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-pace-'));
    try {
      const old = Date.now() - 18 * 60_000;
      const h = await deckUi.start({
        emulator: { seed: 30, rateLimit: 60, rateWindow: 60 },
        paceDir: dir,
        // What an older sitedeck left there: 0 left, a window opened 18 minutes ago that never ended.
        beforeStart: (emu) => {
          for (const origin of [new URL(emu.baseUrl).origin, new URL(emu.seoBaseUrl).origin]) {
            plantPace(join(dir, 'state.sqlite'), origin, { limit: 60, remaining: 0, windowStart: old, lastSend: old + 1000 });
          }
        },
      });
      const deck = deckUi.render(h, { columns: 120, rows: 30 });
      const analytics = () => h.apiHits().filter((x) => x.host === 'analytics');
      const loaded = () => {
        const tab = h.store.getState().tabs.websites;
        return tab.data !== null && !tab.loading && analytics().length > 0 && analytics().every((x) => x.status === 200);
      };
      await deck.waitForFrame((f) => loaded() && !f.includes('Loading'), 'the first list');
      expect(deck.frame()).not.toMatch(/\d+\/60 left|rate limit ·/);
      // The pacer holds what the host said: 60 less the requests it has answered.
      await waitFor(() => h.client.pacer('analytics').status().remaining === 60 - analytics().length, "the host's count");
      expect(h.client.pacer('analytics').status()).toMatchObject({ limit: 60, remaining: 60 - analytics().length });
      expect(h.store.getState().budget.websites).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

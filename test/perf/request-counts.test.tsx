// The request economy of `npm run bench` (figure 4), asserted exactly: the real deck (App with its
// effects, default debounce) driven by keys, counted by the emulator over loopback HTTP.
import { describe, expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import type { DeckHarness } from '../helpers/deck';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS, type InkHarness } from '../helpers/ink';
import { settle, waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();

type Tab = 'websites' | 'reports';

/** Waits until the tab shows its answer and nothing is in flight, then lets stray requests show. */
async function quiet(h: DeckHarness, tab: Tab = 'websites') {
  await waitFor(() => {
    const s = h.store.getState();
    const t = s.tabs[tab];
    return !t.loading && t.data !== null && (tab !== 'reports' || !s.distribution.loading) && h.emulator.hits.every((x) => x.status !== 0);
  }, `${tab} settled`);
  await settle(60);
}

/** Requests sent while `run` runs and the deck settles afterwards. */
async function requestsOf(h: DeckHarness, run: () => Promise<void>, tab: Tab = 'websites') {
  const before = h.apiHits().length;
  await run();
  await quiet(h, tab);
  return h.apiHits().slice(before);
}

describe('requests per action (bench figure 4), through the keys of the real deck', () => {
  it(
    'open 5 (both lists and the distribution) · 20 cursor moves 0 · ' +
      'a 7-letter search at 20 keys/s 1 · 3 sorts 3 · 5 pages 5 · ' +
      'cached pages and tabs 0',
    async () => {
      const h = await deckUi.start({ emulator: { seed: 80 } });
      let ui: InkHarness | undefined;
      const opened = await requestsOf(h, async () => {
        ui = deckUi.render(h, { columns: 120, rows: 40 });
        await ui.waitForFrame((f) => f.includes('›'), 'the first page');
        await quiet(h, 'reports');
      });
      // The page on screen, the reports page whose total the Reports tab title shows, and the three
      // totals of the Reports distribution bar (one per result class): all sent at open, together.
      expect(opened.map((x) => `${x.method} ${x.path} ${x.query.result ? `total ${x.query.result}` : `page ${x.query.page}`}`)).toEqual([
        'GET /public/api/v1/websites page 1',
        'GET /api/v1/reports page 1',
        'GET /api/v1/reports total good',
        'GET /api/v1/reports total decent',
        'GET /api/v1/reports total bad',
      ]);
      expect(ui!.frame()).toMatch(/2 Reports \d+/);
      const deck = ui!;

      const moves = await requestsOf(h, async () => {
        for (let i = 0; i < 20; i++) await deck.press(i % 2 ? 'k' : 'j');
      });
      expect(moves).toEqual([]);

      const search = await requestsOf(h, async () => {
        deck.write('/');
        const t0 = Date.now();
        const word = 'meadows';
        for (let i = 0; i < word.length; i++) {
          await settle(Math.max(0, t0 + (i + 1) * 50 - Date.now()));
          deck.write(word[i]);
        }
        await settle(50);
        deck.write(KEYS.enter);
        await waitFor(() => h.store.getState().tabs.websites.query.search === 'meadows' && modeOf(h.store.getState()).kind === 'list', 'the kept search');
      });
      expect(search.map((x) => x.query.search)).toEqual(['meadows']);

      expect(await requestsOf(h, () => deck.press('c').then(() => undefined))).toEqual([]); // search cleared: back to the cached list

      const sorts = await requestsOf(h, async () => {
        for (const k of ['s', 'S', 's']) {
          await deck.press(k);
          await quiet(h);
        }
      });
      expect(sorts.map((x) => `${x.query.sort_by} ${x.query.sort}`)).toEqual(['domain desc', 'domain asc', 'id asc']);

      const pages = await requestsOf(h, async () => {
        for (let i = 0; i < 5; i++) {
          await deck.press(']');
          await quiet(h);
        }
      });
      expect(pages.map((x) => x.query.page)).toEqual(['2', '3', '4', '5', '6']);

      const back = await requestsOf(h, async () => {
        for (let i = 0; i < 5; i++) await deck.press('[');
      });
      expect(back).toEqual([]);
      expect(h.store.getState().tabs.websites.data?.meta.page).toBe(1);

      // Everything the first visit shows came at open.
      const reports = await requestsOf(h, () => deck.press('2').then(() => undefined), 'reports');
      expect(reports).toEqual([]);
      expect(deck.frame()).toMatch(/good/);

      const switches = await requestsOf(
        h,
        async () => {
          for (let i = 0; i < 10; i++) await deck.press(i % 2 ? '2' : '1');
        },
        'reports',
      );
      expect(switches).toEqual([]);
    },
  );
});

// Rows re-rendered per key (the work behind bench figures 2 and 3), counted exactly: the real deck
// on the emulator, with `cellText` — called once per cell whenever a row renders — watched by a spy
// that keeps its behaviour. A cursor move must re-render the two rows whose selection changed, not
// the page; a switch between two loaded tabs must re-render no row.
import { describe, expect, it, vi } from 'vitest';
import * as columns from '../../src/ui/words/columns';
import { computeLayout } from '../../src/ui/layout/useLayout';
import { setUpDeckUi } from '../helpers/deckUi';
import { settle, waitFor } from '../helpers/wait';

vi.mock('../../src/ui/words/columns', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ui/words/columns')>();
  return { ...real, cellText: vi.fn(real.cellText) };
});
const cellText = vi.mocked(columns.cellText);

const deckUi = setUpDeckUi();

/** The rows (record ids) rendered while `run` ran, each with how many cells it rendered. */
async function rowsRenderedBy(run: () => Promise<unknown>): Promise<Map<number, number>> {
  await settle(40);
  cellText.mockClear();
  await run();
  await settle(40);
  const rows = new Map<number, number>();
  for (const [, record] of cellText.mock.calls) rows.set(Number(record.id), (rows.get(Number(record.id)) ?? 0) + 1);
  return rows;
}

describe('rows re-rendered per key (bench figures 2 and 3), through the real deck', () => {
  it('a cursor move on a 100-row page re-renders exactly the two rows whose selection changed; a tab switch none', async () => {
    const h = await deckUi.start({ emulator: { seed: 150 } });
    const deck = deckUi.render(h, { columns: 200, rows: 50 });
    await deck.waitForFrame((f) => f.includes('›'), 'the first page');
    for (const per of [25, 50, 100]) {
      await deck.press('+');
      await waitFor(() => h.store.getState().tabs.websites.data?.meta.perPage === per && !h.store.getState().tabs.websites.loading, `${per} per page`);
    }
    await waitFor(() => !h.store.getState().tabs.reports.loading && h.store.getState().tabs.reports.data !== null, 'reports loaded');
    const items = () => h.store.getState().tabs.websites.data!.items;
    const cursor = () => h.store.getState().tabs.websites.cursor;
    expect(items()).toHaveLength(100);
    const cells = columns.fitColumns('websites', computeLayout({ columns: 200, rows: 50 }).listWidth).length;

    for (const key of ['j', 'j', 'k', 'j']) {
      const from = items()[cursor()].id;
      const rows = await rowsRenderedBy(() => deck.press(key));
      const to = items()[cursor()].id;
      expect(to).not.toBe(from);
      expect([...rows.keys()].sort()).toEqual([from, to].sort());
      expect([...rows.values()]).toEqual([cells, cells]); // once each: one frame's work, not two
    }

    // Both tabs loaded (the Reports list came at open; its first visit adds the distribution).
    await deck.press('2');
    await waitFor(() => !h.store.getState().distribution.loading && h.store.getState().distribution.counts !== null, 'the distribution');
    for (const key of ['1', '2', '1', '2']) {
      const rows = await rowsRenderedBy(() => deck.press(key));
      expect(h.store.getState().tab).toBe(key === '1' ? 'websites' : 'reports');
      expect([...rows.keys()]).toEqual([]);
    }
  });
});

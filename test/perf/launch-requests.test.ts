// At open every request the first screens need goes out at once: both tabs' first pages and the
// three totals of the Reports distribution are in flight together. Read from the emulator's request
// log: every answer is held back, so the five can only all be pending at once if none waited for another.
import { afterEach, describe, expect, it } from 'vitest';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { waitFor } from '../helpers/wait';

let h: DeckHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('launch requests', () => {
  it('both tabs and the distribution go out together, the shown tab first', async () => {
    h = await startDeckHarness({ faults: [{ fault: { type: 'delay', ms: 2000 } }] });
    const log = () => h!.apiHits().map((x) => `${x.path} ${x.query.result ? `total ${x.query.result}` : `page ${x.query.page}`}`);
    await waitFor(() => h!.apiHits().length === 5, 'five requests received');
    // All five received and none answered yet: they overlap.
    expect(h.emulator.hits.filter((x) => !x.path.startsWith('/__emulator')).map((x) => x.status)).toEqual([0, 0, 0, 0, 0]);
    expect(log()).toEqual([
      '/public/api/v1/websites page 1',
      '/api/v1/reports page 1',
      '/api/v1/reports total good',
      '/api/v1/reports total decent',
      '/api/v1/reports total bad',
    ]);
    await waitFor(
      () => {
        const s = h!.store.getState();
        return s.tabs.websites.data && s.tabs.reports.data && s.distribution.counts;
      },
      'all answered',
      10_000,
    );
    expect(h.apiHits()).toHaveLength(5);
  });
});

// An open detail scrolls by line (j/k), by page (PgDn, Space, PgUp) and to its ends (g/G, Home/End),
// never past an end: the way back is as long as the way there.
import { describe, expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS } from '../helpers/ink';
import { keyOf } from '../../src/ui/keys/keyWords';

const deckUi = setUpDeckUi();
/** What the detail says while more of it is below: its scroll keys as bound (↓/↑). */
const SCROLL = `more (${keyOf('detail.down')}/${keyOf('detail.up')} scroll)`;

describe('the open detail', () => {
  it('scrolls by line, page and to its ends, and back at once from the end', async () => {
    const h = await deckUi.start({ emulator: { seed: 6 } });
    const ui = deckUi.render(h, { columns: 80, rows: 24 });
    await ui.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    // The distribution's counts too: the line they fill must not change under the title read below.
    const settled = () =>
      !h.store.getState().tabs.reports.loading && h.store.getState().distribution.counts !== null && !h.store.getState().distribution.loading;
    await ui.press('2', { until: (f) => /[●◐○] +\d+/.test(f) && settled() });
    await ui.press(KEYS.enter, { until: (f) => f.includes(SCROLL) });
    const scroll = () => (modeOf(h.store.getState()) as { scroll: number }).scroll;
    const title = ui
      .frame()
      .split('\n')
      .find((l) => l.trim().length > 0 && !l.includes('sitedeck') && !l.includes('sort'))!;
    await ui.press('G', { until: (f) => !f.includes(SCROLL) });
    const end = scroll();
    expect(end).toBeGreaterThan(10);
    expect(ui.frame()).toMatch(/Passed checks|✓ /);
    // One k from the end moves at once (G did not go past it).
    await ui.press('k', { until: (f) => f.includes(SCROLL) });
    expect(scroll()).toBe(end - 1);
    await ui.press('G', { until: () => scroll() === end });
    // j at the end stays there: the k after it moves up at once.
    ui.write('j');
    await ui.press('k', { until: () => scroll() !== end });
    expect(scroll()).toBe(end - 1);
    await ui.press('g', { until: () => scroll() === 0 });
    expect(ui.frame()).toContain(title.trim());
    await ui.press(KEYS.pageDown, { until: () => scroll() > 5 });
    const page = scroll();
    await ui.press(' ', { until: () => scroll() === Math.min(end, page * 2) });
    await ui.press(KEYS.pageUp, { until: () => scroll() === Math.min(end, page * 2) - page });
    await ui.press(KEYS.end, { until: () => scroll() === end });
    await ui.press(KEYS.home, { until: () => scroll() === 0 });
  });
});

// Zero idle cost: a deck with nothing pending keeps no timer alive (the spinner stops with its
// request, the search debounce and a flash's timer end with them). Counted through the real deck
// (App with its effects on the emulator) by wrapping the timer functions, not by wall time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpDeckUi } from '../helpers/deckUi';
import { countTimers, type TimerCount } from '../helpers/timers';
import { waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();
let timers: TimerCount;
beforeEach(() => {
  timers = countTimers();
});
afterEach(() => timers.uninstall());

const kinds = () => timers.live().map((t) => t.kind);

describe('an idle deck keeps no timer alive', () => {
  it('the spinner turns only while a request is pending; debounce and flash timers end with their work', async () => {
    // Reports answer late, so the deck is busy (spinner shown) once the websites are drawn.
    const h = await deckUi.start({
      faults: [{ host: 'seo', path: '/api/v1/reports', fault: { type: 'delay', ms: 1500 }, times: 1 }],
      // A flash long enough to be seen on screen, short enough to wait out.
      effects: { flashMs: { success: 1000, info: 1000, error: 1000 } },
    });
    const ui = deckUi.render(h, { columns: 120, rows: 30 });
    await ui.waitForFrame((f) => f.includes('›'), 'the first page');
    expect(h.store.getState().tabs.reports.loading).toBe(true);
    expect(kinds()).toContain('interval'); // the spinner

    const idle = () => !h.store.getState().tabs.reports.loading && h.emulator.hits.every((x) => x.status !== 0);
    await waitFor(idle, 'both tabs answered');
    await waitFor(() => timers.live().length === 0, 'no timer left');
    expect(timers.live()).toEqual([]);

    // A search keystroke arms the debounce; its request answered, nothing is left.
    await ui.press('/');
    await ui.press('a');
    expect(kinds()).toContain('timeout');
    await ui.press('\r');
    await waitFor(() => h.store.getState().tabs.websites.query.search === 'a' && idle() && !h.store.getState().tabs.websites.loading, 'the search answered');
    await waitFor(() => timers.live().length === 0, 'no timer left after the search');

    // A flash keeps its timer until it goes.
    // (A key, not a dispatch from here: timers are told apart by who created them.)
    await ui.press('f', { until: (f) => f.includes('Reports only') }); // the result filter, refused on Websites with its reason
    expect(kinds()).toEqual(['timeout']);
    await waitFor(() => h.store.getState().flash === null, 'the flash gone');
    expect(timers.live()).toEqual([]);
  });
});

// Below the deck's smallest size only q works. Keys read just after the terminal grew back were typed
// at the notice (a resize and the keys before it can be read in either order), so they wait the
// moment a question waits before it takes keys; then the deck takes them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUESTION_GUARD_MS } from '../../src/state/mode';
import { setUpDeckUi } from '../helpers/deckUi';
import { settle, waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();
// Registered after the deck's own, so it runs first: the deck closes on real time.
afterEach(() => {
  vi.useRealTimers();
});

describe('a terminal below the smallest size', () => {
  it('acts on no key but q, nor on a key read just after it grew back; a moment later the deck takes keys', async () => {
    const h = await deckUi.start({ emulator: { seed: 5 } });
    const deck = deckUi.render(h, { columns: 50, rows: 14 });
    await deck.waitForFrame((f) => f.includes('needs 60×20'), 'the size notice');
    await waitFor(() => !h.store.getState().tabs.websites.loading && h.store.getState().tabs.websites.data, 'the first page read');
    vi.useFakeTimers({ toFake: ['Date'] });
    deck.write('d');
    await settle(20);
    expect(h.store.getState().overlay).toBeNull();
    deck.resize({ columns: 80, rows: 24 });
    await deck.waitForFrame((f) => /1 Websites \d+/.test(f) && f.includes('›'), 'the deck at 80×24');
    deck.write('d');
    await settle(20);
    expect(h.store.getState().overlay).toBeNull();
    expect(deck.frame()).not.toContain('Delete website');
    vi.advanceTimersByTime(QUESTION_GUARD_MS);
    await deck.press('d', { until: (f) => f.includes('Delete website') });
  });
});

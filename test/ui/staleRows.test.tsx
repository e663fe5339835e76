// The host goes down under a deck that shows its rows (issue 55.6): the words name what failed (the
// refresh, not a change), keys typed after a refusal are not taken by the list behind it, and the
// list asks again by itself, with a doubling back-off, only while it is shown, refreshed once the
// host answers. Real App, real client, the emulator over loopback; the clock is faked only where a
// timer must pass (the back-off: setTimeout; the refusal's moment: Date).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUESTION_GUARD_MS } from '../../src/state/mode';
import { keyWords } from '../../src/ui/keys/keyWords';
import { startRequestsIn } from '../helpers/startRequests';
import { setUpDeckUi } from '../helpers/deckUi';
import type { DeckHarness } from '../helpers/deck';
import { waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();
const SIZE = { columns: 120, rows: 30 };
afterEach(() => vi.useRealTimers());

/** A deck on its first page whose analytics host then stops answering (every connection reset). */
async function hostDown() {
  const h = await deckUi.start({ emulator: { seed: 12 } });
  const deck = deckUi.render(h, SIZE);
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  await startRequestsIn(h.emulator);
  const down = h.emulator.addFault({ host: 'analytics', fault: { type: 'reset' } });
  return { h, deck, down };
}

/** The websites list requests the emulator has seen. */
const listGets = (h: DeckHarness) => h.apiHits().filter((x) => x.method === 'GET' && x.path === '/public/api/v1/websites').length;
const flashWords = (h: DeckHarness) => keyWords(h.store.getState().flash?.text ?? '', h.store.getState());

describe('a refresh that failed is said as one', () => {
  it('r fails with the host down; e then says the refresh failed and offers r, by its binding', async () => {
    const { h, deck } = await hostDown();
    await deck.press('r', { until: (f) => f.includes('stale') });
    await deck.press('e', { until: (f) => f.includes('e (edit)') });
    expect(flashWords(h)).toBe('e (edit): the refresh failed, so these rows may be out of date: r tries again (the deck also retries by itself)');
    expect(flashWords(h)).not.toContain('before the change');
    // The key is a reference to the refresh binding, spelled with whatever key the user bound.
    expect(h.store.getState().flash?.text).toContain('⟦refresh⟧ tries again');
  });

  it('a page change that failed names the page change', async () => {
    const h = await deckUi.start({ emulator: { seed: 30 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    await startRequestsIn(h.emulator);
    h.emulator.addFault({ host: 'analytics', fault: { type: 'reset' } });
    await deck.press(']', { until: () => h.store.getState().tabs.websites.error !== null });
    await deck.press('e', { until: (f) => f.includes('e (edit)') });
    expect(flashWords(h)).toBe('e (edit): these rows are from before the page change, which failed: r tries again (the deck also retries by itself)');
  });
});

describe('keys typed after a refusal act where the user is', () => {
  it('e refused, then "2jj" typed in the same burst (meant for the form): the tab and the row stay, and the note says so', async () => {
    const { h, deck } = await hostDown();
    await deck.press('r', { until: (f) => f.includes('stale') });
    const before = h.store.getState().tabs.websites.cursor;
    deck.write('e2jj');
    await waitFor(() => flashWords(h).includes('3 keys typed after it dropped'), 'the note');
    await deck.waitForFrame((f) => f.replace(/\s+/g, ' ').includes('3 keys typed after it dropped'), 'the note drawn');
    const s = h.store.getState();
    expect(s.tab).toBe('websites');
    expect(s.tabs.websites.cursor).toBe(before);
    expect(flashWords(h)).toMatch(
      /^e \(edit\): the refresh failed, .* · 3 keys typed after it dropped, not taken here: press them again if meant for this screen$/,
    );
  });

  it('a key read a moment after the refusal is dropped; one pressed once it could be read acts on the list', async () => {
    const { h, deck } = await hostDown();
    await deck.press('r', { until: (f) => f.includes('stale') });
    vi.useFakeTimers({ toFake: ['Date'] });
    await deck.press('e', { until: (f) => f.includes('e (edit)') });
    deck.write('2');
    await waitFor(() => flashWords(h).includes('1 key typed after it dropped'), 'the note');
    expect(h.store.getState().tab).toBe('websites');
    vi.advanceTimersByTime(QUESTION_GUARD_MS);
    await deck.press('2', { until: () => h.store.getState().tab === 'reports' });
  });
});

describe('the list refreshes by itself once the host answers again', () => {
  it('retries after 2 s, 4 s, 8 s (one request each, none between), and the rows are fresh once the host is back', async () => {
    const { h, deck, down } = await hostDown();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const start = listGets(h);
    await deck.press('r', { until: (f) => f.includes('stale') });
    expect(listGets(h)).toBe(start + 1);
    // Each wait: one millisecond short sends nothing; its end sends exactly one request.
    for (const [i, wait] of [2000, 4000, 8000].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(listGets(h)).toBe(start + 1 + i);
      await vi.advanceTimersByTimeAsync(1);
      await waitFor(() => listGets(h) === start + 2 + i && h.store.getState().tabs.websites.failedInRow === 2 + i, `retry ${i + 1} answered`);
    }
    // The same failure again is not flashed again: the refusal-free status line says stale.
    expect(deck.frame()).toContain('stale');
    down();
    await vi.advanceTimersByTimeAsync(16_000);
    await deck.waitForFrame((f) => !f.includes('stale') && f.includes('The host answers again'), 'the rows refreshed');
    expect(listGets(h)).toBe(start + 5);
    // Fresh: nothing more is asked, however long the deck stays.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(listGets(h)).toBe(start + 5);
    await deck.press('e', { until: (f) => /Edit website/.test(f) });
  });

  it('asks nothing while the deck shows another tab or the help, and starts again when the list is back', async () => {
    const { h, deck } = await hostDown();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await deck.press('r', { until: (f) => f.includes('stale') });
    const failed = listGets(h);
    await deck.press('2', { until: () => h.store.getState().tab === 'reports' && !h.store.getState().tabs.reports.loading });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(listGets(h)).toBe(failed);
    await deck.press('1', { until: () => h.store.getState().tab === 'websites' });
    await deck.press('?', { until: (f) => f.includes('Keys 1/') && h.store.getState().overlay?.kind === 'help' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(listGets(h)).toBe(failed);
    await deck.press('?', { until: () => h.store.getState().overlay === null });
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => listGets(h) === failed + 1, 'the retry, with the list shown again');
  });

  it('a failure that would come again (401) is not retried', async () => {
    const { h, deck, down } = await hostDown();
    down();
    h.emulator.addFault({ host: 'analytics', fault: { type: 'status', status: 401, body: { message: 'Unauthenticated.' } } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await deck.press('r', { until: () => h.store.getState().tabs.websites.error !== null });
    const failed = listGets(h);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(listGets(h)).toBe(failed);
    await deck.press('e', { until: (f) => f.includes('e (edit)') });
    expect(flashWords(h)).toBe('e (edit): the refresh failed, so these rows may be out of date: r tries again');
  });
});

// A change to marked rows counts what the host has, never what happens to be loaded: the marked
// rows are read first (one request a page of 100, or one a row when that is fewer), the question
// gives the host's counts and how many requests they took, and an end that differs from its
// question says why. The emulator counts every request over loopback.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeckHarness } from '../helpers/deck';
import { setUpDeckUi } from '../helpers/deckUi';
import { waitFor } from '../helpers/wait';
import { QUESTION_GUARD_MS } from '../../src/state/mode';

const deckUi = setUpDeckUi();
// Registered after the deck's own, so it runs first: the deck closes on real timers.
afterEach(() => {
  vi.useRealTimers();
});
const SIZE = { columns: 140, rows: 40 };
const LIST = '/public/api/v1/websites';

type Row = { id: number; email: number; privacy: number };
const rows = (h: DeckHarness) => h.emulator.websites() as unknown as Row[];

/** The host's rows set so: `field` is `on` on the first `count` rows by id, `off` on the rest (sent as another user would). */
async function hostHas(h: DeckHarness, field: 'email' | 'privacy', count: number, on: number, off: number) {
  const ids = rows(h)
    .map((r) => r.id)
    .sort((a, b) => a - b);
  for (const [i, id] of ids.entries()) {
    const want = i < count ? on : off;
    if (rows(h).find((r) => r.id === id)![field] !== want) await h.client.websites.update(id, { [field]: want });
  }
  h.emulator.clearHits();
}

async function typeCommand(deck: ReturnType<typeof deckUi.render>, command: string) {
  await deck.press(':');
  for (const ch of command) deck.write(ch);
  await deck.waitForFrame((f) => f.includes(`:${command}`), 'the command typed');
  deck.write('\r');
}

async function openDeck(h: DeckHarness) {
  const deck = deckUi.render(h, SIZE);
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  return deck;
}

describe('the counts of a change to marked rows are the host’s', () => {
  it('* on 301 websites, :email enabled: the 301 are read in 4 requests and the question says 150 to change · 151 already Enabled', async () => {
    const h = await deckUi.start({ emulator: { seed: 301, seedReports: 1 } });
    await hostHas(h, 'email', 151, 1, 0);
    const deck = await openDeck(h);
    deck.write('*');
    await deck.waitForFrame((f) => f.includes('301 marked'), 'all 301 marked', 20_000);
    h.emulator.clearHits();
    // The first page waits on the test's clock, so the box is seen while the rows are read.
    h.emulator.addFault({ method: 'GET', path: LIST, times: 1, fault: { type: 'delay', ms: 1000 } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await typeCommand(deck, 'email enabled');
    const reading = await deck.waitForFrame((f) => f.includes('Reading 301 marked websites from the host (4 requests)…'), 'the read under way');
    expect(reading).toContain('Set email reports to Enabled on 301 marked websites?');
    await waitFor(() => h.apiHits().length === 1, 'the first page asked');
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    const asked = await deck.waitForFrame((f) => f.includes('y yes · n/Esc no') && f.includes('to change'), 'the question');
    expect(asked).toContain('Set email reports to Enabled: 150 to change · 151 already Enabled?');
    expect(asked).toContain('Read from the host just now, 4 requests.');
    // Four list pages of 100, in id order, and nothing else.
    expect(h.apiHits().map((x) => [x.method, x.path, x.query.page, x.query.per_page])).toEqual([1, 2, 3, 4].map((p) => ['GET', LIST, String(p), '100']));
    h.emulator.clearHits();
    deck.write('y');
    await deck.waitForFrame((f) => f.includes('✓ 150 updated · 151 already Enabled, left alone'), 'the summary', 30_000);
    // The run reads the 301 again as it starts (4 pages), then one PUT for each row not yet Enabled.
    const hits = h.apiHits();
    expect(hits.filter((x) => x.method === 'GET').map((x) => x.query.page)).toEqual(['1', '2', '3', '4']);
    expect(hits.filter((x) => x.method === 'PUT')).toHaveLength(150);
    expect(rows(h).every((r) => r.email === 1)).toBe(true);
    expect(h.store.getState().marked.websites).toEqual([]);
  }, 60_000);

  it('n while the rows are read: the rest of the read is not sent, nothing is asked or sent', async () => {
    const h = await deckUi.start({ emulator: { seed: 301, seedReports: 1 } });
    const deck = await openDeck(h);
    deck.write('*');
    await deck.waitForFrame((f) => f.includes('301 marked'), 'all 301 marked', 20_000);
    h.emulator.clearHits();
    h.emulator.addFault({ method: 'GET', path: LIST, times: 1, fault: { type: 'delay', ms: 1000 } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await typeCommand(deck, 'email enabled');
    await deck.waitForFrame((f) => f.includes('Reading 301 marked websites from the host (4 requests)…'), 'the read under way');
    await waitFor(() => h.apiHits().length === 1, 'the first page asked');
    // The box takes keys once it has been on screen a moment, as every question does.
    vi.advanceTimersByTime(QUESTION_GUARD_MS);
    await deck.waitForFrame((f) => f.includes('y yes · n/Esc no'), 'the box armed');
    await deck.press('n', { until: (f) => f.includes('Nothing was sent; the rows stay marked') });
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await waitFor(() => h.store.getState().bulkRead === null && h.store.getState().overlay === null, 'the read dropped');
    // A refresh answered after the first page's answer is due: a read going on would have asked page 2 by then.
    await waitFor(() => h.apiHits()[0]?.status !== 0, 'the first page answered (or dropped)');
    deck.write('r');
    await waitFor(() => h.apiHits().length > 1 && h.apiHits()[1].status !== 0 && !h.store.getState().tabs.websites.loading, 'the refresh answered');
    expect(h.apiHits().map((x) => [x.query.page, x.query.per_page])).toEqual([
      ['1', '100'],
      ['1', String(h.store.getState().tabs.websites.query.per_page)],
    ]);
    expect(h.store.getState().marked.websites).toHaveLength(301);
  });

  it('26 to change · 8 already Public, 3 made Public elsewhere before the yes: 23 updated · 11 already Public, and why', async () => {
    const h = await deckUi.start({ emulator: { seed: 34, seedReports: 1 } });
    await hostHas(h, 'privacy', 8, 0, 1);
    const deck = await openDeck(h);
    deck.write('*');
    await deck.waitForFrame((f) => f.includes('34 marked'), 'all 34 marked');
    await typeCommand(deck, 'privacy public');
    await deck.waitForFrame((f) => f.includes('Set privacy to Public: 26 to change · 8 already Public?') && f.includes('y yes · n/Esc no'), 'the question');
    // Another user makes three of the 26 Public while the question is open.
    const ids = rows(h)
      .map((r) => r.id)
      .sort((a, b) => a - b);
    for (const id of ids.slice(8, 11)) await h.client.websites.update(id, { privacy: 0 });
    h.emulator.clearHits();
    deck.write('y');
    const end = await deck.waitForFrame((f) => f.includes('updated ·'), 'the summary');
    expect(end).toContain('✓ 23 updated · 11 already Public, left alone: 3 had changed on the host since the question');
    expect(h.apiHits().filter((x) => x.method === 'PUT')).toHaveLength(23);
    // One read of the 26 as the run starts: a page of 100 holds all 34.
    expect(h.apiHits().filter((x) => x.method === 'GET')).toHaveLength(1);
  });

  it('three rows marked among 301: read one request a row, three in all, counted in the question', async () => {
    const h = await deckUi.start({ emulator: { seed: 301, seedReports: 1 } });
    await hostHas(h, 'privacy', 1, 0, 1);
    const deck = await openDeck(h);
    const shown = h.store
      .getState()
      .tabs.websites.data!.items.slice(0, 3)
      .map((r) => r.id);
    for (let i = 1; i <= 3; i++) await deck.press(' ', { until: (f) => f.includes(`${i} marked`) });
    h.emulator.clearHits();
    await typeCommand(deck, 'privacy public');
    const asked = await deck.waitForFrame((f) => f.includes('y yes · n/Esc no') && f.includes('Read from the host'), 'the question');
    expect(asked).toContain('Read from the host just now, 3 requests.');
    expect(h.apiHits().map((x) => [x.method, x.path])).toEqual(shown.map((id) => ['GET', `${LIST}/${id}`]));
  });

  it('the host cannot be read: the question says it counted of the rows loaded, and the flash line why', async () => {
    const h = await deckUi.start({ emulator: { seed: 34, seedReports: 1 } });
    await hostHas(h, 'privacy', 8, 0, 1);
    const deck = await openDeck(h);
    const loaded = h.store.getState().tabs.websites.data!.items.length;
    expect(loaded).toBeLessThan(34);
    deck.write('*');
    await deck.waitForFrame((f) => f.includes('34 marked'), 'all 34 marked');
    h.emulator.addFault({ method: 'GET', path: LIST, times: 1, fault: { type: 'status', status: 500 } });
    await typeCommand(deck, 'privacy public');
    const asked = await deck.waitForFrame((f) => f.includes('y yes · n/Esc no') && f.includes('Counted of the'), 'the question');
    expect(asked).toContain(`Counted of the ${loaded} loaded:`);
    expect(asked).toContain('could not be read');
    expect(asked).not.toContain('Read from the host');
  });
});

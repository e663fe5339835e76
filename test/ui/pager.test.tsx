// The one pager on the deck (issue 57.3), at 80×24 on the emulator: the help turns with ] and
// Ctrl+D and fits in at most 4 pages, keeping its / filter for every other key; Ctrl+D and Ctrl+U
// move the list's cursor half a page; a key a view cannot use says so.
import { describe, expect, it } from 'vitest';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS } from '../helpers/ink';
import type { DeckHarness } from '../helpers/deck';

const deckUi = setUpDeckUi();
const SIZE = { columns: 80, rows: 24 };

async function open(h: DeckHarness) {
  const deck = deckUi.render(h, SIZE);
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  return deck;
}

const helpPage = (f: string) => /^ Keys (\d+)\/(\d+)/m.exec(f);

describe('the one pager on the deck', () => {
  it('help at 80×24: at most 4 pages, ] and Ctrl+D turn them, [ and Ctrl+U turn back, G the last, g the first; / still finds every key', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const deck = await open(h);
    const first = await deck.press('?', { until: (f) => helpPage(f) !== null });
    const pages = Number(helpPage(first)![2]);
    expect(pages).toBeLessThanOrEqual(4);
    await deck.press(']', { until: (f) => helpPage(f)?.[1] === '2' });
    await deck.press(KEYS.ctrl('d'), { until: (f) => helpPage(f)?.[1] === '3' });
    await deck.press(KEYS.ctrl('u'), { until: (f) => helpPage(f)?.[1] === '2' });
    await deck.press('[', { until: (f) => helpPage(f)?.[1] === '1' });
    await deck.press('G', { until: (f) => helpPage(f)?.[1] === String(pages) });
    // On the last page, ] says so rather than doing nothing.
    await deck.press(']', { until: (f) => f.includes('this is the last page') });
    await deck.press('g', { until: (f) => helpPage(f)?.[1] === '1' });
    // A key of another screen (the form's save) is found by the filter.
    await deck.press('/', { until: (f) => f.includes('Keys matching') });
    for (const ch of 'save') deck.write(ch);
    await deck.waitForFrame((f) => f.includes('C-s') && /C-s\s+save/.test(f), 'the form’s save found');
  });

  it('Ctrl+D and Ctrl+U move the list’s cursor half the rows shown; in a form PgDn says a form has no pages', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const deck = await open(h);
    const tab = () => h.store.getState().tabs.websites;
    const rows = h.store.getState().drawn.list!.rows;
    expect(tab().cursor).toBe(0);
    await deck.press(KEYS.ctrl('d'), { until: () => tab().cursor === Math.floor(rows / 2) });
    await deck.press(KEYS.ctrl('u'), { until: () => tab().cursor === 0 });
    await deck.press('e', { until: () => h.store.getState().form !== null });
    await deck.press(KEYS.pageDown, { until: (f) => f.includes('a form has no pages') });
  });

  it('the message log answers g, G, ] and [', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const deck = await open(h);
    // Fifty messages: more than a page of the log.
    for (let i = 0; i < 30; i++) {
      h.store.dispatch({ type: 'flash/show', kind: 'info', text: `message number ${i}` });
      await deck.waitForFrame((f) => f.includes(`message number ${i}`), `message ${i}`);
    }
    const logPage = (f: string) => /Messages, newest first \(the last \d+\) (\d+)\/(\d+)/.exec(f);
    const f0 = await deck.press('M', { until: (f) => logPage(f) !== null });
    const last = logPage(f0)![2];
    await deck.press(']', { until: (f) => logPage(f)?.[1] === '2' });
    await deck.press('[', { until: (f) => logPage(f)?.[1] === '1' });
    await deck.press('G', { until: (f) => logPage(f)?.[1] === last });
    await deck.press('g', { until: (f) => logPage(f)?.[1] === '1' });
  });
});

// One picker for every choice (issue 57.2): `f`'s result classes, `Y`'s values to copy and a form's
// choice field open on the value in force, move with ↓/↑ and →/←, Home/End, and a letter narrows
// (`f` `b` Enter takes bad); drawn by ink-select-input above the `:` line.
import { describe, expect, it } from 'vitest';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS } from '../helpers/ink';
import { waitFor } from '../helpers/wait';
import type { DeckHarness } from '../helpers/deck';
import { focusedField } from '../../src/state/formState';

const deckUi = setUpDeckUi();
const SIZE = { columns: 80, rows: 24 };

async function onReports(h: DeckHarness) {
  const deck = deckUi.render(h, SIZE);
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  await deck.press('2', { until: (f) => /›\s*\S/.test(f) && !h.store.getState().tabs.reports.loading && h.store.getState().tabs.reports.data !== null });
  return deck;
}

const prompt = (h: DeckHarness) => {
  const o = h.store.getState().overlay;
  return o?.kind === 'prompt' ? o : null;
};

describe('the one picker', () => {
  it('f b Enter takes bad; f opens on the class in force; ←/→ Home/End move', async () => {
    const h = await deckUi.start({ emulator: { seed: 12 } });
    const deck = await onReports(h);
    await deck.press('f', { until: (f) => f.includes(':result all') });
    // Opened on the filter in force (all), not the one after it.
    expect(prompt(h)?.picked).toBe(3);
    await deck.press('b', { until: (f) => f.includes(':result bad') });
    expect(deck.frame()).not.toMatch(/› ?good/);
    await deck.press(KEYS.enter, { until: () => h.store.getState().tabs.reports.query.result === 'bad' });
    await waitFor(() => !h.store.getState().tabs.reports.loading || null, 'the bad reports');
    await deck.press('f', { until: (f) => f.includes(':result bad') });
    expect(prompt(h)?.picked).toBe(2);
    await deck.press(KEYS.right, { until: (f) => f.includes(':result all') });
    await deck.press(KEYS.left, { until: (f) => f.includes(':result bad') });
    await deck.press(KEYS.home, { until: (f) => f.includes(':result good') });
    await deck.press(KEYS.end, { until: (f) => f.includes(':result all') });
    // The picker is drawn as a list above the line, the value picked marked.
    expect(deck.frame()).toMatch(/› all/);
  });

  it('Y opens on name, ↓ and → move to link and json alike, a letter narrows to the one it begins', async () => {
    const h = await deckUi.start({ emulator: { seed: 12 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    await deck.press('Y', { until: (f) => f.includes(':copy name') });
    const at = prompt(h)!.picked!;
    await deck.press(KEYS.right, { until: () => prompt(h)?.picked === at + 1 });
    await deck.press(KEYS.left, { until: () => prompt(h)?.picked === at });
    await deck.press('j', { until: (f) => f.includes(':copy json') });
    expect(prompt(h)?.options?.length).toBeGreaterThan(1);
  });

  it('a form choice field: Home/End go to its ends, a letter picks the next value it begins', async () => {
    const h = await deckUi.start({ emulator: { seed: 12 } });
    const deck = deckUi.render(h, { columns: 120, rows: 40 });
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    await deck.press('n', { until: () => h.store.getState().form !== null });
    const form = () => h.store.getState().form!;
    // Tab to the first choice field.
    for (let i = 0; i < 10 && focusedField(form())?.kind !== 'choice'; i++) {
      const from = form().focus;
      await deck.press(KEYS.tab, { until: () => form().focus !== from });
    }
    const f = focusedField(form())!;
    expect(f.kind).toBe('choice');
    const choices = f.choices!;
    await deck.press(KEYS.end, { until: () => form().values[f.name] === choices[choices.length - 1].value });
    await deck.press(KEYS.home, { until: () => form().values[f.name] === choices[0].value });
    const second = choices[1];
    await deck.press(second.label[0].toLowerCase(), { until: () => form().values[f.name] === second.value });
  });
});

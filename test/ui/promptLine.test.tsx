// The `:` line behaves as keys do (issue 57): its text has a cursor (← Home Ctrl+A move it, typing goes
// in there), a change to marked rows with none marked acts on the cursor row after the same question,
// and a command typed wrong gets the nearest commands of the registry, as the CLI does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankConfig } from '../helpers/blankConfig';
import { parsePrompt } from '../../src/ui/keys/promptCommands';
import { SetupScreen } from '../../src/ui/screens/SetupScreen';
import type { DeckHarness } from '../helpers/deck';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS, renderInk, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();
const SIZE = { columns: 120, rows: 40 };
let setupUi: InkHarness | null = null;
afterEach(() => {
  setupUi?.unmount();
  setupUi = null;
  vi.useRealTimers();
});

async function openDeck(h: DeckHarness) {
  const deck = deckUi.render(h, SIZE);
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  return deck;
}

async function typed(deck: InkHarness, text: string) {
  for (const ch of text) deck.write(ch);
  await deck.waitForFrame((f) => f.includes(`${text}▏`), `${text} typed`);
}

describe('setup: a typo is fixed where it is', () => {
  it('← moves into the URL and the missing letter goes in there, not at the end', async () => {
    const config = blankConfig();
    setupUi = renderInk(
      <SetupScreen config={config} check={async () => ({ ok: false, problems: [] })} onDone={() => {}} onQuit={() => {}} width={100} height={30} />,
    );
    const ui = setupUi;
    await ui.waitForFrame((f) => f.includes('› Analytics URL'));
    await typed(ui, 'http://exmple.com');
    for (let i = 0; i < 'mple.com'.length - 1; i++) ui.write(KEYS.left);
    await ui.press(KEYS.left, { until: (f) => f.includes('http://ex▏mple.com') });
    await ui.press('a', { until: (f) => f.includes('http://exa▏mple.com') });
    await ui.press(KEYS.ctrl('a'), { until: (f) => f.includes('▏http://example.com') });
    await ui.press(KEYS.end, { until: (f) => f.includes('http://example.com▏') });
  });
});

describe('the : line', () => {
  it(':prvacy, ← four times, i: the i goes in at the cursor (:privacy), Home and Ctrl+A go to its start', async () => {
    const h = await deckUi.start({ emulator: { seed: 12 } });
    const deck = await openDeck(h);
    await deck.press(':', { until: (f) => f.includes(':▏') });
    await typed(deck, 'prvacy');
    for (let i = 0; i < 3; i++) deck.write(KEYS.left);
    await deck.press(KEYS.left, { until: (f) => f.includes(':pr▏vacy') });
    await deck.press('i', { until: (f) => f.includes(':pri▏vacy') });
    await deck.press(KEYS.home, { until: (f) => f.includes(':▏privacy') });
    await deck.press(KEYS.end, { until: (f) => f.includes(':privacy▏') });
    await deck.press(KEYS.ctrl('a'), { until: (f) => f.includes(':▏privacy') });
  });

  it(':privcy public says the nearest command, not the whole list; only the command word is said back', async () => {
    expect(parsePrompt(':privcy public', 'websites')).toEqual({ kind: 'error', message: 'Unknown command :privcy: did you mean :privacy?' });
    expect(parsePrompt(':privcy password hunter22', 'websites')).toEqual({ kind: 'error', message: 'Unknown command :privcy: did you mean :privacy?' });
    expect(parsePrompt(':sotr name', 'websites')).toMatchObject({ message: 'Unknown command :sotr: did you mean :sort?' });
    const h = await deckUi.start({ emulator: { seed: 12 } });
    const deck = await openDeck(h);
    await deck.press(':', { until: (f) => f.includes(':▏') });
    await typed(deck, 'privcy public');
    const f = await deck.press(KEYS.enter, { until: (fr) => fr.includes('did you mean') });
    expect(f).toContain('Unknown command :privcy: did you mean :privacy?');
    expect(f).not.toContain(':websites :reports');
  });

  it(':privacy public with nothing marked asks the marked-rows question about the cursor row, and a yes changes that row only', async () => {
    const h = await deckUi.start({ emulator: { seed: 12 } });
    const first = (h.emulator.websites() as unknown as { id: number; privacy: number }[]).map((r) => r.id).sort((a, b) => a - b);
    for (const id of first) await h.client.websites.update(id, { privacy: 1 });
    const deck = await openDeck(h);
    const row = h.store.getState().tabs.websites.data!.items[0].id;
    expect(h.store.getState().marked.websites).toEqual([]);
    h.emulator.clearHits();
    await deck.press(':', { until: (f) => f.includes(':▏') });
    await typed(deck, 'privacy public');
    const asked = await deck.press(KEYS.enter, { until: (f) => f.includes('Set privacy to Public') && f.includes('y yes') });
    expect(asked).toContain('Set privacy to Public on 1 website?');
    expect(h.store.getState().marked.websites).toEqual([row]);
    await waitFor(() => (h.store.getState().overlay as { armed?: boolean } | null)?.armed === true, 'the question armed');
    deck.write('y');
    await deck.waitForFrame((f) => f.includes('1 updated'), 'the change done');
    const puts = h.apiHits().filter((x) => x.method === 'PUT');
    expect(puts.map((x) => x.path)).toEqual([`/public/api/v1/websites/${row}`]);
    expect((h.emulator.websites() as unknown as { id: number; privacy: number }[]).find((r) => r.id === row)!.privacy).toBe(0);
    expect(h.store.getState().marked.websites).toEqual([]);
  });
});

// Below the smallest size the notice names each key that acts there and what it does, from the
// bindings the router lets through, and shows a question when one opens: in an edited form q is
// text (not named, and does nothing), Ctrl+C asks before discarding, and the question is drawn.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/ink';
import { setUpDeckUi } from '../helpers/deckUi';
import { settle, waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();

describe('the notice of a terminal below the smallest size', () => {
  it('in an edited form at 40×12: says what Ctrl+C does there, not q; Ctrl+C shows its question; y answers it', async () => {
    const h = await deckUi.start({ emulator: { seed: 5 } });
    let exits = 0;
    const deck = deckUi.render(h, { columns: 80, rows: 24 }, { exit: () => void exits++ });
    await deck.waitForFrame((f) => /1 Websites \d+/.test(f) && f.includes('›'), 'the deck');
    await deck.press('n', { until: (f) => f.includes('New website') });
    await deck.press('a');
    deck.resize({ columns: 40, rows: 12 });
    const notice = await deck.waitForFrame((f) => f.includes('needs 60×20'), 'the size notice');
    expect(notice).toContain('Ctrl+C cancels the form (asks if edited)');
    expect(notice).not.toContain('q quits');
    // q is the form's text here: it acts on nothing unseen, and the form keeps its edits.
    deck.write('q');
    await settle(20);
    expect(exits).toBe(0);
    expect(h.store.getState().form?.values.domain).toBe('a');
    await deck.press(KEYS.ctrl('c'), { until: (f) => f.includes('Discard') });
    expect(h.store.getState().overlay?.kind).toBe('confirm-discard');
    expect(deck.frame()).toContain('Ctrl+C answers No');
    await waitFor(() => (h.store.getState().overlay as { armed?: boolean } | null)?.armed === true, 'the question armed');
    const back = await deck.press('y', { until: (f) => f.includes('q quits') });
    expect(h.store.getState().form).toBeNull();
    expect(back).toContain('Ctrl+C quits');
    deck.write('q');
    await waitFor(() => exits === 1, 'q to quit');
  });
});

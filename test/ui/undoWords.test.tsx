// Undo says what it cannot put back and fails in words that fit where the user is, at 80×24 on the
// emulator: a delete's undo names the exclude params the host never returned; an undo of an edit
// whose record was deleted elsewhere names no form; an undo's question and its detail line are
// whole in the box.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/ink';
import { setUpDeckUi } from '../helpers/deckUi';
import { waitFor } from '../helpers/wait';
import type { DeckHarness } from '../helpers/deck';

const deckUi = setUpDeckUi();
const SIZE = { columns: 80, rows: 24 };

const armed = (h: DeckHarness) => waitFor(() => (h.store.getState().overlay as { armed?: boolean } | null)?.armed === true, 'the question, armed');

/** The box's rows of a frame: `│ text │`, trimmed. */
const boxRows = (frame: string) => frame.split('\n').flatMap((l) => (/^│ (.*?)\s*│$/.exec(l) ? [/^│ (.*?)\s*│$/.exec(l)![1]] : []));

describe('undo’s words', () => {
  it('an undo of an edit whose record was deleted elsewhere: asked, then said without form words', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    const row = h.store.getState().tabs.websites.data!.items[0] as unknown as { id: number; domain: string };
    await deck.press('e', { until: (f) => /Edit website/.test(f) });
    await deck.press([KEYS.down, KEYS.right], { until: (f) => f.includes(' •') });
    await deck.press(KEYS.ctrl('s'), { until: (f) => f.includes('✓ saved') });
    // Deleted elsewhere, behind the deck's back.
    await h.client.resource('websites').delete(row.id);
    deck.write('u');
    const asked = await deck.waitForFrame((f) => f.includes(`Undo the edit of ${row.domain}?`), 'the question');
    expect(boxRows(asked)).toEqual(expect.arrayContaining([`Undo the edit of ${row.domain}?`, expect.stringMatching(/^It puts back email reports \w+\.$/)]));
    expect(h.store.getState().flash?.text).toBe(`Changed on the host since: ${row.domain} is gone from the host`);
    await armed(h);
    deck.write('y');
    await waitFor(() => !h.store.getState().bulk && h.store.getState().flash?.kind === 'error', 'the undo’s end');
    const said = h.store.getState().flash!.text;
    expect(said).toMatch(/^Undo: 0 undone · 1 failed \(\d+: .*\(nothing left to put back\)\)$/);
    // No form is open: no form words, and an undo marks no row.
    expect(said).not.toMatch(/Ctrl\+S|your input|still marked/);
    expect(h.store.getState().form).toBeNull();
  });

  it('a delete’s undo re-creates the website and names the exclude params it cannot put back', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    const row = h.store.getState().tabs.websites.data!.items.find((r) => (r as unknown as { privacy: number }).privacy !== 2) as unknown as {
      id: number;
      domain: string;
    };
    while (h.store.getState().tabs.websites.data!.items[h.store.getState().tabs.websites.cursor].id !== row.id) await deck.press(KEYS.down);
    await deck.press('d', { until: (f) => f.includes('Delete website') });
    await armed(h);
    deck.write('y');
    await waitFor(() => h.store.getState().flash?.text.startsWith('✓ deleted') === true, 'the delete');
    expect(h.store.getState().flash!.text).toContain('(with a new id; not its exclude params: never returned by the host)');
    deck.write('u');
    await waitFor(() => h.store.getState().changes.at(-1)?.undone === true && !h.store.getState().bulk, 'the undo');
    expect(h.store.getState().flash!.text).toMatch(
      new RegExp(
        `^✓ Undo: 1 undone · re-created ${row.domain.replace(/\./g, '\\.')} as id \\d+ .* · ` +
          `not put back: its exclude params \\(never returned by the host\\)$`,
      ),
    );
  });

  it('an undo of a privacy change on marked rows: a short question, and its detail whole at 80 columns', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    for (let i = 0; i < 2; i++) await deck.press(' ', { until: (f) => f.includes(`${i + 1} marked`) });
    await deck.press(':');
    for (const ch of 'privacy password') deck.write(ch);
    await deck.waitForFrame((f) => f.includes(':privacy password'), 'typed');
    deck.write(KEYS.enter);
    await waitFor(() => Boolean((h.store.getState().overlay as { secret?: unknown } | null)?.secret), 'the password asked');
    for (const ch of 'hunter22') deck.write(ch);
    await waitFor(() => (h.store.getState().overlay as { text?: string } | null)?.text === 'hunter22', 'typed');
    deck.write(KEYS.enter);
    await armed(h);
    deck.write('y');
    await waitFor(() => h.store.getState().flash?.text.startsWith('✓ 2 updated') === true, 'the change');
    deck.write('u');
    const asked = await deck.waitForFrame((f) => f.includes('Undo the change of 2 websites?'), 'the question');
    // The question's meaning is whole: what it undoes, what a yes sends, what it cannot put back.
    expect(boxRows(asked)).toEqual(
      expect.arrayContaining(['Undo the change of 2 websites?', 'Each gets its old value (2 requests); not the password you set.']),
    );
    expect(asked).not.toContain('…');
  });
});

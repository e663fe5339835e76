// What screen-reader mode writes, for each fault a listener met (issue 58): the real App on the
// emulator, every byte kept. A key writes what changed, once; no key writes nothing; speech
// follows the facts (loading until the rows asked for are there); a question and a message are
// said once; a text field says what the cursor passes.
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/ink';
import { openSpokenDeck, type SpokenDeck } from '../helpers/spokenDeck';
import { waitFor } from '../helpers/wait';

let s: SpokenDeck | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const open = async (opts?: Parameters<typeof openSpokenDeck>[0]) => {
  s = await openSpokenDeck(opts);
  await s.settled();
  return s;
};

const linesOf = (bytes: string) => bytes.split('\n').filter((l) => l !== '');
const MOVES_OR_ERASES = /\x1b\[/;

describe('screen-reader mode writes what changed, once', () => {
  it('j writes one line, the new selection with its place; nothing above it is moved over or erased', async () => {
    const d = await open();
    const bytes = await d.press('j');
    expect(bytes).not.toMatch(MOVES_OR_ERASES);
    expect(linesOf(bytes)).toEqual([expect.stringMatching(/^\(selected\) \S+, 2 of 40, privacy /)]);
  });

  it('a search letter writes the letter, then the count and the selection; not loading, not the search line again', async () => {
    const d = await open();
    await d.press('/');
    const lines = linesOf(await d.press('s'));
    expect(lines[0]).toBe('s');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^\d+ websites, page 1 of \d+$/), expect.stringMatching(/^\(selected\) \S*s\S*, 1 of \d+, /)]);
  });

  it('a character typed in a form writes that character alone (was all 11 lines)', async () => {
    const d = await open();
    await d.press('n');
    await d.press('a');
    expect(await d.press('b')).toBe('b\n');
  });

  it('a watch refresh that finds nothing new writes nothing', async () => {
    const d = await open();
    d.d.store.dispatch({ type: 'watch/start', seconds: 5 });
    await d.settled();
    for (let i = 0; i < 2; i++) {
      d.d.store.dispatch({ type: 'watch/tick', now: Date.now() });
      await waitFor(() => d.d.store.getState().tabs.websites.loading || null, 'the refresh sent');
      expect(await d.settled()).toBe('');
    }
  });

  it('a message going, on its timer or not, writes nothing, with a long detail open too', async () => {
    const d = await open({ columns: 100, rows: 30 });
    await d.press('2');
    await d.press(KEYS.enter);
    await d.press('y');
    const flash = d.d.store.getState().flash;
    expect(flash).not.toBeNull();
    d.d.store.dispatch({ type: 'flash/clear', id: flash!.id });
    expect(await d.settled()).toBe('');
  });

  it('a change to many marked rows says its start, about every quarter, and its outcome (was a frame a row)', async () => {
    const d = await open();
    await d.press('*');
    await d.press(':');
    for (const c of 'privacy public') await d.press(c);
    await d.press(KEYS.enter);
    expect(d.d.store.getState().overlay?.kind).toBe('confirm-bulk');
    const lines = linesOf(await d.press('y'));
    const steps = lines.filter((l) => /^Updating \d+\/\d+/.test(l));
    expect(steps.length).toBeGreaterThanOrEqual(1);
    expect(steps.length).toBeLessThanOrEqual(5);
    expect(lines.join('\n')).toMatch(/updated/i);
    // Its marks go as its rows are done: not said a row at a time.
    expect(lines.filter((l) => /^unmarked |^\d+ marked$/.test(l))).toEqual([]);
  });

  it('a text field says the character the cursor passes, or deletes, and where it stands; at the start it says so (was silence)', async () => {
    const d = await open();
    await d.press('n');
    await d.press('a');
    await d.press('b');
    expect(await d.press(KEYS.left)).toBe('b, at 1 of 2\n');
    expect(await d.press(KEYS.backspace)).toBe('a deleted, at start\n');
    expect(await d.press(KEYS.home)).toBe('at start\n');
    expect(await d.press(KEYS.left)).toBe('at start\n');
    expect(await d.press(KEYS.backspace)).toBe('nothing to delete, at start\n');
    expect(await d.press(KEYS.end)).toBe('b, at end\n');
  });

  it('the result filter says loading, then the filtered rows: never the old row under the new filter', async () => {
    const d = await open();
    await d.press('2');
    await d.press('f');
    await d.press('b');
    const lines = linesOf(await d.press(KEYS.enter));
    const rows = lines.filter((l) => l.startsWith('(selected) '));
    expect(lines).toContain('loading');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatch(/, bad, /);
    expect(lines.indexOf('loading')).toBeLessThan(lines.indexOf(rows[0]));
  });

  it('] says loading, then the selected row of the new page: never a row of the old page', async () => {
    const d = await open();
    const lines = linesOf(await d.press(']'));
    const rows = lines.filter((l) => l.startsWith('(selected) '));
    expect(rows).toEqual([expect.stringMatching(/, 11 of 40, /)]);
    expect(lines.indexOf('loading')).toBeLessThan(lines.indexOf(rows[0]));
  });

  it('d, y typed ahead (dropped), then y: the note is said once, and not with the answer', async () => {
    const d = await open();
    d.ui.write('d');
    d.ui.write('y');
    const asked = await d.settled();
    expect(asked).toMatch(/typed ahead/);
    const answered = await d.press('y');
    // The note is said once, when the key was dropped: not again as the question arms, nor with the answer.
    expect(`${asked}${answered}`.match(/typed ahead, dropped/g)).toHaveLength(1);
    expect(answered).toMatch(/deleting|deleted/);
  });

  it('a report taller than the terminal, then Esc: nothing erased, and j in it says the next line', async () => {
    const d = await open({ columns: 100, rows: 30 });
    await d.press('2');
    const detail = await d.press(KEYS.enter);
    expect(linesOf(detail).length).toBeGreaterThan(30);
    expect(await d.press('j')).toMatch(/^line 2 of \d+: \S/);
    const back = await d.press(KEYS.esc);
    expect(back).not.toMatch(MOVES_OR_ERASES);
    expect(back).toMatch(/^Reports, tab 2 of 3/);
  });

  it('a question is said once, when it takes answers', async () => {
    const d = await open();
    const bytes = await d.press('d');
    const asked = linesOf(bytes).filter((l) => l.startsWith('Delete website'));
    expect(asked).toHaveLength(1);
    expect(bytes).not.toMatch(/a moment/);
    expect(await d.settled()).toBe('');
  });

  it('Space says the row it marked and the count, then the next row', async () => {
    const d = await open();
    await d.press('j');
    const st = d.d.store.getState();
    const name = String((st.tabs.websites.data!.items[1] as { domain: string }).domain);
    const lines = linesOf(await d.press(' '));
    expect(lines[0]).toBe(`marked ${name}, 1 marked`);
    expect(lines[1]).toMatch(/^\(selected\) \S+, 3 of 40, /);
  });
});

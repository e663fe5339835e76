// The deck at the sizes people use, in a real terminal (tmux): the help is whole on every page at
// 60×20, 80×24, 100×30 and 120×40, and a 28-character URL shows whole beside the detail at 100 columns.
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { type TmuxSession } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-sizes-', { seed: 12 });

const openDeck = (size: { columns: number; rows: number }): TmuxSession => openFixtureDeck(fx, size);

describe('sizes (tmux)', () => {
  it.each([
    [60, 20],
    [80, 24],
    [100, 30],
    [120, 40],
  ])('at %i×%i no line of the help ends cut, on any of its pages', async (columns, rows) => {
    const t = openDeck({ columns, rows });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('?');
    let screen = await t.waitFor(/ Keys/, { what: 'the help' });
    // Page by page to the one that says it is the end (the count follows the frame: a flash takes a row).
    const at = (s: string) => / Keys (\d+)\/(\d+)/.exec(s)?.slice(1).map(Number) ?? [1, 1];
    const seen = [screen];
    for (let [page, pages] = at(screen); page < pages; [page, pages] = at(screen)) {
      t.sendKeys('j');
      const next = page + 1;
      screen = await t.waitFor((s) => at(s)[0] === next, { what: `page ${next} of the help` });
      seen.push(screen);
    }
    expect(screen).toMatch(/ Keys \d+\/\d+ \(the end\)| Keys {2}/);
    for (const s of seen) {
      for (const line of s.split('\n')) {
        expect(line.trimEnd().endsWith('…'), `cut at ${columns}×${rows}: "${line}"`).toBe(false);
        expect(line.length).toBeLessThanOrEqual(columns);
      }
    }
    expect(seen.join('\n')).toContain('Commands after :');
    t.sendKeys('Escape', 'q');
    await t.waitFor('[exit 0]');
  });

  it('at 100 columns a 28-character URL shows whole in the Reports list beside the detail', async () => {
    const id = fx.emulator.insertRaw('reports', { url: 'https://copperevents.io/how-we-work', project: 'copperevents.io', result: 69, privacy: 0 });
    const t = openDeck({ columns: 100, rows: 30 });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('2');
    const screen = await t.waitFor((s) => /\[?2 Reports \d+/.test(s) && s.includes(`${id} copperevents.io/how-we-work`), { what: 'the whole URL' });
    expect(screen).toContain('│'); // the detail pane beside the list
    // Its score's number right-aligned to the widest on screen (`◐  69` under `● 100`).
    const pad = /[●◐○] 100 /.test(screen) ? '  ' : ' ';
    expect(screen).toMatch(new RegExp(`${id} copperevents\\.io/how-we-work\\s+◐${pad}69 decent`));
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

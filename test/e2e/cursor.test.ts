// The terminal's own cursor in a real terminal (tmux), on the bundled deck: where a magnifier looks.
// In a form's text field and in the search line it stands on the bar drawn at the insertion point
// (after typing, ← and Home), a wide character counting two cells; on a list it is hidden.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck } from '../helpers/e2eFixture';
import type { TmuxSession } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';

const fx = setUpE2e('sitedeck-e2e-cursor-', { seed: 40 });

interface Cursor {
  x: number;
  y: number;
  shown: boolean;
}

/** Where tmux has the pane's cursor, and whether it is shown. */
function cursorOf(t: TmuxSession): Cursor {
  const [x, y, flag] = execFileSync('tmux', ['-L', t.socket, 'display', '-p', '-t', t.target, '#{cursor_x} #{cursor_y} #{cursor_flag}'], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .map(Number);
  return { x, y, shown: flag === 1 };
}

/** The cell at (x, y) of the screen, counting a wide character as two cells (tmux's capture writes it once). */
function cellsBefore(screen: string, c: Cursor): { before: string; at: string } {
  const line = screen.split('\n')[c.y] ?? '';
  let cells = 0;
  let i = 0;
  const chars = Array.from(line);
  while (i < chars.length && cells < c.x) cells += /[\u3000-\u9fff\uff00-\uffef]/u.test(chars[i++]) ? 2 : 1;
  return { before: chars.slice(0, i).join(''), at: chars.slice(i).join('') };
}

/** Waits until the cursor is shown on the bar with `before` left of it and `after` right of it. */
async function cursorAt(t: TmuxSession, before: string, after: string): Promise<Cursor> {
  let last = '';
  return waitFor(async () => {
    const c = cursorOf(t);
    const screen = await t.screen();
    const around = cellsBefore(screen, c);
    last = `cursor ${c.x},${c.y} ${c.shown ? 'shown' : 'hidden'}\n${screen}`;
    return c.shown && around.before.endsWith(before) && around.at.startsWith(`▏${after}`) ? c : null;
  }, `the cursor on the bar at ${before}|${after}`).catch((e: Error) => {
    throw new Error(`${e.message}; ${last}`);
  });
}

describe('the terminal cursor at the insertion point', () => {
  it('a form field: after typing, ← and Home; hidden again on the list', async () => {
    const t = openDeck(fx, { columns: 100, rows: 30 });
    await t.waitFor(/1 Websites \d+ /);
    await waitFor(() => !cursorOf(t).shown, 'the cursor hidden on the list');
    t.sendKeys('n');
    await t.waitFor(/› Domain/);
    t.sendText('shop日本.dev');
    const end = await cursorAt(t, 'shop日本.dev', '');
    t.sendKeys('Left', 'Left', 'Left', 'Left');
    const mid = await cursorAt(t, 'shop日本', '.dev');
    // Four narrow characters back: four cells; one more, a wide one: two more.
    expect(end.x - mid.x).toBe(4);
    t.sendKeys('Left');
    expect(end.x - (await cursorAt(t, 'shop日', '本.dev')).x).toBe(6);
    t.sendKeys('Home');
    await cursorAt(t, ' ', 'shop日本.dev');
    // Emptied, the form has no edits and Esc closes it: no field has the keys, the cursor is hidden.
    t.sendKeys('C-k');
    await cursorAt(t, ' ', '');
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('› Domain'));
    await waitFor(() => !cursorOf(t).shown, 'the cursor hidden after the form');
  });

  it('the search line: after typing and ←', async () => {
    const t = openDeck(fx, { columns: 100, rows: 30 });
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('/');
    await cursorAt(t, '/ ', '');
    t.sendText('shop');
    await cursorAt(t, '/ shop', '');
    t.sendKeys('Left', 'Left');
    const c = await cursorAt(t, '/ sh', 'op');
    // The search is on the header's second line.
    expect(c.y).toBe(1);
  });
});

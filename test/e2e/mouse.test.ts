// The mouse in the bundled deck in tmux, which writes the terminal's own SGR reports into the
// deck's input (what each report means, pure: test/ui/mouse.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { CLI, ensureBuilt } from '../commands/helpers';
import { removeDir } from '../helpers/dirs';

const sgr = (b: number, x: number, y: number, end = 'M') => `\x1b[<${b};${x};${y}${end}`;
const click = (x: number, y: number) => sgr(0, x, y) + sgr(0, x, y, 'm');

describe('the deck in tmux', () => {
  let dir: string;
  let t: TmuxSession | undefined;
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-mouse-'));
  });
  afterEach(() => {
    t?.kill();
    t = undefined;
  });
  afterAll(() => removeDir(dir));

  const open = async (args: string[] = []) => {
    t = startTmux({ command: ['node', CLI, '--demo', ...args], env: { SITEDECK_CONFIG_DIR: dir, TERM: 'xterm-256color' }, columns: 120, rows: 30 });
    // The footer's hints: the deck is up and has asked for the mouse (the pre-paint before it shows the rows alone).
    await t.waitFor((x) => /›\s+60 velvetfoods/.test(x) && x.includes('? help'), { what: 'the deck up' });
    return t;
  };
  /** What the pane's program asked tmux for: SGR mouse reports on or off. */
  const sgrFlag = (s: TmuxSession) =>
    execFileSync('tmux', ['-L', s.socket, 'display-message', '-p', '-t', s.target, '#{mouse_sgr_flag}'], { encoding: 'utf8' }).trim();

  it('asks for mouse reports; wheel, click, double click and a tab click do what they say', async () => {
    const s = await open();
    expect(sgrFlag(s)).toBe('1');
    s.sendText(sgr(65, 10, 10) + sgr(65, 10, 10));
    await s.waitFor(/›\s+58 /);
    s.sendText(click(10, 9));
    await s.waitFor(/›\s+55 /);
    // A double click is two clicks on a row within DOUBLE_CLICK_MS of the deck's clock: sent together,
    // so a busy machine cannot stretch the time between them. The first selects, the second opens.
    s.sendText(click(10, 8) + click(10, 8));
    await s.waitFor((x) => /›\s+56 /.test(x) && /Esc back/.test(x), { what: 'row 56 open' }); // the detail pane has the keys: the footer says so
    s.sendKeys('Escape');
    // A click is placed on the list as last drawn: wait for the list without the detail.
    await s.waitFor((x) => !/Esc back/.test(x) && /›\s+56 /.test(x), { what: 'the detail closed' });
    s.sendText(sgr(0, 15, 3)); // the DOMAIN header
    await s.waitFor('sort domain ↓');
    s.sendText(sgr(0, 15, 3));
    await s.waitFor(/sort domain ↑[\s\S]*›\s+\d+ amberbooks\.fr/);
    s.sendText(sgr(0, 30, 1));
    await s.waitFor(/SCORE/);
  });

  it('--no-mouse leaves the mouse to the terminal', async () => {
    const s = await open(['--no-mouse']);
    expect(sgrFlag(s)).toBe('0');
  });
});

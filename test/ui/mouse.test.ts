// The mouse: SGR reports taken out of the input before Ink reads it, what each means (pure), and
// the bundled deck in tmux, which writes the terminal's own reports into the deck's input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/domain';
import { initialState, reducer } from '../../src/state/reducer';
import type { AnyRecord, DeckState } from '../../src/state/types';
import { dropUnnamedKeys } from '../../src/ui/keyGuard';
import { DOUBLE_CLICK_MS, extractMouse, mouseAction, type Geometry } from '../../src/ui/mouse';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { CLI, ensureBuilt } from '../commands/helpers';

const sgr = (b: number, x: number, y: number, end = 'M') => `\x1b[<${b};${x};${y}${end}`;

describe('extractMouse', () => {
  it('takes wheel and left-button presses out of the input, drops releases and drags, leaves keys', () => {
    expect(extractMouse(`j${sgr(65, 3, 9)}k${sgr(0, 4, 5)}${sgr(0, 4, 5, 'm')}${sgr(32, 5, 5)}${sgr(64, 1, 1)}q`)).toEqual({
      rest: 'jkq',
      events: [
        { kind: 'wheel', delta: 1, x: 3, y: 9 },
        { kind: 'press', x: 4, y: 5 },
        { kind: 'wheel', delta: -1, x: 1, y: 1 },
      ],
    });
    expect(extractMouse('plain')).toEqual({ rest: 'plain', events: [] });
    // Without this, Ink's input guard would have dropped the report as an unnamed key, or passed it on as text.
    expect(dropUnnamedKeys(extractMouse(sgr(0, 1, 1)).rest)).toBe('');
  });
});

describe('mouseAction', () => {
  const page = (n: number): Page<AnyRecord> =>
    ({ items: Array.from({ length: n }, (_, i) => ({ id: 100 - i, domain: `d${i}.example` })), meta: { total: n, perPage: n, page: 1, lastPage: 1, from: 1, to: n } }) as unknown as Page<AnyRecord>;
  const state = (): DeckState => reducer(initialState(), { type: 'list/loaded', tab: 'websites', requestId: 0, page: page(10) });
  const columns = [
    { field: 'id', from: 3, to: 9 },
    { field: 'domain', from: 10, to: 30 },
    { field: 'privacy', from: 31, to: 40 },
  ];
  const geo: Geometry = { list: { tab: 'websites', top: 4, start: 0, rows: 8, width: 70, columns }, tabs: [{ tab: 'websites', from: 11, to: 26 }, { tab: 'reports', from: 26, to: 40 }] };

  it('the wheel moves the cursor in the list and scrolls the detail pane', () => {
    expect(mouseAction(state(), { kind: 'wheel', delta: 1, x: 5, y: 5 }, geo, 0, null).actions).toEqual([{ type: 'cursor/move', delta: 1 }]);
    const detail = { ...state(), mode: { kind: 'detail' as const, scroll: 0 } };
    expect(mouseAction(detail, { kind: 'wheel', delta: -1, x: 80, y: 5 }, geo, 0, null).actions).toEqual([{ type: 'detail/scroll', delta: -3 }]);
  });

  it('a click selects the row under it; a second one within the double-click time opens it', () => {
    const s = state();
    const first = mouseAction(s, { kind: 'press', x: 10, y: 7 }, geo, 1000, null);
    expect(first.actions).toEqual([{ type: 'cursor/move', delta: 3 }]);
    const moved = reducer(s, first.actions[0]!);
    expect(mouseAction(moved, { kind: 'press', x: 12, y: 7 }, geo, 1000 + DOUBLE_CLICK_MS, first.remember).actions).toEqual([{ type: 'detail/open' }]);
    expect(mouseAction(moved, { kind: 'press', x: 12, y: 7 }, geo, 1001 + DOUBLE_CLICK_MS, first.remember).actions).toEqual([]);
  });

  it('a click on a column header sorts by it, then the other way; a column it cannot sort by does nothing', () => {
    const s = state();
    const by = mouseAction(s, { kind: 'press', x: 12, y: 3 }, geo, 0, null).actions;
    expect(by).toEqual([{ type: 'sort/set', sortBy: 'domain' }]);
    const sorted = reducer(s, by[0]!);
    expect(mouseAction(sorted, { kind: 'press', x: 12, y: 3 }, geo, 0, null).actions).toEqual([{ type: 'sort/set', sortBy: 'domain', sort: 'asc' }]);
    expect(mouseAction(s, { kind: 'press', x: 33, y: 3 }, geo, 0, null).actions).toEqual([]); // privacy: the server does not sort by it
  });

  it('a click on a tab switches to it; below the rows, right of the list, or in a form it does nothing', () => {
    expect(mouseAction(state(), { kind: 'press', x: 30, y: 1 }, geo, 0, null).actions).toEqual([{ type: 'tab/select', tab: 'reports' }]);
    expect(mouseAction(state(), { kind: 'press', x: 10, y: 4 + 10 }, geo, 0, null).actions).toEqual([]);
    expect(mouseAction(state(), { kind: 'press', x: 71, y: 5 }, geo, 0, null).actions).toEqual([]);
    const form = reducer(state(), { type: 'form/new' });
    expect(mouseAction(form, { kind: 'press', x: 10, y: 5 }, geo, 0, null).actions).toEqual([]);
  });
});

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
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const open = async (args: string[] = []) => {
    t = startTmux({ command: ['node', CLI, '--demo', ...args], env: { SITEDECK_CONFIG_DIR: dir, TERM: 'xterm-256color' }, columns: 120, rows: 30 });
    await t.waitFor(/›\s+60 velvetfoods/);
    return t;
  };
  /** What the pane's program asked tmux for: SGR mouse reports on or off. */
  const sgrFlag = (s: TmuxSession) => execFileSync('tmux', ['-L', s.socket, 'display-message', '-p', '-t', 'deck', '#{mouse_sgr_flag}'], { encoding: 'utf8' }).trim();

  it('asks for mouse reports; wheel, click, double click and a tab click do what they say', async () => {
    const s = await open();
    expect(sgrFlag(s)).toBe('1');
    s.sendText(sgr(65, 10, 10) + sgr(65, 10, 10));
    await s.waitFor(/›\s+58 /);
    s.sendText(sgr(0, 10, 8) + sgr(0, 10, 8, 'm'));
    await s.waitFor(/›\s+56 /);
    s.sendText(sgr(0, 10, 8) + sgr(0, 10, 8, 'm'));
    await s.waitFor(/Esc back/); // the detail pane has the keys: the footer says so
    s.sendKeys('Escape');
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

// The mouse: SGR reports taken out of the input before Ink reads it, and what each means (pure).
// The bundled deck with a terminal's own reports: test/e2e/mouse.test.ts.
import { describe, expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import type { Page } from '../../src/domain';
import { initialState, reducer } from '../../src/state/reducer';
import type { AnyRecord, DeckState } from '../../src/state/types';
import { tabSpans } from '../../src/ui/components/Tabs';
import { dropUnnamedKeys } from '../../src/ui/input/keyGuard';
import { DOUBLE_CLICK_MS, extractMouse, mouseAction, type Geometry } from '../../src/ui/input/mouse';

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
    ({
      items: Array.from({ length: n }, (_, i) => ({ id: 100 - i, domain: `d${i}.example` })),
      meta: { total: n, perPage: n, page: 1, lastPage: 1, from: 1, to: n },
    }) as unknown as Page<AnyRecord>;
  const state = (): DeckState => reducer(initialState(), { type: 'list/loaded', tab: 'websites', requestId: 0, page: page(10) });
  const columns = [
    { field: 'id', from: 3, to: 9 },
    { field: 'domain', from: 10, to: 30 },
    { field: 'privacy', from: 31, to: 40 },
  ];
  const geo: Geometry = {
    list: { tab: 'websites', top: 4, start: 0, rows: 8, width: 70, columns },
    tabs: [
      { tab: 'websites', from: 11, to: 26 },
      { tab: 'reports', from: 26, to: 40 },
      { tab: 'projects', from: 40, to: 52 },
    ],
  };

  it('the wheel moves the cursor in the list and scrolls the detail pane', () => {
    expect(mouseAction(state(), { kind: 'wheel', delta: 1, x: 5, y: 5 }, geo, 0, null).actions).toEqual([{ type: 'cursor/move', delta: 1 }]);
    const detail = { ...state(), stack: [{ kind: 'list' as const }, { kind: 'detail' as const, scroll: 0 }] };
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

  it('a click on the Projects tab opens its view; from there a click on a tab goes back to that tab', () => {
    expect(mouseAction(state(), { kind: 'press', x: 45, y: 1 }, geo, 0, null).actions).toEqual([{ type: 'projects/open' }]);
    const projects = reducer(state(), { type: 'projects/open' });
    expect(modeOf(projects).kind).toBe('projects');
    expect(mouseAction(projects, { kind: 'press', x: 45, y: 1 }, geo, 0, null).actions).toEqual([]);
    const back = mouseAction(projects, { kind: 'press', x: 12, y: 1 }, geo, 0, null).actions;
    expect(back).toEqual([{ type: 'tab/select', tab: 'websites' }]);
    expect(modeOf(reducer(projects, back[0]!)).kind).toBe('list');
    expect(mouseAction(projects, { kind: 'press', x: 10, y: 6 }, geo, 0, null).actions).toEqual([]); // rows of the hidden list
  });

  it('the tab spans follow the titles drawn, Projects last', () => {
    const spans = tabSpans(state(), 11);
    expect(spans.map((t) => t.tab)).toEqual(['websites', 'reports', 'projects']);
    expect(spans[0]).toEqual({ tab: 'websites', from: 11, to: 11 + '1 Websites 10'.length + 2 });
    expect(spans[2].from).toBe(spans[1].to);
    expect(spans[2].to - spans[2].from).toBe('3 Projects'.length + 2);
  });
});

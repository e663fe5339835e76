// The screen stack under random key bursts (seeded): whatever screen is on top, a key acts on that
// screen and its rows only, never on one under it or on a list not shown; the stack stays well
// formed (a tab's base at the bottom, at most one overlay). And the navigation rule as a property
// (fast-check, a fixed seed): after any walk of keys, repeated Esc visits each screen of the tab's
// stack once, in reverse order, and ends at the tab's base; a tab left and come back to is as it was.
import fc from 'fast-check';
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { addReports, NO_PROJECTS, projectRows, type Report } from '../../src/domain';
import { mulberry32, pick } from '../../src/emulator/prng';
import { isDirty } from '../../src/state/formState';
import { fetchKey } from '../../src/state/selectors';
import { initialState } from '../../src/state/reducer';
import { shownProjects } from '../../src/state/projectsState';
import { NAVIGATION, tabList } from '../../src/state/nav';
import { spokenPlace } from '../../src/ui/spoken/place';
import { topScreen } from '../../src/state/stack';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStore } from '../../src/state/store';
import type { AnyRecord, DeckState } from '../../src/state/types';
import { NO_KEY } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { pageOf, report, website } from '../helpers/records';
import { keyWords } from '../../src/ui/keys/keyWords';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const STEPS = 80;

type Press = [input: string, key?: Partial<Key>];
// No Space and no typing into a form: a form with edits asks before Esc leaves it (on purpose).
const PRESSES: Press[] = [
  ['j'],
  ['k'],
  ['g'],
  ['G'],
  ['1'],
  ['2'],
  ['3'],
  ['a'],
  ['e'],
  ['n'],
  ['d'],
  ['?'],
  [':'],
  ['/'],
  ['s'],
  ['R'],
  ['f'],
  ['', { escape: true }],
  ['', { escape: true }],
  ['', { return: true }],
  ['', { return: true }],
  ['', { tab: true }],
  ['n'],
];

const reports: Report[] = Array.from({ length: 12 }, (_, i) =>
  report(i + 1, { result: 20 + i * 6, checks: [{ name: i % 2 ? 'title' : 'h1', label: i % 2 ? 'Title' : 'H1', passed: false, importance: 'high' }] }),
);

/** What the effects would answer: the lists' pages and the read of every report. */
function answer(state: DeckState, dispatch: (a: never) => void) {
  for (const tab of ['websites', 'reports'] as const) {
    const t = state.tabs[tab];
    // A list asks for a page when it has none, or its query changed since the rows shown.
    if (t.requestId === 0 || t.loading || (t.shownKey !== undefined && t.shownKey !== fetchKey(t))) {
      const requestId = t.requestId + 1;
      dispatch({ type: 'list/request', tab, requestId } as never);
      const items: AnyRecord[] = tab === 'websites' ? Array.from({ length: 5 }, (_, i) => website(i + 1)) : reports.slice(0, 5);
      dispatch({ type: 'list/loaded', tab, requestId, page: pageOf(items, { total: items.length }), query: state.tabs[tab].query } as never);
    }
  }
  const p = state.projects;
  if (p.status === 'loading')
    dispatch({
      type: 'projects/progress',
      requestId: p.requestId,
      read: reports.length,
      total: reports.length,
      rows: projectRows(addReports(NO_PROJECTS, reports)),
      reports,
      done: true,
    } as never);
}

const shape = (s: DeckState) =>
  s.stack.map((x) => (x.kind === 'audit' ? `audit ${x.audit.level}` : x.kind)).join(' > ') + (s.overlay ? ` + ${s.overlay.kind}` : '');

describe('the screen stack under random keys (seeded)', () => {
  it(`${RUNS} runs of ${STEPS} keys: keys act on the screen shown; the stack stays well formed`, () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    for (let run = 0; run < RUNS && failures.length < 5; run++) {
      const rng = mulberry32(20261126 + run);
      const store = createStore(initialState({}));
      const ctx = { store, exit: () => {}, write: () => {}, copy: () => ({ ok: true, text: 'copied' }) };
      for (let step = 0; step < STEPS; step++) {
        answer(store.getState(), store.dispatch as never);
        // Now and then a moment passes: a question on screen takes keys.
        if (rng() < 0.5) store.dispatch({ type: 'question/arm' });
        const before = store.getState();
        const [input, key] = pick(rng, PRESSES);
        routeKey(ctx, input, { ...NO_KEY, ...key });
        answer(store.getState(), store.dispatch as never);
        const after = store.getState();
        const where = `run ${run} step ${step} ${JSON.stringify(input || key)} on ${shape(before)}`;
        seen.add(shape(after));
        // Well formed: a base of a tab at the bottom, a list under every detail and form's list.
        if (!['list', 'projects'].includes(after.stack[0].kind)) failures.push(`${where}: base ${after.stack[0].kind}`);
        if (after.stack.slice(1).some((x) => x.kind === 'projects')) failures.push(`${where}: Projects above the base`);
        // A key on a screen that stays on top acts on that screen alone.
        const top = topScreen(before).kind;
        const sameTop = after.stack.length === before.stack.length && topScreen(after).kind === top;
        if (sameTop && !before.overlay && (top === 'projects' || top === 'audit')) {
          for (const t of ['websites', 'reports'] as const)
            if (after.tabs[t].cursor !== before.tabs[t].cursor) failures.push(`${where}: moved the hidden ${t} list`);
        }
        if (sameTop && (top === 'list' || top === 'detail' || top === 'audit') && after.projects.cursor !== before.projects.cursor)
          failures.push(`${where}: moved the hidden Projects row`);
        if ((before.overlay?.kind === 'help' || before.overlay?.kind === 'messages') && after.tabs[before.tab].cursor !== before.tabs[before.tab].cursor)
          failures.push(`${where}: a key under ${before.overlay.kind} moved the list`);
        if (after.form && isDirty(after.form)) store.dispatch({ type: 'form/discard' });
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The bursts reached the deep screens, not only the lists.
    expect([...seen].some((s) => s.includes('audit report'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('projects > list'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('projects > list > detail'))).toBe(true);
    expect([...seen].some((s) => s.includes('> form'))).toBe(true);
    expect([...seen].some((s) => s.includes('detail > form'))).toBe(true);
  });
});

// ---- the navigation rule as a property ----

/** Keys of a walk: tabs, Enter, Esc, a search typed and kept, filters, the `:` line, help, forms. */
const WALK: Press[] = [
  ['1'],
  ['2'],
  ['3'],
  ['', { tab: true }],
  ['', { tab: true, shift: true }],
  ['', { return: true }],
  ['', { escape: true }],
  ['/'],
  ['n'],
  ['e'],
  ['w'],
  ['s'],
  ['f'],
  ['p'],
  ['c'],
  ['j'],
  ['G'],
  ['a'],
  ['?'],
  [':'],
  ['', { downArrow: true }],
  ['', { upArrow: true }],
];

/** A screen as the rule sees it: its kind, and the Audit view's level. */
const screenName = (x: DeckState['stack'][number]) => (x.kind === 'audit' ? `audit ${x.audit.level}` : x.kind);
const names = (s: DeckState) => s.stack.map(screenName);

function walk(presses: readonly Press[]) {
  const store = createStore(initialState({ searches: ['news'] }));
  const ctx = { store, exit: () => {}, write: () => {}, copy: () => ({ ok: true, text: 'copied' }) };
  const press = ([input, key]: Press) => {
    answer(store.getState(), store.dispatch as never);
    store.dispatch({ type: 'question/arm' });
    routeKey(ctx, input, { ...NO_KEY, ...key });
    answer(store.getState(), store.dispatch as never);
    // A form with edits asks before it goes (on purpose): its edits are dropped here.
    const f = store.getState().form;
    if (f && isDirty(f)) store.dispatch({ type: 'form/discard' });
  };
  for (const p of presses) press(p);
  return { store, press };
}

const ESC: Press = ['', { escape: true }];

describe('the navigation rule (fast-check, seed 4848)', () => {
  it('after any walk, repeated Esc visits each screen of the tab’s stack once, in reverse order, and ends at its base', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WALK), { maxLength: 60 }), (presses) => {
        const { store, press } = walk(presses);
        // A form is left by its own Esc (asks when edited); the walk drops the form's edits first.
        const start = names(store.getState());
        const visited: string[][] = [names(store.getState())];
        // Each screen's own steps (an overlay, a search, the filters) come before its pop: a bound, not a count.
        for (let i = 0; i < 4 * start.length + 4; i++) {
          press(ESC);
          visited.push(names(store.getState()));
        }
        const end = store.getState();
        expect(end.stack).toHaveLength(1);
        expect(end.overlay).toBeNull();
        // Every stack seen is the one the walk ended on, cut shorter one screen at a time: no screen twice.
        for (let i = 1; i < visited.length; i++) {
          expect(start.slice(0, visited[i].length)).toEqual(visited[i]);
          expect(visited[i - 1].length - visited[i].length).toBeLessThanOrEqual(1);
          expect(visited[i].length).toBeLessThanOrEqual(visited[i - 1].length);
        }
        // Once there, Esc says so and stays.
        expect(end.flash?.text).toMatch(/^Nothing to back out of: this is the (Websites|Reports|Projects) tab’s first screen$/);
      }),
      { seed: 4848, numRuns: 200 },
    );
  });

  it('a tab left and come back to shows its screens, search and filters as they were', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WALK), { maxLength: 60 }), fc.constantFrom('1', '2', '3'), (presses, other) => {
        const { store, press } = walk(presses);
        const s = store.getState();
        // Tab keys act on the screens (a form, an overlay take their own keys).
        if (s.overlay || topScreen(s).kind === 'form') return;
        const key = s.stack[0].kind === 'projects' ? '3' : s.tab === 'websites' ? '1' : '2';
        if (key === other) return;
        const before = { names: names(s), websites: s.tabs.websites.query, reports: s.tabs.reports.query, projects: s.projects.filter };
        press([other]);
        press([key]);
        const after = store.getState();
        expect({ names: names(after), websites: after.tabs.websites.query, reports: after.tabs.reports.query, projects: after.projects.filter }).toEqual(
          before,
        );
      }),
      { seed: 4848, numRuns: 200 },
    );
  });

  it('3 Enter Enter, then Esc: the report, the project’s reports, Projects, then it says so (no screen twice)', () => {
    const { store, press } = walk([['3'], ['', { return: true }], ['', { return: true }]]);
    expect(names(store.getState())).toEqual(['projects', 'list', 'detail']);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      press(ESC);
      seen.push(names(store.getState()).join(' > '));
    }
    expect(seen).toEqual(['projects > list', 'projects', 'projects', 'projects', 'projects']);
    expect(store.getState().flash?.text).toBe('Nothing to back out of: this is the Projects tab’s first screen');
  });

  it('3 on the Projects tab goes to its first screen, as 1 does on Websites (it was not a key there)', () => {
    const { store, press } = walk([['3'], ['', { return: true }]]);
    expect(names(store.getState())).toEqual(['projects', 'list']);
    press(['3']);
    expect(names(store.getState())).toEqual(['projects']);
    press(['3']);
    expect(names(store.getState())).toEqual(['projects']);
    expect(store.getState().flash?.text ?? '').not.toMatch(/not a key/);
  });

  it('the Reports tab keeps its own list: a project’s reports sit on Projects, and 2 shows Reports as it was left', () => {
    const { store, press } = walk([['2'], ['/'], ['n'], ['e'], ['', { return: true }], ['f'], ['b']]);
    // f opens the result picker on the class in force; b narrows to bad, Enter takes it.
    press(['', { return: true }]);
    const reports = store.getState().tabs.reports.query;
    expect(reports.search).toBe('ne');
    expect(reports.result).toBeDefined();
    press(['3']);
    press(['', { return: true }]);
    const onProject = store.getState();
    expect(names(onProject)).toEqual(['projects', 'list']);
    expect(onProject.tabs.reports.query.search).toBeUndefined();
    expect(onProject.tabs.reports.query.result).toBeUndefined();
    expect(onProject.tabs.reports.query.project).toBeDefined();
    press(['2']);
    expect(names(store.getState())).toEqual(['list']);
    expect(store.getState().tabs.reports.query).toEqual(reports);
    press(['3']);
    expect(names(store.getState())).toEqual(['projects', 'list']);
    expect(store.getState().tabs.reports.query.project).toBe(onProject.tabs.reports.query.project);
    press(ESC);
    expect(names(store.getState())).toEqual(['projects']);
    press(['2']);
    expect(store.getState().tabs.reports.query).toEqual(reports);
  });

  it('Esc clears a kept search, then the filters, one step each, saying what it cleared; / then ↑ brings the search back', () => {
    const { store, press } = walk([['2'], ['/'], ['n'], ['e'], ['', { return: true }], ['f'], ['b'], ['', { return: true }]]);
    const result = store.getState().tabs.reports.query.result;
    press(ESC);
    expect(store.getState().tabs.reports.query).toMatchObject({ result });
    expect(store.getState().tabs.reports.query.search).toBeUndefined();
    expect(keyWords(store.getState().flash?.text ?? '')).toBe('Cleared the search "ne" (/ then ↑ brings it back)');
    press(ESC);
    expect(store.getState().tabs.reports.query.result).toBeUndefined();
    expect(store.getState().flash?.text).toBe(`Cleared result ${result}`);
    press(ESC);
    expect(store.getState().flash?.text).toBe('Nothing to back out of: this is the Reports tab’s first screen');
    press(['/']);
    press(['', { upArrow: true }]);
    expect(store.getState().tabs.reports.query.search).toBe('ne');
    press(['', { upArrow: true }]);
    expect(store.getState().tabs.reports.query.search).toBe('news');
    press(['', { downArrow: true }]);
    press(['', { downArrow: true }]);
    expect(store.getState().tabs.reports.query.search).toBeUndefined();
  });
});

describe('where the rule puts you, said and searched', () => {
  it('a project’s reports are said on the Projects tab; the Reports tab’s total stays its own', () => {
    const { store, press } = walk([['2'], ['3'], ['', { return: true }]]);
    const s = store.getState();
    expect(spokenPlace(s, 0)).toMatch(/^Reports, tab 3 of 3, over Projects, /);
    expect(tabList(s, 'reports')).toBe(s.aside);
    press(['2']);
    expect(spokenPlace(store.getState(), 0)).toMatch(/^Reports, tab 2 of 3, /);
  });

  it('G then /word on Projects: the cursor on the first match; Enter keeps it, / then ↑ recalls it there too', () => {
    const { store, press } = walk([['3']]);
    // Best average first: app.one, shop.two, app.three, zed.four (the last row matches no "app").
    const own = ['app.one.com', 'shop.two.com', 'app.three.com', 'zed.four.com'].map((project, i) => report(100 + i, { project, result: 90 - i * 20 }));
    store.dispatch({
      type: 'projects/progress',
      requestId: store.getState().projects.requestId,
      read: 4,
      total: 4,
      rows: projectRows(addReports(NO_PROJECTS, own)),
      reports: own,
      done: true,
    });
    press(['G']);
    expect(shownProjects(store.getState().projects)[store.getState().projects.cursor].project).toBe('zed.four.com');
    const word = 'app';
    press(['/']);
    for (const ch of word) press([ch]);
    const p = store.getState().projects;
    expect(p.cursor).toBe(0);
    expect(shownProjects(p).map((r) => r.project)).toEqual(['app.one.com', 'app.three.com']);
    press(['', { return: true }]);
    press(ESC);
    expect(store.getState().projects.filter).toBe('');
    expect(keyWords(store.getState().flash?.text ?? '')).toBe('Cleared the search "app" (/ then ↑ brings it back)');
    press(['/']);
    press(['', { upArrow: true }]);
    expect(store.getState().projects.filter).toBe(word);
  });
});

describe('docs/deck.md shows the navigation rule', () => {
  it('its navigation table is the rule’s rows, in order', () => {
    const deck = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'deck.md'), 'utf8');
    const table = ['| keys | what they do |', '|---|---|', ...NAVIGATION.map((r) => `| ${r.keys} | ${r.does} |`)].join('\n');
    expect(deck).toContain(table);
  });
});

// The screen stack under random key bursts (seeded): whatever screen is on top, a key acts on that
// screen and its rows only, never on one under it or on a list not shown; the stack stays well
// formed (a tab's base at the bottom, at most one overlay); and from any state reached, Esc
// reaches the tab's base in at most the stack's depth (one press per screen above it and per overlay).
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { addReports, NO_PROJECTS, projectRows, type Report } from '../../src/domain';
import { mulberry32, pick } from '../../src/emulator/prng';
import { isDirty } from '../../src/state/formState';
import { initialState } from '../../src/state/reducer';
import { depthOf, topScreen } from '../../src/state/stack';
import { createStore } from '../../src/state/store';
import type { AnyRecord, DeckState } from '../../src/state/types';
import { NO_KEY } from '../../src/ui/keymap';
import { routeKey } from '../../src/ui/useInputRouter';
import { pageOf, report, website } from '../helpers/records';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const STEPS = 80;

type Press = [input: string, key?: Partial<Key>];
// No Space and no typing into a form: a form with edits asks before Esc leaves it (on purpose).
const PRESSES: Press[] = [
  ['j'], ['k'], ['g'], ['G'], ['1'], ['2'], ['3'], ['a'], ['e'], ['n'], ['d'], ['?'], [':'], ['/'], ['s'], ['R'], ['f'],
  ['', { escape: true }], ['', { escape: true }], ['', { return: true }], ['', { return: true }], ['', { tab: true }], ['n'],
];

const reports: Report[] = Array.from({ length: 12 }, (_, i) => report(i + 1, { result: 20 + i * 6, checks: [{ name: i % 2 ? 'title' : 'h1', label: i % 2 ? 'Title' : 'H1', passed: false, importance: 'high' }] }));

/** What the effects would answer: the lists' pages and the read of every report. */
function answer(state: DeckState, dispatch: (a: never) => void) {
  for (const tab of ['websites', 'reports'] as const) {
    const t = state.tabs[tab];
    if (t.requestId === 0 || t.loading) {
      const requestId = t.requestId + 1;
      dispatch({ type: 'list/request', tab, requestId } as never);
      const items: AnyRecord[] = tab === 'websites' ? Array.from({ length: 5 }, (_, i) => website(i + 1)) : reports.slice(0, 5);
      dispatch({ type: 'list/loaded', tab, requestId, page: pageOf(items, { total: items.length }), query: state.tabs[tab].query } as never);
    }
  }
  const p = state.projects;
  if (p.status === 'loading') dispatch({ type: 'projects/progress', requestId: p.requestId, read: reports.length, total: reports.length, rows: projectRows(addReports(NO_PROJECTS, reports)), reports, done: true } as never);
}

const shape = (s: DeckState) => s.stack.map((x) => (x.kind === 'audit' ? `audit ${x.audit.level}` : x.kind)).join(' > ') + (s.overlay ? ` + ${s.overlay.kind}` : '');

describe('the screen stack under random keys (seeded)', () => {
  it(`${RUNS} runs of ${STEPS} keys: keys act on the screen shown; Esc reaches the base in at most the depth`, () => {
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
          for (const t of ['websites', 'reports'] as const) if (after.tabs[t].cursor !== before.tabs[t].cursor) failures.push(`${where}: moved the hidden ${t} list`);
        }
        if (sameTop && (top === 'list' || top === 'detail' || top === 'audit') && after.projects.cursor !== before.projects.cursor) failures.push(`${where}: moved the hidden Projects row`);
        if ((before.overlay?.kind === 'help' || before.overlay?.kind === 'messages') && after.tabs[before.tab].cursor !== before.tabs[before.tab].cursor) failures.push(`${where}: a key under ${before.overlay.kind} moved the list`);
        // A form with edits asks before Esc leaves it (deliberately): its edits are dropped here instead.
        if (after.form && isDirty(after.form)) {
          store.dispatch({ type: 'form/discard' });
          continue;
        }
        // Esc from here, on a copy: at most depth presses to the tab's base.
        // (A question takes keys once it has been on screen a moment: each is armed, as time would.)
        const copy = createStore(after);
        const depth = depthOf(after);
        for (let i = 0; i < depth; i++) {
          copy.dispatch({ type: 'question/arm' });
          routeKey({ ...ctx, store: copy }, '', { ...NO_KEY, escape: true });
        }
        const end = copy.getState();
        if (end.stack.length !== 1 || end.overlay) failures.push(`${where}: ${depth} Esc from ${shape(after)} ended on ${shape(end)}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The bursts reached the deep screens, not only the lists.
    expect([...seen].some((s) => s.includes('audit report'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('projects > list'))).toBe(true);
    expect([...seen].some((s) => s.includes('> form'))).toBe(true);
    expect([...seen].some((s) => s.includes('detail > form'))).toBe(true);
  });
});

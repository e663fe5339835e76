// The one pager, screens × keys (issue 57.3): on every screen of the registry, and the help and the
// message log over a list, each of PgDn PgUp Ctrl+D Ctrl+U g G Home End ] [ either moves what is
// shown or says in the flash line why it cannot here; none is silent. A screen added to the registry
// is walked by being added (a screen the pager has no entry for refuses each key in words).
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/state/actions';
import { addReports, projectRows } from '../../src/domain/projects';
import { SCREEN_KINDS } from '../../src/state/mode';
import { initialState, reducer } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import type { DeckState } from '../../src/state/types';
import { NO_KEY, findBinding, disabledReason } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import { SCREENS } from '../../src/ui/screens/registry';
import { pageOf, report, website } from '../helpers/records';
import type { Key } from 'ink';

const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);

const PAGER_PRESSES: readonly [string, string, Key][] = [
  ['PgDn', '', { ...NO_KEY, pageDown: true }],
  ['PgUp', '', { ...NO_KEY, pageUp: true }],
  ['Ctrl+D', 'd', { ...NO_KEY, ctrl: true }],
  ['Ctrl+U', 'u', { ...NO_KEY, ctrl: true }],
  ['g', 'g', NO_KEY],
  ['G', 'G', { ...NO_KEY, shift: true }],
  ['Home', '', { ...NO_KEY, home: true }],
  ['End', '', { ...NO_KEY, end: true }],
  [']', ']', NO_KEY],
  ['[', '[', NO_KEY],
];

const reports = Array.from({ length: 30 }, (_, i) => report(i + 1, { url: `https://site${i}.example.com/page`, project: `site${i}.example.com` }));

/** A list of 30 rows on page 2 of 3, the cursor in the middle: every motion has somewhere to go. */
function middle(): DeckState {
  const rows = Array.from({ length: 30 }, (_, i) => website(i + 1));
  const s = run(
    initialState(),
    { type: 'page/set', page: 2 },
    { type: 'list/request', tab: 'websites', requestId: 1 },
    {
      type: 'list/loaded',
      tab: 'websites',
      requestId: 1,
      page: { ...pageOf(rows), meta: { ...pageOf(rows).meta, page: 2, lastPage: 3, perPage: 30, total: 90 } },
    },
    { type: 'cursor/move', delta: 15 },
  );
  return run(s, {
    type: 'view/drawn',
    drawn: {
      list: { tab: 'websites', top: 4, start: 0, rows: 20, width: 80 },
      detail: { maxTop: 40, page: 10 },
      auditRows: 10,
      helpPages: 5,
      messagePages: 4,
      projectsRows: 10,
    },
  });
}

function withProjects(s: DeckState): DeckState {
  const o = run(s, { type: 'projects/open' });
  const p = run(o, {
    type: 'projects/progress',
    requestId: o.projects.requestId,
    read: 30,
    total: 30,
    rows: projectRows(addReports(new Map(), reports)),
    reports,
    done: true,
  });
  return run(p, { type: 'projects/move', delta: 15 });
}

/** Each screen of the registry on top, and each scrolling overlay, with room to move both ways. */
function reach(where: string): DeckState {
  const s = middle();
  switch (where) {
    case 'list':
      return s;
    case 'detail':
      return run(s, { type: 'detail/open' }, { type: 'detail/scroll', delta: 20 });
    case 'form':
      return run(s, { type: 'form/edit' });
    case 'projects':
      return withProjects(s);
    case 'audit':
      return run(withProjects(s), { type: 'audit/open' }, { type: 'audit/move', delta: 3, count: 10 });
    case 'help':
      return run(s, { type: 'help/toggle' }, { type: 'help/page', delta: 2 });
    case 'messages':
      return run(s, { type: 'messages/toggle' }, { type: 'messages/page', delta: 1 });
    case 'changes':
      return run(s, { type: 'changes/toggle' }, { type: 'messages/page', delta: 1 });
    default:
      // A screen the test does not know how to fill: reached as the screens test reaches it.
      return run(s, { type: `${where}/start`, source: 'https://a.example.com/sitemap.xml' } as unknown as Action);
  }
}

/** What a key changed, leaving out the flash (said apart) and what the frame reports back. */
const moved = (a: DeckState, b: DeckState) => JSON.stringify({ ...a, flash: null }) !== JSON.stringify({ ...b, flash: null });

describe('the one pager: screens × keys', () => {
  const places = [...SCREEN_KINDS, 'help', 'messages', 'changes'];
  it('walks every screen of the registry', () => {
    for (const kind of Object.keys(SCREENS)) expect(places).toContain(kind);
  });
  for (const where of places) {
    for (const [name, input, key] of PAGER_PRESSES) {
      it(`${where}: ${name} moves or says why not`, () => {
        const state = reach(where);
        const store = createStore(state);
        routeKey({ store, exit: () => {}, write: () => {} }, input, key);
        const after = store.getState();
        const b = findBinding(state, input, key);
        if (moved(state, after)) return;
        // Not moved: the flash line says why (a refused key, or a page that is not there).
        expect(after.flash?.text, `${where} ${name}: ${b ? b.id : 'no binding'} was silent`).toBeTruthy();
        expect(after.flash).not.toEqual(state.flash);
        if (b) expect(disabledReason(b, state) ?? after.flash?.text).toBeTruthy();
      });
    }
  }
});

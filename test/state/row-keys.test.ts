// A key that acts on a row reaches the row the screen shows, never one of a list being replaced:
// seeded bursts of keys (search, sort, page, refresh, cursor, d/y/n, e, Space, y to copy)
// interleaved with list answers that arrive late, early, out of order or superseded. The invariant:
// every write's target (and every form, mark and copy) is the row highlighted on screen when its
// key was pressed, in a list that answered the query asked for.
import type { RecordId } from '../../src/domain';
import { describe, expect, it } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { mulberry32, pick } from '../../src/emulator/prng';
import { initialState } from '../../src/state/reducer';
import { fetchKey, items, listInFlux } from '../../src/state/selectors';
import { createStore } from '../../src/state/store';
import type { AnyRecord, DeckState } from '../../src/state/types';
import { NO_KEY } from '../../src/ui/keys/keymap';
import { routeKey } from '../../src/ui/input/useInputRouter';
import type { Key } from 'ink';
import { pageOf, website } from '../helpers/records';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const STEPS = 120;

/** What the host answers for a list key: the rows whose domain holds the search, sorted, one page. */
function answer(state: DeckState) {
  const q = state.tabs.websites.query;
  const all = Array.from({ length: 37 }, (_, i) => website(i + 1, { domain: `site${i + 1}.example.org` }));
  const hits = all.filter((w) => !q.search || w.domain.includes(q.search));
  const sorted = q.sort_by === 'domain' ? [...hits].sort((a, b) => a.domain.localeCompare(b.domain)) : [...hits].reverse();
  const per = q.per_page ?? 10;
  const page = q.page ?? 1;
  return pageOf(sorted.slice((page - 1) * per, page * per), { total: hits.length, perPage: per, page });
}

type Press = [input: string, key?: Partial<Key>];
const PRESSES: Press[] = [
  ['j'],
  ['k'],
  ['d'],
  ['y'],
  ['n'],
  ['e'],
  [' '],
  ['r'],
  [']'],
  ['['],
  ['s'],
  ['/'],
  ['2'],
  ['1'],
  ['c'],
  ['', { escape: true }],
  ['', { return: true }],
  ['y'],
];

describe('row keys during a list change (seeded)', () => {
  it(`${RUNS} runs of ${STEPS} steps: no key acts on a row the screen does not show`, () => {
    let acted = 0;
    for (let run = 0; run < RUNS; run++) {
      const rng = mulberry32(20261125 + run);
      const store = createStore(initialState({}));
      const copied: string[] = [];
      const ctx = { store, exit: () => {}, write: () => {}, copy: (text: string) => (copied.push(text), { ok: true, text: 'copied' }) };
      // Requests the "host" holds: id, the state they were asked in, and when they answer.
      const pending: { id: number; asked: DeckState; due: number }[] = [];
      let next = 1;
      let requested = '';
      const failures: string[] = [];
      for (let step = 0; step < STEPS; step++) {
        const s = store.getState();
        const tab = s.tabs.websites;
        // The effects: a list whose key changed is asked for (sometimes after a debounce step).
        if (s.tab === 'websites' && fetchKey(tab) !== requested && rng() < 0.7) {
          requested = fetchKey(tab);
          store.dispatch({ type: 'list/request', tab: 'websites', requestId: next });
          pending.push({ id: next, asked: store.getState(), due: step + Math.floor(rng() * 4) });
          next++;
          continue;
        }
        // An answer that is due, in any order (superseded ones too: the reducer drops them).
        const due = pending.filter((p) => p.due <= step);
        if (due.length && rng() < 0.5) {
          const p = pick(rng, due);
          pending.splice(pending.indexOf(p), 1);
          store.dispatch({ type: 'list/loaded', tab: 'websites', requestId: p.id, page: answer(p.asked) });
          continue;
        }
        // A key, judged against the frame on screen when it is pressed.
        const [input, key] = pick(rng, PRESSES);
        const before = store.getState();
        const shown = before.tab === 'websites' ? items(before.tabs.websites) : [];
        const highlighted: AnyRecord | undefined = shown[before.tabs.websites.cursor];
        const onScreen = listInFlux(before.tabs.websites) === null;
        const copiedBefore = copied.length;
        routeKey(ctx, input, { ...NO_KEY, ...key });
        const after = store.getState();
        const check = (what: string, id: RecordId | undefined) => {
          acted++;
          if (!onScreen || id !== highlighted?.id)
            failures.push(`run ${run} step ${step}: ${what} ${id} while the screen highlighted ${highlighted?.id} (${onScreen ? 'settled' : 'changing'})`);
        };
        const asked = (s: DeckState) => (s.overlay?.kind === 'confirm-delete' ? s.overlay : null);
        const was = asked(before);
        const now = asked(after);
        if (!was && now && !now.ids) check('delete asked for', now.id);
        if (was && after.op?.kind === 'delete' && before.op === null) {
          // y confirms what the dialog named: that row was checked when d was pressed.
          if (after.op.id !== was.id) failures.push(`run ${run} step ${step}: deleted ${after.op.id}, the dialog named ${was.id}`);
        }
        if (!before.form && after.form && after.form.op === 'update') check('edit opened for', after.form.id ?? undefined);
        if (after.marked.websites.length !== before.marked.websites.length && modeOf(before).kind === 'list') {
          const toggled = [...after.marked.websites, ...before.marked.websites].find(
            (id) => after.marked.websites.includes(id) !== before.marked.websites.includes(id),
          );
          check('marked', toggled);
        }
        if (copied.length > copiedBefore) check('copied', shown.find((r) => copied[copied.length - 1].includes(String((r as { domain?: string }).domain)))?.id);
        // A finished delete clears its op, as the effects would.
        if (after.op?.kind === 'delete') store.dispatch({ type: 'delete/done', seq: after.op.seq });
        if (after.form && rng() < 0.5) store.dispatch({ type: 'form/discard' });
      }
      expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
    }
    // The keys were exercised, not refused every time.
    expect(acted).toBeGreaterThan(RUNS);
  });
});

// The counts of a change to marked rows are the host's, whatever is marked, whatever the host has
// and whatever page the deck has loaded (fixed seed): random marks × host states × the page loaded
// (stale: the host changes after it loads), then another user's changes between the question and
// the yes. The question's counts equal the host's at the question, read in the requests it says;
// the end's counts equal the host's at the run, add up to the question's rows, and the rows found
// otherwise are the number its reason states.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import type { Client } from '../../src/api/types';
import { PER_PAGE_VALUES, type RecordId } from '../../src/domain';
import { startEmulator, type Emulator } from '../../src/emulator';
import { startEffects } from '../../src/state/effects';
import { READ_PAGE } from '../../src/state/marks/readPlan';
import { initialState } from '../../src/state/reducer';
import { createStore, type Store } from '../../src/state/store';
import { waitFor } from '../helpers/wait';

const SEED = 5501;
const RUNS = 24;

/** A row of the host at one moment: Public, not Public, or deleted. */
type Was = 'public' | 'private' | 'gone';

const scenario = fc.integer({ min: 1, max: 130 }).chain((n) => {
  const each = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: n, maxLength: n });
  return fc.record({
    n: fc.constant(n),
    /** The host when the deck loads its page. */
    loadedAs: each(fc.boolean()),
    marked: each(fc.boolean()).filter((m) => m.includes(true)),
    /** The host at the question: flipped since the page loaded, or deleted. */
    atQuestion: each(fc.constantFrom<'same' | 'flip' | 'delete'>('same', 'same', 'flip', 'delete')),
    /** The host at the run: flipped since the question, or deleted (another user). */
    atRun: each(fc.constantFrom<'same' | 'flip' | 'delete'>('same', 'same', 'same', 'flip', 'delete')),
    perPage: fc.constantFrom(...PER_PAGE_VALUES),
    /** The host cannot be read for the question (one 500): it counts the rows loaded, and says so. */
    readFails: fc.boolean(),
    page: fc.integer({ min: 1, max: 3 }),
  });
});

interface Host {
  emulator: Emulator;
  client: Client;
  ids: RecordId[];
}

async function host(n: number): Promise<Host> {
  const emulator = await startEmulator({ seed: n, seedReports: 1, rateLimit: 0, port: 0, seoPort: 0 });
  const client = createClient({ baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey, retries: 0, timeoutMs: 5000 });
  const ids = emulator
    .websites()
    .map((w) => w.id as number)
    .sort((a, b) => a - b);
  return { emulator, client, ids };
}

/** Each row's state on the host now. */
function stateOf(h: Host): Map<RecordId, Was> {
  const rows = new Map(h.emulator.websites().map((w) => [w.id as RecordId, w.privacy === 0 ? ('public' as const) : ('private' as const)]));
  return new Map(h.ids.map((id) => [id, rows.get(id) ?? 'gone']));
}

/** Another user's changes: a row flipped between Public and Private, or deleted. */
async function change(h: Host, how: readonly ('same' | 'flip' | 'delete')[]) {
  const now = stateOf(h);
  for (const [i, id] of h.ids.entries()) {
    if (now.get(id) === 'gone' || how[i] === 'same') continue;
    if (how[i] === 'delete') await h.client.websites.delete(id);
    else await h.client.websites.update(id, { privacy: now.get(id) === 'public' ? 1 : 0 });
  }
}

const count = (text: string, re: RegExp) => Number(re.exec(text)?.[1] ?? 0);

describe('the counts of a change to marked rows, property', () => {
  it(`${RUNS} random marks × host states × pages loaded (seed ${SEED}): the question's counts are the host's, the end's add up with its reason`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const h = await host(s.n);
        let store: Store | undefined;
        let stop = () => {};
        try {
          for (const [i, id] of h.ids.entries()) await h.client.websites.update(id, { privacy: s.loadedAs[i] ? 0 : 1 });
          const marks = h.ids.filter((_, i) => s.marked[i]);
          const start = initialState();
          store = createStore({
            ...start,
            marked: { websites: marks, reports: [] },
            tabs: { ...start.tabs, websites: { ...start.tabs.websites, query: { ...start.tabs.websites.query, per_page: s.perPage, page: s.page } } },
          });
          const st = store;
          stop = startEffects({ client: h.client, store: st }).stop;
          await waitFor(() => st.getState().tabs.websites.data !== null && !st.getState().tabs.websites.loading, 'the page loaded');
          const loadedTotal = st.getState().tabs.websites.data!.meta.total;
          // The page loaded is now out of date: the host changes under it.
          await change(h, s.atQuestion);
          const asked = stateOf(h);
          h.emulator.clearHits();
          if (s.readFails) h.emulator.addFault({ method: 'GET', path: /websites/, times: 1, fault: { type: 'status', status: 500 } });
          st.dispatch({ type: 'bulk/update', values: { privacy: 0 }, what: ':privacy' });
          await waitFor(() => {
            const o = st.getState().overlay;
            return (o?.kind === 'confirm-bulk' && o.reading === undefined) || /nothing to change/.test(st.getState().flash?.text ?? '');
          }, 'the question');
          // What the question expects of each row: from the host just now, or (the read failed) from the page loaded.
          const page = new Map(st.getState().tabs.websites.data!.items.map((r) => [r.id, (r as unknown as { privacy: number }).privacy === 0]));
          const expected = new Map<RecordId, Was>(marks.map((id) => [id, !s.readFails ? asked.get(id)! : page.get(id) === true ? 'public' : 'private']));
          const of = (was: Was) => marks.filter((id) => expected.get(id) === was).length;
          const [toChange, already, gone] = [of('private'), of('public'), of('gone')];
          const reads = h.emulator.hits.filter((x) => !x.path.startsWith('/__emulator'));
          expect(reads.every((x) => x.method === 'GET')).toBe(true);
          const o = st.getState().overlay;
          if (o?.kind !== 'confirm-bulk') {
            expect(toChange).toBe(0);
            expect(st.getState().flash?.text).toContain(
              s.readFails ? `(counted of the ${marks.filter((id) => page.has(id)).length} loaded)` : `(read from the host just now, ${reads.length} request`,
            );
            return;
          }
          if (s.readFails) {
            // Counted of the rows loaded, and said so: the question counts what it sends.
            const loaded = marks.filter((id) => page.has(id)).length;
            expect(o.asked).toEqual({
              from: { kind: 'loaded', loaded },
              toChange: toChange - (marks.length - loaded),
              already,
              gone: 0,
              unknown: marks.length - loaded,
            });
            expect(o.question).toContain(`on ${toChange} website`);
            expect(o.detail).toContain(`Counted of the ${loaded} loaded: ${toChange - (marks.length - loaded)} to change · ${already} already Public`);
            expect(st.getState().flash?.text).toContain('could not be read');
          } else {
            expect(o.asked).toEqual({ from: { kind: 'host', requests: reads.length }, toChange, already, gone, unknown: 0 });
            // One read a row when that is fewer than the list's pages (100 a page), else the pages (a row not on them is gone).
            const pages = (total: number) => Math.max(1, Math.ceil(total / READ_PAGE));
            const byRow = marks.length <= pages(loadedTotal);
            expect(reads.length).toBe(byRow ? marks.length : pages(s.n - [...asked.values()].filter((w) => w === 'gone').length));
            expect(o.question).toContain(already || gone ? `${toChange} to change · ${already} already Public` : `on ${toChange} website`);
            expect(o.detail).toBe(`Read from the host just now, ${reads.length} ${reads.length === 1 ? 'request' : 'requests'}.`);
          }

          // Another user, between the question and the yes.
          await change(h, s.atRun);
          const atRun = stateOf(h);
          h.emulator.clearHits();
          st.dispatch({ type: 'question/arm' });
          st.dispatch({ type: 'bulk/confirm' });
          await waitFor(() => st.getState().bulk === null, 'the run over');
          const said = st.getState().flash!.text;
          const present = marks.filter((id) => expected.get(id) !== 'gone');
          const now = (was: Was) => present.filter((id) => atRun.get(id) === was).length;
          const updated = count(said, /(\d+) updated/);
          const alreadyEnd = count(said, /(\d+) already Public, left alone/);
          const goneEnd = count(said, /(\d+) gone from the host/);
          const because = count(said, /: (\d+) (?:had changed on the host since the question|found otherwise when read)/);
          // The end's counts are the host's at the run, and every row of the question is in one of them.
          expect([updated, alreadyEnd, goneEnd - gone]).toEqual([now('private'), now('public'), now('gone')]);
          expect(updated + alreadyEnd + goneEnd).toBe(toChange + already + gone);
          // Rows found otherwise than the question counted them: the number the reason states (none stated when none).
          expect(because).toBe(present.filter((id) => atRun.get(id) !== expected.get(id)).length);
          expect(/had changed on the host|found otherwise/.test(said)).toBe(because > 0);
          if (because && s.readFails) expect(said).toContain('(the question counted the');
          expect(h.emulator.hits.filter((x) => x.method === 'PUT')).toHaveLength(updated);
          expect(marks.filter((id) => stateOf(h).get(id) === 'private')).toEqual([]);
          expect(st.getState().marked.websites).toEqual([]);
        } finally {
          stop();
          await h.emulator.close();
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 180_000);
});

// Marks and bulk actions in the deck, on the emulator: Space and `*` (every row matching, all
// pages), the count in the header, R and d on all marked rows with a progress line, paced under a
// small window; a failure keeps its row marked; Ctrl+C asks, then stops after the request in flight.
import { QUESTION_GUARD_MS } from '../../src/state/mode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modeOf } from '../../src/state/stack';
import { parsePrompt } from '../../src/ui/keys/promptCommands';
import { initialState, reducer } from '../../src/state/reducer';
import { KEYS } from '../helpers/ink';
import { setUpDeckUi } from '../helpers/deckUi';
import { jumpClock } from '../helpers/clock';
import { waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();
// Registered after the deck's own, so it runs first: the deck closes on real timers.
afterEach(() => {
  vi.useRealTimers();
});
const SIZE = { columns: 140, rows: 40 };
const NARROW = { columns: 80, rows: 24 };

describe('marks and bulk actions in the deck', () => {
  it(':mark asks for every matching row, :unmark clears; * toggles between the two', () => {
    expect(parsePrompt(':mark', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'mark/all', only: 'mark' }] });
    expect(parsePrompt(':unmark', 'websites')).toEqual({ kind: 'actions', actions: [{ type: 'mark/all', only: 'clear' }] });
    const some = { ...initialState(), marked: { websites: [1, 2], reports: [] } };
    const asked = reducer(some, { type: 'mark/all', only: 'mark' });
    expect(asked.markAll?.tab).toBe('websites');
    expect(reducer(some, { type: 'mark/all', only: 'clear' }).marked.websites).toEqual([]);
    expect(reducer(some, { type: 'mark/all' }).marked.websites).toEqual([]);
    expect(reducer(initialState(), { type: 'mark/all' }).markAll?.tab).toBe('websites');
    // The answer sets the marks, only for the request it answers.
    const seq = asked.markAll!.seq;
    expect(reducer(asked, { type: 'mark/set', seq: seq + 1, tab: 'websites', ids: [9] }).marked.websites).toEqual([1, 2]);
    expect(reducer(asked, { type: 'mark/set', seq, tab: 'websites', ids: [7, 8, 9] }).marked.websites).toEqual([7, 8, 9]);
  });

  it('Space marks rows, R re-runs each marked report once, done rows are unmarked', async () => {
    const h = await deckUi.start({ emulator: { seed: 20 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›'), 'the first page');
    await deck.press('2', { until: (f) => /›\s*\d+/.test(f) && !h.store.getState().tabs.reports.loading });
    const ids = h.store
      .getState()
      .tabs.reports.data!.items.slice(0, 3)
      .map((r) => r.id);
    // Space marks and moves down (as ranger, nnn and mc): Space Space Space marks three rows.
    await deck.press(' ', { until: (f) => f.includes('1 marked') });
    expect(h.store.getState().tabs.reports.cursor).toBe(1);
    await deck.press(' ', { until: (f) => f.includes('2 marked') });
    await deck.press(' ', { until: (f) => f.includes('3 marked') });
    expect(deck.frame().match(/^.\*/gm)?.length).toBe(3);
    expect(h.store.getState().marked.reports).toEqual(ids);
    expect(h.store.getState().tabs.reports.cursor).toBe(3);
    h.emulator.clearHits();
    // A change to many rows asks first, No by default: n (and Enter) send nothing.
    await deck.press('R', { until: (f) => f.includes('Re-run the analysis of 3 reports?') && f.includes('y yes · n/Esc no') });
    await deck.press('n', { until: (f) => f.includes('Nothing was sent; the rows stay marked') });
    await deck.press('R', { until: (f) => f.includes('Re-run the analysis of 3 reports?') && f.includes('y yes · n/Esc no') });
    await deck.press(KEYS.enter, { until: (f) => !f.includes('Re-run the analysis of 3 reports?') });
    expect(h.apiHits().filter((x) => x.method !== 'GET')).toEqual([]);
    // ← → choose, Enter takes the chosen answer.
    await deck.press('R', { until: (f) => f.includes('Re-run the analysis of 3 reports?') && f.includes('y yes · n/Esc no') });
    // The choice shows as colour only, which this colourless frame drops: wait on the state.
    deck.write(KEYS.right);
    await waitFor(() => (modeOf(h.store.getState()) as { yes?: boolean }).yes === true, 'Yes chosen');
    deck.write('\r');
    await deck.waitForFrame((f) => f.includes('✓ 3 re-ran'), 'the summary');
    const puts = h.apiHits().filter((x) => x.method !== 'GET');
    expect(puts.map((x) => x.path)).toEqual(ids.map((id) => `/api/v1/reports/${id}`));
    expect(puts.every((x) => x.body.results === '1')).toBe(true);
    expect(h.store.getState().marked.reports).toEqual([]);
    expect(deck.frame()).not.toContain('marked');
  });

  it('* marks every website matching, across pages; d deletes them all under the rate limit, each once; a failure stays marked', async () => {
    // The rate windows pass on a jump clock: the same requests as in real time, without the seconds.
    const clock = jumpClock();
    const h = await deckUi.start({ emulator: { seed: 34, seedReports: 2, rateLimit: 10, rateWindow: 2 }, clock });
    const opened = clock.now();
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    const all = h.emulator.websites().map((w) => w.id as number);
    // One of them will fail: the host answers 500 for it.
    const bad = all[5];
    h.emulator.addFault({ method: 'DELETE', path: `/public/api/v1/websites/${bad}`, fault: { type: 'status', status: 500 } });
    deck.write('*');
    await deck.waitForFrame((f) => f.includes('34 marked'), 'all 34 marked', 20_000);
    await deck.press('d', { until: (f) => /Delete 34 marked websites/.test(f) && f.includes('y yes · n/Esc no') });
    h.emulator.clearHits();
    deck.write('y');
    await deck.waitForFrame((f) => /33 deleted · 1 failed, still marked/.test(f), 'the summary', 30_000);
    expect(h.store.getState().marked.websites).toEqual([bad]);
    // The 34 deletes alone take four windows of 10: the pacer waited out at least three window ends
    // (the first wait partial), on the clock the emulator counts by.
    expect(clock.now() - opened).toBeGreaterThan(4000);
    expect(h.emulator.websites().map((w) => w.id)).toEqual([bad]);
    const deletes = h.apiHits().filter((x) => x.method === 'DELETE' && x.status !== 429);
    expect(deletes.map((x) => x.path).sort()).toEqual(all.map((id) => `/public/api/v1/websites/${id}`).sort());
    expect(h.apiHits().filter((x) => x.status !== 200 && x.status !== 429 && x.status !== 500)).toEqual([]);
    await deck.waitForFrame((f) => f.includes('1 marked'), 'the failed one still marked');
  }, 60_000);

  it(':email and :privacy change every marked row, one update each; bad values are refused before anything is sent', async () => {
    expect(parsePrompt(':email sometimes', 'websites')).toMatchObject({ kind: 'error' });
    expect(parsePrompt(':email enabled', 'reports')).toEqual({ kind: 'error', message: ':email is not a field of reports' });
    expect(parsePrompt(':privacy private', 'reports')).toEqual({
      kind: 'actions',
      actions: [{ type: 'bulk/update', values: { privacy: 1 }, what: ':privacy' }],
    });
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    const ids = h.store
      .getState()
      .tabs.websites.data!.items.slice(0, 2)
      .map((r) => r.id);
    await deck.press(' ', { until: (f) => f.includes('1 marked') });
    await deck.press(' ', { until: (f) => f.includes('2 marked') });
    h.emulator.clearHits();
    await deck.press(':');
    // Both rows have email reports on (seed 8): turning them off changes both.
    for (const ch of 'email disabled') deck.write(ch);
    await deck.waitForFrame((f) => f.includes(':email disabled'), 'the command typed');
    await deck.press('\r', { until: (f) => f.includes('Set email reports to Disabled on 2 websites?') && f.includes('y yes · n/Esc no') });
    expect(h.apiHits().filter((x) => x.method !== 'GET')).toEqual([]);
    deck.write('y');
    await deck.waitForFrame((f) => f.includes('✓ 2 updated'), 'the summary');
    const writes = h.apiHits().filter((x) => x.method !== 'GET');
    expect(writes.map((x) => x.path)).toEqual(ids.map((id) => `/public/api/v1/websites/${id}`));
    expect(writes.map((x) => x.body)).toEqual([{ email: '0' }, { email: '0' }]);
  });

  it('Ctrl+C during a run asks first: No lets it go on, Yes stops it after the request in flight; the rest stay marked', async () => {
    const { h, deck, deletes } = await slowDeleteRun(SIZE);
    const order = h.store.getState().tabs.websites.data!.items.map((w) => w.id);
    await deck.press(KEYS.ctrl('c'), { until: (f) => f.includes('Stop the run over marked rows after the request in flight?') });
    vi.advanceTimersByTime(QUESTION_GUARD_MS);
    await deck.waitForFrame((f) => f.includes('y yes · n/Esc no'), 'the question armed');
    await deck.press('n', { until: (f) => !f.includes('Stop the run over marked rows') });
    vi.advanceTimersByTime(3000);
    await waitFor(() => deletes().length === 2, 'the run going on: the second delete on the wire');
    await deck.press(KEYS.ctrl('c'), { until: (f) => f.includes('Stop the run over marked rows after the request in flight?') });
    vi.advanceTimersByTime(QUESTION_GUARD_MS);
    await deck.waitForFrame((f) => f.includes('y yes · n/Esc no'), 'the question armed');
    await deck.press('y', { until: (f) => f.includes('stopping after this one') });
    vi.advanceTimersByTime(3000);
    await deck.waitForFrame((f) => /2 deleted · 10 not started, still marked/.test(f), 'the summary');
    expect(deletes().map((x) => x.path)).toEqual(order.slice(0, 2).map((id) => `/public/api/v1/websites/${id}`));
    expect(h.store.getState().marked.websites).toHaveLength(10);
  });
});

/**
 * A delete of all 12 websites under way, its first request in flight: the first two deletes are
 * slow, so a question can be answered while one is in flight. Their delay runs on fake timers:
 * each ends when the test moves the clock past it.
 */
async function slowDeleteRun(size: { columns: number; rows: number }) {
  const h = await deckUi.start({ emulator: { seed: 12, seedReports: 2 } });
  const deck = deckUi.render(h, size);
  await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
  h.emulator.addFault({ method: 'DELETE', times: 2, fault: { type: 'delay', ms: 3000 } });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const deletes = () => h.apiHits().filter((x) => x.method === 'DELETE');
  deck.write('*');
  await deck.waitForFrame((f) => f.includes('12 marked'), 'all marked');
  await deck.press('d', { until: (f) => /Delete 12 marked websites/.test(f) });
  // The question takes keys once it has been on screen a moment (on the test's clock).
  vi.advanceTimersByTime(QUESTION_GUARD_MS);
  await deck.waitForFrame((f) => f.includes('y yes · n/Esc no'), 'the question armed');
  deck.write('y');
  await waitFor(() => deletes().length === 1, 'the first delete on the wire');
  return { h, deck, deletes };
}

describe('a run over marked rows, asked to stop from another screen', () => {
  it('Ctrl+C in a form during a run shows the stop question under the form; n keeps the run going and the form as typed', async () => {
    const { h, deck, deletes } = await slowDeleteRun({ columns: 100, rows: 30 });
    await deck.press('n', { until: (f) => f.includes('New website') });
    await deck.press('x', { until: (f) => f.includes('New website •') });
    const asked = await deck.press(KEYS.ctrl('c'), { until: (f) => f.includes('Stop the run over marked rows after the request in flight?') });
    expect(asked).toContain('New website •');
    expect(asked.split('\n').length).toBeLessThanOrEqual(30);
    vi.advanceTimersByTime(QUESTION_GUARD_MS);
    await deck.waitForFrame((f) => f.includes('y yes · n/Esc no'), 'the question armed');
    const kept = await deck.press('n', { until: (f) => !f.includes('Stop the run over marked rows') });
    expect(kept).toMatch(/Domain\s+x▏/);
    expect(modeOf(h.store.getState()).kind).toBe('form');
    vi.advanceTimersByTime(3000);
    await waitFor(() => deletes().length === 2, 'the run going on: the second delete on the wire');
  });
});

describe('undo', () => {
  it('u after an edit reads the record, then puts the changed field back: one more write, exactly the old value', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, SIZE);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    const first = h.store.getState().tabs.websites.data!.items[0] as unknown as { id: number; email: number };
    await deck.press('e', { until: (f) => /Edit website \S+ \(id \d+\)/.test(f) });
    await deck.press([KEYS.down, KEYS.right], { until: (f) => f.includes(' •') && /› Email reports/.test(f) });
    h.emulator.clearHits();
    await deck.press(KEYS.ctrl('s'), { until: (f) => f.includes('u undoes') });
    const changed = h.emulator.websites().find((w) => w.id === first.id)!.email;
    expect(changed).not.toBe(first.email);
    h.emulator.clearHits();
    await deck.press('u', { until: (f) => f.includes('✓ Undo: 1 undone') });
    // Read first (the record as the host has it now), then the one restoring write.
    expect(h.apiHits().map((x) => [x.method, x.path])).toEqual(expect.arrayContaining([['GET', `/public/api/v1/websites/${first.id}`]]));
    const writes = h.apiHits().filter((x) => x.method !== 'GET');
    expect(writes.map((x) => [x.method, x.path])).toEqual([['PUT', `/public/api/v1/websites/${first.id}`]]);
    expect(writes[0].body).toEqual({ email: String(first.email) });
    expect(h.emulator.websites().find((w) => w.id === first.id)!.email).toBe(first.email);
    // Undone: nothing left to undo, and u says so (it undoes host changes only).
    await deck.press('u', { until: (f) => f.includes('Nothing to undo') });
  });

  it('u after a bulk change asks, then restores each marked row to its own old value, paced, with progress', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, NARROW);
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    const rows = h.store.getState().tabs.websites.data!.items.slice(0, 3) as unknown as { id: number; privacy: number }[];
    for (let i = 0; i < 3; i++) {
      await deck.press(' ', { until: (f) => f.includes(`${i + 1} marked`) });
    }
    await deck.press(':');
    for (const ch of 'privacy public') deck.write(ch);
    await deck.waitForFrame((f) => f.includes(':privacy public'), 'typed');
    await deck.press('\r', { until: (f) => f.includes('Set privacy to Public on 3 websites?') && f.includes('y yes · n/Esc no') });
    h.emulator.clearHits();
    await deck.press('y', { until: (f) => f.includes('✓ 3 updated · u undoes') });
    expect(
      h.emulator
        .websites()
        .filter((w) => rows.some((r) => r.id === w.id))
        .map((w) => w.privacy),
    ).toEqual([0, 0, 0]);
    h.emulator.clearHits();
    const asked = await deck.press('u', { until: (f) => f.includes('Undo the change of 3 websites?') && f.includes('y yes · n/Esc no') });
    // What a yes does has a line of its own: the question's line has no room for it at 80 columns.
    expect(asked).toMatch(/│ Each gets its old value \(3 requests\)\. +│/);
    expect(asked).not.toContain('Undo: reading');
    expect(asked.split('\n').length).toBeLessThanOrEqual(NARROW.rows);
    await deck.press('y', { until: (f) => f.includes('✓ Undo: 3 undone') });
    const writes = h.apiHits().filter((x) => x.method !== 'GET');
    expect(writes.map((x) => x.path)).toEqual(rows.map((r) => `/public/api/v1/websites/${r.id}`));
    expect(writes.map((x) => x.body)).toEqual(rows.map((r) => ({ privacy: String(r.privacy) })));
    for (const r of rows) expect(h.emulator.websites().find((w) => w.id === r.id)!.privacy).toBe(r.privacy);
  });

  it('u, then n before the host has answered: the undo asks over the new form, and n keeps the form as typed', async () => {
    const h = await deckUi.start({ emulator: { seed: 8 } });
    const deck = deckUi.render(h, { columns: 100, rows: 30 });
    await deck.waitForFrame((f) => f.includes('›') && !h.store.getState().tabs.websites.loading, 'the first page');
    for (let i = 0; i < 2; i++) await deck.press(' ', { until: (f) => f.includes(`${i + 1} marked`) });
    await deck.press(':');
    for (const ch of 'privacy public') deck.write(ch);
    await deck.waitForFrame((f) => f.includes(':privacy public'), 'typed');
    await deck.press('\r', { until: (f) => f.includes('Set privacy to Public on 2 websites?') && f.includes('y yes · n/Esc no') });
    await deck.press('y', { until: (f) => f.includes('✓ 2 updated · u undoes') });
    // The undo reads the rows first; that answer comes after the form has opened.
    const slow = h.emulator.addFault({ method: 'GET', fault: { type: 'delay', ms: 600 } });
    await deck.press('u', { until: (f) => f.includes('Undo: reading') });
    await deck.press('n', { until: (f) => f.includes('New website') });
    await deck.press('x', { until: (f) => f.includes('New website •') });
    const asked = await deck.waitForFrame(
      (f) => f.includes('Undo the change of 2 websites?') && f.includes('y yes · n/Esc no'),
      'the undo question over the form',
    );
    expect(asked).toContain('New website •');
    expect(asked.split('\n').length).toBeLessThanOrEqual(30);
    slow();
    h.emulator.clearHits();
    const kept = await deck.press('n', { until: (f) => !f.includes('Undo the change of 2 websites') });
    expect(kept).toMatch(/Domain\s+x▏/);
    expect(modeOf(h.store.getState()).kind).toBe('form');
    expect(h.apiHits().filter((x) => x.method !== 'GET')).toEqual([]);
  });
});

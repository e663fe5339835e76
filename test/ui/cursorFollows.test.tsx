// The cursor follows attention (issue 57.5), on the emulator: after `n` and a save the cursor is on
// the new row, the list turned to the page the server's sort puts it on; `*` answers at once with the
// rows shown marked (no request needed) and a second press during the read stops it and says so;
// Projects opens at the top, or at the project of the report selected on Reports.
import { describe, expect, it } from 'vitest';
import { initialState, reducer } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import type { DeckState } from '../../src/state/types';
import { addReports, projectOf, projectRows } from '../../src/domain/projects';
import { shownProjects } from '../../src/state/projectsState';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS } from '../helpers/ink';
import { pageOf, report, website } from '../helpers/records';
import type { JumpClock } from '../helpers/clock';
import { waitFor } from '../helpers/wait';

const deckUi = setUpDeckUi();
const run = (s: DeckState, ...actions: Action[]) => actions.reduce(reducer, s);

describe('the cursor follows attention', () => {
  it('n, a name, save on page 3 of the newest-first list: the list turns to page 1 and the cursor is on the new row', async () => {
    const h = await deckUi.start({ emulator: { seed: 40 } });
    const deck = deckUi.render(h, { columns: 80, rows: 24 });
    const tab = () => h.store.getState().tabs.websites;
    await deck.waitForFrame((f) => f.includes('›') && !tab().loading, 'the first page');
    await deck.press(']', { until: (f) => f.includes('page 2/') && !tab().loading });
    await deck.press(']', { until: (f) => f.includes('page 3/') && !tab().loading });
    await deck.press('n', { until: (f) => f.includes('New website') });
    await deck.press('brand-new.example.net', { until: (f) => f.includes('brand-new.example.net▏') });
    await deck.press(KEYS.ctrl('s'), { until: (f) => f.includes('✓ created brand-new.example.net') });
    const created = h.emulator.websites().find((w) => w.domain === 'brand-new.example.net')!;
    const f = await deck.waitForFrame(
      (fr) => fr.includes('page 1/') && !tab().loading && tab().data?.items[tab().cursor]?.id === created.id,
      'the new row under the cursor',
    );
    expect(f).toMatch(/›\s+\d+ brand-new\.example\.net/);
  });

  it('* on a list of several pages marks the rows shown at once and says so; * again while the rest is read stops it and clears', () => {
    const rows = Array.from({ length: 10 }, (_, i) => website(i + 1));
    const page = pageOf(rows);
    const s = run(
      initialState(),
      { type: 'list/request', tab: 'websites', requestId: 1 },
      { type: 'list/loaded', tab: 'websites', requestId: 1, page: { ...page, meta: { ...page.meta, lastPage: 4, total: 40 } } },
    );
    const once = run(s, { type: 'mark/all' });
    expect(once.marked.websites).toEqual(rows.map((r) => r.id));
    expect(once.markAll).not.toBeNull();
    expect(once.flash?.text).toMatch(/^10 websites shown marked; reading the other pages for the rest of the 40/);
    const twice = run(once, { type: 'mark/all' });
    expect(twice.marked.websites).toEqual([]);
    expect(twice.markAll).toBeNull();
    expect(twice.flash?.text).toMatch(/marks cleared \(the read of the other pages for .+ stopped\)/);
    // A list of one page: every row marked by the key alone.
    const one = run(
      initialState(),
      { type: 'list/request', tab: 'websites', requestId: 1 },
      { type: 'list/loaded', tab: 'websites', requestId: 1, page: pageOf(rows, { lastPage: 1, total: 10 }) },
    );
    const all = run(one, { type: 'mark/all' });
    expect(all.marked.websites).toHaveLength(10);
    expect(all.markAll).toBeNull();
    expect(all.flash?.text).toMatch(/^10 websites marked/);
  });

  it('Projects opens at the project of the report selected on Reports, else at the top, never where an earlier visit left it', () => {
    const reports = Array.from({ length: 12 }, (_, i) => report(i + 1, { url: `https://site${i}.example.com/p`, project: `site${i}.example.com` }));
    const withRows = (s: DeckState) =>
      run(s, {
        type: 'projects/progress',
        requestId: s.projects.requestId,
        read: 12,
        total: 12,
        rows: projectRows(addReports(new Map(), reports)),
        reports,
        done: true,
      });
    // An earlier visit left the cursor on row 10 (the state carried it).
    const base = run(
      initialState(),
      { type: 'list/request', tab: 'reports', requestId: 1 },
      { type: 'list/loaded', tab: 'reports', requestId: 1, page: pageOf(reports) },
    );
    const carried: DeckState = { ...base, projects: { ...base.projects, cursor: 10 } };
    const fromWebsites = withRows(run(carried, { type: 'projects/open' }));
    expect(fromWebsites.projects.cursor).toBe(0);
    const onReports = run(carried, { type: 'tab/select', tab: 'reports' }, { type: 'cursor/move', delta: 4 });
    const opened = withRows(run(onReports, { type: 'projects/open' }));
    expect(shownProjects(opened.projects)[opened.projects.cursor].project).toBe(projectOf(reports[4]));
  });
  it('* during a rate-limit wait answers at once: the rows shown marked, said; * again stops the read and says so', async () => {
    // A clock whose waits are held until the test lets them go: the pacer stands in its wait.
    let t = Date.now();
    const held: (() => void)[] = [];
    const clock: JumpClock = {
      now: () => t,
      date: () => new Date(t),
      sleep: (ms, signal) =>
        new Promise((resolve, reject) => {
          if (signal?.aborted) return reject(signal.reason);
          held.push(() => {
            t += ms;
            resolve();
          });
        }),
    };
    const h = await deckUi.start({ emulator: { seed: 40, rateLimit: 3, rateWindow: 60 }, clock });
    const deck = deckUi.render(h, { columns: 80, rows: 24 });
    const tab = () => h.store.getState().tabs.websites;
    await deck.waitForFrame((f) => f.includes('›') && !tab().loading, 'the first page');
    // Pages asked until one waits for the analytics host's window (the pacer holds it). The Reports
    // counts may wait on the SEO host's meanwhile: only the websites pacer's wait counts here.
    const waiting = () => h.client.pacer('analytics').status().waitingUntil !== undefined;
    for (let i = 0; i < 8 && !waiting(); i++) {
      const page = tab().data?.meta.page;
      deck.write(']');
      await waitFor(() => waiting() || (!tab().loading && tab().data?.meta.page !== page) || null, 'a page or a wait');
    }
    expect(waiting()).toBe(true);
    deck.write('*');
    const f = await deck.waitForFrame((fr) => /\d+ websites shown marked; reading the other pages/.test(fr), 'the marks said at once');
    // Each row that frame shows wears the mark at once, and is marked. Read from the frame itself: on
    // a loaded machine the list may be asked again by itself later (a failed page's retry).
    const rows = f.split('\n').filter((l) => /^.[ *]\s+\d+ /.test(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((l) => !/^.\*/.test(l))).toEqual([]);
    const ids = rows.map((l) => Number(/^.[ *]\s+(\d+) /.exec(l)![1]));
    expect(ids.filter((id) => !h.store.getState().marked.websites.includes(id))).toEqual([]);
    // The read of the other pages is waiting (or on its way): * again stops it and clears, in words.
    await deck.press('*', { until: (fr) => fr.includes('marks cleared (the read of the other pages for * stopped)') });
    expect(h.store.getState().marked.websites).toEqual([]);
    for (const go of held.splice(0)) go();
  });
});

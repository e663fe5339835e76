// The Projects view in the real App on the emulator, with more reports than one page of 100:
// tab 3 reads every report once (exactly ceil(n/100) requests at per_page=100, paced), shows one
// row per project while it reads, is kept for the session (3 again costs nothing), r reads again,
// Enter opens Reports filtered to the project.
import { afterEach, describe, expect, it } from 'vitest';
import { addReports, NO_PROJECTS, projectRows, sortProjects } from '../../src/domain';
import { initialState, reducer } from '../../src/state/reducer';
import { startProjectsEffects } from '../../src/state/projectsEffects';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/theme';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { renderInk, type InkHarness } from '../helpers/ink';
import { report } from '../helpers/records';
import { waitFor } from '../helpers/wait';

const N = 230;
let h: DeckHarness | undefined;
let ui: InkHarness | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  ui?.unmount();
  stop?.();
  await h?.close();
  h = ui = stop = undefined;
});

const listHits = (d: DeckHarness) => d.apiHits().filter((x) => x.host === 'seo' && x.method === 'GET');

describe('the Projects view', () => {
  it('reads every report once in ceil(n/100) requests, shows the rows, and opens Reports filtered on Enter', async () => {
    h = await startDeckHarness({ emulator: { seed: 12, seedReports: N } });
    stop = startProjectsEffects({ client: h.client, store: h.store }).stop;
    const d = h;
    ui = renderInk(<App store={d.store} info={{ profile: 't', hosts: d.client.hosts, demo: false }} theme={makeTheme({ NO_COLOR: '1' })} size={{ columns: 140, rows: 40 }} exit={() => {}} write={() => {}} />);
    // The deck's opening requests (both lists, the distribution) are all answered first.
    await waitFor(() => { const st = d.store.getState(); return /1 Websites \d+/.test(ui!.frame()) && st.tabs.reports.data && st.distribution.counts && !st.distribution.loading; }, 'the deck');
    d.emulator.clearHits();
    ui.write('3');
    const frame = await waitFor(() => (/\d+ projects from 230 reports/.test(ui!.frame()) ? ui!.frame() : null), 'every report read');
    const reads = listHits(d);
    expect(reads).toHaveLength(Math.ceil(N / 100));
    for (const r of reads) expect(r.query.per_page).toBe('100');
    expect(frame).toMatch(/\[3 Projects \d+\]/);
    expect(frame).toMatch(/PROJECT\s+REPORTS\s+AVG\s+LOW\s+HIGH\s+GOOD\/DEC\/BAD\s+WORST PAGE\s+LAST ANALYSIS/);
    const state = d.store.getState().projects;
    expect(state.rows.reduce((n, p) => n + p.reports, 0)).toBe(N);
    const first = state.rows[state.cursor];
    expect(frame).toMatch(new RegExp(`› ${first.project.replace(/\./g, '\\.')}\\s+${first.reports} `));

    // Kept for the session: leaving and coming back reads nothing.
    ui.write('1');
    await waitFor(() => /\[1 Websites/.test(ui!.frame()), 'websites');
    d.emulator.clearHits();
    ui.write('3');
    await waitFor(() => /\[3 Projects/.test(ui!.frame()), 'projects again');
    expect(listHits(d)).toHaveLength(0);

    // Enter: Reports, filtered to that project (one list request and its distribution).
    ui.write('\r');
    await waitFor(() => (d.store.getState().tabs.reports.data?.meta.total === first.reports ? true : null), 'the filtered reports');
    expect(d.store.getState().tab).toBe('reports');
    expect(d.store.getState().tabs.reports.query.project).toBe(first.project);
    expect(listHits(d).every((x) => x.query.project === first.project)).toBe(true);

    // r in the view reads every report again.
    ui.write('3');
    await waitFor(() => /\[3 Projects/.test(ui!.frame()), 'projects');
    d.emulator.clearHits();
    ui.write('r');
    await waitFor(() => (d.store.getState().projects.status === 'done' && listHits(d).length === Math.ceil(N / 100) ? true : null), 'read again');
  });
});

describe('project rows', () => {
  it('aggregate per project, incrementally, and sort with rows without a score last', () => {
    const a = addReports(NO_PROJECTS, [report(1, { project: 'a.example', result: 90 }), report(2, { project: 'a.example', result: 40 })]);
    const b = addReports(a, [report(3, { project: 'b.example', result: null, result_class: null }), report(4, { project: null, url: 'https://www.c.example/x', result: 60 })]);
    const rows = projectRows(b);
    expect(rows.find((r) => r.project === 'a.example')).toMatchObject({ reports: 2, average: 65, lowest: 40, highest: 90, mix: { good: 1, decent: 0, bad: 1 }, worst: { id: 2, result: 40 } });
    expect(rows.find((r) => r.project === 'b.example')).toMatchObject({ reports: 1, scored: 0, average: null, worst: null });
    expect(rows.find((r) => r.project === 'c.example')?.reports).toBe(1);
    expect(sortProjects(rows, 'average', 'desc').map((r) => r.project)).toEqual(['a.example', 'c.example', 'b.example']);
    expect(sortProjects(rows, 'average', 'asc').map((r) => r.project)).toEqual(['c.example', 'a.example', 'b.example']);
  });

  it('drop the answers of an older read and keep the cursor on its project when re-sorted', () => {
    let s = reducer(initialState(), { type: 'projects/open' });
    expect(s.projects).toMatchObject({ status: 'loading', requestId: 1 });
    expect(s.mode.kind).toBe('projects');
    const rows = projectRows(addReports(NO_PROJECTS, [report(1, { project: 'a.example', result: 90 }), report(2, { project: 'b.example', result: 20 })]));
    expect(reducer(s, { type: 'projects/progress', requestId: 0, read: 2, total: 2, rows, done: true })).toBe(s);
    s = reducer(s, { type: 'projects/progress', requestId: 1, read: 2, total: 2, rows, done: true });
    expect(s.projects.rows.map((r) => r.project)).toEqual(['a.example', 'b.example']);
    s = reducer(s, { type: 'projects/move', delta: 1 });
    s = reducer(s, { type: 'projects/reverse' });
    expect(s.projects.rows[s.projects.cursor].project).toBe('b.example');
    // Open again: kept, no new read.
    s = reducer(reducer(s, { type: 'projects/close' }), { type: 'projects/open' });
    expect(s.projects.requestId).toBe(1);
  });
});

// The Projects view in the real App on the emulator, with more reports than one page of 100:
// tab 3 reads every report once (exactly ceil(n/100) requests at per_page=100, paced), shows one
// row per project while it reads, is kept for the session (3 again costs nothing), r reads again,
// Enter opens Reports filtered to the project.
import { afterEach, describe, expect, it } from 'vitest';
import { keyWords } from '../../src/ui/keys/keyWords';
import { modeOf, topScreen } from '../../src/state/stack';
import { addReports, NO_PROJECTS, projectRows, sortProjects } from '../../src/domain';
import { initialState, reducer } from '../../src/state/reducer';
import stringWidth from 'string-width';
import { INITIAL_PROJECTS } from '../../src/state/projects';
import { App } from '../../src/ui/App';
import { projectsStatusText } from '../../src/ui/components/ProjectsStatus';
import { projectColumns } from '../../src/ui/screens/ProjectsScreen';
import { shortAge } from '../../src/ui/words/text';
import { makeTheme } from '../../src/ui/themes/theme';
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
    // The harness's startEffects runs every slice's effects, the Projects view's among them.
    const d = h;
    ui = renderInk(
      <App
        store={d.store}
        info={{ profile: 't', hosts: d.client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={{ columns: 140, rows: 40 }}
        exit={() => {}}
        write={() => {}}
      />,
    );
    // The deck's opening requests (both lists, the distribution) are all answered first.
    await waitFor(() => {
      const st = d.store.getState();
      return /1 Websites \d+/.test(ui!.frame()) && st.tabs.reports.data && st.distribution.counts && !st.distribution.loading;
    }, 'the deck');
    d.emulator.clearHits();
    ui.write('3');
    const frame = await waitFor(() => (/\d+ projects from 230 reports/.test(ui!.frame()) ? ui!.frame() : null), 'every report read');
    const reads = listHits(d);
    expect(reads).toHaveLength(Math.ceil(N / 100));
    for (const r of reads) expect(r.query.per_page).toBe('100');
    expect(frame).toMatch(/\[3 Projects \d+\]/);
    expect(frame).toMatch(/PROJECT\s+REPORTS\s+AVG\s+LOW\s+HIGH\s+GOOD\/DEC\/BAD\s+WORST PAGE\s+LAST ANALYSIS/);
    // The header's second line is the view's own: how many projects from how many reports, its sort;
    // nothing of the tab under it (search, per page, page x/y, total).
    const status = frame.split('\n')[1];
    expect(status).toMatch(/^ \d+ projects from 230 reports\s+sort average score ↓/);
    expect(status).not.toMatch(/\/ search|\/page|page \d|total/);
    // The same deck at 80×24: every column, short headers, ages, no Reports distribution line.
    const narrow = renderInk(
      <App
        store={d.store}
        info={{ profile: 't', hosts: d.client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={{ columns: 80, rows: 24 }}
        exit={() => {}}
        write={() => {}}
      />,
    );
    const small = narrow.frame();
    narrow.unmount();
    expect(small.split('\n')[1]).toMatch(/^ \d+ projects from 230 reports/);
    expect(small).not.toContain('results:');
    expect(small.split('\n')[2]).toMatch(/^ {2}PROJECT\s+RPTS\s+AVG\s+LOW\s+HIGH\s+G\/D\/B\s+WORST PAGE\s+LAST$/);
    for (const line of small.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
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

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('the Projects table', () => {
  const rows = projectRows(
    addReports(NO_PROJECTS, [
      report(1, {
        project: 'news.zephyrworks.dev',
        url: 'https://news.zephyrworks.dev/products/careers',
        result: 41,
        generated_at: new Date(NOW - 3 * DAY).toISOString(),
      }),
      report(2, { project: 'news.zephyrworks.dev', url: 'https://news.zephyrworks.dev/', result: 93, generated_at: '2026-10-01 12:00:00' }),
      report(3, {
        project: 'a-very-long-project-name.subdomain.example.com',
        url: 'https://cdn.example.net/a',
        result: 20,
        generated_at: new Date(NOW - 400 * DAY).toISOString(),
      }),
    ]),
  );
  const keys = ['project', 'reports', 'average', 'lowest', 'highest', 'mix', 'worst', 'last'];
  const width = (cols: ReturnType<typeof projectColumns>) => 2 + cols.reduce((n, c) => n + c.width + 1, 0) - 1;

  it('keeps every column from 80 columns up, within the width, and shortens headers and dates to get there', () => {
    for (let w = 80; w <= 200; w++) {
      const cols = projectColumns(w, rows, NOW);
      expect(
        cols.map((c) => c.key),
        `${w}`,
      ).toEqual(keys);
      expect(width(cols), `${w}`).toBeLessThanOrEqual(w);
    }
    const at80 = projectColumns(80, rows, NOW);
    expect(at80.map((c) => c.header)).toEqual(['PROJECT', 'RPTS', 'AVG', 'LOW', 'HIGH', 'G/D/B', 'WORST PAGE', 'LAST']);
    expect(width(at80)).toBe(80);
    const cell = (key: string, i: number) =>
      at80
        .find((c) => c.key === key)!
        .cell(
          rows.find((r) => r.project === ['news.zephyrworks.dev', 'a-very-long-project-name.subdomain.example.com'][i])!,
          at80.find((c) => c.key === key)!.width,
        );
    expect(cell('last', 0)).toBe('3d');
    expect(cell('last', 1)).toBe('13mo');
    // A long name is cut in its middle, as URLs are: its start and its end stay.
    expect(cell('project', 1)).toMatch(/^a-very-long.*….*\.com$/);
    // The worst page on the project's own host shows as its path; on another host, whole.
    // Cut, it keeps the path's end and the score.
    expect(cell('worst', 0)).toMatch(/^\/pro.*…\/careers 41$/);
    const wide = projectColumns(120, rows, NOW).find((c) => c.key === 'worst')!;
    expect(
      wide.cell(
        rows.find((r) => r.project === 'news.zephyrworks.dev')!,
        wide.width,
      ),
    ).toBe('/products/careers 41');
    expect(
      wide.cell(
        rows.find((r) => r.project.startsWith('a-very'))!,
        wide.width,
      ),
    ).toBe('cdn.example.net/a 20');
    // Wide enough, the last analysis is a date again and REPORTS is whole.
    expect(projectColumns(120, rows, NOW).map((c) => c.header)).toEqual([
      'PROJECT',
      'REPORTS',
      'AVG',
      'LOW',
      'HIGH',
      'GOOD/DEC/BAD',
      'WORST PAGE',
      'LAST ANALYSIS',
    ]);
    // Narrower than 80, the last analysis goes, then the worst page.
    expect(projectColumns(72, rows, NOW).map((c) => c.key)).toEqual(keys.slice(0, 7));
    expect(projectColumns(60, rows, NOW).map((c) => c.key)).toEqual(keys.slice(0, 6));
  });

  it('says the age in at most four columns', () => {
    const ago = (ms: number) => shortAge(new Date(NOW - ms).toISOString(), NOW);
    expect([ago(0), ago(42_000), ago(5 * 60_000), ago(47 * 3_600_000), ago(59 * DAY), ago(700 * DAY), ago(3_000 * DAY)]).toEqual([
      'now',
      '42s',
      '5m',
      '47h',
      '59d',
      '22mo',
      '8y',
    ]);
    // Older hosts' dates have no zone: UTC.
    expect(shortAge('2026-11-20 12:00:00', NOW)).toBe('3d');
    expect(shortAge(null, NOW)).toBe('—');
  });
});

describe('the Projects status line', () => {
  const rows = projectRows(addReports(NO_PROJECTS, [report(1, { project: 'a.example' }), report(2, { project: 'b.example' })]));
  const base = { ...INITIAL_PROJECTS, rows };
  it('says how far the read got, whether it is partial, and the view’s sort', () => {
    expect(projectsStatusText({ ...base, status: 'loading', read: 200, total: 1240 })).toEqual({
      place: ['reading reports 200/1,240', '2 projects so far'],
      search: '',
      error: null,
      sort: 'sort average score ↓',
    });
    expect(projectsStatusText({ ...base, status: 'failed', read: 200, total: 1240, error: 'server error (500)' })).toMatchObject({
      place: ['stopped after 200/1,240 reports', '2 projects, partial'],
      error: 'server error (500)',
    });
    expect(projectsStatusText({ ...base, status: 'done', read: 1240, total: 1240, sortBy: 'project', sort: 'asc' })).toEqual({
      place: ['2 projects from 1,240 reports'],
      search: '',
      error: null,
      sort: 'sort project ↑',
    });
  });
});

describe('project rows', () => {
  it('aggregate per project, incrementally, and sort with rows without a score last', () => {
    const a = addReports(NO_PROJECTS, [report(1, { project: 'a.example', result: 90 }), report(2, { project: 'a.example', result: 40 })]);
    const b = addReports(a, [
      report(3, { project: 'b.example', result: null, result_class: null }),
      report(4, { project: null, url: 'https://www.c.example/x', result: 60 }),
    ]);
    const rows = projectRows(b);
    expect(rows.find((r) => r.project === 'a.example')).toMatchObject({
      reports: 2,
      average: 65,
      lowest: 40,
      highest: 90,
      mix: { good: 1, decent: 0, bad: 1 },
      worst: { id: 2, result: 40 },
    });
    expect(rows.find((r) => r.project === 'b.example')).toMatchObject({ reports: 1, scored: 0, average: null, worst: null });
    expect(rows.find((r) => r.project === 'c.example')?.reports).toBe(1);
    expect(sortProjects(rows, 'average', 'desc').map((r) => r.project)).toEqual(['a.example', 'c.example', 'b.example']);
    expect(sortProjects(rows, 'average', 'asc').map((r) => r.project)).toEqual(['c.example', 'a.example', 'b.example']);
  });

  it('drop the answers of an older read and keep the cursor on its project when re-sorted', () => {
    let s = reducer(initialState(), { type: 'projects/open' });
    expect(s.projects).toMatchObject({ status: 'loading', requestId: 1 });
    expect(modeOf(s).kind).toBe('projects');
    const rows = projectRows(addReports(NO_PROJECTS, [report(1, { project: 'a.example', result: 90 }), report(2, { project: 'b.example', result: 20 })]));
    expect(reducer(s, { type: 'projects/progress', requestId: 0, read: 2, total: 2, rows, done: true })).toBe(s);
    s = reducer(s, { type: 'projects/progress', requestId: 1, read: 2, total: 2, rows, done: true });
    expect(s.projects.rows.map((r) => r.project)).toEqual(['a.example', 'b.example']);
    s = reducer(s, { type: 'projects/move', delta: 1 });
    s = reducer(s, { type: 'projects/reverse' });
    expect(s.projects.rows[s.projects.cursor].project).toBe('b.example');
    // Open again: kept, no new read.
    s = reducer(reducer(s, { type: 'tab/select', tab: 'websites' }), { type: 'projects/open' });
    expect(s.projects.requestId).toBe(1);
  });

  it('Enter opens that project’s reports on the Projects tab, all of them; the Reports tab keeps its filter and search', () => {
    let s = reducer(initialState(), { type: 'tab/select', tab: 'reports' });
    s = reducer(s, { type: 'result/set', result: 'bad' });
    s = reducer(s, { type: 'search/set', text: 'pricing' });
    s = reducer(s, { type: 'projects/open' });
    const rows = projectRows(addReports(NO_PROJECTS, [report(1, { project: 'a.example', result: 90 }), report(2, { project: 'b.example', result: 20 })]));
    s = reducer(s, { type: 'projects/progress', requestId: s.projects.requestId, read: 2, total: 2, rows, done: true });
    s = reducer(s, { type: 'projects/choose' });
    expect([s.tab, modeOf(s).kind, s.stack.map((x) => x.kind)]).toEqual(['reports', 'list', ['projects', 'list']]);
    const q = s.tabs.reports.query;
    expect([q.project, q.result, q.search]).toEqual(['a.example', undefined, undefined]);
    // Nothing was cleared anywhere: nothing to say, nothing for u.
    expect(s.flash).toBeNull();
    const reports = reducer(s, { type: 'tab/select', tab: 'reports' });
    const b = reports.tabs.reports.query;
    expect([b.project, b.result, b.search]).toEqual([undefined, 'bad', 'pricing']);
  });
});

describe('searching the Projects view', () => {
  it('/ filters the rows as you type (host names, any case), says 2 of 4, Esc clears; a key with no meaning here says so', async () => {
    const { createStore } = await import('../../src/state/store');
    const { routeKey } = await import('../../src/ui/input/useInputRouter');
    const { NO_KEY } = await import('../../src/ui/keys/keymap');
    const { shownProjects } = await import('../../src/state/projects');
    let s = reducer(initialState(), { type: 'projects/open' });
    const reports = ['shop.example', 'blog.example', 'Shopfront.test', 'docs.test'].map((project, i) => report(i + 1, { project }));
    s = reducer(s, {
      type: 'projects/progress',
      requestId: s.projects.requestId,
      read: 4,
      total: 4,
      rows: projectRows(addReports(NO_PROJECTS, reports)),
      done: true,
    });
    const store = createStore(s);
    const ctx = { store, exit: () => {}, write: () => {} };
    const key = (input: string, k: Partial<typeof NO_KEY> = {}) => routeKey(ctx, input, { ...NO_KEY, ...k });
    key('/');
    for (const ch of 'SHOP') key(ch);
    const p = store.getState().projects;
    expect(
      shownProjects(p)
        .map((r) => r.project)
        .sort(),
    ).toEqual(['Shopfront.test', 'shop.example']);
    const t = projectsStatusText(p, true);
    expect(t.place.join(' · ')).toBe('2 of 4 projects from 4 reports');
    expect(t.search).toBe('SHOP▏');
    // The letters went into the search: none opened an audit.
    expect(topScreen(store.getState()).kind).toBe('projects');
    key('', { return: true });
    expect(store.getState().overlay).toBeNull();
    // Enter opens the highlighted one of the rows shown.
    const highlighted = shownProjects(store.getState().projects)[store.getState().projects.cursor].project;
    key('', { return: true });
    expect(store.getState().tabs.reports.query.project).toBe(highlighted);
    key('', { escape: true });
    expect(topScreen(store.getState()).kind).toBe('projects');
    // Esc clears the filter (every project again), then leaves.
    key('', { escape: true });
    expect(store.getState().projects.filter).toBe('');
    expect(shownProjects(store.getState().projects)).toHaveLength(4);
    key('x');
    expect(keyWords(store.getState().flash?.text ?? '')).toBe('x: not a key in Projects (? lists the keys)');
  });
});

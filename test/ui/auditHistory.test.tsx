// The Audit view and the Projects view with the score history: after a page is re-run, its checks
// say how many pages newly fail them and how many were fixed since their previous analysis, and
// the Projects view draws the project's average as a trend.
import { afterEach, describe, expect, it } from 'vitest';
import { auditOf, modeOf } from '../../src/state/stack';
import { createClient } from '../../src/api';
import { startEmulator, type Emulator } from '../../src/emulator';
import { withHistory } from '../../src/history';
import { createHistory } from '../../src/history/store';
import { startEffects } from '../../src/state/effects';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { auditOfState, makeAuditOf } from '../../src/state/auditSource';
import { App } from '../../src/ui/App';
import { averageTrend, trendText } from '../../src/ui/words/projectTrend';
import { changeText } from '../../src/ui/words/auditText';
import { comparableName } from '../../src/text/url';
import { projectColumns } from '../../src/ui/screens/ProjectsScreen';
import { addReports, NO_PROJECTS, projectRows } from '../../src/domain';
import { report } from '../helpers/records';
import { makeTheme } from '../../src/ui/themes/theme';
import { renderInk, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

let emulator: Emulator | undefined;
let ui: InkHarness | undefined;
const stops: (() => void)[] = [];
afterEach(async () => {
  ui?.unmount();
  for (const s of stops.splice(0)) s();
  await emulator?.close();
  emulator = ui = undefined;
});

const failedNames = (r: { checks: { name: string; passed: boolean }[] }) => new Set(r.checks.filter((c) => !c.passed).map((c) => c.name));

describe('the audit with the score history', () => {
  it('says +new · fixed per check after a re-run, and the Projects view draws the average’s trend', async () => {
    emulator = await startEmulator({ seed: 12, seedReports: 230, rateLimit: 0, port: 0, seoPort: 0 });
    const history = createHistory({ host: emulator.seoBaseUrl });
    const client = withHistory(
      createClient({ baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey, retries: 0, timeoutMs: 5000 }),
      history,
    );
    const store = createStore(initialState());
    stops.push(startEffects({ client, store }).stop);
    ui = renderInk(
      <App
        store={store}
        info={{ profile: 't', hosts: client.hosts, demo: false }}
        theme={makeTheme({ NO_COLOR: '1' })}
        size={{ columns: 120, rows: 40 }}
        exit={() => {}}
        write={() => {}}
        history={history}
      />,
    );
    const u = ui;
    await waitFor(() => (/1 Websites \d+/.test(u.frame()) ? true : null), 'the deck');
    u.write(':');
    u.write('audit');
    u.write('\r');
    await waitFor(() => (store.getState().projects.status === 'done' && /Audit of all reports · \d+ pages/.test(u.frame()) ? u.frame() : null), 'the audit');
    // Pages analysed twice already say what is new or fixed since their older analysis.
    const counts = (audit: ReturnType<typeof auditOfState>) => new Map(audit.checks.map((c) => [c.name, [c.newlyFailing ?? 0, c.fixed ?? 0]]));
    // The screen's build: with the history's previous analyses (the keys' build has only the rows).
    const shown = () => makeAuditOf()(store.getState().projects.reports, auditOf(store.getState())!.source, history.previousFailed);
    const was = counts(shown());
    u.write('\r');
    await waitFor(() => auditOf(store.getState())!.level === 'pages', 'the pages');
    // Re-run a page analysed once (its own earlier analysis, from the history, is then its previous one).
    const reportsRead = store.getState().projects.reports;
    const once = (url: string) => reportsRead.filter((r) => comparableName(r.url) === comparableName(url)).length === 1;
    const at = auditOfState(store.getState()).checks[0].pages.findIndex((p) => once(p.url));
    for (let i = 0; i < at; i++) u.write('j');
    await waitFor(() => auditOf(store.getState())!.pageCursor === at, 'a page analysed once');
    const page = auditOfState(store.getState()).checks[0].pages[at];
    const before = failedNames(reportsRead.find((r) => r.id === page.id)!);
    u.write('R');
    await waitFor(() => (/✓ re-ran/.test(u.frame()) ? true : null), 'the re-run');
    const after = failedNames(store.getState().projects.reports.find((r) => r.id === page.id)!);
    const newly = [...after].filter((n) => !before.has(n));
    const fixed = [...before].filter((n) => !after.has(n));
    // The emulator's re-run changes which checks fail.
    expect(newly.length + fixed.length).toBeGreaterThan(0);
    u.write('\u001b');
    const frame = await waitFor(() => (auditOf(store.getState())!.level === 'checks' && /SINCE LAST/.test(u.frame()) ? u.frame() : null), 'new and fixed');
    const audit = shown();
    const lines = frame.split('\n');
    let seen = 0;
    for (const c of audit.checks.slice(0, 30)) {
      const [n0, f0] = was.get(c.name) ?? [0, 0];
      expect([c.newlyFailing, c.fixed], c.name).toEqual([n0 + (newly.includes(c.name) ? 1 : 0), f0 + (fixed.includes(c.name) ? 1 : 0)]);
      const line = lines.find((l) => new RegExp(`^[› ] [▲◆▽?] \\w+\\s+${c.label.replace(/[()/]/g, '\\$&')}\\s`).test(l));
      if (!line) continue;
      seen++;
      const said = changeText(c);
      if (said) expect(line.endsWith(said), line).toBe(true);
      else expect(line).not.toMatch(/(new|fixed)$/);
    }
    expect(seen).toBeGreaterThan(3);
    expect(newly.some((n) => audit.checks.some((c) => c.name === n)) || fixed.some((n) => audit.checks.some((c) => c.name === n))).toBe(true);

    // The Projects view: the re-run page's project has two analyses of a page, so a trend.
    u.write('\u001b');
    await waitFor(() => modeOf(store.getState()).kind === 'list', 'the list');
    u.write('3');
    const projects = await waitFor(() => (/TREND/.test(u.frame()) ? u.frame() : null), 'the trend');
    const row = projects.split('\n').find((l) => l.includes(page.project))!;
    const reports = store.getState().projects.reports.filter((r) => (r.project ?? '') === page.project);
    expect(row).toContain(trendText(averageTrend(reports.map((r) => history.analyses(r.id)))));
    expect(row).toMatch(/[▁▂▃▄▅▆▇█]{2} ([↑↓]\d+|=)/);
  });
});

describe('a project’s average trend', () => {
  const a = (result: number, day: number) => ({ url: 'u', generated_at: `2026-01-${String(day).padStart(2, '0')}`, result });
  it('averages each page k analyses back, a page seen fewer times counting with its oldest', () => {
    expect(averageTrend([[a(40, 1), a(60, 2)], [a(80, 1)]])).toEqual([60, 70]);
    expect(averageTrend([[a(40, 1)], [a(80, 1)]])).toEqual([]);
    expect(averageTrend([[a(10, 1), a(20, 2), a(30, 3)]], 2)).toEqual([20, 30]);
    expect(trendText([60, 70])).toBe('▅▆ ↑10');
    expect(trendText([70, 70])).toBe('▆▆ =');
    expect(trendText([70])).toBe('');
  });

  it('is a column of the Projects table where the whole table fits with it, after AVG, never past the width', () => {
    const rows = projectRows(
      addReports(NO_PROJECTS, [report(1, { project: 'shop.example.com', result: 70 }), report(2, { project: 'blog.example.com', result: 40 })]),
    );
    const trends = new Map([['shop.example.com', '▅▆▆▇ ↑12']]);
    const width = (cols: ReturnType<typeof projectColumns>) => 2 + cols.reduce((n, c) => n + c.width + 1, 0) - 1;
    const wide = projectColumns(120, rows, Date.parse('2026-11-23T12:00:00Z'), trends);
    expect(wide.map((c) => c.header).slice(0, 4)).toEqual(['PROJECT', 'REPORTS', 'AVG', 'TREND']);
    expect(width(wide)).toBeLessThanOrEqual(120);
    expect(
      wide
        .find((c) => c.key === 'trend')!
        .cell(
          rows.find((r) => r.project === 'shop.example.com')!,
          9,
        ),
    ).toBe('▅▆▆▇ ↑12');
    // At 80 columns the rest of the table needs the room: no trend, the same columns as without history.
    expect(projectColumns(80, rows, 0, trends).map((c) => c.key)).toEqual(projectColumns(80, rows, 0).map((c) => c.key));
  });
});

// The header's two lines stay one line each whatever they hold: a taller one pushes the frame past
// the terminal, and the top line scrolls off. Found by the monkey test (a long search typed on
// Projects while the reports were read) and in tmux at 80×24 (16 marked while a run waited for the
// rate limit).
import { afterEach, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { INITIAL_PROJECTS } from '../../src/state/projects';
import { ProjectsStatus } from '../../src/ui/components/ProjectsStatus';
import { StatusRow } from '../../src/ui/components/StatusRow';
import { OnState } from '../helpers/onState';
import { renderInk, type InkHarness } from '../helpers/ink';

let ui: InkHarness | undefined;
afterEach(() => ui?.unmount());

const lines = (frame: string) => frame.split('\n');

describe('the status row of Projects and Audit', () => {
  it.each([60, 80, 120])('at %i columns a long search typed while the reports are read keeps one line and shows its end', (width) => {
    const filter = 'Jg6eo#b12m387635.example.com%I]+8G$m694992.example.com' + 'x'.repeat(60) + 'END';
    const projects = { ...INITIAL_PROJECTS, status: 'loading' as const, read: 0, total: null, filter };
    ui = renderInk(<ProjectsStatus projects={projects} width={width} busy typing />);
    const frame = ui.frame();
    expect(lines(frame)).toHaveLength(1);
    expect(stringWidth(frame)).toBeLessThanOrEqual(width);
    expect(frame).toMatch(/^ reading reports 0\/… · 0 of 0 projects so far · \/ …[^ ]*xEND▏ ⠋$/);
  });

  it('a place wider than the terminal is cut at its end, on one line', () => {
    const place = ' Audit of a-very-long-project-name.example.com · 12,345 pages · stopped after 1,234/5,678 reports, partial';
    ui = renderInk(<StatusRow place={place} rest="  3 failing checks" width={60} busy={false} />);
    const frame = ui.frame();
    expect(lines(frame)).toHaveLength(1);
    expect(frame).toMatch(/^ Audit of a-very-long-project-name\.example\.com · 12,345 p…/);
    expect(stringWidth(frame)).toBeLessThanOrEqual(60);
  });

  it("the Audit view's rest gives way a part at a time: the mix, then the average, never half of one", async () => {
    const { partsIn } = await import('../../src/ui/components/AuditStatus');
    const parts = ['29 failing checks', 'average ◐ 65', '● 21 good ◐ 17 decent ○ 12 bad'];
    expect(partsIn(parts, 80)).toBe('29 failing checks · average ◐ 65 · ● 21 good ◐ 17 decent ○ 12 bad');
    expect(partsIn(parts, 40)).toBe('29 failing checks · average ◐ 65');
    expect(partsIn(parts, 20)).toBe('29 failing checks');
    expect(partsIn(parts, 12)).toBe('29 failing…');
  });

  it('with room, the search and the rest follow the place whole', () => {
    ui = renderInk(<StatusRow place=" 2 of 4 projects from 4 reports" search="shop" rest="  sort average score ↓" width={100} busy={false} />);
    expect(ui.frame().trimEnd()).toBe(' 2 of 4 projects from 4 reports · / shop  sort average score ↓');
  });
});

describe('the Projects view with no row to show', () => {
  it('says that nothing matches the filter (and how to clear it), drawn and spoken alike', async () => {
    const { ProjectsScreen } = await import('../../src/ui/screens/ProjectsScreen');
    const { spokenProjects } = await import('../../src/ui/spoken/projects');
    const { addReports, NO_PROJECTS, projectRows } = await import('../../src/domain');
    const { report } = await import('../helpers/records');
    const rows = projectRows(addReports(NO_PROJECTS, [report(1, { project: 'shop.example' })]));
    const projects = { ...INITIAL_PROJECTS, status: 'done' as const, read: 1, total: 1, rows, filter: 'nothing-like-it' };
    ui = renderInk(<ProjectsScreen projects={projects} width={80} height={6} />);
    expect(ui.frame()).toContain('No project matches "nothing-like-it" (Esc clears the filter)');
    expect(spokenProjects(projects)).toBe('No project matches "nothing-like-it" (Esc clears the filter)');
  });
});

/** Websites marked, a wait for the rate limit under way, both tabs' totals known; `run`: a run over `of` of them, `done` done. */
async function headerState(o: {
  readOnly?: boolean;
  marked: number;
  limit: number;
  waitMs: number;
  totals: [number, number];
  run?: { of: number; done: number };
  windowMs?: number;
}) {
  const { initialState } = await import('../../src/state/reducer');
  const base = initialState({ readOnly: o.readOnly });
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  return {
    ...base,
    marked: { ...base.marked, websites: ids(o.marked) },
    bulk: o.run ? { seq: 1, tab: 'websites', verb: 'update', ids: ids(o.run.of), done: o.run.done, failed: [], stopping: false } : null,
    budget: {
      ...base.budget,
      websites: { limit: o.limit, remaining: 0, waitingUntil: Date.now() + o.waitMs, ...(o.windowMs ? { windowMs: o.windowMs } : {}) },
    },
    tabs: {
      ...base.tabs,
      websites: { ...base.tabs.websites, data: { items: [], meta: { total: o.totals[0] } } },
      reports: { ...base.tabs.reports, data: { items: [], meta: { total: o.totals[1] } } },
    },
  } as unknown as typeof base;
}

describe('the header line', () => {
  it('at 80 columns, 16 marked and a run waiting for the rate limit: one line, the wait in words; the marks go whole, never as 16*', async () => {
    const { Header } = await import('../../src/ui/components/Header');
    const state = await headerState({ marked: 16, limit: 6, waitMs: 11_500, totals: [20, 20] });
    const info = { profile: 'default', hosts: { analytics: 'http://127.0.0.1:38633', seo: 'http://127.0.0.1:36971' }, demo: false };
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={80} />
      </OnState>,
    );
    const frame = ui.frame();
    expect(lines(frame)).toHaveLength(1);
    expect(stringWidth(frame)).toBeLessThanOrEqual(80);
    expect(frame).toMatch(/ rate limit · next request in 1[12] s\s*$/);
    expect(frame).not.toMatch(/\d\*/);
    ui.unmount();
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={120} />
      </OnState>,
    );
    expect(ui.frame()).toMatch(/ 16 marked · rate limit · next request in 1[12] s\s*$/);
  });

  it('at 80 columns, read-only, DEMO, 1,234 marked and an hour-long wait: the date goes, the tabs and the lock shorten, the wait stays in words', async () => {
    const { Header, headerFit } = await import('../../src/ui/components/Header');
    const { tabSpans } = await import('../../src/ui/components/Tabs');
    const state = await headerState({ readOnly: true, marked: 1234, limit: 60, waitMs: 3_000_000, totals: [4321, 98765] });
    const info = { profile: 'work', hosts: { analytics: 'https://analytics.example.com', seo: 'https://seo.example.com' }, demo: true };
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={80} />
      </OnState>,
    );
    const frame = ui.frame();
    expect(lines(frame)).toHaveLength(1);
    expect(stringWidth(frame)).toBeLessThanOrEqual(80);
    expect(frame).toMatch(/^ sitedeck +1 Web 4,321 +2 Rep 98,765 +3 Pro +(work )?next request in [23],\d{3} s DEMO \S$/);
    expect(frame).not.toContain('until');
    // A click finds a tab where the header drew it: the spans follow the short words.
    const fit = headerFit(state, info, 80, 3000);
    expect(fit.compact).toBe(true);
    const spans = tabSpans(state, 10, fit.compact);
    expect(frame.slice(spans[1].from - 1, spans[1].to - 1).trim()).toBe('2 Rep 98,765');
    ui.unmount();
    // With room, every word and the wait's date.
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={180} />
      </OnState>,
    );
    expect(ui.frame()).toMatch(
      /1 Websites 4,321 .* 1,234 marked · rate limit · next request in [23],\d{3} s · until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC DEMO \S+ read-only$/,
    );
  });

  it('at 80×24, a run over 250 marked websites waiting for the rate limit: the next request and the time left, in words (was 250*)', async () => {
    const { Header } = await import('../../src/ui/components/Header');
    // 12 done, 238 to go at 60 a minute after this 50 s wait: four windows, the last three whole.
    const state = await headerState({ marked: 238, limit: 60, waitMs: 49_500, totals: [301, 300], run: { of: 250, done: 12 }, windowMs: 60_000 });
    const info = { profile: 'default', hosts: { analytics: 'http://127.0.0.1:38633', seo: 'http://127.0.0.1:36971' }, demo: false };
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={80} />
      </OnState>,
    );
    const frame = ui.frame();
    expect(lines(frame)).toHaveLength(1);
    expect(stringWidth(frame)).toBeLessThanOrEqual(80);
    // The count is the status line's (`Updating 12/250 marked websites`): the header keeps the wait and the time left.
    expect(frame).toMatch(/^ sitedeck +1 Web 301 +2 Rep 300 +3 Pro +(\S.* )?next request in 50 s · 4 min left\s*$/);
    expect(frame).not.toMatch(/\d\*/);
    ui.unmount();
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={100} />
      </OnState>,
    );
    expect(ui.frame()).toMatch(/ 12\/250 · next request in 50 s · 4 min left\s*$/);
    ui.unmount();
    ui = renderInk(
      <OnState state={state}>
        <Header info={info} width={160} />
      </OnState>,
    );
    expect(ui.frame()).toMatch(/ 12\/250 done · rate limit · next request in 50 s · about 4 min left\s*$/);
  });
});

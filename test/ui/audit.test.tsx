// The Audit view in the real App on the emulator, with more reports than one page of 100. It is
// built from the Projects view's read: 0 requests when that read is there, else every report once
// (ceil(n/100) requests at per_page=100) with usable partial rows. One row per failing check,
// Enter to its pages (each with its own reason), Enter to a report, Esc back step by step; marks
// and R on the pages, asked first and paced like every run over marked rows.
import stringWidth from 'string-width';
import { auditOf, modeOf } from '../../src/state/stack';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSummaryText, IMPORTANCE_ORDER, RESULT_RANGES } from '../../src/domain';
import { pagesDiffer } from '../../src/ui/words/auditText';
import { auditOfState, inSource } from '../../src/state/auditSource';
import { App } from '../../src/ui/App';
import { helpSections } from '../../src/ui/keys/keyHelp';
import { makeTheme } from '../../src/ui/themes/theme';
import { startDeckHarness, type DeckHarness } from '../helpers/deck';
import { renderInk, type InkHarness } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

const N = 230;
/** Distinct pages (URLs) among reports as the host stores them: a page analysed twice counts once. */
const pagesOf = (rows: readonly Record<string, unknown>[]) => new Set(rows.map((r) => String(r.url).replace(/\/+$/, ''))).size;
let h: DeckHarness | undefined;
let ui: InkHarness | undefined;
afterEach(async () => {
  ui?.unmount();
  await h?.close();
  h = ui = undefined;
});

const seoGets = (d: DeckHarness) => d.apiHits().filter((x) => x.host === 'seo' && x.method === 'GET');
const seoWrites = (d: DeckHarness) => d.apiHits().filter((x) => x.host === 'seo' && x.method !== 'GET');

async function openDeck(columns: number, rows: number, opts: { readOnly?: boolean } = {}) {
  h = await startDeckHarness({ emulator: { seed: 12, seedReports: N }, init: { readOnly: opts.readOnly } });
  const d = h;
  ui = renderInk(
    <App
      store={d.store}
      info={{ profile: 't', hosts: d.client.hosts, demo: false }}
      theme={makeTheme({ NO_COLOR: '1' })}
      size={{ columns, rows }}
      exit={() => {}}
      write={() => {}}
    />,
  );
  await waitFor(() => {
    const st = d.store.getState();
    return /1 Websites \d+/.test(ui!.frame()) && st.tabs.reports.data && st.distribution.counts && !st.distribution.loading;
  }, 'the deck');
  d.emulator.clearHits();
  return { d, ui: ui! };
}

/** Every line within the width, and no word cut in its middle (a cut ends in a whole word and …). */
function fits(frame: string, columns: number, rows: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
}

const runCommand = (ui: InkHarness, text: string) => {
  ui.write(':');
  ui.write(text);
  ui.write('\r');
};

describe('the Audit view', () => {
  for (const [columns, rows] of [
    [120, 40],
    [80, 24],
  ] as const) {
    it(`at ${columns}×${rows}: :audit reads every report once, lists the failing checks, Enter to the pages, Enter to a report, Esc back`, async () => {
      const { d, ui } = await openDeck(columns, rows);
      runCommand(ui, 'audit');
      const P = pagesOf(d.emulator.reports());
      expect(P).toBeLessThan(N);
      const frame = await waitFor(
        () => (d.store.getState().projects.status === 'done' && new RegExp(`Audit of all reports · ${P} pages`).test(ui.frame()) ? ui.frame() : null),
        'the audit',
      );
      // No read was there: every report once, 100 a page.
      const reads = seoGets(d);
      expect(reads).toHaveLength(Math.ceil(N / 100));
      for (const r of reads) expect(r.query.per_page).toBe('100');
      fits(frame, columns, rows);
      const audit = auditOfState(d.store.getState());
      expect([audit.pages, audit.reports]).toEqual([P, N]);
      expect(audit.checks.length).toBeGreaterThan(3);
      // Rows in importance order, each with its count of pages as `n of 202`, word and glyph for the importance.
      const first = audit.checks[0];
      expect(frame).toMatch(new RegExp(`› [▲◆▽?] ${first.importance}\\s+${first.label}\\s+${first.failing} of ${P} [█·]+`));
      const shown = frame
        .split('\n')
        .map((l) => /^[› ] ([▲◆▽?]) (high|medium|low|unknown)\b/.exec(l)?.[2])
        .filter(Boolean) as string[];
      expect(shown.length).toBeGreaterThan(3);
      expect(shown.map((i) => IMPORTANCE_ORDER.indexOf(i as never))).toEqual([...shown.map((i) => IMPORTANCE_ORDER.indexOf(i as never))].sort((a, b) => a - b));
      // The summary in words: whole at 120 columns, on its own line below 100.
      if (columns >= 100) expect(frame).toContain(first.summary);
      else expect(frame.split('\n')[frame.split('\n').findIndex((l) => l.startsWith('› ')) + 1]).toMatch(/^ {4}\S/);
      expect(ui.frame().split('\n').at(-1)).toMatch(/Enter pages\s+Esc back/);

      // Opening it again costs nothing: the read is kept for the session.
      ui.write('\u001b');
      await waitFor(() => modeOf(d.store.getState()).kind === 'list', 'back to the list');
      d.emulator.clearHits();
      runCommand(ui, 'audit');
      await waitFor(() => (/Audit of all reports/.test(ui.frame()) ? true : null), 'the audit again');
      expect(seoGets(d)).toHaveLength(0);

      // Enter: the pages failing the first check, lowest score first, each with its own reason.
      ui.write('\r');
      const pages = await waitFor(() => (auditOf(d.store.getState())!.level === 'pages' && /SCORE PAGE/.test(ui.frame()) ? ui.frame() : null), 'the pages');
      fits(pages, columns, rows);
      expect(pages).toContain(`${first.label} · `);
      const worst = first.pages[0];
      const row = pages.split('\n').find((l) => l.startsWith('›'))!;
      expect(row).toContain(String(Math.round(worst.score!)));
      if (pagesDiffer(first.pages)) {
        // The reason is the page's own, or its first whole words and …
        const reason = row.slice(row.lastIndexOf('   ')).trim();
        expect(worst.reason.startsWith(reason.replace(/…$/, ''))).toBe(true);
      } else {
        // One reason for every page: said once above them (whole at this width), on no row.
        expect(pages).not.toContain('WHY IT FAILS');
        expect(pages.split('\n').slice(0, 6).join(' ')).toContain(checkSummaryText(first));
        expect(row.trimEnd().endsWith(worst.reason)).toBe(false);
      }

      // PgDn moves a screenful (the rows the list shows), PgUp back.
      const shownRows = pages.split('\n').filter((l) => /^[› ][ *] *[●◐○—] ?\d* /.test(l)).length;
      ui.write('\u001b[6~');
      await waitFor(() => auditOf(d.store.getState())!.pageCursor === Math.min(shownRows, first.pages.length - 1), 'a screenful down');
      expect(ui.frame()).toMatch(/^› /m);
      ui.write('\u001b[5~');
      await waitFor(() => auditOf(d.store.getState())!.pageCursor === 0, 'back up');

      // Enter: that page's report (the report detail), Esc: back to the pages, the checks, the list.
      ui.write('\r');
      const detail = await waitFor(
        () => (auditOf(d.store.getState())!.level === 'report' && /Failed checks/.test(ui.frame()) ? ui.frame() : null),
        'the report',
      );
      fits(detail, columns, rows);
      expect(detail).toContain(`id ${worst.id} `);
      ui.write('j');
      await waitFor(() => auditOf(d.store.getState())!.scroll === 1, 'scrolled');
      ui.write('\u001b');
      await waitFor(() => auditOf(d.store.getState())!.level === 'pages', 'back to the pages');
      expect(auditOf(d.store.getState())!.pageCursor).toBe(0);
      ui.write('\u001b');
      await waitFor(() => auditOf(d.store.getState())!.level === 'checks', 'back to the checks');
      ui.write('\u001b');
      await waitFor(() => modeOf(d.store.getState()).kind === 'list' && auditOf(d.store.getState()) === null, 'back to the list');
      // The whole walk read nothing more.
      expect(seoGets(d)).toHaveLength(0);
    });
  }

  it('a on the Projects tab: the project’s audit from the same read (0 requests), Esc back to Projects', async () => {
    const { d, ui } = await openDeck(120, 40);
    ui.write('3');
    await waitFor(() => (d.store.getState().projects.status === 'done' ? true : null), 'the projects');
    expect(seoGets(d)).toHaveLength(Math.ceil(N / 100));
    d.emulator.clearHits();
    const was = d.store.getState().projects.cursor;
    ui.write(was > 0 ? 'k' : 'j');
    const project = await waitFor(() => {
      const p = d.store.getState().projects;
      return p.cursor !== was ? p.rows[p.cursor] : null;
    }, 'another project');
    ui.write('a');
    const pages = pagesOf(d.emulator.reports().filter((r) => r.project === project.project));
    const frame = await waitFor(
      () => (new RegExp(`Audit of project ${project.project.replace(/\./g, '\\.')} · ${pages} pages?`).test(ui.frame()) ? ui.frame() : null),
      'the project audit',
    );
    expect(seoGets(d)).toHaveLength(0);
    fits(frame, 120, 40);
    // The tab is the view Esc goes back to: Projects, in brackets without colour.
    expect(frame.split('\n')[0]).toMatch(/\[3 Projects \d+\]/);
    expect(frame.split('\n')[0]).not.toMatch(/\[1 Websites/);
    const audit = auditOfState(d.store.getState());
    expect([audit.pages, audit.reports]).toEqual([pages, project.reports]);
    for (const c of audit.checks) for (const p of c.pages) expect(p.project).toBe(project.project);
    ui.write('\r');
    await waitFor(() => auditOf(d.store.getState())!.level === 'pages', 'the pages');
    ui.write('\u001b');
    await waitFor(() => auditOf(d.store.getState())!.level === 'checks', 'back to the checks');
    ui.write('\u001b');
    await waitFor(() => modeOf(d.store.getState()).kind === 'projects', 'back to Projects');
    expect(seoGets(d)).toHaveLength(0);
  });

  it(':audit covers the reports in view: the Reports tab’s result filter and search', async () => {
    const { d, ui } = await openDeck(120, 40);
    ui.write('2');
    runCommand(ui, 'result bad');
    const total = await waitFor(() => {
      const t = d.store.getState().tabs.reports;
      return t.query.result === 'bad' && !t.loading && t.data ? t.data.meta.total : null;
    }, 'bad reports');
    runCommand(ui, 'audit');
    const auditOfBad = () => (d.store.getState().projects.status === 'done' && /Audit of result bad · /.test(ui.frame()) ? true : null);
    await waitFor(auditOfBad, 'the audit of bad reports');
    const st = d.store.getState();
    expect(auditOfState(st).reports).toBe(total);
    const [lo, hi] = RESULT_RANGES.bad;
    expect(st.projects.reports.filter((r) => inSource(auditOf(st)!.source, r)).every((r) => r.result! >= lo && r.result! <= hi)).toBe(true);
    // A search narrows it as the host does: the same count the Reports list shows.
    ui.write('\u001b');
    const word = st.projects.reports[0].url.replace(/^https?:\/\/(www\.)?/, '').split(/[./]/)[0];
    runCommand(ui, `search ${word}`);
    const matching = await waitFor(() => {
      const t = d.store.getState().tabs.reports;
      return t.query.search === word && !t.loading && t.data ? t.data.meta.total : null;
    }, 'searched');
    runCommand(ui, 'audit');
    await waitFor(() => (new RegExp(`Audit of result bad · search "${word}" · ${matching} page`).test(ui.frame()) ? true : null), 'the searched audit');
  });

  it('marks and R on the pages: one re-run asked first, then one paced request per marked page; R alone re-runs the page', async () => {
    const { d, ui } = await openDeck(120, 40);
    runCommand(ui, 'audit');
    await waitFor(() => (d.store.getState().projects.status === 'done' ? true : null), 'the read');
    ui.write('\r');
    await waitFor(() => auditOf(d.store.getState())!.level === 'pages', 'the pages');
    const pages = auditOfState(d.store.getState()).checks[0].pages;
    const before = new Map(d.store.getState().projects.reports.map((r) => [r.id, r.generated_at]));
    d.emulator.clearHits();
    // Space marks the page and moves to the next: two presses, two pages.
    ui.write(' ');
    await waitFor(() => (auditOf(d.store.getState())?.pageCursor === 1 ? true : null), 'marked and moved');
    ui.write(' ');
    await waitFor(() => (d.store.getState().marked.reports.length === 2 && auditOf(d.store.getState())?.pageCursor === 2 ? true : null), 'two marks');
    expect(d.store.getState().marked.reports).toEqual([pages[0].id, pages[1].id]);
    expect(ui.frame()).toMatch(/^ \*/m);
    ui.write('R');
    const ask = await waitFor(
      () =>
        modeOf(d.store.getState()).kind === 'confirm-bulk' && /Re-run the analysis of 2 reports\?/.test(ui.frame()) && ui.frame().includes('y yes · n/Esc no')
          ? ui.frame()
          : null,
      'the question',
    );
    // The audit stays drawn under the question; nothing is sent before the answer.
    expect(ask).toMatch(/SCORE PAGE/);
    expect(seoWrites(d)).toHaveLength(0);
    ui.write('y');
    await waitFor(() => (d.store.getState().bulk === null && /✓ 2 re-ran/.test(ui.frame()) ? true : null), 'the run');
    expect(seoWrites(d).map((x) => x.path)).toEqual([`/api/v1/reports/${pages[0].id}`, `/api/v1/reports/${pages[1].id}`]);
    expect(modeOf(d.store.getState()).kind).toBe('audit');
    expect(d.store.getState().marked.reports).toEqual([]);
    // Each re-run's answer replaced its page in the read: the audit shows the new analysis, no request more.
    for (const p of pages.slice(0, 2)) {
      const now = d.store.getState().projects.reports.find((r) => r.id === p.id)!;
      expect(now.generated_at).not.toBe(before.get(p.id));
    }
    expect(seoGets(d)).toHaveLength(0);
    // R with no marks: this page's report, once.
    d.emulator.clearHits();
    ui.write('R');
    await waitFor(() => (/✓ re-ran/.test(ui.frame()) ? true : null), 'the re-run');
    expect(seoWrites(d)).toHaveLength(1);
    // `*` marks every page failing the check; again, clears them.
    ui.write('*');
    const listed = auditOf(d.store.getState())!.check!;
    await waitFor(() => (d.store.getState().marked.reports.length > 0 ? true : null), 'all marked');
    expect(d.store.getState().marked.reports).toHaveLength(auditOfState(d.store.getState()).checks.find((c) => c.name === listed)?.pages.length ?? -1);
    ui.write('*');
    await waitFor(() => (d.store.getState().marked.reports.length === 0 ? true : null), 'cleared');
  });

  it('read-only: R is refused with its reason and nothing is sent', async () => {
    const { d, ui } = await openDeck(120, 40, { readOnly: true });
    runCommand(ui, 'audit');
    await waitFor(() => (d.store.getState().projects.status === 'done' ? true : null), 'the read');
    ui.write('\r');
    await waitFor(() => auditOf(d.store.getState())!.level === 'pages', 'the pages');
    d.emulator.clearHits();
    ui.write('R');
    await waitFor(() => (/R \(re-run this page’s analysis\): read-only mode/.test(ui.frame()) ? true : null), 'refused');
    expect(seoWrites(d)).toHaveLength(0);
  });

  it(
    'shows a project’s pages by path whichever way it was opened (:audit under a project filter, a on Projects), ' + 'with the reports’ own importance',
    async () => {
      const { d, ui } = await openDeck(120, 40);
      // A host whose reports send importance: load_time medium (the table says high), a check sitedeck does not know as medium.
      const at = (day: number) => `2024-10-0${day}T10:00:00.000000Z`;
      const check = (passed: boolean, importance: string) => ({ passed, importance, ...(passed ? {} : { errors: { broken: 'yes' } }) });
      for (const [path, day] of [
        ['a', 1],
        ['b', 2],
      ] as const) {
        d.emulator.insertRaw('reports', {
          url: `own.example/${path}`,
          project: 'own.example',
          result: 40 + day,
          privacy: 0,
          generated_at: at(day),
          results: { load_time: check(false, 'medium'), brand_new_check: check(false, 'medium'), title: check(day === 1, 'high') },
        });
      }
      ui.write('2');
      runCommand(ui, 'project own.example');
      await waitFor(
        () => (d.store.getState().tabs.reports.query.project === 'own.example' && !d.store.getState().tabs.reports.loading ? true : null),
        'the project filter',
      );
      runCommand(ui, 'audit');
      const checks = await waitFor(
        () => (d.store.getState().projects.status === 'done' && /Audit of project own\.example · 2 pages/.test(ui.frame()) ? ui.frame() : null),
        'the filtered audit',
      );
      const rows = checks
        .split('\n')
        .filter((l) => /^[› ] [▲◆▽?] /.test(l))
        .map((l) => l.slice(2).replace(/\s+/g, ' '));
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatch(/^▲ high Title 1 of 2 /);
      expect(rows[1]).toMatch(/^◆ medium Brand new check 2 of 2 /);
      expect(rows[2]).toMatch(/^◆ medium Load time 2 of 2 /);
      runCommand(ui, 'audit');
      ui.write('\r');
      const viaFilter = await waitFor(() => (auditOf(d.store.getState())?.level === 'pages' && /SCORE PAGE/.test(ui.frame()) ? ui.frame() : null), 'the pages');
      const pageCells = (f: string) =>
        f
          .split('\n')
          .filter((l) => /^[› ][ *]\s*[●◐○—]/.test(l))
          .map((l) => /[●◐○—] ?\d* (\S+)/.exec(l)![1]);
      expect(pageCells(viaFilter)).toEqual(['/b']);
      // The same project from the Projects view: the same paths.
      ui.write('\u001b');
      await waitFor(() => (auditOf(d.store.getState())?.level === 'checks' ? true : null), 'back to the checks');
      ui.write('\u001b');
      await waitFor(() => (modeOf(d.store.getState()).kind === 'list' ? true : null), 'back to the list');
      ui.write('3');
      await waitFor(() => (modeOf(d.store.getState()).kind === 'projects' ? true : null), 'Projects');
      const row = d.store.getState().projects.rows.findIndex((r) => r.project === 'own.example');
      ui.write('g');
      for (let i = 0; i < row; i++) ui.write('j');
      await waitFor(() => (d.store.getState().projects.cursor === row ? true : null), 'own.example');
      ui.write('a');
      await waitFor(() => (/Audit of project own\.example · 2 pages/.test(ui.frame()) ? true : null), 'the project audit');
      ui.write('\r');
      const viaProjects = await waitFor(
        () => (auditOf(d.store.getState())?.level === 'pages' && /SCORE PAGE/.test(ui.frame()) ? ui.frame() : null),
        'the pages again',
      );
      expect(pageCells(viaProjects)).toEqual(pageCells(viaFilter));
    },
  );

  it('shows usable partial rows when the read stops, says so, and r reads everything again', async () => {
    const { d, ui } = await openDeck(120, 40);
    // The second page of the read fails: added as the first page is folded in, before the next request.
    let off: (() => void) | null = null;
    const unsubscribe = d.store.subscribe((s) => {
      if (!off && s.projects.read === 100) off = d.emulator.addFault({ host: 'seo', path: '/api/v1/reports', fault: { type: 'status', status: 500 } });
    });
    runCommand(ui, 'audit');
    const frame = await waitFor(
      () => (d.store.getState().projects.status === 'failed' && /stopped after 100\/230 reports, partial/.test(ui.frame()) ? ui.frame() : null),
      'the partial audit',
    );
    unsubscribe();
    expect(auditOfState(d.store.getState()).reports).toBe(100);
    expect(frame).toMatch(/› [▲◆▽?] /);
    off!();
    d.emulator.clearHits();
    ui.write('r');
    await waitFor(
      () =>
        d.store.getState().projects.status === 'done' && new RegExp(`Audit of all reports · ${pagesOf(d.emulator.reports())} pages`).test(ui.frame())
          ? true
          : null,
      'read again',
    );
    expect(seoGets(d)).toHaveLength(Math.ceil(N / 100));
  });
});

describe('the help on the Audit view', () => {
  it('has a section of its own, from the keymap, and names :audit and a', () => {
    const sections = helpSections(null);
    const audit = sections.find((x) => x.title.startsWith('Audit'))!;
    expect(audit.title).toBe('Audit (:audit; a on Projects)');
    expect(audit.rows.map((r) => r.keys)).toEqual(expect.arrayContaining(['Enter', 'Esc q', 'R', 'Space', '*', 'PgDn', 'r']));
    expect(audit.rows.find((r) => r.description.startsWith('the pages failing this check'))?.keys).toBe('Enter');
    expect(sections.find((x) => x.title.startsWith('Projects'))!.rows.find((r) => r.keys === 'a')?.description).toMatch(/audit/);
  });
});

import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { CHECKS, type Check } from '../../src/domain';
import { openForm, setFieldValue } from '../../src/state/formState';
import { DetailPane } from '../../src/ui/components/DetailPane';
import { Form } from '../../src/ui/components/Form';
import { DistributionBar } from '../../src/ui/components/DistributionBar';
import { List } from '../../src/ui/components/List';
import { windowStart } from '../../src/ui/layout/useRowWindow';
import { Tabs } from '../../src/ui/components/Tabs';
import { Header } from '../../src/ui/components/Header';
import { Footer } from '../../src/ui/components/Footer';
import { planStatus, StatusLine } from '../../src/ui/components/StatusLine';
import { reducer } from '../../src/state/reducer';
import type { Action } from '../../src/state/actions';
import { initialState } from '../../src/state/reducer';
import { orderedChecks } from '../../src/ui/words/detailLines';
import { makeTheme, ThemeContext } from '../../src/ui/themes/theme';
import { fit } from '../../src/ui/words/text';
import { alignedScore, fitColumns, MARKER, SCORE_COMPACT_WIDTH, SCORE_WIDTH, scoreCells, sortName } from '../../src/ui/words/columns';
import { computeLayout } from '../../src/ui/layout/layout';
import { HistoryContext } from '../../src/ui/hooks/useHistory';
import { createHistory } from '../../src/history/store';
import { arrow } from '../../src/history/model';
import { scoreLabel } from '../../src/state/selectors';
import { OnState } from '../helpers/onState';
import { renderInk } from '../helpers/ink';
import { pageOf, report, website } from '../helpers/records';

const checks = (failed: string[]): Check[] => CHECKS.map((c) => ({ name: c.name, label: c.label, importance: c.importance, passed: !failed.includes(c.name) }));

describe('List', () => {
  it('shows the domain table’s columns with labels, and a selection marker', () => {
    const ui = renderInk(
      <List tab="websites" records={[website(1, { privacy: 0 }), website(2)]} cursor={1} width={90} height={5} loading={false} error={null} emptyText="none" />,
    );
    // The header, then one row per record; › marks the row under the cursor.
    expect(ui.frame()).toMatchInlineSnapshot(`
      "      ID DOMAIN                                              PRIVACY   EMAIL     BOTS
             1 site1.example.com                                   Public    Disabled  Enabled
      ›      2 site2.example.com                                   Private   Disabled  Enabled

      "
    `);
    ui.unmount();
  });

  it('renders only a window of a 100-row page, following the cursor', () => {
    const rows = Array.from({ length: 100 }, (_, i) => website(i + 1));
    const ui = renderInk(<List tab="websites" records={rows} cursor={57} width={80} height={8} loading={false} error={null} emptyText="none" />);
    const lines = ui.frame().split('\n');
    expect(lines).toHaveLength(8);
    expect(ui.frame()).toMatch(/› +58 site58/);
    expect(windowStart(0, 57, 7, 100)).toBe(51);
    expect(windowStart(51, 52, 7, 100)).toBe(51); // no jump while the cursor stays in view
    ui.unmount();
  });

  it('keeps columns aligned with wide characters and emoji', () => {
    const rows = [website(1, { domain: '例え.テスト' }), website(2, { domain: '🍕pizza.example.com' }), website(3, { domain: 'plain.example.com' })];
    const ui = renderInk(<List tab="websites" records={rows} cursor={0} width={80} height={5} loading={false} error={null} emptyText="none" />);
    const lines = ui.frame().split('\n').slice(1, 4);
    const at = lines.map((l) => stringWidth(l.slice(0, l.indexOf('Private'))));
    expect(new Set(at).size).toBe(1);
    expect(stringWidth(fit('例え', 3))).toBe(3);
    expect(stringWidth(fit('🍕', 3))).toBe(3);
    ui.unmount();
  });

  it('shows reports’ score as glyph, number and class word', () => {
    const rows = [
      report(1, { result: 87, result_class: 'good' }),
      report(2, { result: 61, result_class: 'decent' }),
      report(3, { result: 23, result_class: 'bad' }),
    ];
    const ui = renderInk(<List tab="reports" records={rows} cursor={0} width={100} height={5} loading={false} error={null} emptyText="none" />);
    expect(ui.frame()).toContain('● 87 good');
    expect(ui.frame()).toContain('◐ 61 decent');
    expect(ui.frame()).toContain('○ 23 bad');
    ui.unmount();
  });

  it('the sorted column wears its direction, and the status line calls the sort by the column’s name', () => {
    const ui = renderInk(
      <List
        tab="reports"
        records={[report(1)]}
        cursor={0}
        width={120}
        height={3}
        loading={false}
        error={null}
        emptyText="none"
        project="x"
        sortBy="result"
        sortDir="asc"
      />,
    );
    expect(ui.frame().split('\n')[0]).toMatch(/ID\s+URL\s+SCORE ↑\s+GENERATED/);
    ui.unmount();
    const byId = renderInk(
      <List tab="websites" records={[website(1)]} cursor={0} width={90} height={3} loading={false} error={null} emptyText="none" sortBy="id" sortDir="desc" />,
    );
    expect(byId.frame().split('\n')[0]).toMatch(/^\s+↓ID DOMAIN\s+PRIVACY/);
    byId.unmount();
    expect(sortName('reports', 'result')).toBe('score');
    expect(sortName('reports', 'generated_at')).toBe('generated');
    expect(sortName('websites', 'domain')).toBe('domain');
    let s = reducer(initialState({ tab: 'reports' }), { type: 'sort/set', sortBy: 'generated_at', sort: 'asc' } as Action);
    s = reducer(s, { type: 'list/loaded', tab: 'reports', requestId: s.tabs.reports.requestId, page: pageOf([report(1)]) });
    const status = renderInk(
      <OnState state={s}>
        <StatusLine width={120} busy={false} />
      </OnState>,
    );
    expect(status.frame()).toContain('sort generated ↑');
    status.unmount();
  });

  it('gives the URL its room first: at 100 and 60 columns a 28-character URL shows whole, the score keeps its word', () => {
    const url = 'https://copperevents.io/how-we-work'; // shown as copperevents.io/how-we-work: 27 characters
    const long = 'https://coppereventsx.io/how-we-work'; // 28
    for (const columns of [100, 80, 60]) {
      const layout = computeLayout({ columns, rows: 30 });
      const width = layout.sideBySide ? layout.listWidth : columns;
      const cols = fitColumns('reports', width, { dropProject: true });
      expect(cols.find((c) => c.header === 'URL')!.width, `${columns} columns`).toBeGreaterThanOrEqual(28);
      const records = [report(1, { url, result: 69, result_class: 'decent' }), report(2, { url: long, result: 90, result_class: 'good' })];
      const ui = renderInk(
        <List tab="reports" records={records} cursor={0} width={width} height={4} loading={false} error={null} emptyText="none" project="x" />,
      );
      expect(ui.frame()).toContain('copperevents.io/how-we-work');
      expect(ui.frame()).toContain('coppereventsx.io/how-we-work');
      expect(ui.frame()).toMatch(/◐ 69 decent/);
      for (const line of ui.frame().split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(width);
      ui.unmount();
    }
    expect(fitColumns('reports', 120, { dropProject: true }).find((c) => c.header === 'SCORE')!.width).toBe(SCORE_WIDTH);
    expect(fitColumns('reports', 61, { dropProject: true }).find((c) => c.header === 'SCORE')!.width).toBe(SCORE_WIDTH);
    // Only where the URL would have under 30 columns even alone does the score give up its word.
    expect(fitColumns('reports', 54, { dropProject: true }).find((c) => c.header === 'SCORE')!.width).toBe(SCORE_COMPACT_WIDTH);
  });

  it('says the score class in words at every width the deck draws the list, the detail beside it or not (the project column goes first)', () => {
    const records = [
      report(1, { result: 69, result_class: 'decent' }),
      report(2, { result: 90, result_class: 'good' }),
      report(3, { result: 21, result_class: 'bad' }),
    ];
    // 120 columns put the detail beside an 80-column list, which showed `◐ 69` with no word.
    for (const columns of [60, 80, 99, 100, 120, 140, 160, 200]) {
      const layout = computeLayout({ columns, rows: 30 });
      const width = layout.sideBySide ? layout.listWidth : columns;
      const ui = renderInk(<List tab="reports" records={records} cursor={0} width={width} height={5} loading={false} error={null} emptyText="none" />);
      const rows = ui.frame().split('\n').slice(1, 4);
      expect(
        rows.map((r) => /[●◐○] +\d+ (good|decent|bad)\b/.exec(r)?.[0]),
        `${columns} columns (list ${width})`,
      ).toEqual(['◐ 69 decent', '● 90 good', '○ 21 bad']);
      ui.unmount();
    }
  });

  it('sizes the score column to the scores on screen (no blank columns at 80), the URL takes what is left', () => {
    const records = [
      report(1, { url: `https://shop.example.com/${'a'.repeat(50)}`, result: 87, result_class: 'good' }),
      report(2, { url: 'https://shop.example.com/b', result: 23, result_class: 'bad' }),
    ];
    const score = scoreCells(records);
    expect(score).toEqual({ full: stringWidth('● 87 good'), compact: stringWidth('● 87'), digits: 2 });
    const cols = fitColumns('reports', 80, { dropProject: true, score });
    const scoreCol = cols.find((c) => c.header === 'SCORE')!;
    expect(scoreCol.width).toBe(stringWidth('● 87 good'));
    expect(scoreCol.width).toBeLessThan(SCORE_WIDTH);
    expect(MARKER + cols.reduce((n, c) => n + c.width + 1, 0) - 1).toBe(80);
    const ui = renderInk(<List tab="reports" records={records} cursor={0} width={80} height={4} loading={false} error={null} emptyText="none" project="x" />);
    const lines = ui.frame().split('\n');
    // The widest score ends one space before the date: no blank run inside the column.
    expect(lines[1]).toMatch(/● 87 good \d{4}-/);
    expect(lines[2]).toMatch(/○ 23 bad {2}\d{4}-/);
    // The URL got the columns the score does not need.
    const url = cols.find((c) => c.header === 'URL')!;
    expect(url.width).toBe(80 - MARKER - cols.filter((c) => c !== url).reduce((n, c) => n + c.width + 1, 0));
    expect(url.width).toBeGreaterThan(fitColumns('reports', 80, { dropProject: true }).find((c) => c.header === 'URL')!.width);
    ui.unmount();
  });

  it('sizes the score column to the widest score and change the domain allows, and gives the rest to the URL', () => {
    // Every score 0–100 after every earlier score: the widest cell is exactly the column.
    let widest = 0;
    // Each number right-aligned to 100's three digits.
    for (let s = 0; s <= 100; s++)
      for (let was = 0; was <= 100; was++) widest = Math.max(widest, stringWidth(`${alignedScore(scoreLabel(s), s, 3)} ${arrow(s - was)}`));
    const width = computeLayout({ columns: 120, rows: 40 }).listWidth;
    const cols = fitColumns('reports', width, { dropProject: true });
    expect(cols.map((c) => c.header)).toEqual(['ID', 'URL', 'SCORE', 'GENERATED']);
    expect(cols.find((c) => c.header === 'SCORE')!.width).toBe(widest);
    // The URL takes every column the others leave.
    expect(MARKER + cols.reduce((n, c) => n + c.width + 1, 0) - 1).toBe(width);

    // Drawn: the widest scores and changes (0 → 100, 0 → 79) end one space before the date.
    const history = createHistory({ host: 'seo.test' });
    const before = [report(1, { result: 0, result_class: 'bad' }), report(2, { result: 0, result_class: 'bad' })];
    const after = [
      report(1, {
        result: 100,
        result_class: 'good',
        url: 'https://news.zephyrworks.dev/careers',
        project: 'news.zephyrworks.dev',
        generated_at: '2024-11-13T13:09:15.000000Z',
      }),
      report(2, {
        result: 79,
        result_class: 'decent',
        url: 'https://news.zephyrworks.dev/pricing',
        project: 'news.zephyrworks.dev',
        generated_at: '2024-11-13T13:09:15.000000Z',
      }),
    ];
    history.observe(before);
    history.observe(after);
    const ui = renderInk(
      <HistoryContext.Provider value={history}>
        <List tab="reports" records={after} cursor={0} width={width} height={4} loading={false} error={null} emptyText="none" />
      </HistoryContext.Provider>,
    );
    const frame = ui.frame();
    const [head, ...rows] = frame.split('\n');
    ui.unmount();
    // Each score with its move since the report before (↑ up, ↓ down), under its column.
    expect(frame).toMatchInlineSnapshot(`
      "      ID URL                                  SCORE            GENERATED
      ›      1 news.zephyrworks.dev/careers         ● 100 good ↑100  2024-11-13 13:09
             2 news.zephyrworks.dev/pricing         ◐  79 decent ↑79 2024-11-13 13:09
      "
    `);
    const dateAt = stringWidth(head.slice(0, head.indexOf('GENERATED')));
    expect(rows[0]).toContain('news.zephyrworks.dev/careers ');
    // The numbers right-aligned: the widest cell is 79's, padded to 100's digits.
    for (const [row, cell, end] of [
      [rows[0], '● 100 good ↑100', dateAt - 2],
      [rows[1], '◐  79 decent ↑79', dateAt - 1],
    ] as const) {
      expect(stringWidth(row.slice(0, row.indexOf(cell) + cell.length)), row).toBe(end);
      expect(stringWidth(row)).toBeLessThanOrEqual(width);
    }
  });

  it('says why a list is empty', () => {
    const ui = renderInk(<List tab="websites" records={[]} cursor={0} width={80} height={5} loading={false} error={null} emptyText="Nothing matches" />);
    expect(ui.frame()).toContain('Nothing matches');
    ui.unmount();
  });

  it('makes hostile server strings inert', () => {
    const ui = renderInk(
      <List
        tab="websites"
        records={[website(1, { domain: 'evil\x1b]0;pwned\x07\x1b[2J.com' })]}
        cursor={0}
        width={80}
        height={3}
        loading={false}
        error={null}
        emptyText=""
      />,
    );
    expect(ui.rawFrame()).not.toContain('\x1b]0');
    expect(ui.rawFrame()).not.toContain('\x1b[2J');
    expect(ui.frame()).toContain('evil.com');
    ui.unmount();
  });
});

describe('Footer', () => {
  it('at 80 columns keeps the keys that matter on the tab (R and y on Reports) and drops others whole, never cut', () => {
    let s = reducer(initialState({ tab: 'reports' }), { type: 'list/loaded', tab: 'reports', requestId: 0, page: pageOf([report(1)]) });
    s = reducer(s, { type: 'list/loaded', tab: 'websites', requestId: 0, page: pageOf([website(1)]) });
    for (const width of [80, 100, 60]) {
      const ui = renderInk(
        <OnState state={s}>
          <Footer width={width} />
        </OnState>,
      );
      const line = ui.frame().split('\n')[0];
      ui.unmount();
      expect(line.length).toBeLessThanOrEqual(width);
      expect(line).not.toMatch(/…/);
      for (const k of ['R rerun', 'y copy', 'e edit', 'd delete', 'q quit']) expect(line, `${width}: ${line}`).toContain(k);
    }
    const wide = renderInk(
      <OnState state={s}>
        <Footer width={200} />
      </OnState>,
    );
    expect(wide.frame()).toContain(': cmd');
    wide.unmount();
  });
});

describe('DetailPane', () => {
  it('labels every field from the domain table, with unknown extra fields too', () => {
    const w = website(4, { privacy: 1, password: true, email: 1, exclude_ips: '1.2.3.4\n5.6.7.8', extra: { favorite: false, plan: 'pro' } });
    const ui = renderInk(<DetailPane tab="websites" record={w} width={60} height={20} scroll={0} focused={false} />);
    const f = ui.frame();
    // The write-only note is said in full, wrapped in the value column.
    expect(f.replace(/\s+/g, ' ')).toContain(
      'Exclude params Not returned by the server. In an edit, an empty field keeps them; anything typed replaces them all.',
    );
    expect(f).toContain('site4.example.com');
    expect(f).toMatch(/Privacy\s+Private/);
    expect(f).toMatch(/Password\s+set/);
    expect(f).toMatch(/Email reports\s+Enabled/);
    expect(f).toMatch(/Exclude IPs\s+1\.2\.3\.4, 5\.6\.7\.8/);
    expect(f).toMatch(/plan\s+pro/);
    ui.unmount();
  });

  it('labels the fields it knows but does not edit, and keeps the unknown ones below them under their heading', () => {
    const w = website(4, { extra: { plan: 'pro', favorited_at: '2024-10-13T13:09:15.000000Z', favorite: true } });
    const ui = renderInk(<DetailPane tab="websites" record={w} width={60} height={30} scroll={0} focused={false} />);
    const f = ui.frame();
    expect(f).toMatch(/Favourite\s+yes/);
    expect(f).toMatch(/Favourited\s+2024-10-13/);
    expect(f).not.toMatch(/favorite/);
    const order = ['Favourite', 'Favourited', 'Other fields the server sent', 'plan'].map((t) => f.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    ui.unmount();
    // Without unknown fields there is no heading.
    const known = renderInk(
      <DetailPane tab="websites" record={website(5, { extra: { favorite: false } })} width={60} height={30} scroll={0} focused={false} />,
    );
    expect(known.frame()).toMatch(/Favourite\s+no/);
    expect(known.frame()).not.toContain('Other fields');
    known.unmount();
  });

  it('lists failed checks first, most important first, then passed ones', () => {
    const r = report(5, { checks: checks(['favicon', 'title', 'robots']) });
    const ui = renderInk(<DetailPane tab="reports" record={r} width={60} height={60} scroll={0} focused />);
    const f = ui.frame();
    const order = ['Failed checks (3)', '✗ Title', '✗ Robots', '✗ Favicon', 'Passed checks (27)', '✓ Headings'].map((s) => f.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(orderedChecks(r.checks).failed.map((c) => c.importance)).toEqual(['high', 'medium', 'low']);
    ui.unmount();
  });

  it('stacks a block whose labels need more than half the pane: each label whole, its reason under it', () => {
    const r = report(6, { checks: checks(['content_keywords', 'defer_javascript']) });
    // At 30 columns a check's name needs more than 15: the checks are stacked, the fields keep their column.
    const ui = renderInk(<DetailPane tab="reports" record={r} width={30} height={60} scroll={0} focused />);
    const f = ui.frame();
    expect(f).toMatch(/^✗ Content keywords\n {2}high · the title keywords\n {2}are not in the content$/m);
    expect(f).toMatch(/^✗ Defer JavaScript\n {2}low · scripts are not\n {2}deferred$/m);
    // A value that fits whole after its label stays on its row.
    expect(f).toMatch(/^✓ Deprecated HTML tags low$/m);
    expect(f).toMatch(/^Project {3}proj0\.example\.com$/m);
    expect(
      f
        .split('\n')
        .filter((l) => /^[✗✓]/.test(l))
        .every((l) => !l.includes('…')),
    ).toBe(true);
    ui.unmount();
  });

  it('makes each block’s label column as wide as its longest label and no wider', () => {
    // A website's longest label is "Exclude params" (14): a blank column after it, whatever the pane.
    for (const width of [50, 80]) {
      const ui = renderInk(<DetailPane tab="websites" record={website(3)} width={width} height={30} scroll={0} focused />);
      expect(ui.frame(), `${width}`).toMatch(/^Privacy {8}\S/m);
      ui.unmount();
    }
    // A report's failed checks have their own column (only "✗ Robots" here): the reason starts after it.
    const r = report(8, { checks: checks(['robots']) });
    const ui = renderInk(<DetailPane tab="reports" record={r} width={60} height={60} scroll={0} focused />);
    const robots = ui
      .frame()
      .split('\n')
      .find((l) => l.startsWith('✗ Robots'))!;
    expect(robots).toMatch(/^✗ Robots medium · \S/);
    expect(ui.frame()).toMatch(/^✓ Deprecated HTML tags low$/m);
    ui.unmount();
  });

  it('gives labels the width of the longest one, wraps reasons and the whole URL title', () => {
    const url = `https://www.acmebooks.com/${'docs/'.repeat(12)}pricing`;
    const r = report(7, {
      url,
      checks: CHECKS.map((c) => ({
        name: c.name,
        label: c.label,
        importance: c.importance,
        passed: c.name !== 'title',
        ...(c.name === 'title' ? { value: 'x'.repeat(78), errors: { too_long: { max: 60 } } } : {}),
      })),
    });
    const ui = renderInk(<DetailPane tab="reports" record={r} width={44} height={80} scroll={0} focused />);
    const f = ui.frame();
    const rows = f.split('\n');
    // The whole URL, over several lines, never cut.
    expect(rows.slice(0, 3).join('').replace(/\s+/g, '')).toContain(url);
    // Every passed check's value fits beside the longest name: one column for them all.
    expect(f).toMatch(/^✓ Deprecated HTML tags low$/m);
    expect(f).toMatch(/^✓ Headings {13}high$/m);
    expect(f).toMatch(/✗ Title\s+high · too long: 78\s+characters\s+\(max\s+60\)/);
    expect(f).not.toMatch(/…\s*$/m);
    for (const row of rows) expect(stringWidth(row)).toBeLessThanOrEqual(44);
    ui.unmount();
  });

  it('scrolls and says how much more there is', () => {
    const r = report(5, { checks: checks(['favicon']) });
    const ui = renderInk(<DetailPane tab="reports" record={r} width={60} height={8} scroll={0} focused />);
    expect(ui.frame()).toMatch(/… \d+ more \(↓\/↑ scroll\)/);
    expect(ui.frame().split('\n')).toHaveLength(8);
    // Eight rows: the report's first lines, then what is left below.
    expect(ui.frame()).toMatchInlineSnapshot(`
      "https://proj2.example.com/page-5
      id 5 · created 2024-10-13 13:09
      Project   proj2.example.com
      Score     ● 87 good
      Privacy   Public
      Password  not set
      Generated 2024-10-13 13:09
      … 33 more (↓/↑ scroll)"
    `);
    ui.unmount();
  });
});

describe('Tabs', () => {
  it('marks the active tab with brackets when there is no colour (inverse is gone too), with inverse otherwise', () => {
    const state = { ...initialState(), tab: 'reports' as const };
    const plain = renderInk(
      <ThemeContext.Provider value={makeTheme({ NO_COLOR: '1' })}>
        <OnState state={state}>
          <Tabs />
        </OnState>
      </ThemeContext.Provider>,
    );
    expect(plain.frame()).toBe(' 1 Websites [2 Reports] 3 Projects');
    plain.unmount();
    const coloured = renderInk(
      <ThemeContext.Provider value={makeTheme({})}>
        <OnState state={state}>
          <Tabs />
        </OnState>
      </ThemeContext.Provider>,
    );
    expect(coloured.frame()).toBe(' 1 Websites  2 Reports  3 Projects');
    coloured.unmount();
  });
});

describe('Header and status line', () => {
  // Every filter on, read-only, long names, counts in the thousands: what must stay, stays.
  const state = (() => {
    let s = initialState({ readOnly: true, tab: 'reports' });
    s = [
      { type: 'search/set', text: 'checkout' },
      { type: 'result/set', result: 'decent' },
      { type: 'project/set', project: 'shop.northwind.com' },
      { type: 'list/request', tab: 'reports', requestId: 1 },
      { type: 'list/loaded', tab: 'reports', requestId: 1, page: pageOf([report(1)], { page: 12, lastPage: 40, total: 1234 }) },
      { type: 'list/request', tab: 'websites', requestId: 2 },
      { type: 'list/loaded', tab: 'websites', requestId: 2, page: pageOf([website(1)], { total: 5678 }) },
      { type: 'dist/request', key: 'k', requestId: 3 },
      { type: 'dist/loaded', key: 'k', requestId: 3, counts: { good: 1500, decent: 1234, bad: 987 } },
    ].reduce((acc, a) => reducer(acc, a as Action), s);
    return s;
  })();
  const info = { profile: 'agency-production', hosts: { analytics: 'https://analytics.example.com', seo: 'https://seo.example.com' }, demo: true };

  it('never cuts page x/y, the total, the filters or the lock, at any width from 80 up; hosts and words give way', () => {
    for (let width = 80; width <= 160; width++) {
      const ui = renderInk(
        <ThemeContext.Provider value={makeTheme({ NO_COLOR: '1' })}>
          <OnState state={state}>
            <Header info={info} width={width} />
          </OnState>
          <OnState state={state}>
            <StatusLine width={width} busy={false} />
          </OnState>
        </ThemeContext.Provider>,
      );
      const [head, status] = ui.frame().split('\n');
      ui.unmount();
      for (const line of [head, status]) expect(stringWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
      expect(head, `${width}`).toMatch(/1 Websites 5,678 \[2 Reports 1,234\] .*DEMO ■ read-only$/);
      for (const must of ['/ checkout', 'result decent', 'project shop.northwind.com', 'page 12/40', '1,234 total']) {
        expect(status, `${width}: ${status}`).toContain(must);
      }
      if (!head.includes('analytics.example.com')) expect(head).not.toContain('seo.example.com'); // the SEO host goes first
    }
    expect(planStatus(state, 80)).toMatchObject({ dist: 'none', sort: false, perPage: false });
    expect(planStatus(state, 110).dist).toBe('compact');
    expect(planStatus(state, 200)).toEqual({ dist: 'words', perPage: true, placeholder: true, sort: true, tight: false });
  });
});

describe('Header on the Projects view', () => {
  it('leaves the profile and hosts only the room the three tabs leave: they give way whole, never cut from the front', () => {
    const row = (project: string) => ({
      project,
      reports: 1,
      scored: 1,
      average: 50,
      lowest: 50,
      highest: 50,
      mix: { good: 0, decent: 1, bad: 0 },
      worst: null,
      last_generated_at: null,
    });
    let s = reducer(initialState(), { type: 'projects/open' } as Action);
    s = reducer(s, {
      type: 'projects/progress',
      requestId: s.projects.requestId,
      rows: ['a', 'b', 'c', 'd', 'e'].map(row),
      read: 60,
      total: 60,
      done: true,
    } as Action);
    for (const [t, page] of [
      ['websites', pageOf([website(1)], { total: 60 })],
      ['reports', pageOf([report(1)], { total: 60 })],
    ] as const) {
      s = reducer(s, { type: 'list/request', tab: t, requestId: 10 } as Action);
      s = reducer(s, { type: 'list/loaded', tab: t, requestId: 10, page } as Action);
    }
    const info = { profile: 'demo', hosts: { analytics: 'http://127.0.0.1:41527', seo: 'http://127.0.0.1:41528' }, demo: true };
    for (let width = 80; width <= 120; width++) {
      const ui = renderInk(
        <ThemeContext.Provider value={makeTheme({ NO_COLOR: '1' })}>
          <OnState state={s}>
            <Header info={info} width={width} />
          </OnState>
        </ThemeContext.Provider>,
      );
      const head = ui.frame().split('\n')[0];
      ui.unmount();
      expect(stringWidth(head), `${width}: ${head}`).toBeLessThanOrEqual(width);
      expect(head, `${width}: ${head}`).toMatch(/\[3 Projects 5\]\s+(demo( · 127\.0\.0\.1:4152[78])*\s+)?DEMO$/);
    }
  });
});

describe('Footer', () => {
  it('shows the keys of the current mode from the keymap; keys refused here are greyed and marked ■, or left out without colour', () => {
    const state = initialState({ readOnly: true });
    const render = (env: Record<string, string>) => {
      const ui = renderInk(
        <ThemeContext.Provider value={makeTheme(env)}>
          <OnState state={state}>
            <Footer width={200} />
          </OnState>
        </ThemeContext.Provider>,
      );
      const frame = ui.frame();
      ui.unmount();
      return frame;
    };
    const plain = render({ NO_COLOR: '1' });
    expect(plain).toContain('? help  / search  s sort');
    for (const refused of ['f result', 'p project', 'n new', 'e edit', 'd delete']) expect(plain).not.toContain(refused);
    expect(plain).toContain('■ read-only');
    const coloured = render({});
    // Greyed, and marked by more than faintness: the lock glyph the ? help gives a refused key.
    for (const refused of ['n new', 'e edit', 'd delete']) expect(coloured).toContain(`■ ${refused}`);
    expect(coloured).toMatch(/\? help {2}\/ search/); // a key that acts wears no mark
    expect(coloured).not.toContain('f result'); // the other tab's key
    expect(coloured.indexOf('q quit')).toBeLessThan(coloured.indexOf('n new')); // what acts comes first
  });
});

describe('DistributionBar and theme', () => {
  it('draws one bar proportional to the counts (largest remainder), one glyph per class, counts beside', () => {
    const cases: [Record<'good' | 'decent' | 'bad', number>, number, string][] = [
      [{ good: 120, decent: 80, bad: 112 }, 12, 'results: █████▓▓▓░░░░ good 120 decent 80 bad 112'],
      [{ good: 25, decent: 18, bad: 17 }, 12, 'results: █████▓▓▓▓░░░ good 25 decent 18 bad 17'],
      [{ good: 4, decent: 3, bad: 4 }, 11, 'results: ████▓▓▓░░░░ good 4 decent 3 bad 4'],
      // A class far below one cell's share still gets its cell.
      [{ good: 1, decent: 0, bad: 99 }, 6, 'results: █░░░░░ good 1 decent 0 bad 99'],
      [{ good: 0, decent: 0, bad: 0 }, 6, 'results:  good 0 decent 0 bad 0'],
    ];
    for (const [counts, barWidth, want] of cases) {
      const ui = renderInk(<DistributionBar counts={counts} barWidth={barWidth} />);
      expect(ui.frame()).toBe(want);
      ui.unmount();
    }
  });

  it('NO_COLOR turns every colour off', () => {
    const t = makeTheme({ NO_COLOR: '1' });
    expect(t.color).toBe(false);
    expect([t.accent, t.danger, t.result.good, t.flash.error].every((c) => c === undefined)).toBe(true);
    expect(makeTheme({}).result.good).toBe('green');
    const ui = renderInk(
      <ThemeContext.Provider value={t}>
        <DistributionBar counts={{ good: 1, decent: 0, bad: 2 }} />
        <Text>x</Text>
      </ThemeContext.Provider>,
    );
    expect(ui.frame()).toContain('good 1');
    ui.unmount();
  });
});

describe('Form', () => {
  it('shows the end of what is being typed in a long field, and the start when not focused', () => {
    const long = 'a-very-long-subdomain-name-for-testing.another-long-part.example.com';
    const f = setFieldValue(openForm('websites', 'create', null), 'domain', long);
    let ui = renderInk(<Form form={f} width={80} height={14} />);
    expect(ui.frame()).toContain('example.com▏');
    ui.unmount();
    ui = renderInk(<Form form={{ ...f, focus: 'privacy' }} width={80} height={14} />);
    expect(ui.frame()).toContain('a-very-long-subdomain');
    expect(ui.frame()).not.toContain('example.com');
    ui.unmount();
  });

  it('shows the record’s domain read-only on edit and an untouched password as (unchanged)', () => {
    const f = setFieldValue(openForm('websites', 'update', website(3, { privacy: 2, password: true })), 'email', 1);
    const ui = renderInk(<Form form={f} width={80} height={14} />);
    expect(ui.frame()).toMatch(/Domain\s+site3\.example\.com \(fixed: to change it, delete and re-add\)/);
    expect(ui.frame()).toMatch(/Password\s+\(unchanged\)/);
    expect(ui.frame()).toContain('Edit website site3.example.com (id 3) •');
    ui.unmount();
  });
});

describe('fit', () => {
  it('gives plain ASCII and wide text the same exact width, cut with …', async () => {
    const { default: stringWidth } = await import('string-width');
    for (const [text, width] of [
      ['shop.example.com', 8],
      ['shop.example.com', 16],
      ['shop.example.com', 30],
      ['日本語のドメイン.example', 9],
      ['a🚀b', 3],
      ['', 4],
    ] as const) {
      const out = fit(text, width);
      expect(stringWidth(out), `${text} @ ${width}`).toBe(width);
    }
    expect(fit('shop.example.com', 8)).toBe('shop.ex…');
    expect(fit('42', 5, 'right')).toBe('   42');
    expect(fit('abc', 0)).toBe('');
  });
});

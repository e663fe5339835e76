// The audit model: counts, order, summaries in words, unknown checks, history, empty input.
import { describe, expect, it } from 'vitest';
import { buildAudit, CHECKS, checkSummaryText, importancesText, type Check, type Report } from '../../src/domain';
import { analyse } from '../../src/emulator/scoring';
import { report } from '../helpers/records';

// Checks whose report left out their importance: the normaliser filled it in from the table.
const filled = (name: string): Pick<Check, 'importance' | 'importanceFrom'> => {
  const known = CHECKS.find((c) => c.name === name);
  return { importance: known?.importance ?? 'low', importanceFrom: known ? 'table' : 'guess' };
};
const fail = (name: string, errors?: Record<string, unknown>, value?: unknown): Check => ({ name, label: name, passed: false, ...filled(name), value, errors });
const pass = (name: string, value?: unknown): Check => ({ name, label: name, passed: true, ...filled(name), value });
/** A check as a report sends it, with its own importance. */
const sent = (name: string, importance: Check['importance'], passed = false): Check => ({ name, label: name, passed, importance });
const page = (id: number, result: number | null, checks: Check[], over: Partial<Report> = {}) => report(id, { result, checks, ...over });

describe('buildAudit', () => {
  it('is empty and says so for no reports', () => {
    const a = buildAudit([]);
    expect(a).toEqual({
      pages: 0,
      reports: 0,
      averageScore: null,
      classes: { good: 0, decent: 0, bad: 0 },
      checks: [],
      analysed: 0,
      compared: 0,
      verdicts: new Map(),
    });
  });

  it('counts pages failing each check against the pages read, with the score mix and average', () => {
    const reports = [
      page(1, 90, [fail('title', { missing: null }), pass('favicon')]),
      page(2, 60, [fail('title', { missing: null }), fail('favicon', { missing: null })]),
      page(3, 20, [pass('title', 'Hi'), pass('favicon')]),
      page(4, null, [fail('favicon')]),
    ];
    const a = buildAudit(reports);
    expect(a.pages).toBe(4);
    expect(a.averageScore).toBe(57); // (90 + 60 + 20) / 3, rounded; the page without a score is not counted
    expect(a.classes).toEqual({ good: 1, decent: 1, bad: 1 });
    const title = a.checks.find((c) => c.name === 'title')!;
    expect([title.failing, title.of, title.share]).toEqual([2, 4, 0.5]);
    expect(title.label).toBe('Title');
    expect(title.importance).toBe('high');
    expect(title.pages.map((p) => p.id)).toEqual([2, 1]); // lowest score first
    const favicon = a.checks.find((c) => c.name === 'favicon')!;
    expect(favicon.pages.map((p) => [p.id, p.score])).toEqual([
      [2, 60],
      [4, null],
    ]); // no score last
    expect(favicon.summary).toBe('no favicon');
  });

  it('orders checks by importance (high, medium, low, unknown), then pages failing, then name', () => {
    const reports = [1, 2, 3].map((id) =>
      page(id, 50, [
        fail('favicon'), // low, 3 pages
        ...(id < 3 ? [fail('robots'), fail('language')] : [fail('robots')]), // medium: robots 3, language 2
        ...(id === 1 ? [fail('title', { missing: null })] : []), // high, 1 page
        fail('zz_custom_check', { broken: 'yes' }), // unknown, 3 pages
        ...(id === 1 ? [fail('aa_other')] : []), // unknown, 1 page
        fail('charset'), // medium, 3 pages: before robots by name
      ]),
    );
    const a = buildAudit(reports);
    expect(a.checks.map((c) => [c.name, c.importance, c.failing])).toEqual([
      ['title', 'high', 1],
      ['charset', 'medium', 3],
      ['robots', 'medium', 3],
      ['language', 'medium', 2],
      ['favicon', 'low', 3],
      ['zz_custom_check', null, 3],
      ['aa_other', null, 1],
    ]);
  });

  it('keeps unknown checks, labelled from their name, summarised from their error', () => {
    const a = buildAudit([page(1, 40, [fail('amp_valid', { broken: 'yes' })]), page(2, 30, [fail('amp_valid', { broken: 'yes' })])]);
    expect(a.checks).toHaveLength(1);
    const c = a.checks[0];
    expect([c.name, c.label, c.importance, c.failing]).toEqual(['amp_valid', 'Amp valid', null, 2]);
    expect(c.summary).toBe('broken: yes');
    expect(c.pages[0].reason).toBe('broken: yes');
    expect(buildAudit([page(1, 40, [fail('amp_valid')])]).checks[0].summary).toBe('failed');
  });

  it('summarises a limit as the range the failing pages show, in the units of the reason table', () => {
    const titles = [61, 100, 78].map((n, i) => page(i + 1, 50, [fail('title', { too_long: { max: 60 } }, 'x'.repeat(n))]));
    expect(buildAudit(titles).checks[0].summary).toBe('too long: 61–100 characters (max 60)');
    const slow = [1.5, 2.4, 2].map((s, i) => page(i + 1, 50, [fail('load_time', { too_slow: { max: 1 } }, s)]));
    expect(buildAudit(slow).checks[0].summary).toBe('too slow: 1.5–2.4 s (max 1 s)');
    const heavy = [412_000, 2_400_000].map((b, i) => page(i + 1, 50, [fail('page_size', { too_large: { max: 330_000 } }, b)]));
    expect(buildAudit(heavy).checks[0].summary).toBe('too large: 412 KB–2.4 MB (max 330 KB)');
    const one = [page(1, 50, [fail('title', { too_long: { max: 60 } }, 'x'.repeat(70))])];
    expect(buildAudit(one).checks[0].summary).toBe('too long: 70 characters (max 60)');
  });

  it('says every kind of failure of a check, the most common first', () => {
    const reports = [
      page(1, 50, [fail('title', { missing: null })]),
      page(2, 50, [fail('title', { too_long: { max: 60 } }, 'x'.repeat(61))]),
      page(3, 50, [fail('title', { too_long: { max: 60 } }, 'x'.repeat(90))]),
    ];
    const c = buildAudit(reports).checks[0];
    expect(c.summary).toBe('too long: 61–90 characters (max 60); missing');
    expect(c.pages.map((p) => p.reason)).toEqual(['missing', 'too long: 61 characters (max 60)', 'too long: 90 characters (max 60)']);
    // Pages naming different things share the check's fault.
    const heads = buildAudit([page(1, 50, [fail('headings', { missing: ['h1'] })]), page(2, 50, [fail('headings', { missing: ['h2'] })])]).checks[0];
    expect(heads.summary).toBe('missing headings');
    const same = buildAudit([page(1, 50, [fail('headings', { missing: ['h1'] })]), page(2, 50, [fail('headings', { missing: ['h1'] })])]).checks[0];
    expect(same.summary).toBe('missing h1');
  });

  it('gives at most three examples, the lowest scores, and every page with its own reason and project', () => {
    const reports = [70, 10, 50, 30, 90].map((s, i) => page(i + 1, s, [fail('favicon')]));
    const c = buildAudit(reports).checks[0];
    expect(c.examples.map((p) => p.score)).toEqual([10, 30, 50]);
    expect(c.pages).toHaveLength(5);
    expect(c.pages[0]).toEqual({ id: 2, url: 'https://proj2.example.com/page-2', project: 'proj2.example.com', score: 10, reason: 'no favicon', isNew: null });
    expect([c.newlyFailing, c.fixed]).toEqual([null, null]);
  });

  it('takes importance from the reports: the table fills in only what they leave out', () => {
    // Every report says load_time is medium (the table says high); an unknown check comes as medium.
    const reports = [1, 2, 3].map((id) =>
      page(id, 50, [sent('load_time', 'medium'), sent('brand_new_check', 'medium'), fail('favicon'), sent('title', 'high', id !== 1)]),
    );
    const a = buildAudit(reports);
    expect(a.checks.map((c) => [c.name, c.importance, c.importances])).toEqual([
      ['title', 'high', null],
      ['brand_new_check', 'medium', null],
      ['load_time', 'medium', null],
      ['favicon', 'low', null],
    ]);
    expect(a.checks.find((c) => c.name === 'brand_new_check')!.label).toBe('Brand new check');
    // A report that leaves load_time's importance out does not outvote the ones that sent it.
    expect(buildAudit([...reports, page(4, 50, [fail('load_time')])]).checks.find((c) => c.name === 'load_time')!.importance).toBe('medium');
  });

  it('uses the most severe importance when reports disagree, and says so in the check’s row', () => {
    const reports = [
      page(1, 50, [sent('robots', 'high')]),
      ...[2, 3].map((id) => page(id, 50, [sent('robots', 'medium')])),
      page(4, 50, [sent('robots', 'low', true)]),
    ];
    const c = buildAudit(reports).checks[0];
    expect([c.importance, c.importances, c.failing]).toEqual(['high', { high: 1, medium: 2, low: 1 }, 3]);
    expect(importancesText(c)).toBe('reports disagree: high on 1 page, medium on 2 pages, low on 1 page');
    expect(checkSummaryText(c)).toBe(`reports disagree: high on 1 page, medium on 2 pages, low on 1 page; ${c.summary}`);
    expect(checkSummaryText(buildAudit([page(1, 50, [sent('robots', 'medium')])]).checks[0])).toBe(c.summary);
  });

  it('counts a page (a URL) once, at its latest analysis; the older one says what is new or fixed', () => {
    const at = (d: number) => `2024-10-${String(d).padStart(2, '0')}T10:00:00.000000Z`;
    const reports = [
      // Two analyses of one page (the second one's URL written another way).
      page(60, 69, [fail('title', { missing: null }), pass('favicon')], { url: 'https://www.copperevents.net/how-we-work/', generated_at: at(20) }),
      page(18, 40, [pass('title', 'Hi'), fail('favicon'), fail('robots')], { url: 'https://copperevents.net/how-we-work', generated_at: at(2) }),
      page(19, 90, [fail('title', { missing: null })], { url: 'https://copperevents.net/about', generated_at: at(3) }),
    ];
    const a = buildAudit(reports);
    expect([a.pages, a.reports]).toEqual([2, 3]);
    expect(a.averageScore).toBe(80); // (69 + 90) / 2: the older analysis is not a page
    expect(a.classes).toEqual({ good: 1, decent: 1, bad: 0 });
    const title = a.checks.find((c) => c.name === 'title')!;
    expect([title.failing, title.of, title.newlyFailing, title.fixed]).toEqual([2, 2, 1, 0]);
    expect(title.pages.map((p) => [p.id, p.isNew])).toEqual([
      [60, true],
      [19, null],
    ]);
    const favicon = a.checks.find((c) => c.name === 'favicon');
    expect(favicon).toBeUndefined(); // failed only in the older analysis: fixed, not failing
    expect(a.checks.map((c) => c.name)).toEqual(['title']);
    // The history's analysis wins when it is later than the older report.
    const later = buildAudit(reports, (r) => (r.id === 60 ? { generated_at: at(10), failed: ['title'] } : null)).checks[0];
    expect([later.newlyFailing, later.pages[0].isNew]).toEqual([0, false]);
    const earlier = buildAudit(reports, (r) => (r.id === 60 ? { generated_at: at(1), failed: ['title'] } : null)).checks[0];
    expect([earlier.newlyFailing, earlier.pages[0].isNew]).toEqual([1, true]);
  });

  it('counts a report read twice once', () => {
    const r = page(1, 50, [fail('favicon')]);
    const a = buildAudit([r, r, page(2, 50, [])]);
    expect([a.pages, a.reports]).toEqual([2, 2]);
    expect(a.checks[0].failing).toBe(1);
  });

  it('says newly failing and fixed from each page’s previous analysis', () => {
    const reports = [
      page(1, 50, [fail('favicon'), pass('title')]), // favicon new, title fixed
      page(2, 50, [fail('favicon'), fail('title', { missing: null })]), // both failed before too
      page(3, 50, [fail('favicon')]), // no history
    ];
    const before: Record<number, string[] | null> = { 1: ['title'], 2: ['favicon', 'title'], 3: null };
    const a = buildAudit(reports, (r) => (before[Number(r.id)] ? { generated_at: null, failed: before[Number(r.id)]! } : null));
    const favicon = a.checks.find((c) => c.name === 'favicon')!;
    expect([favicon.newlyFailing, favicon.fixed]).toEqual([1, 0]);
    expect(favicon.pages.map((p) => [p.id, p.isNew])).toEqual([
      [1, true],
      [2, false],
      [3, null],
    ]);
    const title = a.checks.find((c) => c.name === 'title')!;
    expect([title.failing, title.newlyFailing, title.fixed]).toEqual([1, 0, 1]);
  });

  it('reads the emulator’s analyses: every failing check of the domain table, summarised without raw JSON', () => {
    const reports = Array.from({ length: 60 }, (_, i) => {
      const a = analyse(`https://shop${i % 4}.example.com/Docs/Some_Page-${i}.html`, i % 3);
      return page(
        i + 1,
        a.score,
        Object.entries(a.results).map(([name, r]) => ({ name, label: name, ...r })),
      );
    });
    const a = buildAudit(reports);
    expect(a.pages).toBe(60);
    for (const c of a.checks) {
      expect(
        CHECKS.some((k) => k.name === c.name),
        c.name,
      ).toBe(true);
      expect(c.summary, c.name).not.toMatch(/[{}"[\]]|null|undefined|NaN/);
      expect(c.failing).toBe(c.pages.length);
    }
  });
});

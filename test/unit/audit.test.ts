// The audit model: counts, order, summaries in words, unknown checks, history, empty input.
import { describe, expect, it } from 'vitest';
import { buildAudit, CHECKS, type Check, type Report } from '../../src/domain';
import { analyse } from '../../src/emulator/scoring';
import { report } from '../helpers/records';

const fail = (name: string, errors?: Record<string, unknown>, value?: unknown): Check => ({ name, label: name, passed: false, importance: 'low', value, errors });
const pass = (name: string, value?: unknown): Check => ({ name, label: name, passed: true, importance: 'low', value });
const page = (id: number, result: number | null, checks: Check[], over: Partial<Report> = {}) => report(id, { result, checks, ...over });

describe('buildAudit', () => {
  it('is empty and says so for no reports', () => {
    const a = buildAudit([]);
    expect(a).toEqual({ pages: 0, averageScore: null, classes: { good: 0, decent: 0, bad: 0 }, checks: [] });
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
    expect(favicon.pages.map((p) => [p.id, p.score])).toEqual([[2, 60], [4, null]]); // no score last
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

  it('counts a report read twice once', () => {
    const r = page(1, 50, [fail('favicon')]);
    const a = buildAudit([r, r, page(2, 50, [])]);
    expect(a.pages).toBe(2);
    expect(a.checks[0].failing).toBe(1);
  });

  it('says newly failing and fixed from each page’s previous analysis', () => {
    const reports = [
      page(1, 50, [fail('favicon'), pass('title')]), // favicon new, title fixed
      page(2, 50, [fail('favicon'), fail('title', { missing: null })]), // both failed before too
      page(3, 50, [fail('favicon')]), // no history
    ];
    const before: Record<number, string[] | null> = { 1: ['title'], 2: ['favicon', 'title'], 3: null };
    const a = buildAudit(reports, (r) => before[Number(r.id)]);
    const favicon = a.checks.find((c) => c.name === 'favicon')!;
    expect([favicon.newlyFailing, favicon.fixed]).toEqual([1, 0]);
    expect(favicon.pages.map((p) => [p.id, p.isNew])).toEqual([[1, true], [2, false], [3, null]]);
    const title = a.checks.find((c) => c.name === 'title')!;
    expect([title.failing, title.newlyFailing, title.fixed]).toEqual([1, 0, 1]);
  });

  it('reads the emulator’s analyses: every failing check of the domain table, summarised without raw JSON', () => {
    const reports = Array.from({ length: 60 }, (_, i) => {
      const a = analyse(`https://shop${i % 4}.example.com/Docs/Some_Page-${i}.html`, i % 3);
      return page(i + 1, a.score, Object.entries(a.results).map(([name, r]) => ({ name, label: name, ...r })));
    });
    const a = buildAudit(reports);
    expect(a.pages).toBe(60);
    for (const c of a.checks) {
      expect(CHECKS.some((k) => k.name === c.name), c.name).toBe(true);
      expect(c.summary, c.name).not.toMatch(/[{}"[\]]|null|undefined|NaN/);
      expect(c.failing).toBe(c.pages.length);
    }
  });
});

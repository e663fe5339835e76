// The split of the width between the list and the detail pane reads the page's details only as far
// as the split can use them: the same split as from every row's need, but a page of reports on a
// screen narrower than its details is read to its first rows (its first frame's render paid for
// all of them, about 30 ms of a cold start's Reports frame).
import { describe, expect, it } from 'vitest';
import type { Check, Report } from '../../src/domain';
import { listNeed, paneNeed, splitFor, splitPane } from '../../src/ui/layout/paneWidth';
import { report, website } from '../helpers/records';

/** Checks as the SEO host sends them: a long title and URL whose reasons wrap, and short ones. */
function checks(i: number): Check[] {
  const more = ' — and more'.repeat(i % 9);
  return [
    {
      name: 'title',
      label: 'Title',
      passed: false,
      importance: 'high',
      value: `Docs Getting Started ${i} | shop.example.io${more}`,
      errors: { too_long: { max: 60 } },
    },
    { name: 'meta_description', label: 'Meta description', passed: false, importance: 'high', value: null, errors: { missing: null } },
    {
      name: 'seo_friendly_url',
      label: 'SEO friendly URL',
      passed: false,
      importance: 'high',
      value: `https://shop.example.io/Docs/Page_${i}.html`,
      errors: { bad_format: null },
    },
    { name: 'load_time', label: 'Load time', passed: false, importance: 'high', value: 3.07, errors: { too_slow: { max: 1 } } },
    { name: 'language', label: 'Language', passed: true, importance: 'medium', value: 'en' },
    { name: 'dom_size', label: 'DOM size', passed: true, importance: 'low', value: 1375 },
  ] as Check[];
}

const reports: Report[] = Array.from({ length: 50 }, (_, i) => report(100 - i, { checks: checks(i) }));
const websites = Array.from({ length: 50 }, (_, i) => website(100 - i, i === 7 ? { domain: 'a-much-longer-domain-name-than-the-others.example.org' } : {}));

describe('splitFor', () => {
  it('splits every width as splitPane does from the needs of every row', () => {
    for (const [tab, page] of [
      ['reports', reports],
      ['websites', websites],
    ] as const)
      for (let columns = 60; columns <= 260; columns++)
        expect([tab, columns, splitFor(tab, page, columns)]).toEqual([
          tab,
          columns,
          splitPane(columns, listNeed(tab, page), paneNeed(tab, page, Math.floor(columns / 2))),
        ]);
  });

  it('reads the details of a page of reports only until a row needs all the split can give', () => {
    const read = new Set<unknown>();
    // Each report says when its checks (the most of its detail) are read.
    const watched = reports.map((r) => new Proxy(r, { get: (o, k) => (k === 'checks' && read.add(o.id), Reflect.get(o, k)) }));
    const split = splitFor('reports', watched, 120);
    expect(split).toEqual(splitPane(120, listNeed('reports', reports), paneNeed('reports', reports, 60)));
    expect(read.size).toBeLessThan(5);
  });

  it('gives a row whose detail wraps even in the widest pane all of it, and reads no row after it', () => {
    // Reports with short checks fit in 100 columns; the third has a field the server added, a line no pane of 100 holds.
    const short = reports.map((r) => ({ ...r, checks: r.checks.filter((c) => c.passed) }));
    const page = short.map((r, i) => (i === 2 ? { ...r, extra: { summary: `A note ${'much too long '.repeat(12)}` } } : r));
    const read = new Set<unknown>();
    const watched = page.map((r) => new Proxy(r, { get: (o, k) => (read.add(o.id), Reflect.get(o, k)) }));
    expect(paneNeed('reports', watched, 100)).toBe(100);
    expect(read).toEqual(new Set(page.slice(0, 3).map((r) => r.id)));
    // Without it the rows need less: the wrapping row decides the split.
    expect(paneNeed('reports', short, 100)).toBeLessThan(100);
    expect(splitFor('reports', page, 200).detailWidth).toBe(100);
  });

  it('reads every row when the split could give the pane more than any row needs', () => {
    expect(paneNeed('reports', reports.slice(0, 3), 100)).toBe(paneNeed('reports', reports.slice(0, 3), 100, 100));
    const read = new Set<unknown>();
    const watched = reports.map((r) => new Proxy(r, { get: (o, k) => (k === 'checks' && read.add(o.id), Reflect.get(o, k)) }));
    paneNeed('reports', watched, 100, 1000);
    expect(read.size).toBe(reports.length);
  });
});

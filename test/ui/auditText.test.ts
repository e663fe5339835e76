// The Audit view's rows as text: within the width at 80 and 120 columns, words never cut in their
// middle, importance and share readable without colour, new and fixed since the last analysis.
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { buildAudit, CHECKS, type Check } from '../../src/domain';
import {
  changeText,
  checkLayout,
  checkRow,
  checksHeader,
  pageLayout,
  pageRow,
  pagesDiffer,
  pagesHeader,
  shareBar,
  sharedTail,
  wordCut,
} from '../../src/ui/words/auditText';
import { report } from '../helpers/records';

// As a report that leaves importance out: the normaliser fills it from the table, or guesses.
const fail = (name: string, errors?: Record<string, unknown>, value?: unknown): Check => ({
  name,
  label: name,
  passed: false,
  importance: CHECKS.find((c) => c.name === name)?.importance ?? 'low',
  importanceFrom: CHECKS.some((c) => c.name === name) ? 'table' : 'guess',
  value,
  errors,
});

describe('the Audit view’s text', () => {
  it('cuts after a whole word, never inside one (a lone long URL excepted)', () => {
    expect(wordCut('too long: 61–100 characters (max 60)', 100)).toBe('too long: 61–100 characters (max 60)');
    expect(wordCut('too long: 61–100 characters (max 60)', 20)).toBe('too long: 61–100…');
    expect(wordCut('not in the content: Docs, Getting, Started', 30)).toBe('not in the content: Docs…');
    expect(wordCut('https://example.com/a/very/long/path', 12)).toHaveLength(12);
    for (let w = 4; w < 40; w++) {
      const out = wordCut('the URL is not SEO friendly (capitals, underscores, a query)', w);
      expect(stringWidth(out)).toBeLessThanOrEqual(w);
      expect('the URL is not SEO friendly (capitals, underscores, a query)'.startsWith(out.replace(/…$/, ''))).toBe(true);
      if (out.endsWith('…')) expect('the URL is not SEO friendly (capitals, underscores, a query)'[out.length - 1]).toMatch(/[ ,(]/);
    }
  });

  it('shows the share as a count and a bar of filled cells', () => {
    expect(shareBar(58, 230, 10)).toBe('███·······');
    expect(shareBar(1, 230, 10)).toBe('█·········');
    expect(shareBar(230, 230, 6)).toBe('██████');
  });

  it('says +new · fixed only where history gives them', () => {
    expect(changeText({ newlyFailing: 3, fixed: 5 })).toBe('+3 new · 5 fixed');
    expect(changeText({ newlyFailing: 0, fixed: 2 })).toBe('2 fixed');
    expect(changeText({ newlyFailing: null, fixed: null })).toBe('');
  });

  it('fits every row at 80 and 120 columns, the summary on its own line below 100', () => {
    const names = CHECKS.map((c) => c.name);
    const reports = Array.from({ length: 40 }, (_, i) =>
      report(i + 1, {
        result: (i * 7) % 100,
        url: `https://shop${i % 4}.example.com/a/rather/long/path/number-${i}?with=query`,
        checks: [...names.slice(0, 1 + (i % names.length)).map((n) => fail(n, { too_long: 61 + i }, 'x'.repeat(61 + i))), fail('brand_new_check')],
      }),
    );
    const audit = buildAudit(reports, (r) => ({ generated_at: null, failed: Number(r.id) % 2 ? [] : names }));
    for (const width of [80, 120]) {
      const l = checkLayout(audit, width);
      expect(stringWidth(checksHeader(l)), checksHeader(l)).toBeLessThanOrEqual(width);
      for (const c of audit.checks) {
        const row = checkRow(c, l);
        const line = `› ${row.importance}${row.rest}`;
        expect(stringWidth(line), line).toBeLessThanOrEqual(width);
        if (row.second !== null) expect(stringWidth(row.second)).toBeLessThanOrEqual(width);
        expect(row.importance).toMatch(c.importance === null ? /^\? unknown/ : new RegExp(`^[▲◆▽] ${c.importance}`));
        expect(line).toContain(`${c.failing} of 40`);
      }
      expect(l.twoLines).toBe(width < 100);
      const pl = pageLayout(width);
      for (const p of audit.checks[0].pages) expect(stringWidth(`›${pageRow(p, pl, true, null)}`), pageRow(p, pl, true, null)).toBeLessThanOrEqual(width);
    }
    // The unknown check is kept, after the known ones.
    expect(audit.checks.at(-1)!.name).toBe('brand_new_check');
    // History: new and fixed are said on the row.
    expect(
      checkRow(
        audit.checks.find((c) => c.newlyFailing || c.fixed)!,
        checkLayout(audit, 120),
      ).rest,
    ).toMatch(/(\+\d+ new|\d+ fixed)$/);
  });

  it('makes the PAGE column as wide as the pages on screen need and gives the reasons the rest', () => {
    // A project's short paths at 120 columns: six columns of URL, not 48 with forty of them blank.
    const l = pageLayout(120, ['/cart', '/about']);
    expect(l.url).toBe('/about'.length);
    expect(l.reason).toBe(120 - 15 - l.url);
    // Long URLs take what they may while a reason keeps 30 columns; shown as lists show them (no https://www.).
    expect(pageLayout(80, ['https://www.shop.example.com/a/rather/long/path/number-12']).url).toBe(80 - 14 - 1 - 30);
    expect(pageLayout(120, ['https://shop.example.com/a']).url).toBe('shop.example.com/a'.length);
    expect(pageLayout(120, ['x'.repeat(200)]).url).toBe(60);
    // One reason for every page: no reason column (the reason is said once, above), the URL has the row.
    const one = pageLayout(80, ['https://www.shop.example.com/a/rather/long/path/number-12'], { reasons: false });
    expect(one).toEqual({ url: 80 - 14, reason: 0 });
    expect(pagesHeader(one).trimEnd()).toBe('  SCORE PAGE');
    const row = pageRow(
      { id: 1, url: 'https://www.shop.example.com/a/rather/long/path/number-12', project: 'shop.example.com', score: 23, reason: 'missing', isNew: false },
      one,
      false,
      null,
    );
    expect(row).toContain('shop.example.com/a/rather/long/path/number-12');
    expect(row).not.toContain('missing');
    expect(stringWidth(`›${row}`)).toBeLessThanOrEqual(80);
    expect(pagesDiffer([{ reason: 'missing' }, { reason: 'missing' }])).toBe(false);
    expect(pagesDiffer([{ reason: 'too slow: 3.61 s' }, { reason: 'too slow: 4.35 s' }])).toBe(true);
    // An ending every reason shares (the limit) is left off each row: the check's line says it.
    const nodes = [{ reason: 'too many: 5,080 nodes (max 1,500)' }, { reason: 'too many: 2,558 nodes (max 1,500)' }];
    expect(sharedTail(nodes)).toBe(' (max 1,500)');
    expect(sharedTail([...nodes, { reason: 'too many: 9,000 nodes (max 2,000)' }])).toBe('');
    expect(sharedTail([{ reason: 'missing (h1)' }])).toBe('');
    const tailed = pageLayout(80, ['/a'], { tail: ' (max 1,500)' });
    expect(pageRow({ id: 1, url: '/a', project: 'p', score: 40, reason: nodes[0].reason, isNew: false }, tailed, false, null).trimEnd()).toMatch(
      / too many: 5,080 nodes$/,
    );
    // Short reasons leave the URL their room: 21 columns of reason, not 30.
    const long = ['https://www.shop.example.com/a/rather/long/path/number-12'];
    expect(pageLayout(80, long, { widestReason: 21 }).url).toBe(pageLayout(80, long).url + 9);
  });

  it('shows a project’s page by its path, marked with * and new with the word', () => {
    const l = pageLayout(120);
    const row = pageRow(
      { id: 1, url: 'https://www.shop.example/cart', project: 'shop.example', score: 23, reason: 'missing', isNew: true },
      l,
      true,
      'shop.example',
    );
    expect(row).toMatch(/^\* {0,2}○ 23 \/cart\s+new missing$/);
  });
});

// URLs as lists show them, bars in proportion, text wrapped to columns.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { proportionalCells } from '../../src/text/proportion';
import { displayUrl, projectRepeatsHost, shortUrl, urlHost, urlPath } from '../../src/text/url';
import { widthOf, wrapText, wrapWhole } from '../../src/text/wrap';

describe('displayUrl and shortUrl', () => {
  it('drops https:// and a leading www., keeps plain http:// visible, leaves scheme-less URLs as they are', () => {
    expect(displayUrl('https://www.acmebooks.com/pricing')).toBe('acmebooks.com/pricing');
    expect(displayUrl('http://www.acmebooks.com/pricing')).toBe('http://acmebooks.com/pricing');
    expect(displayUrl('example.com/a')).toBe('example.com/a');
    expect(urlHost('https://www.Blog.Acme.io/a?b')).toBe('blog.acme.io');
    expect(projectRepeatsHost('https://www.acme.io/a', 'acme.io')).toBe(true);
    expect(projectRepeatsHost('https://shop.acme.io/a', 'acme.io')).toBe(false);
    expect(urlPath('https://www.acme.io/a/b?c=1')).toBe('/a/b?c=1');
    expect(urlPath('http://acme.io?page=2')).toBe('/?page=2');
    expect(urlPath('acme.io')).toBe('/');
  });

  it('cuts in the middle, keeping the host’s start and the path’s end', () => {
    const u = 'https://www.acmebooks.com/Docs/how-we-work/pricing';
    expect(shortUrl(u, 60)).toBe('acmebooks.com/Docs/how-we-work/pricing');
    expect(shortUrl(u, 28)).toBe('acmebooks.com/Docs/…/pricing');
    expect(shortUrl(u, 20)).toBe('acmebooks.c…/pricing');
    expect(shortUrl('http://blog.acme.io/category/tools/red-running-shoes', 28)).toBe('http://blog.ac…running-shoes');
    // Two pages of one site no longer read the same.
    const a = shortUrl('https://app.acmebooks.com/Docs/Getting_Started.html', 32);
    const b = shortUrl('https://app.acmebooks.com/Docs/Billing_And_Plans.html', 32);
    expect(a).not.toBe(b);
    for (const w of [1, 3, 4, 10, 17, 33]) expect(stringWidth(shortUrl(u, w))).toBeLessThanOrEqual(w);
    expect(stringWidth(shortUrl(`https://wide.example/${'路径'.repeat(30)}`, 21))).toBeLessThanOrEqual(21);
  });

  it('keeps a search match in view when the cut would hide it', () => {
    const u = 'http://blog.acme.io/category/tools/red-running-shoes';
    expect(shortUrl(u, 20, 'category')).toContain('category');
    expect(shortUrl(u, 20, 'tools')).toContain('tools');
    expect(shortUrl(u, 20, 'shoes')).toContain('shoes');
    expect(shortUrl(`https://a.com/${'a'.repeat(30)}/mmmm/${'b'.repeat(30)}`, 20, 'MMMM')).toBe('…mmmm/bbbbbbbbbbbbb…');
  });
});

describe('proportionalCells', () => {
  it('shares cells by largest remainder, at least one per non-zero count', () => {
    expect(proportionalCells([25, 18, 17], 12)).toEqual([5, 4, 3]);
    expect(proportionalCells([4, 3, 4], 11)).toEqual([4, 3, 4]);
    expect(proportionalCells([50, 30, 20], 10)).toEqual([5, 3, 2]);
    expect(proportionalCells([1, 0, 99], 12)).toEqual([1, 0, 11]);
    expect(proportionalCells([1, 1, 98], 3)).toEqual([1, 1, 1]);
    expect(proportionalCells([0, 0, 0], 5)).toEqual([0, 0, 0]);
    for (const counts of [
      [7, 0, 3],
      [1, 2, 3],
      [100, 1, 1],
      [3, 3, 3],
    ]) {
      for (const w of [3, 6, 8, 12]) expect(proportionalCells(counts, w).reduce((a, b) => a + b, 0)).toBe(w);
    }
  });
});

describe('wrapText', () => {
  it('wraps at spaces, breaks a long word, counts wide characters', () => {
    expect(wrapText('too long: 78 characters (max 60)', 12)).toEqual(['too long: 78', 'characters', '(max 60)']);
    expect(wrapText('https://acme.com/a/very/long/path', 10)).toEqual(['https://ac', 'me.com/a/v', 'ery/long/p', 'ath']);
    expect(wrapText('', 10)).toEqual(['']);
    for (const l of wrapText('路径'.repeat(20), 7)) expect(stringWidth(l)).toBeLessThanOrEqual(7);
    expect(wrapText('a '.repeat(1000), 3, 5)).toHaveLength(5);
  });
});

describe('wrapWhole', () => {
  it('wraps a title that fits in its lines, whole', () => {
    expect(wrapWhole('acme.com/' + 'a'.repeat(30), 20, 3)).toEqual(['acme.com/aaaaaaaaaaa', 'a'.repeat(19)]);
  });
  it('cuts a title too long for its lines in the middle: the start and the end stay', () => {
    const lines = wrapWhole('start.example/' + 'z'.repeat(10_000) + '/the-end', 20, 3);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith('start.example/')).toBe(true);
    expect(lines[2]!.endsWith('/the-end')).toBe(true);
    expect(lines.join('')).toContain('…');
    for (const l of lines) expect(widthOf(l)).toBeLessThanOrEqual(20);
  });
});

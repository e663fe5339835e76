import { describe, expect, it } from 'vitest';
import { CHECKS, IMPORTANCE, classify } from '../../src/domain';
import { analyse, scoreUrl } from '../../src/emulator/scoring';

describe('scoring', () => {
  it('is deterministic per (url, run) and agrees with its own checks', () => {
    const url = 'https://shop.example.com/products/red-shoes';
    expect(analyse(url, 0)).toEqual(analyse(url, 0));
    for (let run = 0; run < 20; run++) {
      const a = analyse(url, run);
      expect(scoreUrl(url, run)).toBe(a.score);
      const total = CHECKS.reduce((s, c) => s + IMPORTANCE[c.importance], 0);
      const got = CHECKS.reduce((s, c) => s + (a.results[c.name].passed ? IMPORTANCE[c.importance] : 0), 0);
      expect(a.score).toBe(Math.round((got / total) * 100));
    }
    const runs = new Set(Array.from({ length: 20 }, (_, run) => scoreUrl(url, run)));
    expect(runs.size).toBeGreaterThan(1);
  });

  it('reads HTTPS and the shape of the URL; low checks weigh nothing', () => {
    expect(analyse('http://example.com/', 0).results.https_encryption.passed).toBe(false);
    expect(analyse('https://example.com/', 0).results.https_encryption.passed).toBe(true);
    expect(analyse('https://example.com/Some_Page.php?id=1', 0).results.seo_friendly_url.passed).toBe(false);
    expect(analyse('https://example.com/some-page', 0).results.seo_friendly_url.passed).toBe(true);
    const a = analyse('https://example.com/x', 3);
    const flipped = Object.fromEntries(Object.entries(a.results).map(([k, v]) => [k, v.importance === 'low' ? !v.passed : v.passed]));
    const total = CHECKS.reduce((s, c) => s + IMPORTANCE[c.importance], 0);
    const got = CHECKS.reduce((s, c) => s + (flipped[c.name] ? IMPORTANCE[c.importance] : 0), 0);
    expect(Math.round((got / total) * 100)).toBe(a.score);
  });

  it('fails checks that weigh nothing as a real site does, without moving a score', () => {
    const low = CHECKS.filter((c) => IMPORTANCE[c.importance] === 0).map((c) => c.name);
    const pages = Array.from({ length: 400 }, (_, i) => `https://site${i % 40}.example.com/page-${i}`);
    const share = (name: string) => pages.filter((u) => !analyse(u, 0).results[name].passed).length / pages.length;
    const shares = low.map(share);
    // Each check fails on its own share of pages (image formats often, deprecated tags rarely).
    expect(Math.max(...shares) - Math.min(...shares)).toBeGreaterThan(0.4);
    // The favicon is the whole site's: the same on every page and every run of a host.
    for (let s = 0; s < 40; s++) {
      const seen = new Set(pages.filter((_, i) => i % 40 === s).flatMap((u) => [0, 1, 2].map((run) => analyse(u, run).results.favicon.passed)));
      expect(seen.size).toBe(1);
    }
  });

  it('spreads URLs over all three classes', () => {
    const classes = new Set<string>();
    for (let i = 0; i < 200; i++) classes.add(classify(scoreUrl(`https://site${i}.example.com/page`, 0)));
    expect([...classes].sort()).toEqual(['bad', 'decent', 'good']);
  });
});

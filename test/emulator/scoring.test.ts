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

  it('spreads URLs over all three classes', () => {
    const classes = new Set<string>();
    for (let i = 0; i < 200; i++) classes.add(classify(scoreUrl(`https://site${i}.example.com/page`, 0)));
    expect([...classes].sort()).toEqual(['bad', 'decent', 'good']);
  });
});

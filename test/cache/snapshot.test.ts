import { describe, expect, it } from 'vitest';
import { ageText } from '../../src/cache/age';
import { cacheDirFrom } from '../../src/cache/files';
import { decode, emptySnapshot, encode, lookup, lookupNear, withPage, type CacheEntry } from '../../src/cache/snapshot';

const id = { baseUrl: 'https://a.example', seoBaseUrl: 'https://seo.example', keyHash: 'h1' };
const page = (n: number, rows = 2): CacheEntry['page'] => ({
  items: Array.from({ length: rows }, (_, i) => ({ id: n * 100 + i, domain: `site${n}-${i}.example` }) as never),
  meta: { page: n, lastPage: 9, perPage: 10, total: 90, from: 1, to: rows },
});
const entry = (n: number, savedAt = n): CacheEntry => ({ query: `q${n}`, savedAt, page: page(n) });

describe('warm-start cache content (pure)', () => {
  it('keeps the newest pages per tab, one per query', () => {
    let s = emptySnapshot(id);
    for (const n of [1, 2, 3, 4]) s = withPage(s, 'websites', entry(n));
    expect(s.tabs.websites.map((e) => e.query)).toEqual(['q4', 'q3', 'q2']);
    s = withPage(s, 'websites', { ...entry(2), savedAt: 99 });
    expect(s.tabs.websites.map((e) => `${e.query}@${e.savedAt}`)).toEqual(['q2@99', 'q4@4', 'q3@3']);
    expect(lookup(s, 'websites', 'q3')?.page.meta.page).toBe(3);
    expect(lookup(s, 'reports', 'q3')).toBeUndefined();
  });

  it('falls back to the same query at another page size (the terminal changed height), never to another query', () => {
    const q = (o: Record<string, unknown>) => JSON.stringify({ page: 1, per_page: 25, sort: 'desc', sort_by: 'id', ...o });
    let s = emptySnapshot(id);
    s = withPage(s, 'websites', { ...entry(1), query: q({}) });
    s = withPage(s, 'websites', { ...entry(2), query: q({ search: 'shop' }) });
    expect(lookupNear(s, 'websites', q({}))?.page.meta.page).toBe(1);
    expect(lookupNear(s, 'websites', q({ per_page: 50 }))?.page.meta.page).toBe(1);
    expect(lookupNear(s, 'websites', q({ per_page: 50, search: 'shop' }))?.page.meta.page).toBe(2);
    expect(lookupNear(s, 'websites', q({ per_page: 50, page: 2 }))).toBeUndefined();
    expect(lookupNear(s, 'websites', q({ sort: 'asc' }))).toBeUndefined();
  });

  it('round-trips, and is bounded in bytes: the oldest pages go first, nothing when one page is too big', () => {
    let s = emptySnapshot(id);
    s = withPage(s, 'websites', entry(1, 10));
    s = withPage(s, 'websites', entry(2, 30));
    s = withPage(s, 'reports', { query: 'r', savedAt: 20, page: { ...page(5), items: [{ id: 1, url: 'https://x.example/' } as never] } });
    const whole = encode(s)!;
    expect(decode(whole, id)).toEqual({ kind: 'ok', snapshot: s });
    const cut = encode(s, whole.length - 1)!;
    const kept = decode(cut, id);
    expect(kept.kind).toBe('ok');
    if (kept.kind === 'ok') expect([...kept.snapshot.tabs.websites, ...kept.snapshot.tabs.reports].map((e) => e.savedAt).sort()).toEqual([20, 30]);
    expect(encode(s, 50)).toBeNull();
  });

  it('refuses a damaged file and one written for other hosts or another key, saying which', () => {
    const text = encode(withPage(emptySnapshot(id), 'websites', entry(1)))!;
    expect(decode('{"v":1,', id)).toEqual({ kind: 'corrupt', why: 'not valid JSON' });
    expect(decode('[]', id).kind).toBe('corrupt');
    expect(decode(text.replace('"id":100', '"id":null'), id)).toEqual({ kind: 'corrupt', why: 'its websites pages are damaged' });
    expect(decode(text, { ...id, baseUrl: 'https://b.example' })).toEqual({ kind: 'foreign', why: 'written for other base URLs' });
    expect(decode(text, { ...id, seoBaseUrl: 'https://b.example' }).kind).toBe('foreign');
    expect(decode(text, { ...id, keyHash: 'h2' })).toEqual({ kind: 'foreign', why: 'written for another API key' });
  });

  it('lives in $XDG_CACHE_HOME/sitedeck, else ~/.cache/sitedeck; its age reads in one coarse unit', () => {
    expect(cacheDirFrom({ XDG_CACHE_HOME: '/x/cache' }, '/home/u')).toBe('/x/cache/sitedeck');
    expect(cacheDirFrom({ XDG_CACHE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.cache/sitedeck');
    expect(cacheDirFrom({}, '/home/u')).toBe('/home/u/.cache/sitedeck');
    expect([1000, 42_000, 5 * 60_000 + 59_000, 3 * 3600_000, 50 * 3600_000, -5].map(ageText)).toEqual([
      'just now',
      '42 s ago',
      '5 min ago',
      '3 h ago',
      '2 d ago',
      'just now',
    ]);
  });
});

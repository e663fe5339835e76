import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_RANGES, classify } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { call, emulator, REP, WEB } from './helpers';

let emu: Emulator;
const DOMAINS = Array.from({ length: 27 }, (_, i) => `site${String(i).padStart(2, '0')}.${i % 3 === 0 ? 'shop' : 'example'}.com`);

beforeAll(async () => {
  emu = await emulator();
  // Inserted in an order that differs from the domain order, so id and domain sorts differ.
  for (const d of [...DOMAINS].reverse()) emu.insertRaw('websites', { domain: d, privacy: 1, password: null, created_at: null });
  const scores = [95, 80, 79, 49, 48, 0, 100, 62, 33, 88];
  scores.forEach((s, i) => {
    const project = i % 2 ? 'alpha.example.com' : 'beta.example.com';
    emu.insertRaw('reports', {
      url: `https://${i % 4 === 0 ? 'www.' : ''}${project}/page-${i}`,
      project,
      result: s,
      privacy: 0,
      password: null,
      generated_at: `2024-01-${String(20 - i).padStart(2, '0')}T00:00:00.000000Z`,
    });
  });
});
afterAll(() => emu.close());

const ids = (a: { body: any }) => a.body.data.map((r: any) => r.id);

describe('website list', () => {
  it('defaults: 10 per page, newest first, Laravel paginator body', async () => {
    const a = await call(emu, 'GET', WEB);
    expect(a.status).toBe(200);
    expect(a.body.status).toBe(200);
    expect(ids(a)).toEqual([27, 26, 25, 24, 23, 22, 21, 20, 19, 18]);
    const path = `${emu.baseUrl}${WEB}`;
    // The links carry every parameter the host's controller appends, defaults included.
    const q = `${path}?search_by=domain&sort_by=id&sort=desc&per_page=10&page=`;
    expect(a.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 3,
      path,
      per_page: 10,
      to: 10,
      total: 27,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: `${q}1`, label: '1', active: true },
        { url: `${q}2`, label: '2', active: false },
        { url: `${q}3`, label: '3', active: false },
        { url: `${q}2`, label: 'Next &raquo;', active: false },
      ],
    });
    expect(a.body.links).toEqual({ first: `${q}1`, last: `${q}3`, prev: null, next: `${q}2` });
  });

  it('pages: the last page is short, past the end is empty', async () => {
    const last = await call(emu, 'GET', WEB, { query: { page: 3 } });
    expect(ids(last)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(last.body.meta).toMatchObject({ current_page: 3, from: 21, to: 27 });
    expect(last.body.links.next).toBeNull();
    expect(last.body.links.prev).toMatch(/page=2$/);
    const past = await call(emu, 'GET', WEB, { query: { page: 9 } });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ current_page: 9, from: null, to: null, total: 27 });
    // A page that is not a whole number from 1 reads as page 1.
    expect((await call(emu, 'GET', WEB, { query: { page: 'x' } })).body.meta.current_page).toBe(1);
  });

  it('per_page takes 10, 25, 50, 100, echoed as the string sent; anything else is the default', async () => {
    for (const n of [10, 25, 50, 100]) {
      const a = await call(emu, 'GET', WEB, { query: { per_page: n } });
      expect(a.body.meta.per_page).toBe(String(n));
      expect(a.body.data).toHaveLength(Math.min(n, 27));
    }
    for (const bad of [7, 0, 'ten', 1000]) {
      const a = await call(emu, 'GET', WEB, { query: { per_page: bad } });
      expect(a.status).toBe(200);
      expect(a.body.meta.per_page).toBe(10);
      expect(a.body.data).toHaveLength(10);
      expect(a.body.links.first).toContain('per_page=10&');
    }
  });

  it('lists many pages in meta.links as Laravel does: the start, a slider around the page, the end', async () => {
    const labels = async (page: number, per_page: number) =>
      (await call(emu, 'GET', WEB, { query: { page, per_page } })).body.meta.links.map((l: any) => (l.active ? `[${l.label}]` : l.label));
    // 27 websites at 10 a page: 3 pages, all listed.
    expect(await labels(2, 10)).toEqual(['&laquo; Previous', '1', '[2]', '3', 'Next &raquo;']);
    const more = await emulator();
    try {
      for (let i = 0; i < 300; i++) more.insertRaw('websites', { domain: `w${i}.example.com` });
      const window = async (page: number) =>
        (await call(more, 'GET', WEB, { query: { page } })).body.meta.links
          .slice(1, -1)
          .map((l: any) => (l.active ? `[${l.label}]` : l.label))
          .join(' ');
      expect(await window(1)).toBe('[1] 2 3 4 5 6 7 8 9 10 ... 29 30');
      expect(await window(7)).toBe('1 2 3 4 5 6 [7] 8 9 10 ... 29 30');
      expect(await window(8)).toBe('1 2 ... 5 6 7 [8] 9 10 11 ... 29 30');
      expect(await window(23)).toBe('1 2 ... 20 21 22 [23] 24 25 26 ... 29 30');
      expect(await window(24)).toBe('1 2 ... 21 22 23 [24] 25 26 27 28 29 30');
      expect(await window(31)).toBe('1 2 ... 21 22 23 24 25 26 27 28 29 30');
    } finally {
      await more.close();
    }
  });

  it('sorts by domain and by id, both directions', async () => {
    const asc = await call(emu, 'GET', WEB, { query: { sort_by: 'domain', sort: 'asc', per_page: 100 } });
    expect(asc.body.data.map((w: any) => w.domain)).toEqual([...DOMAINS].sort());
    const desc = await call(emu, 'GET', WEB, { query: { sort_by: 'domain', per_page: 100 } });
    expect(desc.body.data.map((w: any) => w.domain)).toEqual([...DOMAINS].sort().reverse());
    const idAsc = await call(emu, 'GET', WEB, { query: { sort_by: 'id', sort: 'asc' } });
    expect(ids(idAsc)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('searches by domain, substring and case-insensitive, with links carrying the query', async () => {
    const a = await call(emu, 'GET', WEB, { query: { search: 'SHOP', search_by: 'domain', sort_by: 'domain', sort: 'asc' } });
    const expected = DOMAINS.filter((d) => d.includes('shop')).sort();
    expect(a.body.meta.total).toBe(expected.length);
    expect(a.body.data.map((w: any) => w.domain)).toEqual(expected);
    expect(a.body.links.first).toBe(`${emu.baseUrl}${WEB}?search=SHOP&search_by=domain&sort_by=domain&sort=asc&per_page=10&page=1`);
    const none = await call(emu, 'GET', WEB, { query: { search: 'zzz' } });
    expect(none.body.meta).toMatchObject({ total: 0, last_page: 1, from: null, to: null });
    // An empty search is no search.
    expect((await call(emu, 'GET', WEB, { query: { search: '' } })).body.meta.total).toBe(27);
  });

  it('reads values outside the tables as the defaults, silently, as the host does', async () => {
    const cases: [string, string, string][] = [
      ['sort_by', 'created_at', 'sort_by=id'],
      ['sort', 'up', 'sort=desc'],
      ['search_by', 'url', 'search_by=domain'],
    ];
    const plain = await call(emu, 'GET', WEB);
    for (const [name, value, link] of cases) {
      const a = await call(emu, 'GET', WEB, { query: { [name]: value } });
      expect(a.status).toBe(200);
      expect(ids(a)).toEqual(ids(plain));
      expect(a.body.links.first).toContain(link);
    }
  });
});

describe('report list', () => {
  it('defaults to 25 per page, newest first', async () => {
    const a = await call(emu, 'GET', REP);
    expect(a.body.meta).toMatchObject({ per_page: 25, total: 10, current_page: 1, last_page: 1 });
    expect(ids(a)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('filters by result class using the domain ranges', async () => {
    for (const cls of ['good', 'decent', 'bad'] as const) {
      const a = await call(emu, 'GET', REP, { query: { result: cls } });
      expect(a.status).toBe(200);
      const [lo, hi] = RESULT_RANGES[cls];
      expect(a.body.data.length).toBeGreaterThan(0);
      for (const r of a.body.data) {
        expect(r.result).toBeGreaterThanOrEqual(lo);
        expect(r.result).toBeLessThanOrEqual(hi);
        expect(classify(r.result)).toBe(cls);
      }
    }
    const good = await call(emu, 'GET', REP, { query: { result: 'good', sort_by: 'result', sort: 'asc' } });
    expect(good.body.data.map((r: any) => r.result)).toEqual([80, 88, 95, 100]);
    const bad = await call(emu, 'GET', REP, { query: { result: 'bad' } });
    expect(bad.body.data.map((r: any) => r.result).sort((a: number, b: number) => a - b)).toEqual([0, 33, 48]);
    // The host's scope reads any other class as bad.
    const wrong = await call(emu, 'GET', REP, { query: { result: 'great' } });
    expect(wrong.body.data.map((r: any) => r.result).sort((a: number, b: number) => a - b)).toEqual([0, 33, 48]);
    expect(wrong.body.links.first).toContain('result=great&');
  });

  it('filters by project (exact) and combines with search and result', async () => {
    const a = await call(emu, 'GET', REP, { query: { project: 'alpha.example.com' } });
    expect(a.body.meta.total).toBe(5);
    expect(a.body.data.every((r: any) => r.project === 'alpha.example.com')).toBe(true);
    expect((await call(emu, 'GET', REP, { query: { project: 'alpha.example' } })).body.meta.total).toBe(0);
    const both = await call(emu, 'GET', REP, { query: { project: 'beta.example.com', result: 'good', search: 'PAGE-' } });
    expect(both.body.data.map((r: any) => r.result).sort()).toEqual([100, 95]);
    const search = await call(emu, 'GET', REP, { query: { search: 'www.', search_by: 'url' } });
    expect(search.body.meta.total).toBe(3);
  });

  it('sorts by url, result and generated_at', async () => {
    const byUrl = await call(emu, 'GET', REP, { query: { sort_by: 'url', sort: 'asc' } });
    const urls = byUrl.body.data.map((r: any) => r.url);
    expect(urls).toEqual([...urls].sort());
    const byResult = await call(emu, 'GET', REP, { query: { sort_by: 'result' } });
    expect(byResult.body.data.map((r: any) => r.result)).toEqual([100, 95, 88, 80, 79, 62, 49, 48, 33, 0]);
    const byGenerated = await call(emu, 'GET', REP, { query: { sort_by: 'generated_at', sort: 'asc' } });
    expect(ids(byGenerated)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(ids(await call(emu, 'GET', REP, { query: { sort_by: 'domain' } }))).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await call(emu, 'GET', REP, { query: { per_page: 15 } })).body.meta.per_page).toBe(25);
  });
});

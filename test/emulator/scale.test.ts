// The emulator at 100 000 websites: pages are right, and the work a request does does not grow
// with the table. Counted, not timed (the bench times it: docs/PERFORMANCE.md, figure 6): seeding
// sorts each index once, and a sorted, searched page neither sorts nor joins the table's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortKeys, WEBSITES } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { emulator, WEB } from './helpers';

const N = 100_000;

/** Runs `fn` counting the sorts and joins of arrays of `N` elements or more (the whole table). */
async function countWholeTableWork<T>(fn: () => Promise<T>): Promise<{ result: T; sorts: number; joins: number }> {
  const { sort, join } = Array.prototype;
  let sorts = 0;
  let joins = 0;
  Array.prototype.sort = function (this: unknown[], ...args) {
    if (this.length >= N) sorts++;
    return sort.apply(this, args as Parameters<typeof sort>);
  } as typeof sort;
  Array.prototype.join = function (this: unknown[], ...args) {
    if (this.length >= N) joins++;
    return join.apply(this, args as Parameters<typeof join>);
  } as typeof join;
  try {
    return { result: await fn(), sorts, joins };
  } finally {
    Array.prototype.sort = sort;
    Array.prototype.join = join;
  }
}

let emu: Emulator;
let seeding: { sorts: number; joins: number };

beforeAll(async () => {
  const r = await countWholeTableWork(() => emulator({ seed: N, seedReports: 0 }));
  emu = r.result;
  seeding = r;
}, 60_000);
afterAll(() => emu.close());

describe('scale: 100 000 websites', () => {
  it('seeds every website and sorts each index once', () => {
    expect(emu.websites()).toHaveLength(N);
    expect(seeding.sorts).toBe(sortKeys(WEBSITES).length);
  });

  it('answers sorted, searched pages without sorting or joining the table on a request', async () => {
    const headers = { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' };
    const needles = ['shop', 'blue', 'labs.io', 'x', 'north', 'cafe', '.de', 'zzz-none', 'ember', 'app.'];
    const page = async (i: number) => {
      const q = new URLSearchParams({
        search: needles[i % needles.length],
        sort_by: i % 2 ? 'domain' : 'id',
        sort: i % 3 ? 'asc' : 'desc',
        per_page: String([10, 25, 50, 100][i % 4]),
        page: String(1 + (i % 5)),
      });
      const res = await fetch(`${emu.baseUrl}${WEB}?${q}`, { headers });
      expect(res.status).toBe(200);
      return res.json();
    };
    // The first search on a field joins its texts once (for each index it walks), then never again.
    const first = await countWholeTableWork(async () => {
      for (let i = 0; i < 2; i++) await page(i);
    });
    expect(first.sorts).toBe(0);
    expect(first.joins).toBe(2);
    const {
      result: bodies,
      sorts,
      joins,
    } = await countWholeTableWork(async () => {
      const out = [];
      for (let i = 0; i < 50; i++) out.push(await page(i));
      return out;
    });
    expect({ sorts, joins }).toEqual({ sorts: 0, joins: 0 });
    bodies.forEach((body, i) => {
      for (const w of body.data) expect(w.domain).toContain(needles[i % needles.length]);
    });
    expect(bodies.some((b) => b.data.length > 0)).toBe(true);
  });

  it('keeps the sort order exact at scale', async () => {
    const headers = { Authorization: `Bearer ${emu.apiKey}`, Accept: 'application/json' };
    const body = await fetch(`${emu.baseUrl}${WEB}?sort_by=domain&sort=asc&per_page=100&page=7&search=river`, { headers }).then((r) => r.json());
    const domains = body.data.map((w: { domain: string }) => w.domain);
    expect(domains).toEqual([...domains].sort());
    const all = emu
      .websites()
      .map((w) => w.domain as string)
      .filter((d) => d.includes('river'))
      .sort();
    expect(body.meta.total).toBe(all.length);
    expect(domains).toEqual(all.slice(600, 700));
  });
});

// The indexed table against a naive model: random inserts, replacements and deletes (seeded),
// then random queries compared with filter + sort over a plain array.
import { describe, expect, it } from 'vitest';
import { REPORTS, WEBSITES } from '../../src/domain';
import { mulberry32, pick } from '../../src/emulator/prng';
import { Table, type Query, type Row } from '../../src/emulator/table';

const rng = mulberry32(42);
const words = ['Shop', 'blog', 'ünï', 'a\nb', 'x_y', 'café', 'ZZ', 'shop.io', '', 'b'];
const text = () => Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(rng, words)).join('.');

function naive(rows: Row[], q: Query): Row[] {
  const key = (r: Row) => r[q.sortBy] as string | number;
  let out = rows.filter(
    (r) =>
      !q.search ||
      String(r[q.search.field] ?? '')
        .toLowerCase()
        .includes(q.search.needle.toLowerCase()),
  );
  if (q.filter) out = out.filter(q.filter);
  out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  if (q.direction === 'desc') out.reverse();
  return out;
}

describe('Table', () => {
  it('keeps every sort index and the search text right through inserts, replacements and deletes', () => {
    const t = new Table(REPORTS);
    const model = new Map<number, Row>();
    t.insertMany(Array.from({ length: 40 }, () => ({ url: text(), result: Math.floor(rng() * 101), generated_at: text() })));
    for (const r of t.all()) model.set(r.id, r);
    for (let round = 0; round < 60; round++) {
      const op = rng();
      const ids = [...model.keys()];
      if (op < 0.4 || ids.length === 0) {
        const r = t.insert({ url: text(), result: Math.floor(rng() * 101), generated_at: text() });
        model.set(r.id, r);
      } else if (op < 0.75) {
        const id = pick(rng, ids);
        const next = { ...model.get(id)!, result: Math.floor(rng() * 101), url: text() };
        t.replace(next);
        model.set(id, next);
      } else {
        const id = pick(rng, ids);
        expect(t.delete(id)?.id).toBe(id);
        model.delete(id);
      }
      for (let k = 0; k < 4; k++) {
        const q: Query = {
          sortBy: pick(rng, ['id', 'url', 'result', 'generated_at']),
          direction: rng() < 0.5 ? 'asc' : 'desc',
          search: rng() < 0.6 ? { field: 'url', needle: pick(rng, ['SHOP', 'b', '.', 'é', 'a\nb', 'nothing', 'o.b']) } : undefined,
          filter: rng() < 0.3 ? (r) => (r.result as number) >= 49 : undefined,
          offset: Math.floor(rng() * 10),
          limit: 1 + Math.floor(rng() * 15),
        };
        const want = naive([...model.values()], q);
        const got = t.query(q);
        expect(got.total).toBe(want.length);
        expect(got.rows.map((r) => r.id)).toEqual(want.slice(q.offset, q.offset + q.limit).map((r) => r.id));
      }
    }
    expect(t.size).toBe(model.size);
    expect(t.all().map((r) => r.id)).toEqual([...model.keys()].sort((a, b) => a - b));
  });

  it('hands out monotonic ids, keeps given ones, refuses duplicates, and tracks unique values', () => {
    const t = new Table(WEBSITES, 'domain');
    expect(t.insert({ domain: 'a.example.com' }).id).toBe(1);
    expect(t.insert({ id: 10, domain: 'B.example.com' }).id).toBe(10);
    expect(t.insert({ domain: 'c.example.com' }).id).toBe(11);
    expect(() => t.insert({ id: 10, domain: 'd.example.com' })).toThrow();
    expect(t.findUnique('b.EXAMPLE.com')).toBe(10);
    t.delete(10);
    expect(t.findUnique('b.example.com')).toBeUndefined();
    expect(t.insert({ domain: 'e.example.com' }).id).toBe(12);
    expect(Object.keys(t.get(12)!)[0]).toBe('id');
  });
});

// One resource's records, indexed: by id, by each sort key of the domain table (kept sorted on
// every write), by a unique field (website domains), and by lower-cased search text. A list walks
// one sorted index and filters lazily, so 100 000 rows answer a page in a few milliseconds.

import { sortKeys, type ResourceDef } from '../domain';
import { SortedIndex, type SortValue } from './sorted-index';

/** A record as the emulator keeps it (wire shape comes from records.ts). */
export type Row = Record<string, unknown> & { id: number };

export interface Query {
  sortBy: string;
  direction: 'asc' | 'desc';
  /** Case-insensitive substring on one field. */
  search?: { field: string; needle: string };
  filter?: (row: Row) => boolean;
  offset: number;
  limit: number;
}

export interface QueryResult {
  total: number;
  rows: Row[];
}

export class Table {
  private readonly rows = new Map<number, Row>();
  private readonly keyFns = new Map<string, (row: Row) => SortValue>();
  private readonly indexes = new Map<string, SortedIndex>();
  private readonly unique = new Map<string, number>();
  private readonly lower = new Map<string, Map<number, string>>();
  private next = 1;

  constructor(
    readonly def: ResourceDef,
    private readonly uniqueField?: string,
  ) {
    for (const key of sortKeys(def)) {
      const kind = def.fields.find((f) => f.name === key)?.kind;
      // ids and scores sort as numbers, everything else (names, dates) as text.
      const numeric = kind === 'id' || kind === 'score';
      const fn = numeric ? (r: Row) => toNumber(r[key]) : (r: Row) => toText(r[key]);
      this.keyFns.set(key, fn);
      this.indexes.set(key, new SortedIndex((id) => fn(this.rows.get(id)!)));
    }
  }

  get size(): number {
    return this.rows.size;
  }

  get nextId(): number {
    return this.next;
  }

  set nextId(n: number) {
    this.next = Math.max(this.next, n);
  }

  get(id: number): Row | undefined {
    return this.rows.get(id);
  }

  /** Id of the row holding this unique value (compared lower-case), if any. */
  findUnique(value: string): number | undefined {
    return this.unique.get(value.toLowerCase());
  }

  /** All rows in id order. */
  all(): Row[] {
    return this.indexes.get('id')
      ? this.indexes.get('id')!.order.map((id) => this.rows.get(id)!)
      : [...this.rows.values()].sort((a, b) => a.id - b.id);
  }

  /** Gives the record an id when it has none (monotonic, never reused). */
  private assignId(rec: Record<string, unknown>): Row {
    const given = rec.id;
    if (typeof given === 'number' && Number.isInteger(given) && given > 0) {
      if (this.rows.has(given)) throw new Error(`${this.def.singular} ${given} already exists`);
      this.next = Math.max(this.next, given + 1);
      return rec as Row;
    }
    const { id: _ignored, ...rest } = rec;
    return { id: this.next++, ...rest } as Row;
  }

  insert(rec: Record<string, unknown>): Row {
    const row = this.assignId(rec);
    this.rows.set(row.id, row);
    this.indexRow(row);
    for (const ix of this.indexes.values()) ix.insert(row.id);
    return row;
  }

  /** Many rows at once: indexes are sorted once at the end (seeding, loading a data file). */
  insertMany(recs: Record<string, unknown>[]): void {
    for (const rec of recs) {
      const row = this.assignId(rec);
      this.rows.set(row.id, row);
      this.indexRow(row);
    }
    const ids = [...this.rows.keys()];
    for (const ix of this.indexes.values()) ix.rebuild(ids);
  }

  /** Replaces a row with `next` (same id), keeping every index right. */
  replace(next: Row): void {
    const prev = this.rows.get(next.id);
    if (!prev) throw new Error(`${this.def.singular} ${next.id} not found`);
    for (const [key, ix] of this.indexes) ix.remove(prev.id, this.keyFns.get(key)!(prev));
    this.unindexRow(prev);
    this.rows.set(next.id, next);
    this.indexRow(next);
    for (const ix of this.indexes.values()) ix.insert(next.id);
  }

  delete(id: number): Row | undefined {
    const prev = this.rows.get(id);
    if (!prev) return undefined;
    for (const [key, ix] of this.indexes) ix.remove(id, this.keyFns.get(key)!(prev));
    this.unindexRow(prev);
    this.rows.delete(id);
    return prev;
  }

  private indexRow(row: Row): void {
    if (this.uniqueField && typeof row[this.uniqueField] === 'string') {
      this.unique.set((row[this.uniqueField] as string).toLowerCase(), row.id);
    }
    for (const [field, map] of this.lower) map.set(row.id, toText(row[field]).toLowerCase());
  }

  private unindexRow(row: Row): void {
    if (this.uniqueField && typeof row[this.uniqueField] === 'string') {
      const key = (row[this.uniqueField] as string).toLowerCase();
      if (this.unique.get(key) === row.id) this.unique.delete(key);
    }
    for (const map of this.lower.values()) map.delete(row.id);
  }

  /** Lower-cased text of one field for every row, built on first search by that field. */
  private haystack(field: string): Map<number, string> {
    let map = this.lower.get(field);
    if (!map) {
      map = new Map();
      for (const row of this.rows.values()) map.set(row.id, toText(row[field]).toLowerCase());
      this.lower.set(field, map);
    }
    return map;
  }

  query(q: Query): QueryResult {
    const ix = this.indexes.get(q.sortBy);
    if (!ix) throw new Error(`no sort index ${q.sortBy}`);
    const order = ix.order;
    const n = order.length;
    const asc = q.direction === 'asc';
    const end = q.offset + q.limit;

    if (!q.search && !q.filter) {
      const rows: Row[] = [];
      for (let i = q.offset; i < Math.min(end, n); i++) rows.push(this.rows.get(order[asc ? i : n - 1 - i])!);
      return { total: n, rows };
    }

    const hay = q.search ? this.haystack(q.search.field) : undefined;
    const needle = q.search?.needle.toLowerCase() ?? '';
    const rows: Row[] = [];
    let total = 0;
    for (let i = 0; i < n; i++) {
      const id = order[asc ? i : n - 1 - i];
      if (hay && !hay.get(id)!.includes(needle)) continue;
      if (q.filter && !q.filter(this.rows.get(id)!)) continue;
      if (total >= q.offset && total < end) rows.push(this.rows.get(id)!);
      total++;
    }
    return { total, rows };
  }
}

function toNumber(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : -Infinity;
}

function toText(v: unknown): string {
  return v === null || v === undefined ? '' : typeof v === 'string' ? v : String(v);
}

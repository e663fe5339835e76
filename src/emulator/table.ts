// One resource's records, indexed: by id, by each sort key of the domain table (kept sorted on
// every write, with lower-cased search text alongside) and by a unique field (website domains).
// A list walks one sorted index and filters lazily: 100 000 rows answer a page in milliseconds.

import { sortKeys, type ResourceDef } from '../domain';
import { SortedIndex } from './sorted-index';

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
  private readonly indexes = new Map<string, SortedIndex<Row>>();
  private readonly unique = new Map<string, number>();
  private next = 1;

  constructor(
    readonly def: ResourceDef,
    private readonly uniqueField?: string,
  ) {
    // Fields a list can search by (search_by choices) get lower-cased text beside each index.
    const searchable = (def.listParams.find((p) => p.name === 'search_by')?.choices ?? []).map((c) => String(c.value));
    const textOf = (r: Row, field: string) => toText(r[field]).toLowerCase();
    for (const key of sortKeys(def)) {
      const kind = def.fields.find((f) => f.name === key)?.kind;
      // ids and scores sort as numbers, everything else (names, dates) as text.
      const numeric = kind === 'id' || kind === 'score';
      const keyOf = numeric ? (r: Row) => toNumber(r[key]) : (r: Row) => toText(r[key]);
      this.indexes.set(key, new SortedIndex<Row>(keyOf, searchable, textOf));
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
    const byId = this.indexes.get('id');
    return byId ? [...byId.order] : [...this.rows.values()].sort((a, b) => a.id - b.id);
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
    return { id: this.next++, ...rest };
  }

  insert(rec: Record<string, unknown>): Row {
    const row = this.assignId(rec);
    this.rows.set(row.id, row);
    this.indexUnique(row);
    for (const ix of this.indexes.values()) ix.insert(row);
    return row;
  }

  /** Many rows at once: indexes are sorted once at the end (seeding, loading a data file). */
  insertMany(recs: Record<string, unknown>[]): void {
    for (const rec of recs) {
      const row = this.assignId(rec);
      this.rows.set(row.id, row);
      this.indexUnique(row);
    }
    const all = [...this.rows.values()];
    for (const ix of this.indexes.values()) ix.rebuild(all);
  }

  /** Replaces a row with `next` (same id), keeping every index right. */
  replace(next: Row): void {
    const prev = this.rows.get(next.id);
    if (!prev) throw new Error(`${this.def.singular} ${next.id} not found`);
    for (const ix of this.indexes.values()) ix.remove(prev);
    this.unindexUnique(prev);
    this.rows.set(next.id, next);
    this.indexUnique(next);
    for (const ix of this.indexes.values()) ix.insert(next);
  }

  delete(id: number): Row | undefined {
    const prev = this.rows.get(id);
    if (!prev) return undefined;
    for (const ix of this.indexes.values()) ix.remove(prev);
    this.unindexUnique(prev);
    this.rows.delete(id);
    return prev;
  }

  private indexUnique(row: Row): void {
    if (this.uniqueField && typeof row[this.uniqueField] === 'string') {
      this.unique.set((row[this.uniqueField] as string).toLowerCase(), row.id);
    }
  }

  private unindexUnique(row: Row): void {
    if (this.uniqueField && typeof row[this.uniqueField] === 'string') {
      const key = (row[this.uniqueField] as string).toLowerCase();
      if (this.unique.get(key) === row.id) this.unique.delete(key);
    }
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
      for (let i = q.offset; i < Math.min(end, n); i++) rows.push(order[asc ? i : n - 1 - i]);
      return { total: n, rows };
    }

    const filter = q.filter;
    const rows: Row[] = [];
    let total = 0;
    // Walks candidates in the asked direction, counting all matches and keeping the page's.
    const visit = (row: Row) => {
      if (filter && !filter(row)) return;
      if (total >= q.offset && total < end) rows.push(row);
      total++;
    };
    if (q.search) {
      const { at, count } = ix.matches(q.search.field, q.search.needle.toLowerCase());
      if (!filter) {
        // Without a filter the page is a slice of the hits: no need to visit them all.
        for (let i = q.offset; i < Math.min(end, count); i++) rows.push(order[at[asc ? i : count - 1 - i]]);
        return { total: count, rows };
      }
      if (asc) for (let i = 0; i < count; i++) visit(order[at[i]]);
      else for (let i = count - 1; i >= 0; i--) visit(order[at[i]]);
    } else if (asc) for (let i = 0; i < n; i++) visit(order[i]);
    else for (let i = n - 1; i >= 0; i--) visit(order[i]);
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

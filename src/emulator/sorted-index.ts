// One sort key's order over a table: rows kept sorted by (key, id), with the lower-cased text of
// each searchable field in parallel arrays. Inserts and removals binary-search their slot, so a
// list never sorts on request. A search runs native indexOf over the field's texts joined into
// one string (rebuilt on the first search after a write), which is far quicker than testing
// 100 000 strings one by one.

export type SortValue = number | string;

export interface Keyed {
  id: number;
}

export class SortedIndex<R extends Keyed> {
  private rows: R[] = [];
  private readonly texts = new Map<string, string[]>();
  private readonly joined = new Map<string, { text: string; starts: Int32Array }>();

  constructor(
    private readonly keyOf: (row: R) => SortValue,
    private readonly textFields: readonly string[],
    private readonly textOf: (row: R, field: string) => string,
  ) {
    for (const f of textFields) this.texts.set(f, []);
  }

  get length(): number {
    return this.rows.length;
  }

  /** Rows in ascending order; walk it backwards for descending. Do not mutate. */
  get order(): readonly R[] {
    return this.rows;
  }

  private static compare(a: SortValue, aId: number, b: SortValue, bId: number): number {
    if (a < b) return -1;
    if (a > b) return 1;
    return aId - bId;
  }

  /** First slot whose (key, id) is not below the given one. */
  private slot(key: SortValue, id: number): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.rows[mid];
      if (SortedIndex.compare(this.keyOf(other), other.id, key, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(row: R): void {
    const at = this.slot(this.keyOf(row), row.id);
    this.rows.splice(at, 0, row);
    for (const [f, arr] of this.texts) arr.splice(at, 0, this.textOf(row, f));
    this.joined.clear();
  }

  /** Removes a row; `row` must be the object that was inserted (its key unchanged). */
  remove(row: R): void {
    const at = this.slot(this.keyOf(row), row.id);
    if (this.rows[at]?.id !== row.id) return;
    this.rows.splice(at, 1);
    for (const arr of this.texts.values()) arr.splice(at, 1);
    this.joined.clear();
  }

  rebuild(rows: R[]): void {
    const keyed = rows.map((row) => ({ row, key: this.keyOf(row) }));
    keyed.sort((x, y) => SortedIndex.compare(x.key, x.row.id, y.key, y.row.id));
    this.rows = keyed.map((k) => k.row);
    for (const f of this.textFields) this.texts.set(f, this.rows.map((r) => this.textOf(r, f)));
    this.joined.clear();
  }

  /** Positions in `order` whose text of `field` contains `needle` (already lower-case), ascending. */
  matches(field: string, needle: string): number[] {
    const texts = this.texts.get(field);
    if (!texts) throw new Error(`${field} is not searchable`);
    if (needle === '') return texts.map((_, i) => i);
    let j = this.joined.get(field);
    if (!j) {
      const starts = new Int32Array(texts.length);
      let pos = 0;
      for (let i = 0; i < texts.length; i++) {
        starts[i] = pos;
        pos += texts[i].length + 1;
      }
      j = { text: texts.join('\n'), starts };
      this.joined.set(field, j);
    }
    const { text, starts } = j;
    const out: number[] = [];
    let from = 0;
    for (;;) {
      const hit = text.indexOf(needle, from);
      if (hit < 0) break;
      // The row holding this offset: the last start at or before it.
      let lo = 0;
      let hi = starts.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (starts[mid] <= hit) lo = mid + 1;
        else hi = mid;
      }
      const k = lo - 1;
      const rowEnd = starts[k] + texts[k].length;
      if (hit + needle.length <= rowEnd) {
        out.push(k);
        from = rowEnd + 1;
      } else from = hit + 1; // the match ran across the separator
    }
    return out;
  }
}

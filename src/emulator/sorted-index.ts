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
  private scratch = new Int32Array(0);

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
    for (const f of this.textFields)
      this.texts.set(
        f,
        this.rows.map((r) => this.textOf(r, f)),
      );
    this.joined.clear();
  }

  /**
   * Positions in `order` whose text of `field` contains `needle` (already lower-case), ascending,
   * in the first `count` slots of `at` (a scratch buffer reused by the next call).
   */
  matches(field: string, needle: string): { at: Int32Array; count: number } {
    const texts = this.texts.get(field);
    if (!texts) throw new Error(`${field} is not searchable`);
    if (this.scratch.length < texts.length) this.scratch = new Int32Array(texts.length);
    const at = this.scratch;
    let count = 0;
    if (needle === '') {
      for (let i = 0; i < texts.length; i++) at[count++] = i;
      return { at, count };
    }
    let j = this.joined.get(field);
    if (!j) {
      // One extra start past the end, so row k always ends before starts[k + 1].
      const starts = new Int32Array(texts.length + 1);
      let pos = 0;
      for (let i = 0; i < texts.length; i++) {
        starts[i] = pos;
        pos += texts[i].length + 1;
      }
      starts[texts.length] = pos;
      j = { text: texts.join('\n'), starts };
      this.joined.set(field, j);
    }
    const { text, starts } = j;
    const rows = texts.length;
    let k = 0; // the row holding the last hit; hits only move forward
    let from = 0;
    for (;;) {
      const hit = text.indexOf(needle, from);
      if (hit < 0) break;
      if (starts[k + 1] <= hit) {
        // Step a few rows, then jump by binary search when the gap is wide.
        let steps = 0;
        while (steps < 8 && starts[k + 1] <= hit) {
          k++;
          steps++;
        }
        if (starts[k + 1] <= hit) {
          let lo = k + 1;
          let hi = rows;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (starts[mid + 1] <= hit) lo = mid + 1;
            else hi = mid;
          }
          k = lo;
        }
      }
      const rowEnd = starts[k + 1] - 1;
      if (hit + needle.length <= rowEnd) {
        at[count++] = k;
        from = rowEnd + 1;
      } else from = hit + 1; // the match ran across the separator
    }
    return { at, count };
  }
}

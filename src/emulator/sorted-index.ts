// One sort key's order over a table: record ids kept sorted by (key, id). Inserts and removals
// binary-search their slot, so a list never sorts on request; bulk loads sort once.

export type SortValue = number | string;

export class SortedIndex {
  private ids: number[] = [];

  constructor(
    private readonly keyOf: (id: number) => SortValue,
  ) {}

  get length(): number {
    return this.ids.length;
  }

  /** Ids in ascending order; callers walk it backwards for descending. Do not mutate. */
  get order(): readonly number[] {
    return this.ids;
  }

  private compare(a: SortValue, aId: number, b: SortValue, bId: number): number {
    if (a < b) return -1;
    if (a > b) return 1;
    return aId - bId;
  }

  /** First slot whose (key, id) is not below the given one. */
  private slot(key: SortValue, id: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.ids[mid];
      if (this.compare(this.keyOf(other), other, key, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(id: number): void {
    this.ids.splice(this.slot(this.keyOf(id), id), 0, id);
  }

  /** Removes an id; `key` must be the key it was inserted under. */
  remove(id: number, key: SortValue): void {
    const at = this.slot(key, id);
    if (this.ids[at] === id) this.ids.splice(at, 1);
  }

  rebuild(ids: number[]): void {
    const keyed = ids.map((id) => ({ id, key: this.keyOf(id) }));
    keyed.sort((x, y) => this.compare(x.key, x.id, y.key, y.id));
    this.ids = keyed.map((k) => k.id);
  }
}

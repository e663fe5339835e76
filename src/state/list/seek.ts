// The cursor follows a created row: after `n` and a save, the list turns to the page the server's
// sort puts the new row on and the cursor lands on it. The rows shown say which way it lies (its
// sort field's value before the page's first row or after its last); the page turns one at a time
// that way, and stops where the way turns back or the pages end (a search or filter that leaves the
// row out), saying so.
import type { AnyRecord } from '../tabs';
import type { Seek, TabState } from './state';

/** What the list sorts by now: the query's field and direction, else the host's default (newest id first). */
const sortOf = (t: TabState) => ({ field: t.query.sort_by ?? 'id', desc: (t.query.sort ?? 'desc') === 'desc' });

/** A row's value of a field named at run time (the sort's). */
const fieldOf = (r: AnyRecord, field: string): unknown => Reflect.get(r, field) as unknown;

/** A seek for `record` under the tab's sort. */
export function seekFor(t: TabState, record: AnyRecord): Seek {
  return { id: record.id, value: fieldOf(record, sortOf(t).field), dir: 0 };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

export type SeekStep = { kind: 'found'; at: number } | { kind: 'turn'; page: number; dir: -1 | 1 } | { kind: 'lost' };

/** Where the sought row is, given the page that arrived: here, a page that way, or nowhere this list shows. */
export function seekStep(t: TabState, items: readonly AnyRecord[], lastPage: number, seek: Seek): SeekStep {
  const at = items.findIndex((r) => r.id === seek.id);
  if (at >= 0) return { kind: 'found', at };
  if (!items.length) return { kind: 'lost' };
  const { field, desc } = sortOf(t);
  const value = (r: AnyRecord) => fieldOf(r, field);
  // In the list's order: before the first row shown, or after the last.
  const order = (a: unknown, b: unknown) => (desc ? -compare(a, b) : compare(a, b));
  const before = order(seek.value, value(items[0])) < 0;
  const after = order(seek.value, value(items[items.length - 1])) > 0;
  const dir = before ? -1 : after ? 1 : 0;
  const page = (t.query.page ?? 1) + dir;
  if (dir === 0 || (seek.dir !== 0 && dir !== seek.dir) || page < 1 || page > lastPage) return { kind: 'lost' };
  return { kind: 'turn', page, dir };
}

// What changed between two answers for the same page: the deck's and the commands' watch mode.
import { jsonText } from '../text/json';
import type { RecordId } from './ids';

/** Ids of `next`'s records that are new or differ from the same id in `prev` (none when there was no `prev`). */
export function changedIds(prev: readonly { id: RecordId }[] | null, next: readonly { id: RecordId }[]): RecordId[] {
  if (!prev) return [];
  const before = new Map(prev.map((r) => [r.id, jsonText(r)]));
  return next.filter((r) => before.get(r.id) !== jsonText(r)).map((r) => r.id);
}

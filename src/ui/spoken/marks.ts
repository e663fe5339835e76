// The marked rows of the list on screen, by name, and what a change of them says: Space says the
// row it marked (not the next row it moved to) and the count; a mark of many says the count.
import { topScreen } from '../../state/stack';
import { recordName } from '../../state/selectors';
import type { DeckState, TabName } from '../../state/types';
import { sanitize } from '../../text/sanitize';

export interface MarksView {
  list: string;
  names: ReadonlyMap<string, string>;
}

export function marksOf(state: DeckState): MarksView {
  const tab: TabName = topScreen(state).kind === 'audit' || topScreen(state).kind === 'projects' ? 'reports' : state.tab;
  const shown = new Map((state.tabs[tab].data?.items ?? []).map((r) => [String(r.id), sanitize(recordName(tab, r))]));
  return { list: tab, names: new Map(state.marked[tab].map((id) => [String(id), shown.get(String(id)) ?? `id ${String(id)}`])) };
}

/** `marked site3.example.org, 2 marked`, `unmarked …, 1 marked`, `5 marked`, `marks cleared`; null when the marks did not change. */
export function marksWords(before: MarksView, after: MarksView): string | null {
  if (before.list !== after.list) return null;
  const added = [...after.names.keys()].filter((id) => !before.names.has(id));
  const removed = [...before.names.keys()].filter((id) => !after.names.has(id));
  if (!added.length && !removed.length) return null;
  const count = `${after.names.size} marked`;
  if (after.names.size === 0) return 'marks cleared';
  if (added.length === 1 && !removed.length) return `marked ${after.names.get(added[0])}, ${count}`;
  if (removed.length === 1 && !added.length) return `unmarked ${before.names.get(removed[0])}, ${count}`;
  return count;
}

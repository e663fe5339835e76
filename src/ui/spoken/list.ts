// The list's selected row in words, and with the detail open, the detail's lines under it.
import { appendAll } from '../../text/bounded';
import { resourceDef, type RecordId } from '../../domain';
import { items, queryKey } from '../../state/selectors';
import type { DeckState, TabName, TabState } from '../../state/types';
import { sanitize } from '../../text/sanitize';
import type { Analysis } from '../../history/model';
import { spokenDetail } from './detail';
import { said, type SpokenLine } from './line';
import { spokenDistribution } from './place';
import { spokenRow } from './row';
import { keyOf } from '../keys/keyWords';

export interface SpokenListContext {
  /** A message's advice in this configuration's words. */
  words?: (text: string) => string;
  /** A report's analyses, oldest first (the score history). */
  analyses?: (id: RecordId) => readonly Analysis[];
}

/**
 * The rows shown answer the query asked (its page, sort, search, filters): not while another list
 * is on its way, when the old rows would be said as the new selection (the cursor already moved).
 * A refresh of the same query (r, a watch tick) keeps rows that still answer it.
 */
export function rowsAnswer(tab: TabState): boolean {
  if (!tab.data) return false;
  if (tab.shownKey === undefined || tab.shownKey === null) return true;
  return tab.shownKey.slice(tab.shownKey.indexOf('|') + 1) === queryKey(tab.query);
}

export function spokenList(state: DeckState, ctx: SpokenListContext, opts: { detail: boolean }): SpokenLine[] {
  const tab = state.tabs[state.tab];
  const words = ctx.words ?? ((t: string) => t);
  const lines: SpokenLine[] = [];
  const dist = spokenDistribution(state);
  if (dist) lines.push(said(dist));
  if (tab.error) lines.push(said(`error: ${sanitize(words(tab.error))}`));
  // Until the rows asked for are there, the deck says `loading` (./deck.ts), never an old row.
  const record = rowsAnswer(tab) ? items(tab)[tab.cursor] : undefined;
  if (!record) {
    if (!tab.loading && rowsAnswer(tab)) {
      lines.push(said(emptyWords(state.tab, tab.query)));
    }
    return lines;
  }
  lines.push(said(spokenRow(state.tab, tab, record, { marked: state.marked[state.tab].includes(record.id) }), { selected: true }));
  if (opts.detail)
    appendAll(
      lines,
      spokenDetail(state.tab, record, state.tab === 'reports' ? (ctx.analyses?.(record.id) ?? []) : []).map((t) => said(t)),
    );
  return lines;
}

/** What an empty list says, drawn and spoken: nothing matches (and how to clear), or nothing yet (and how to add). */
export function emptyWords(tab: TabName, q: { search?: string; result?: string; project?: string }): string {
  return q.search || q.result || q.project
    ? `Nothing matches (${keyOf('filters.clear')} clears search and filters)`
    : `No ${resourceDef(tab).title.toLowerCase()} yet (${keyOf('record.new')} adds one)`;
}

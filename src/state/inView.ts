// The record a key about "this row" acts on (`y`, `Y`, `o`, `:open`, `:copy`): the list's selected
// row, or on the Audit view the page under the cursor (its report, as read) or the report shown.
import { auditReport } from './auditSource';
import { items, recordName, selectedRecord } from './selectors';
import { auditOf } from './stack';
import type { AnyRecord, DeckState, TabName } from './types';

export interface InView {
  tab: TabName;
  record: AnyRecord;
}

export function recordInView(state: DeckState): InView | null {
  if (auditOf(state)) {
    const report = auditReport(state);
    return report ? { tab: 'reports', record: report } : null;
  }
  const record = selectedRecord(state);
  return record ? { tab: state.tab, record } : null;
}

/** The row of the list shown named `name` (`:open NAME`): its domain or URL, any case. */
export function rowNamed(state: DeckState, name: string): InView | null {
  const want = name.trim().toLowerCase();
  const record = items(state.tabs[state.tab]).find((r) => recordName(state.tab, r).trim().toLowerCase() === want);
  return record ? { tab: state.tab, record } : null;
}

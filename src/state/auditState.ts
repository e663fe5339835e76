// The Audit view's state and actions, apart from its reducer (audit.ts) so that the deck's state
// and action types can name them without importing the reducer.
import type { ListQuery } from '../domain';
import type { RecordId } from '../domain';

/** Which reports the audit covers: those the Reports tab's search and filters match, or one project's. */
export type AuditSource = { kind: 'view'; filters: Pick<ListQuery, 'search' | 'result' | 'project'> } | { kind: 'project'; project: string };

type AuditLevel = 'checks' | 'pages' | 'report';

/** One level of the Audit view, as its screen on the stack holds it (drilling down pushes the next). */
export interface AuditView {
  source: AuditSource;
  level: AuditLevel;
  /** The row selected in the checks. */
  checkCursor: number;
  /** The check whose pages are listed (its name as the host sends it). */
  check: string | null;
  /** The row selected in that check's pages. */
  pageCursor: number;
  /** The report shown at the report level. */
  reportId: RecordId | null;
  /** How far the report is scrolled. */
  scroll: number;
  /** The search on this level (`/`): checks by label, or pages by URL; '' for none. Each level keeps its own. */
  filter: string;
}

export const freshAudit = (source: AuditSource): AuditView => ({
  source,
  level: 'checks',
  checkCursor: 0,
  check: null,
  pageCursor: 0,
  reportId: null,
  scroll: 0,
  filter: '',
});

export type AuditAction =
  /** `:audit`: the reports the Reports tab's search and filters match. */
  | { type: 'audit/open' }
  /** `a` on the Projects tab: the selected project's reports. */
  | { type: 'audit/open-project' }
  /** Esc: one level back (the screen below on the stack). */
  | { type: 'audit/back' }
  /** `count`: rows at the current level (the view knows them; the state keeps only positions). */
  | { type: 'audit/move'; delta: number; count: number }
  | { type: 'audit/first' }
  | { type: 'audit/last'; count: number }
  /** Enter on a check: its failing pages. */
  | { type: 'audit/pages'; check: string }
  /** Enter on a page: its report. */
  | { type: 'audit/report'; id: RecordId }
  | { type: 'audit/scroll'; delta: number }
  /**
   * Space on a page: mark or unmark its report (the Reports tab's marks: R acts on them), then move
   * down, as Space does on a list; `count`: the rows listed.
   */
  | { type: 'audit/mark'; id: RecordId; count: number }
  /** `*`: mark every page failing the check, or clear the marks when there are some. */
  | { type: 'audit/mark-all'; ids: readonly RecordId[] }
  /** R on a page: re-run its analysis, or, with marks, ask before re-running all of them. */
  | { type: 'audit/rerun'; id: RecordId };

// What the Audit view's keys do and when they are refused; their keys and words are in keymap.ts.
// Kept apart from the keymap's building blocks (no import of keymap.ts: it imports this file).
import { idProblem, type RecordId } from '../../domain';
import type { Action } from '../../state/actions';
import { auditOfState, auditReport, auditReportId, auditRowCount, listedCheck, selectedCheck, selectedPage, shownPages } from '../../state/auditSource';
import type { DeckState } from '../../state/types';
import { freshAudit, type AuditView } from '../../state/auditState';
import { auditOf } from '../../state/stack';
import { shownProjects } from '../../state/projectsState';
import type { Does, Gate } from './doing';
import { keyRef } from '../../keys/keyRef';
import { busyReason } from '../../state/gate';
import { act } from './doing';

/** The audit level the keys act on (they apply only while one is on top). */
const lvl = (s: DeckState): AuditView => auditOf(s) ?? freshAudit({ kind: 'view', filters: {} });

/** Why a row cannot be written to (its id is not a whole number), for e, d and R here and in the list. */
export function cannotChange(id: RecordId): string | null {
  const problem = idProblem(id);
  return problem && `this row cannot be changed: ${problem}`;
}

/** In a report the keys scroll it, never past its end (as the detail's do). */
function scroll(s: DeckState, to: (now: number) => number): Action | null {
  const now = Math.min(lvl(s).scroll, s.drawn.detail.maxTop);
  const next = Math.max(0, Math.min(s.drawn.detail.maxTop, to(now)));
  return next === lvl(s).scroll ? null : { type: 'audit/scroll', delta: next - lvl(s).scroll };
}

export const auditDoes = {
  move: (delta: number): Does => act((s) => (lvl(s).level === 'report' ? scroll(s, (n) => n + delta) : { type: 'audit/move', delta, count: auditRowCount(s) })),
  first: act((s) => (lvl(s).level === 'report' ? scroll(s, () => 0) : { type: 'audit/first' })),
  last: act((s) => (lvl(s).level === 'report' ? scroll(s, () => s.drawn.detail.maxTop) : { type: 'audit/last', count: auditRowCount(s) })),
  check: act((s) => {
    const c = selectedCheck(s);
    return c ? { type: 'audit/pages', check: c.name } : null;
  }),
  /** PgDn/PgUp: the rows the screen showed last (the report: a page of it). */
  page: (dir: 1 | -1): Does =>
    act((s) =>
      lvl(s).level === 'report'
        ? scroll(s, (n) => n + dir * s.drawn.detail.page)
        : { type: 'audit/move', delta: dir * s.drawn.auditRows, count: auditRowCount(s) },
    ),
  /** Ctrl+D/Ctrl+U: half the rows the screen showed (the report: half a page of it). */
  half: (dir: 1 | -1): Does =>
    act((s) =>
      lvl(s).level === 'report'
        ? scroll(s, (n) => n + dir * Math.max(1, Math.floor(s.drawn.detail.page / 2)))
        : { type: 'audit/move', delta: dir * Math.max(1, Math.floor(s.drawn.auditRows / 2)), count: auditRowCount(s) },
    ),
  report: act((s) => {
    const p = selectedPage(s);
    return p ? { type: 'audit/report', id: p.id } : null;
  }),
  rerun: act((s) => {
    const id = auditReportId(s);
    return id === null ? null : { type: 'audit/rerun', id };
  }),
  /** Marks and moves down, as Space does on a list. */
  mark: act((s) => {
    const p = selectedPage(s);
    return p ? { type: 'audit/mark', id: p.id, count: auditRowCount(s) } : null;
  }),
  /** The pages listed (as searched). */
  markAll: act((s) => ({ type: 'audit/mark-all', ids: shownPages(listedCheck(s)?.pages ?? [], lvl(s).filter).map((p) => p.id) })),
};

const ON_PAGES = `on a check’s pages (${keyRef('audit.check')} on a check)`;

export const auditGates: Record<'project' | 'check' | 'page' | 'rerun' | 'search' | 'record', Gate> = {
  project: (s) =>
    shownProjects(s.projects)[s.projects.cursor]
      ? null
      : s.projects.filter
        ? `no project matches the filter (${keyRef('projects.close')} clears it)`
        : 'no project read yet',
  check: (s) =>
    auditOfState(s).checks.length ? null : s.projects.status === 'loading' ? 'reading reports: the checks show as they come' : 'no check fails here',
  page: (s) =>
    lvl(s).level !== 'pages'
      ? ON_PAGES
      : selectedPage(s)
        ? null
        : lvl(s).filter
          ? `no page here matches the search (${keyRef('audit.back')} clears it)`
          : `no page fails this check now (${keyRef('audit.refresh')} reads again)`,
  search: (s) => (lvl(s).level === 'report' ? `on the checks or a check’s pages (${keyRef('audit.back')} goes back to them)` : null),
  /** `y`, `Y`, `o`: the page under the cursor, or the report shown. */
  record: (s) => (lvl(s).level === 'checks' ? ON_PAGES : auditReport(s) ? null : 'no page selected'),
  rerun: (s) => (lvl(s).level === 'checks' ? ON_PAGES : (busyReason(s) ?? (auditReportId(s) === null ? 'no page selected' : cannotChange(auditReportId(s)!)))),
};

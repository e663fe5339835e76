// The Audit view's state: what to fix first across a set of reports. It is built from the
// Projects view's read of every report (one read for both, kept for the session), so opening it
// costs no request once that read is there. The view has three levels: the failing checks, the
// pages failing one check, and one page's report; Esc backs out one level at a time.
import type { Report } from '../domain';
import { INITIAL_AUDIT, type AuditSource, type AuditState } from './auditState';
import type { Action } from './actions';
import { readProjectsOnce } from './projects';
import { activeFilters, recordName } from './selectors';
import type { DeckState, FlashKind, Mode } from './types';
import type { RecordId } from '../domain';

export { INITIAL_AUDIT, type AuditAction, type AuditLevel, type AuditSource, type AuditState } from './auditState';

/** Actions that take the deck elsewhere: the audit closes under them. */
const LEAVES = new Set<Action['type']>(['tab/select', 'tab/cycle', 'projects/open', 'view/apply', 'filters/restore']);

const patch = (state: DeckState, p: Partial<AuditState>): DeckState => ({ ...state, audit: { ...state.audit, ...p } });

function open(state: DeckState, source: AuditSource, back: AuditState['back']): DeckState {
  const shown: DeckState = { ...state, mode: { kind: 'audit' }, audit: { ...INITIAL_AUDIT, open: true, source, back } };
  return readProjectsOnce(shown);
}

function backOut(state: DeckState): DeckState {
  const a = state.audit;
  if (a.level === 'report') return patch(state, { level: 'pages', reportId: null, scroll: 0 });
  if (a.level === 'pages') return patch(state, { level: 'checks', check: null, pageCursor: 0 });
  const mode: Mode = a.back === 'projects' ? { kind: 'projects' } : { kind: 'list' };
  return { ...state, mode, audit: { ...a, open: false } };
}

function say(state: DeckState, kind: FlashKind, text: string, about?: 'progress'): DeckState {
  return { ...state, flash: { id: state.nextId, kind, text, ...(about ? { about } : {}) }, nextId: state.nextId + 1 };
}

/** R: the marked reports after a question (as on the Reports list), else this page's report at once. */
function rerun(state: DeckState, id: RecordId): DeckState {
  if (state.readOnly) return say(state, 'error', 'Read-only: nothing was sent (profile or --read-only)');
  if (state.op || state.bulk) return say(state, 'info', 'Wait for the current change to finish');
  const ids = state.marked.reports;
  if (ids.length) {
    const question = `Re-run the analysis of ${ids.length} ${ids.length === 1 ? 'report' : 'reports'}?`;
    return { ...state, mode: { kind: 'confirm-bulk', tab: 'reports', verb: 'rerun', ids, question } };
  }
  const record = state.projects.reports.find((r) => r.id === id);
  if (!record) return state;
  const name = recordName('reports', record);
  const op = { seq: state.nextId, kind: 'rerun' as const, tab: 'reports' as const, id, name, before: record.result };
  return say({ ...state, op, nextId: state.nextId + 1 }, 'info', `Re-running ${name}…`, 'progress');
}

/** A re-run's answer replaces the report in the shared read, so the audit shows its new checks. */
function withRerun(state: DeckState, action: Action): DeckState {
  const record = action.type === 'rerun/done' || action.type === 'bulk/step' ? action.record : undefined;
  if (!record || !('url' in record)) return state;
  const r = record as Report;
  const reports = state.projects.reports;
  const at = reports.findIndex((x) => x.id === r.id);
  if (at < 0) return state;
  return { ...state, projects: { ...state.projects, reports: reports.map((x, i) => (i === at ? r : x)) } };
}

function own(state: DeckState, action: Action): DeckState | null {
  const a = state.audit;
  switch (action.type) {
    case 'audit/open':
      return open(state, { kind: 'view', filters: activeFilters(state.tabs.reports.query) }, state.mode.kind === 'projects' ? 'projects' : 'list');
    case 'audit/open-project': {
      const row = state.projects.rows[state.projects.cursor];
      return row ? open(state, { kind: 'project', project: row.project }, 'projects') : state;
    }
    case 'audit/back':
      return a.open ? backOut(state) : state;
    case 'audit/move': {
      const last = Math.max(0, action.count - 1);
      if (a.level === 'checks') return patch(state, { checkCursor: Math.max(0, Math.min(last, a.checkCursor + action.delta)) });
      if (a.level === 'pages') return patch(state, { pageCursor: Math.max(0, Math.min(last, a.pageCursor + action.delta)) });
      return state;
    }
    case 'audit/first':
      return patch(state, a.level === 'checks' ? { checkCursor: 0 } : a.level === 'pages' ? { pageCursor: 0 } : { scroll: 0 });
    case 'audit/last': {
      const last = Math.max(0, action.count - 1);
      return patch(state, a.level === 'checks' ? { checkCursor: last } : a.level === 'pages' ? { pageCursor: last } : {});
    }
    case 'audit/pages':
      return a.level === 'checks' ? patch(state, { level: 'pages', check: action.check, pageCursor: 0 }) : state;
    case 'audit/report':
      return a.level === 'pages' ? patch(state, { level: 'report', reportId: action.id, scroll: 0 }) : state;
    case 'audit/scroll':
      return a.level === 'report' ? patch(state, { scroll: Math.max(0, a.scroll + action.delta) }) : state;
    case 'audit/mark': {
      if (state.bulk) return state;
      const list = state.marked.reports;
      return { ...state, marked: { ...state.marked, reports: list.includes(action.id) ? list.filter((id) => id !== action.id) : [...list, action.id] } };
    }
    case 'audit/mark-all': {
      if (state.bulk) return state;
      const clear = state.marked.reports.length > 0;
      const text = clear ? 'marks cleared' : `${action.ids.length} ${action.ids.length === 1 ? 'report' : 'reports'} marked (R re-runs them all; * clears)`;
      return say({ ...state, marked: { ...state.marked, reports: clear ? [] : [...action.ids] } }, 'info', text);
    }
    case 'audit/rerun':
      return rerun(state, action.id);
    default:
      return null;
  }
}

/**
 * The audit's part of the root reducer, run before the rest (`rest`). Its own actions it handles;
 * while the audit is open, any other action runs as usual and whatever would return to the list
 * (closing the help, the `:` line, a question about the marked pages) returns to the audit
 * instead, except the actions that go elsewhere (a tab, the Projects view), which close it.
 */
export function auditReducer(state: DeckState, action: Action, rest: (s: DeckState, a: Action) => DeckState): DeckState {
  const mine = own(state, action);
  if (mine) return mine;
  if (!state.audit.open) return withRerun(rest(state, action), action);
  if (LEAVES.has(action.type)) {
    const left = rest({ ...state, audit: { ...state.audit, open: false } }, action);
    // The tab asked for was already the one under the audit: its list is shown again.
    return left.mode.kind === 'audit' ? { ...left, mode: { kind: 'list' } } : left;
  }
  const next = withRerun(rest(state, action), action);
  return next.mode.kind === 'list' ? { ...next, mode: { kind: 'audit' } } : next;
}

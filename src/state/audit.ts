// The Audit view's state: what to fix first across a set of reports. It is built from the
// Projects view's read of every report (one read for both, kept for the session), so opening it
// costs no request once that read is there. The view has three levels, each a screen on the stack:
// the failing checks, the pages failing one check, and one page's report. Enter pushes the next
// level, Esc pops back to the one below (its cursor where it was), then to the view it was opened over.
import { freshAudit, type AuditSource, type AuditView } from './auditState';
import { auditOfState, listedCheck, shownChecks, shownPages } from './auditSource';
import { keyRef } from '../keys/keyRef';
import { undrawnDetail } from './chrome/state';
import { readProjectsOnce, shownProjects } from './projects';
import { recalled, remember } from './searchHistory';
import { editSearch, searchOp } from './searchEdit';
import { activeFilters, recordName } from './selectors';
import type { RecordId } from '../domain';
import type { Reducer, SliceReducer } from './slice';
import { auditOf, closeOverlay, openOverlay, pop, push, replaceTop, topScreen, without } from './stack';
import type { DeckState } from './types';
import { flash as say } from './update';

import type { Action } from './actions';
import { changeRefused, refused } from './gate';
export { type AuditView } from './auditState';

function open(state: DeckState, source: AuditSource): DeckState {
  // An audit opened from inside one takes its place (Esc then leads where the first one did), not a level above it.
  return readProjectsOnce(push(without(state, 'audit'), { kind: 'audit', audit: freshAudit(source) }));
}

/** The audit level on top with a change of its own (a cursor, a scroll). */
const patch = (state: DeckState, a: AuditView, p: Partial<AuditView>): DeckState => replaceTop(state, { kind: 'audit', audit: { ...a, ...p } });

/** The names of the rows a level lists with this search: checks by label, pages by URL. */
function rowKeys(state: DeckState, a: AuditView, filter: string): readonly string[] {
  const audit = auditOfState(state);
  if (a.level === 'checks') return shownChecks(audit.checks, filter).map((c) => c.name);
  return shownPages(listedCheck(state, audit)?.pages ?? [], filter).map((p) => String(p.id));
}

/**
 * The level's search set to `filter`: typed (or recalled), the cursor on the first match, as on the
 * lists; cleared or put back, the row selected stays selected when it is still listed.
 */
function searched(state: DeckState, a: AuditView, filter: string, typed: boolean): DeckState {
  const key = a.level === 'checks' ? 'checkCursor' : 'pageCursor';
  let at = 0;
  if (!typed) {
    const was = rowKeys(state, a, a.filter)[a[key]];
    at = Math.max(0, was === undefined ? 0 : rowKeys(state, a, filter).indexOf(was));
  }
  return patch(state, a, { filter, [key]: at });
}

/** Typing a search on the Audit view (`/` on the checks or a check's pages). */
const typingHere = (state: DeckState): boolean => state.overlay?.kind === 'search' && state.overlay.on === 'audit';

/** The search keys on the Audit view's level on top; null when the search is not the Audit view's. */
function searchReducer(state: DeckState, action: Action): DeckState | null {
  const a = auditOf(state);
  if (!a) return null;
  const o = state.overlay;
  switch (action.type) {
    case 'search/start':
      // A report has no rows to search: the key's gate says so before it gets here.
      return a.level === 'report' || o ? state : openOverlay(state, { kind: 'search', before: a.filter, on: 'audit' });
    case 'search/input':
    case 'search/edit':
      return typingHere(state) ? editSearch(state, a.filter, searchOp(action)!, (s, text) => searched(s, a, text, true)) : null;
    case 'search/recall': {
      if (!typingHere(state) || o?.kind !== 'search') return null;
      const back = (o.recall ?? 0) + action.dir;
      const text = back === 0 ? (o.before ?? '') : recalled(state.searches, back);
      if (text === undefined) return state;
      return openOverlay(searched(state, a, text, true), { ...o, recall: back || undefined });
    }
    case 'search/commit':
      return typingHere(state) ? closeOverlay({ ...state, searches: remember(state.searches, a.filter) }) : null;
    case 'search/cancel':
      // Back out of typing: the search as it was before `/` (a kept one: the next Esc clears it).
      return typingHere(state) && o?.kind === 'search' ? closeOverlay(searched(state, a, o.before ?? '', false)) : null;
    default:
      return null;
  }
}

/** R: the marked reports after a question (as on the Reports list), else this page's report at once. */
function rerun(state: DeckState, id: RecordId): DeckState {
  const why = changeRefused(state);
  if (why) return refused(state, why);
  const ids = state.marked.reports;
  if (ids.length) {
    const question = `Re-run the analysis of ${ids.length} ${ids.length === 1 ? 'report' : 'reports'}?`;
    return openOverlay(state, { kind: 'confirm-bulk', tab: 'reports', verb: 'rerun', ids, question });
  }
  const record = state.projects.reports.find((r) => r.id === id);
  if (!record) return state;
  const name = recordName('reports', record);
  const op = { seq: state.nextId, kind: 'rerun' as const, tab: 'reports' as const, id, name, before: record.result };
  return say({ ...state, op, nextId: state.nextId + 1 }, 'info', `Re-running ${name}…`, 'progress');
}

/** The audit's part of the reducer: its own actions, on the audit level on top of the stack. */
export const auditReducer: SliceReducer = (state, action, root) => {
  if (action.type.startsWith('search/')) return searchReducer(state, action);
  return openOrMark(state, action, root) ?? onLevel(state, action);
};

/** Opening the view, marking the reports of its pages and re-running one; null for the other actions. */
function openOrMark(state: DeckState, action: Action, root: Reducer): DeckState | null {
  switch (action.type) {
    case 'audit/open':
      return open(state, { kind: 'view', filters: activeFilters(state.tabs.reports.query) });
    case 'audit/open-project': {
      const row = shownProjects(state.projects)[state.projects.cursor];
      return row && topScreen(state).kind === 'projects' ? open(state, { kind: 'project', project: row.project }) : state;
    }
    case 'audit/mark': {
      if (state.bulk) return state;
      const list = state.marked.reports;
      const marked = {
        ...state,
        marked: { ...state.marked, reports: list.includes(action.id) ? list.filter((id) => id !== action.id) : [...list, action.id] },
      };
      return auditReducer(marked, { type: 'audit/move', delta: 1, count: action.count }, root) ?? marked;
    }
    case 'audit/mark-all': {
      if (state.bulk) return state;
      const clear = state.marked.reports.length > 0;
      const what = `${action.ids.length} ${action.ids.length === 1 ? 'report' : 'reports'}`;
      const text = clear ? 'marks cleared' : `${what} marked (${keyRef('audit.rerun')} re-runs them all; ${keyRef('audit.markAll')} clears)`;
      return say({ ...state, marked: { ...state.marked, reports: clear ? [] : [...action.ids] } }, 'info', text);
    }
    case 'audit/rerun':
      return rerun(state, action.id);
    default:
      return null;
  }
}

/** Moving and going deeper on the audit level on top of the stack; null for the other actions. */
function onLevel(state: DeckState, action: Action): DeckState | null {
  const a = auditOf(state);
  switch (action.type) {
    case 'audit/back': {
      if (!a) return state;
      if (!a.filter) return pop(state);
      // A search kept on this level: Esc clears it first (it comes back from the earlier searches).
      const cleared = searched({ ...state, searches: remember(state.searches, a.filter) }, a, '', false);
      return say(cleared, 'info', `Cleared the search "${a.filter}" (${keyRef('audit.search')} then ${keyRef('search.older')} brings it back)`);
    }
    case 'audit/move': {
      if (!a) return state;
      const last = Math.max(0, action.count - 1);
      if (a.level === 'checks') return patch(state, a, { checkCursor: Math.max(0, Math.min(last, a.checkCursor + action.delta)) });
      if (a.level === 'pages') return patch(state, a, { pageCursor: Math.max(0, Math.min(last, a.pageCursor + action.delta)) });
      return state;
    }
    case 'audit/first':
      if (!a) return state;
      return patch(state, a, a.level === 'checks' ? { checkCursor: 0 } : a.level === 'pages' ? { pageCursor: 0 } : { scroll: 0 });
    case 'audit/last': {
      if (!a) return state;
      const last = Math.max(0, action.count - 1);
      return patch(state, a, a.level === 'checks' ? { checkCursor: last } : a.level === 'pages' ? { pageCursor: last } : {});
    }
    case 'audit/pages':
      return a?.level === 'checks' ? push(state, { kind: 'audit', audit: { ...a, level: 'pages', check: action.check, pageCursor: 0, filter: '' } }) : state;
    case 'audit/report':
      return a?.level === 'pages'
        ? push({ ...state, drawn: undrawnDetail(state.drawn) }, { kind: 'audit', audit: { ...a, level: 'report', reportId: action.id, scroll: 0, filter: '' } })
        : state;
    case 'audit/scroll':
      return a?.level === 'report' ? patch(state, a, { scroll: Math.max(0, a.scroll + action.delta) }) : state;
    default:
      return null;
  }
}

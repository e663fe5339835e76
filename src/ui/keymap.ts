import type { Key } from 'ink';
import { resourceDef, RESULT_CLASS_VALUES } from '../domain';
import type { Action } from '../state/actions';
import { focusedField, isLastField } from '../state/formState';
import type { TextOp } from '../state/textEdit';
import { commandNamed, completePrompt, loadedWords } from './promptCommands';
import { activeFilters, activeTab, items, selectedRecord } from '../state/selectors';
import type { DeckState, TabName } from '../state/types';
import { auditDoes, auditGates, cannotChange } from './auditKeys';
import {
  confirmYes,
  copySelected,
  editInEditor,
  interrupt,
  openSelected,
  pickCopy,
  pickView,
  quit,
  runPrompt,
  scrollDetail,
  type KeyContext,
} from './handlers';
import { auditRowCount } from '../state/auditSource';
import { auditOf, modeOf } from '../state/stack';
import { escapeHint } from '../state/nav';
import { isQuestion } from '../state/mode';
import { keyRef } from '../state/keyRef';
import { CHOOSABLE_KINDS, chosenAnswer, QUESTION_KINDS, questionEntry } from './questions';
import { changeRefused, readOnlyReason, selectionReason, unsettledReason } from '../state/gate';
import { act, effect, type Does, type Gate } from './doing';
import { PAGER_KEYS, PAGER_MOTIONS, pagerEntry, pagerMode, pagerModes, UNPAGED_MODES, unpagedReason } from './pager';
import { TEXT_BINDING_IDS, TEXT_KEYS, TEXT_MODES, textAction, typingText, type TextBindingId } from './textKeys';
import type { BindingId, PagerBindingId } from './bindingId';
import type { KeySpec, ModeKind } from './keySpec';

export type { BindingId } from './bindingId';
export type { KeySpec, ModeKind } from './keySpec';

/*
 * The whole story of a key, in one table. Each binding says:
 *   keys         what the user presses (the help label is derived from them, never written by hand)
 *   modes        where it applies (list, detail, search, prompt, form, help, dialogs)
 *   description  what the help overlay and docs/keys.md say
 *   does         act(…): a pure action creator, state → Action (or null for nothing);
 *                effect(…): only where a side effect is needed (exit, clipboard, $EDITOR), in handlers.ts
 *   disabled     optional, state → reason | null: the one gate for "not on this tab", "read-only" and
 *                "nothing selected". A disabled key is greyed in the help and the footer (a key of the other
 *                tab, onlyOn(tab), is left out of the footer), and pressing it says the reason in
 *                the flash line instead of doing nothing. The reducer keeps only the safety that
 *                holds however an action arrives (no write queued in read-only mode).
 *   when         optional, state → boolean: whether the key means this binding at all; when false the
 *                key falls through (Space cycles a choice field but types a space into a text field).
 *   hint         optional short word for the footer.
 *
 * Adding a binding: add its id to BindingId, then its entry to BINDINGS (the mapped type refuses a
 * missing one), e.g.
 *   'report.open': { keys: [{ input: 'o' }], modes: BROWSE, description: 'open URL (Reports)',
 *     disabled: gate(onlyOn('reports'), needsSelection), does: effect(openInBrowser) },
 */

interface BindingDef {
  keys: readonly KeySpec[];
  modes: readonly ModeKind[];
  description: string;
  does: Does;
  disabled?: Gate;
  when?: (state: DeckState) => boolean;
  /** The footer's word, or a function of the state (null: no hint now, e.g. `more` on the help's last page). */
  hint?: string | ((state: DeckState) => string | null);
}

export interface Binding extends BindingDef {
  id: BindingId;
  /** How the keys read in the help, the footer and docs/keys.md. */
  label: string;
}

// ---- building blocks ----

const TAB_REASONS = new Set<string>();
const onlyOn = (tab: TabName): Gate => {
  const reason = `${resourceDef(tab).title} only`;
  TAB_REASONS.add(reason);
  return (s) => (s.tab === tab ? null : reason);
};
/** A reason that says the key belongs to another tab (the footer leaves such keys out). */
export const isTabReason = (reason: string | null): boolean => reason !== null && TAB_REASONS.has(reason);
const writes: Gate = readOnlyReason;
/** A change sent at once: not in read-only mode, and one at a time. */
const changes: Gate = changeRefused;
const needsSelection: Gate = selectionReason;
export { LIST_CHANGING } from '../state/gate';
/** A row key acts on the row the screen shows, never on one of a list being replaced or a refresh that failed. */
const settled: Gate = unsettledReason;
/** A selected row of the list the tab asks for. */
const onShownRow: Gate = (s) => needsSelection(s) ?? settled(s);
const CACHED_ROWS = 'cached rows: the fresh list is on its way';
const CACHED_OFFLINE = `cached rows, and the fresh list did not come (the host failed or cannot be reached): ${keyRef('refresh')} retries`;
/** Rows from the warm-start cache may be gone or changed on the server: no write starts from them. */
const confirmedFresh: Gate = (s) => {
  const t = s.tabs[s.tab];
  if (t.cachedAt === null) return null;
  // Offline there is nothing to wait for: say so, and how to try again.
  return t.error !== null && !t.loading ? CACHED_OFFLINE : CACHED_ROWS;
};
/** A row whose id is not a whole number (`1e+21`) is shown but never written to; marked rows are checked as they run. */
const addressable: Gate = (s) => {
  const r = selectedRecord(s);
  return !r || s.marked[s.tab].length ? null : cannotChange(r.id);
};
/** The first reason among several gates. */
const gate =
  (...gates: Gate[]): Gate =>
  (s) => {
    for (const g of gates) {
      const reason = g(s);
      if (reason) return reason;
    }
    return null;
  };

/** Enter moves on, and saves from the last field, except from a list field: there it is easily meant as "next value". */
function formEnter(s: DeckState): Action | null {
  if (!s.form) return null;
  const last = isLastField(s.form);
  if (last && focusedField(s.form)?.kind === 'lines') {
    return {
      type: 'flash/show',
      kind: 'info',
      text: `${keyRef('form.enter')} does not save from a list field: separate values with commas or spaces; ${keyRef('form.save')} saves`,
    };
  }
  return last ? { type: 'form/submit' } : { type: 'form/focus', delta: 1 };
}

/**
 * The `:` line, run: a command that is the words of a key (`:open` is `o`) is refused where that key
 * is, with the key's reason, so the line cannot do what the key may not.
 */
function runGated(ctx: KeyContext): void {
  const o = ctx.state.overlay;
  const command = o?.kind === 'prompt' && !o.secret ? commandNamed(o.text.trim().replace(/^:/, '').split(/\s+/)[0] ?? '') : undefined;
  // A change to marked rows with none marked is a change to the cursor row: refused where its key is.
  const onRow = command?.rowGate && !ctx.state.marked[ctx.state.tab].length ? command.rowGate : undefined;
  const gateId = command?.gate ?? onRow;
  const why = gateId ? disabledReason(bindingById(gateId), ctx.state) : null;
  if (!command || !why) return runPrompt(ctx);
  ctx.store.dispatch({ type: 'prompt/close' });
  ctx.store.dispatch({ type: 'flash/show', kind: 'error', text: `:${command.name}: ${why}` });
}

/** No to whatever is asked: the dialog goes and nothing is sent. */
const answerNo = (s: DeckState): Action | null => (isQuestion(s.overlay) ? questionEntry(s.overlay).no : null);

export const TYPED_AHEAD = 'typed ahead, dropped: a question takes keys once it has been on screen a moment';
/** The note for keys read in the moment after a refused key: typed for where it would have led, not for here. */
export const typedAfterRefusal = (n: number): string =>
  `${n === 1 ? '1 key' : `${n} keys`} typed after it dropped, not taken here: press ${n === 1 ? 'it' : 'them'} again if meant for this screen`;
/** A question answers only keys pressed after it was on screen (QUESTION_GUARD_MS): the rest were typed ahead. */
const deliberate: Gate = (s) => (isQuestion(s.overlay) && !s.overlay.armed ? TYPED_AHEAD : null);

/** What the search being typed is on: the list, the Projects view or the Audit view's level. */
const searchOn = (s: DeckState) => (s.overlay?.kind === 'search' ? (s.overlay.on ?? 'list') : null);

/** ↓/↑ while typing a search: the rows it filters (the list's, the Projects view's or the Audit level's). */
function searchMove(s: DeckState, delta: number): Action {
  const on = searchOn(s);
  if (on === 'projects') return { type: 'projects/move', delta };
  return on === 'audit' ? { type: 'audit/move', delta, count: auditRowCount(s) } : { type: 'cursor/move', delta };
}

/** The search's text now (what ↑ recalls over). */
function searchNow(s: DeckState): string {
  const on = searchOn(s);
  if (on === 'projects') return s.projects.filter;
  return on === 'audit' ? (auditOf(s)?.filter ?? '') : (s.tabs[s.tab].query.search ?? '');
}

/** `y`, `Y`, `o`: the list's row, or on the Audit view the page (its report) under the cursor or shown. */
const onRecord: Gate = (s) => (auditOf(s) ? auditGates.record(s) : onShownRow(s));

/** ↑ has taken an earlier search: ↓ goes forward again. */
const inRecall = (s: DeckState): boolean => s.overlay?.kind === 'search' && s.overlay.recall !== undefined;

/** A search just opened (nothing typed since `/`) or already going back through earlier searches: ↑ recalls. */
const recalling = (s: DeckState): boolean => {
  const o = s.overlay;
  if (o?.kind !== 'search' || !s.searches.length) return false;
  if (o.recall !== undefined) return true;
  return searchNow(s) === (o.before ?? '');
};

/** The help's filter is being typed: letters go to it. */
const helpTyping = (s: DeckState): boolean => s.overlay?.kind === 'help' && s.overlay.typing === true;
/** The help shows a filter, or one is being typed: Esc clears it first. */
const helpFiltered = (s: DeckState): boolean => s.overlay?.kind === 'help' && (s.overlay.typing === true || Boolean(s.overlay.filter));
/** The help's last page is shown. */
const helpAtEnd = (s: DeckState): boolean => s.overlay?.kind === 'help' && s.drawn.helpPages > 0 && s.overlay.page >= s.drawn.helpPages - 1;

/** The `:` line offers words to pick from (after Tab, or `v`'s saved views). */
const offered = (s: DeckState): boolean => s.overlay?.kind === 'prompt' && Boolean(s.overlay.options?.length);
const onChoice = (s: DeckState): boolean => Boolean(s.form) && focusedField(s.form!)?.kind === 'choice';
const fieldKind = (s: DeckState) => (s.form ? focusedField(s.form)?.kind : undefined);
const onList = (s: DeckState): boolean => fieldKind(s) === 'lines';

const LIST: readonly ModeKind[] = ['list'];
const BROWSE: readonly ModeKind[] = ['list', 'detail'];
const PROJECTS: readonly ModeKind[] = ['projects'];
const AUDIT: readonly ModeKind[] = ['audit'];
const TABBED: readonly ModeKind[] = ['list', 'detail', 'projects', 'audit'];
const BROWSE_AUDIT: readonly ModeKind[] = ['list', 'detail', 'audit'];
const DIALOGS: readonly ModeKind[] = QUESTION_KINDS;
const EVERYWHERE: readonly ModeKind[] = ['list', 'detail', 'help', 'messages', 'search', 'prompt', 'form', ...QUESTION_KINDS, 'projects', 'audit', 'cover'];

/** The text field's keys as bindings: in every mode that types, while a text field has the keys. */
function textBindings(): { [Id in TextBindingId]: BindingDef } {
  const out = {} as { [Id in TextBindingId]: BindingDef };
  for (const id of TEXT_BINDING_IDS) {
    const { keys, description, op } = TEXT_KEYS[id];
    out[id] = { keys, modes: TEXT_MODES, description, when: typingText, does: act((s) => textAction(s, op)) };
  }
  return out;
}

/** The pager's motions as bindings, each in the views that have no key of their own for it; a view with nothing to page refuses them all, saying why. */
function pagerBindings(): { [Id in PagerBindingId]: BindingDef } {
  const out = {} as { [Id in PagerBindingId]: BindingDef };
  // Letters typed in a text field (a form's, the help's filter) are text.
  const notTyping = (s: DeckState) => !typingText(s);
  for (const m of PAGER_MOTIONS) {
    const entry = (s: DeckState) => pagerEntry(pagerMode(s), m);
    out[`pager.${m}`] = {
      keys: PAGER_KEYS[m].keys,
      modes: pagerModes(m),
      description: PAGER_KEYS[m].description,
      when: notTyping,
      disabled: (s) => entry(s)?.gate?.(s) ?? null,
      does: effect((ctx) => {
        const does = entry(ctx.state)?.does;
        if (does?.kind === 'effect') return does.run(ctx);
        const action = does?.make(ctx.state);
        if (action) ctx.store.dispatch(action);
      }),
    };
  }
  out['pager.none'] = {
    keys: PAGER_MOTIONS.flatMap((m) => PAGER_KEYS[m].keys),
    modes: UNPAGED_MODES,
    description: 'the pager’s keys (a page, half a page, the ends)',
    when: notTyping,
    disabled: (s) => unpagedReason(pagerMode(s)),
    does: act(() => null),
  };
  return out;
}

// ---- the table (order = order in the help and the footer) ----

const BINDINGS: { readonly [Id in BindingId]: BindingDef } = {
  'cursor.down': { keys: [{ key: 'downArrow' }, { input: 'j' }], modes: LIST, description: 'next row', does: act({ type: 'cursor/move', delta: 1 }) },
  'cursor.up': { keys: [{ key: 'upArrow' }, { input: 'k' }], modes: LIST, description: 'previous row', does: act({ type: 'cursor/move', delta: -1 }) },
  'cursor.first': { keys: [{ input: 'g' }, { key: 'home' }], modes: LIST, description: 'first row', does: act({ type: 'cursor/first' }) },
  'cursor.last': { keys: [{ input: 'G' }, { key: 'end' }], modes: LIST, description: 'last row', does: act({ type: 'cursor/last' }) },
  'page.next': { keys: [{ input: ']' }, { key: 'pageDown' }], modes: LIST, description: 'next page', does: act({ type: 'page/next' }) },
  'page.prev': { keys: [{ input: '[' }, { key: 'pageUp' }], modes: LIST, description: 'previous page', does: act({ type: 'page/prev' }) },
  'tab.websites': { keys: [{ input: '1' }], modes: TABBED, description: 'Websites', does: act({ type: 'tab/select', tab: 'websites' }) },
  'tab.reports': { keys: [{ input: '2' }], modes: TABBED, description: 'Reports', does: act({ type: 'tab/select', tab: 'reports' }) },
  'tab.projects': {
    keys: [{ input: '3' }],
    modes: [...BROWSE, 'projects', 'audit'],
    description: 'Projects: every report, one row per site',
    does: act({ type: 'projects/open' }),
  },
  'projects.down': {
    keys: [{ key: 'downArrow' }, { input: 'j' }],
    modes: PROJECTS,
    description: 'next project',
    does: act({ type: 'projects/move', delta: 1 }),
  },
  'projects.up': {
    keys: [{ key: 'upArrow' }, { input: 'k' }],
    modes: PROJECTS,
    description: 'previous project',
    does: act({ type: 'projects/move', delta: -1 }),
  },
  'projects.first': { keys: [{ input: 'g' }, { key: 'home' }], modes: PROJECTS, description: 'first project', does: act({ type: 'projects/first' }) },
  'projects.last': { keys: [{ input: 'G' }, { key: 'end' }], modes: PROJECTS, description: 'last project', does: act({ type: 'projects/last' }) },
  'projects.sort': {
    keys: [{ input: 's' }],
    modes: PROJECTS,
    description: 'sort projects by the next column',
    hint: 'sort',
    does: act({ type: 'projects/sort' }),
  },
  'projects.reverse': { keys: [{ input: 'S' }], modes: PROJECTS, description: 'reverse the projects’ order', does: act({ type: 'projects/reverse' }) },
  'projects.open': { keys: [{ key: 'return' }], modes: PROJECTS, description: 'Reports of this project', hint: 'open', does: act({ type: 'projects/choose' }) },
  'projects.search': {
    keys: [{ input: '/' }],
    modes: PROJECTS,
    description: `search the projects by host name, live (${keyRef('projects.close')} clears)`,
    hint: 'search',
    does: act({ type: 'search/start' }),
  },
  'projects.refresh': {
    keys: [{ input: 'r' }],
    modes: PROJECTS,
    description: 'read every report again',
    hint: 'refresh',
    does: act({ type: 'projects/refresh' }),
  },
  'projects.close': {
    keys: [{ key: 'escape' }],
    modes: PROJECTS,
    description: 'back out: the search kept here, else nothing (Projects is the tab’s first screen)',
    hint: escapeHint,
    does: act({ type: 'screen/escape' }),
  },
  'projects.audit': {
    keys: [{ input: 'a' }],
    modes: PROJECTS,
    description: 'this project’s audit: its failing checks, worst first (:audit: the reports in view)',
    hint: 'audit',
    disabled: auditGates.project,
    does: act({ type: 'audit/open-project' }),
  },
  'audit.down': { keys: [{ key: 'downArrow' }, { input: 'j' }], modes: AUDIT, description: 'next check or page; in a report, scroll', does: auditDoes.move(1) },
  'audit.up': {
    keys: [{ key: 'upArrow' }, { input: 'k' }],
    modes: AUDIT,
    description: 'previous check or page; in a report, scroll back',
    does: auditDoes.move(-1),
  },
  'audit.pageDown': { keys: [{ key: 'pageDown' }], modes: AUDIT, description: 'a screenful down', does: auditDoes.page(1) },
  'audit.pageUp': { keys: [{ key: 'pageUp' }], modes: AUDIT, description: 'a screenful up', does: auditDoes.page(-1) },
  'audit.first': { keys: [{ input: 'g' }, { key: 'home' }], modes: AUDIT, description: 'first row (top of the report)', does: auditDoes.first },
  'audit.last': { keys: [{ input: 'G' }, { key: 'end' }], modes: AUDIT, description: 'last row (end of the report)', does: auditDoes.last },
  'audit.check': {
    keys: [{ key: 'return' }],
    modes: AUDIT,
    description: 'the pages failing this check, each with its reason',
    hint: 'pages',
    when: (s) => auditOf(s)?.level === 'checks',
    disabled: auditGates.check,
    does: auditDoes.check,
  },
  'audit.page': {
    keys: [{ key: 'return' }],
    modes: AUDIT,
    description: 'this page’s report',
    hint: 'report',
    when: (s) => auditOf(s)?.level === 'pages',
    disabled: auditGates.page,
    does: auditDoes.report,
  },
  'audit.back': {
    keys: [{ key: 'escape' }, { input: 'q' }],
    modes: AUDIT,
    description: 'back out one level: report → pages → checks → the view before',
    hint: 'back',
    does: act({ type: 'audit/back' }),
  },
  'cover.back': {
    keys: [{ key: 'escape' }, { input: 'q' }],
    modes: ['cover'],
    description: 'back to the view before; during a cover: stop it after the request in flight',
    hint: 'back',
    does: act({ type: 'cover/back' }),
  },
  'audit.rerun': {
    keys: [{ input: 'R' }],
    modes: AUDIT,
    description: 're-run this page’s analysis (all marked pages, if any, asked first)',
    hint: 'rerun',
    when: (s) => auditOf(s)?.level !== 'checks',
    disabled: gate(writes, auditGates.rerun),
    does: auditDoes.rerun,
  },
  'audit.mark': {
    keys: [{ input: ' ' }],
    modes: AUDIT,
    description: `mark or unmark the page, then the next page (${keyRef('audit.rerun')} re-runs the marked ones)`,
    hint: 'mark',
    when: (s) => auditOf(s)?.level === 'pages',
    disabled: auditGates.page,
    does: auditDoes.mark,
  },
  'audit.markAll': {
    keys: [{ input: '*' }],
    modes: AUDIT,
    description: 'mark every page failing this check; again: clear marks',
    when: (s) => auditOf(s)?.level === 'pages',
    disabled: auditGates.page,
    does: auditDoes.markAll,
  },
  'audit.search': {
    keys: [{ input: '/' }],
    modes: AUDIT,
    description: 'search, live: the checks by name, a check’s pages by URL',
    hint: 'search',
    disabled: auditGates.search,
    does: act({ type: 'search/start' }),
  },
  'audit.refresh': { keys: [{ input: 'r' }], modes: AUDIT, description: 'read every report again', hint: 'refresh', does: act({ type: 'projects/refresh' }) },
  'tab.prev': {
    keys: [{ key: 'tab', shift: true }],
    modes: TABBED,
    description: 'previous tab (each kept as you left it)',
    does: act({ type: 'tab/cycle', dir: -1 }),
  },
  'tab.next': { keys: [{ key: 'tab' }], modes: TABBED, description: 'next tab: Websites, Reports, Projects', does: act({ type: 'tab/cycle', dir: 1 }) },
  'help.open': {
    keys: [{ input: '?' }],
    modes: ['list', 'detail', 'projects', 'audit', 'cover'],
    description: 'help',
    hint: 'help',
    does: act({ type: 'help/toggle' }),
  },
  'search.start': { keys: [{ input: '/' }], modes: LIST, description: 'search (live)', hint: 'search', does: act({ type: 'search/start' }) },
  'sort.next': { keys: [{ input: 's' }], modes: LIST, description: 'next sort field', hint: 'sort', does: act({ type: 'sort/next' }) },
  'sort.reverse': { keys: [{ input: 'S' }], modes: LIST, description: 'reverse sort', does: act({ type: 'sort/reverse' }) },
  'perPage.up': { keys: [{ input: '+' }, { input: '=' }], modes: LIST, description: 'more per page', does: act({ type: 'perPage/cycle', dir: 1 }) },
  'perPage.down': { keys: [{ input: '-' }], modes: LIST, description: 'fewer per page', does: act({ type: 'perPage/cycle', dir: -1 }) },
  'result.cycle': {
    keys: [{ input: 'f' }],
    modes: LIST,
    description: 'result filter (Reports): pick good, decent, bad or all (↓/↑, a letter, Enter)',
    hint: 'result',
    disabled: onlyOn('reports'),
    does: effect((ctx) => {
      // The : line as the picker of the classes, opened on the filter in force.
      const options = [...RESULT_CLASS_VALUES, 'all'];
      const now = ctx.state.tabs.reports.query.result ?? 'all';
      const picked = Math.max(0, options.indexOf(now));
      ctx.store.dispatch({ type: 'prompt/open' });
      ctx.store.dispatch({ type: 'prompt/set', text: `result ${options[picked]}`, options, picked });
    }),
  },
  'project.toggle': {
    keys: [{ input: 'p' }],
    modes: LIST,
    description: "row's project filter (Reports)",
    hint: 'project',
    disabled: onlyOn('reports'),
    does: act({ type: 'project/toggle' }),
  },
  'filters.clear': {
    keys: [{ input: 'c' }],
    modes: LIST,
    description: 'clear search and filters (says what; / then ↑ brings a search back)',
    disabled: (s) => (Object.keys(activeFilters(s.tabs[s.tab].query)).length ? null : 'no search or filter to clear'),
    does: act({ type: 'filters/clear' }),
  },
  'change.undo': {
    keys: [{ input: 'u' }],
    modes: BROWSE,
    description: 'undo the latest change sent to the host not yet undone, any time (:undo; :changes lists them)',
    disabled: changes,
    does: act({ type: 'undo/start' }),
  },
  // Esc by the one navigation rule (src/state/nav.ts): the search kept here, then the filters, then
  // back to the screen this list was opened over; on the tab's first screen it says so.
  'list.escape': {
    keys: [{ key: 'escape' }],
    modes: LIST,
    description: 'back out: the search kept here, then the filters, then the screen before (Projects, after Enter on a project)',
    hint: escapeHint,
    does: act({ type: 'screen/escape' }),
  },
  'detail.open': { keys: [{ key: 'return' }], modes: LIST, description: 'detail', disabled: onShownRow, does: act({ type: 'detail/open' }) },
  // gh-dash's preview key, capital here: p is the project filter.
  'pane.toggle': {
    keys: [{ input: 'P' }],
    modes: BROWSE,
    description: 'hide or show the detail pane (the list takes the width; kept for the session)',
    does: act({ type: 'pane/toggle' }),
  },
  'detail.down': {
    keys: [{ key: 'downArrow' }, { input: 'j' }],
    modes: ['detail'],
    description: 'scroll detail',
    hint: 'scroll',
    does: effect((ctx) => scrollDetail(ctx, 1)),
  },
  'detail.up': {
    keys: [{ key: 'upArrow' }, { input: 'k' }],
    modes: ['detail'],
    description: 'scroll detail back',
    does: effect((ctx) => scrollDetail(ctx, -1)),
  },
  'detail.pageDown': {
    keys: [{ key: 'pageDown' }, { input: ' ' }],
    modes: ['detail'],
    description: 'a page down the detail',
    does: effect((ctx) => scrollDetail(ctx, 'pageDown')),
  },
  'detail.pageUp': { keys: [{ key: 'pageUp' }], modes: ['detail'], description: 'a page up the detail', does: effect((ctx) => scrollDetail(ctx, 'pageUp')) },
  'detail.top': {
    keys: [{ input: 'g' }, { key: 'home' }],
    modes: ['detail'],
    description: 'top of the detail',
    does: effect((ctx) => scrollDetail(ctx, 'top')),
  },
  'detail.bottom': {
    keys: [{ input: 'G' }, { key: 'end' }],
    modes: ['detail'],
    description: 'end of the detail',
    does: effect((ctx) => scrollDetail(ctx, 'bottom')),
  },
  'detail.close': {
    keys: [{ key: 'escape' }, { key: 'return' }, { input: 'q' }],
    modes: ['detail'],
    description: 'back to list',
    hint: 'back',
    does: act({ type: 'detail/close' }),
  },
  'record.new': { keys: [{ input: 'n' }], modes: BROWSE, description: 'new', hint: 'new', disabled: writes, does: act({ type: 'form/new' }) },
  'record.edit': {
    keys: [{ input: 'e' }],
    modes: BROWSE,
    description: 'edit',
    hint: 'edit',
    disabled: gate(writes, onShownRow, addressable, confirmedFresh),
    does: act({ type: 'form/edit' }),
  },
  'record.delete': {
    keys: [{ input: 'd' }],
    modes: BROWSE,
    description: 'delete (all marked rows, if any)',
    hint: 'delete',
    disabled: gate(writes, onShownRow, addressable, confirmedFresh),
    does: act({ type: 'delete/ask' }),
  },
  'report.rerun': {
    keys: [{ input: 'R' }],
    modes: BROWSE,
    description: 're-run analysis (Reports; all marked rows, if any)',
    hint: 'rerun',
    disabled: gate(onlyOn('reports'), writes, onShownRow, addressable, confirmedFresh),
    does: act((s) => (s.marked.reports.length ? { type: 'bulk/start', verb: 'rerun' } : { type: 'rerun/start' })),
  },
  'mark.toggle': {
    // Marks and moves down, as in ranger, nnn and mc: Space Space Space marks three rows (the last row stays put).
    keys: [{ input: ' ' }],
    modes: LIST,
    description: 'mark or unmark the row, then the next row',
    hint: 'mark',
    disabled: onShownRow,
    does: effect(({ store, state }) => {
      store.dispatch({ type: 'mark/toggle' });
      const tab = activeTab(state);
      if (tab.cursor < items(tab).length - 1) store.dispatch({ type: 'cursor/move', delta: 1 });
    }),
  },
  'mark.all': {
    keys: [{ input: '*' }],
    modes: LIST,
    description: 'mark every row matching the search and filters (all pages); again: clear marks',
    does: act({ type: 'mark/all' }),
  },
  refresh: { keys: [{ input: 'r' }], modes: BROWSE, description: 'refresh', does: act({ type: 'refresh' }) },
  copy: {
    keys: [{ input: 'y' }],
    modes: BROWSE_AUDIT,
    description: 'copy the name (a website’s domain, a report’s URL)',
    hint: 'copy',
    disabled: onRecord,
    does: effect(copySelected),
  },
  'copy.menu': {
    keys: [{ input: 'Y' }],
    modes: BROWSE_AUDIT,
    description: 'copy a value: pick the id, name, link or the record as JSON (↓/↑, Enter)',
    disabled: onRecord,
    does: effect(pickCopy),
  },
  open: {
    keys: [{ input: 'o' }],
    modes: BROWSE_AUDIT,
    description: 'open the page or website in the browser ($BROWSER; with no display, copy it)',
    hint: 'open',
    disabled: onRecord,
    does: effect(openSelected),
  },
  'view.pick': { keys: [{ input: 'v' }], modes: BROWSE, description: 'saved views (:view save NAME keeps one)', does: effect(pickView) },
  'prompt.open': { keys: [{ input: ':' }], modes: TABBED, description: 'command line', hint: 'cmd', does: act({ type: 'prompt/open' }) },
  'messages.open': {
    keys: [{ input: 'M' }],
    modes: TABBED,
    description: 'the last 50 messages, with their times (:messages)',
    does: act({ type: 'messages/toggle' }),
  },
  'messages.close': {
    keys: [{ key: 'escape' }, { input: 'M' }, { input: 'q' }],
    modes: ['messages'],
    description: 'close the messages',
    hint: 'close',
    does: act({ type: 'messages/toggle' }),
  },
  'messages.next': {
    keys: [{ key: 'downArrow' }, { input: 'j' }, { key: 'pageDown' }, { input: ' ' }],
    modes: ['messages'],
    description: 'older messages',
    hint: 'more',
    does: act({ type: 'messages/page', delta: 1 }),
  },
  'messages.prev': {
    keys: [{ key: 'upArrow' }, { input: 'k' }, { key: 'pageUp' }],
    modes: ['messages'],
    description: 'newer messages',
    does: act({ type: 'messages/page', delta: -1 }),
  },
  quit: { keys: [{ input: 'q' }], modes: ['list', 'projects'], description: 'quit', hint: 'quit', does: effect(quit) },
  interrupt: {
    keys: [{ input: 'c', ctrl: true }],
    modes: EVERYWHERE,
    description: 'quit; in a search, the command line or a form: cancel it as Esc does; in a question: No',
    does: effect(interrupt),
  },

  'search.commit': { keys: [{ key: 'return' }], modes: ['search'], description: 'keep search', hint: 'keep', does: act({ type: 'search/commit' }) },
  'search.cancel': {
    keys: [{ key: 'escape' }],
    modes: ['search'],
    description: 'back out: the search as it was before /',
    hint: 'back',
    does: act({ type: 'search/cancel' }),
  },
  // ↑ right after `/` (or once recalling) goes back through earlier searches; after typing, ↑↓ move the rows.
  'search.older': {
    keys: [{ key: 'upArrow' }],
    modes: ['search'],
    description: 'an earlier search (right after /, or again)',
    hint: 'earlier',
    when: recalling,
    does: act({ type: 'search/recall', dir: 1 }),
  },
  'search.newer': {
    keys: [{ key: 'downArrow' }],
    modes: ['search'],
    description: 'a later search, then what it was before /',
    when: inRecall,
    does: act({ type: 'search/recall', dir: -1 }),
  },
  'search.down': {
    keys: [{ key: 'downArrow' }],
    modes: ['search'],
    description: 'next row while typing',
    hint: 'move',
    when: (s) => !inRecall(s),
    does: act((s) => searchMove(s, 1)),
  },
  'search.up': {
    keys: [{ key: 'upArrow' }],
    modes: ['search'],
    description: 'previous row while typing',
    when: (s) => !recalling(s),
    does: act((s) => searchMove(s, -1)),
  },

  'prompt.run': { keys: [{ key: 'return' }], modes: ['prompt'], description: 'run the command line', hint: 'run', does: effect(runGated) },
  'prompt.cancel': { keys: [{ key: 'escape' }], modes: ['prompt'], description: 'close the command line', hint: 'close', does: act({ type: 'prompt/close' }) },
  'prompt.complete': {
    keys: [{ key: 'tab' }],
    modes: ['prompt'],
    description: 'complete a command, field, value or view name (the common part, then each in turn)',
    hint: 'complete',
    does: effect((ctx) => {
      const o = ctx.state.overlay;
      // Offered words shown (after a Tab): Tab again takes each in turn, as a shell does.
      if (o?.kind === 'prompt' && o.options?.length) return ctx.store.dispatch({ type: 'prompt/pick', delta: 1 });
      if (o?.kind === 'prompt' && !o.secret)
        ctx.store.dispatch({ type: 'prompt/set', ...completePrompt(o.text, ctx.state.tab, loadedWords(ctx.state, ctx.views?.names())) });
    }),
  },
  // The one picker (src/state/picker.ts) while words are offered: ↓/↑ and →/← move, Home/End go to
  // the ends, letters narrow (`f` `b` Enter: bad), Enter takes it. Before the text field's keys.
  'prompt.next': {
    keys: [{ key: 'downArrow' }, { key: 'rightArrow' }],
    modes: ['prompt'],
    description: 'picker: the next value (result classes, values to copy, saved views, what Tab offers); letters narrow',
    when: offered,
    does: act({ type: 'prompt/pick', delta: 1 }),
  },
  'prompt.prev': {
    keys: [{ key: 'upArrow' }, { key: 'leftArrow' }],
    modes: ['prompt'],
    description: 'picker: the previous value',
    when: offered,
    does: act({ type: 'prompt/pick', delta: -1 }),
  },
  'prompt.first': {
    keys: [{ key: 'home' }],
    modes: ['prompt'],
    description: 'picker: the first value',
    when: offered,
    does: act({ type: 'prompt/pick', delta: 0, to: 'first' }),
  },
  'prompt.last': {
    keys: [{ key: 'end' }],
    modes: ['prompt'],
    description: 'picker: the last value',
    when: offered,
    does: act({ type: 'prompt/pick', delta: 0, to: 'last' }),
  },

  'form.prev': {
    keys: [{ key: 'tab', shift: true }, { key: 'upArrow' }],
    modes: ['form'],
    description: 'previous field',
    does: act({ type: 'form/focus', delta: -1 }),
  },
  'form.next': {
    keys: [{ key: 'tab' }, { key: 'downArrow' }],
    modes: ['form'],
    description: 'next field',
    hint: 'move',
    does: act({ type: 'form/focus', delta: 1 }),
  },
  'form.choiceNext': {
    keys: [{ key: 'rightArrow' }, { input: ' ' }],
    modes: ['form'],
    description: 'next choice (on a choice field)',
    hint: 'choose',
    when: onChoice,
    does: act({ type: 'form/choice', dir: 1 }),
  },
  'form.choicePrev': {
    keys: [{ key: 'leftArrow' }],
    modes: ['form'],
    description: 'previous choice',
    when: onChoice,
    does: act({ type: 'form/choice', dir: -1 }),
  },
  // The one picker's ends, as on the : line (a letter picks the next value it begins).
  'form.choiceFirst': {
    keys: [{ key: 'home' }],
    modes: ['form'],
    description: 'first choice (a letter: the next that begins with it)',
    when: onChoice,
    does: act({ type: 'form/choice', dir: -1, to: 'first' }),
  },
  'form.choiceLast': {
    keys: [{ key: 'end' }],
    modes: ['form'],
    description: 'last choice',
    when: onChoice,
    does: act({ type: 'form/choice', dir: 1, to: 'last' }),
  },
  'form.save': { keys: [{ input: 's', ctrl: true }], modes: ['form'], description: 'save', hint: 'save', does: act({ type: 'form/submit' }) },
  'form.enter': {
    keys: [{ key: 'return' }],
    modes: ['form'],
    description: 'next field; saves on the last (never from a list field)',
    does: act(formEnter),
  },
  'form.cancel': { keys: [{ key: 'escape' }], modes: ['form'], description: 'cancel (asks if edited)', hint: 'cancel', does: act({ type: 'form/cancel' }) },
  // Before text.end: in a list field Ctrl+E opens $EDITOR (End still goes to the end).
  'form.editor': {
    keys: [{ input: 'e', ctrl: true }],
    modes: ['form'],
    description: 'list field: one per line in $EDITOR',
    when: onList,
    does: effect(editInEditor),
  },
  // The one text field's keys, the same wherever text is typed (src/ui/textKeys.ts).
  ...textBindings(),

  'confirm.yes': { keys: [{ input: 'y' }, { input: 'Y' }], modes: DIALOGS, description: 'yes', hint: 'yes', disabled: deliberate, does: effect(confirmYes) },
  'confirm.no': {
    keys: [{ input: 'n' }, { input: 'N' }, { key: 'escape' }],
    modes: DIALOGS,
    description: 'no',
    hint: 'no',
    disabled: deliberate,
    does: act(answerNo),
  },
  'confirm.toggle': {
    keys: [{ key: 'leftArrow' }, { key: 'rightArrow' }, { key: 'tab' }],
    modes: CHOOSABLE_KINDS,
    description: 'choose',
    disabled: deliberate,
    does: act((s) => (isQuestion(s.overlay) ? (questionEntry(s.overlay).toggle ?? null) : null)),
  },
  'confirm.enter': {
    keys: [{ key: 'return' }],
    modes: DIALOGS,
    description: 'the chosen answer (No by default)',
    disabled: deliberate,
    does: act((s) => (isQuestion(s.overlay) ? chosenAnswer(s.overlay) : null)),
  },

  // While a filter is typed, letters are the filter's: Esc clears it (before help.close), Enter keeps it.
  'help.clear': {
    keys: [{ key: 'escape' }],
    modes: ['help'],
    description: 'clear the filter (pressed again, it closes help)',
    hint: 'clear',
    when: (s) => helpFiltered(s),
    does: act({ type: 'help/clear' }),
  },
  'help.keep': {
    keys: [{ key: 'return' }],
    modes: ['help'],
    description: 'keep the filter and page through what it found',
    hint: 'keep',
    when: helpTyping,
    does: act({ type: 'help/keep' }),
  },
  'help.close': {
    keys: [{ input: '?' }, { key: 'escape' }, { input: 'q' }],
    modes: ['help'],
    description: 'close help',
    hint: 'close',
    when: (s) => !helpTyping(s),
    does: act({ type: 'help/toggle' }),
  },
  'help.find': {
    keys: [{ input: '/' }],
    modes: ['help'],
    description: 'filter the keys as you type (by key or word)',
    hint: 'filter',
    when: (s) => !helpTyping(s),
    does: act({ type: 'help/find' }),
  },
  'help.next': {
    keys: [{ key: 'downArrow' }, { input: 'j' }, { key: 'pageDown' }, { input: ' ' }],
    modes: ['help'],
    description: 'more keys',
    hint: (s) => (helpAtEnd(s) ? null : 'more'),
    when: (s) => !helpTyping(s),
    disabled: (s) => (helpAtEnd(s) ? 'this is the last page (every key is shown)' : null),
    does: act({ type: 'help/page', delta: 1 }),
  },
  'help.prev': {
    keys: [{ key: 'upArrow' }, { input: 'k' }, { key: 'pageUp' }],
    modes: ['help'],
    description: 'back',
    hint: (s) => (s.overlay?.kind === 'help' && s.overlay.page > 0 ? 'back' : null),
    when: (s) => !helpTyping(s),
    does: act({ type: 'help/page', delta: -1 }),
  },

  // The one pager's keys, last: where a view has none of its own for them (src/ui/pager.ts).
  ...pagerBindings(),
};

// ---- labels ----

const NAMED: Record<NonNullable<KeySpec['key']>, string> = {
  upArrow: '↑',
  downArrow: '↓',
  leftArrow: '←',
  rightArrow: '→',
  pageUp: 'PgUp',
  pageDown: 'PgDn',
  home: 'Home',
  end: 'End',
  return: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  // Ink 8 reads \x7f as Backspace and ESC [3~ as Delete (forward).
  backspace: 'Bksp',
  delete: 'Del',
};

export function keyName(k: KeySpec): string {
  const base = k.key ? NAMED[k.key] : k.input === ' ' ? 'Space' : (k.input ?? '');
  return `${k.ctrl ? 'C-' : ''}${k.meta ? 'M-' : ''}${k.shift && k.key ? 'S-' : ''}${base}`;
}

/** Every key of a binding, each once, in the order bound: the label can never disagree with the keys. */
export function keysLabel(keys: readonly KeySpec[]): string {
  return [...new Set(keys.map(keyName))].join(' ');
}

export const KEYMAP: readonly Binding[] = (Object.keys(BINDINGS) as BindingId[]).map((id) => ({
  id,
  ...BINDINGS[id],
  label: keysLabel(BINDINGS[id].keys),
}));

export function bindingById(id: BindingId): Binding {
  return KEYMAP.find((b) => b.id === id)!;
}

/** Why a binding is refused in this state, or null. */
export function disabledReason(b: Binding, state: DeckState): string | null {
  return b.disabled?.(state) ?? null;
}

/** The flash line's words for a refused key (`pressed`: the key as pressed, when the binding has several). */
export function refusal(b: Binding, reason: string, pressed: KeySpec = b.keys[0]): string {
  return `${keyName(pressed)} (${b.description.replace(/ \(.*\)$/, '')}): ${reason}`;
}

// ---- matching ----

export function keyMatches(spec: KeySpec, input: string, key: Key): boolean {
  if (spec.shift !== undefined && key.shift !== spec.shift) return false;
  if (spec.meta !== undefined && key.meta !== spec.meta) return false;
  if (spec.key) return Boolean(key[spec.key]) && (spec.ctrl === undefined || key.ctrl === spec.ctrl);
  if (Boolean(spec.ctrl) !== key.ctrl) return false;
  return input === spec.input;
}

/** The binding a key press means in this state, if any (a disabled one too: it explains itself). */
export function findBinding(state: DeckState, input: string, key: Key): Binding | undefined {
  // The key first: a binding's `when` may read the form's fields, and most bindings are for other keys.
  return bindingsIn(modeOf(state).kind).find((b) => b.keys.some((k) => keyMatches(k, input, key)) && (!b.when || b.when(state)));
}

/**
 * The bindings of one mode, in the keymap's order: a key is looked up for every character typed or
 * pasted into a field. A binding's modes never change (the config file's `keys` section rebinds its keys, read at each look).
 */
let byMode: Map<ModeKind, readonly Binding[]> | undefined;
function bindingsIn(mode: ModeKind): readonly Binding[] {
  if (!byMode) {
    byMode = new Map();
    for (const b of KEYMAP) for (const m of b.modes) byMode.set(m, [...(byMode.get(m) ?? []), b]);
  }
  return byMode.get(mode) ?? [];
}

/** Printable text a key press carries (for search, the command line and form fields). */
export function typedText(input: string, key: Key): string | null {
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.backspace || key.delete) return null;
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end) return null;
  return input ? input : null;
}

/** The edit a key makes in a text field, by the text field's bindings (setup reads them so: it is drawn before the deck). */
export function textOpFor(input: string, key: Key): TextOp | null {
  const id = TEXT_BINDING_IDS.find((t) => bindingById(t).keys.some((k) => keyMatches(k, input, key)));
  return id ? TEXT_KEYS[id].op : null;
}

/** A key press with no named key or modifier. */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** Alt with one character and no named key: Esc and that key arriving together. */
function altLetter(key: Key, chars: readonly string[]): boolean {
  const arrows = key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end;
  return key.meta && !key.escape && !key.ctrl && !arrows && !key.return && !key.tab && !key.backspace && !key.delete && chars.length === 1;
}

/** Some binding has Alt with this character (read at each look: the config file's `keys` may rebind). */
const altBound = (ch: string): boolean => KEYMAP.some((b) => b.keys.some((k) => k.meta && k.input === ch));

function charKey(ch: string): { input: string; key: Key } {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\r' || ch === '\n') return { input: '', key: { ...NO_KEY, return: true } };
  if (ch === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  if (ch === '\x7f') return { input: '', key: { ...NO_KEY, backspace: true } };
  if (ch === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
  if (code < 0x20) return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: ch, key: { ...NO_KEY, shift: /[A-Z]/.test(ch) } };
}

/**
 * Ink hands over a run of plain characters as one input ("jj\r" when keys arrive together, or a
 * paste). Split it into single key presses; runs of printable characters stay together as text.
 */
export function splitKeys(input: string, key: Key, opts: { altKeys?: boolean } = {}): { input: string; key: Key }[] {
  const chars = Array.from(input);
  // Esc and a key that arrive together read as Alt+key. Where a text field has the keys (`altKeys`)
  // an Alt key it binds (Alt+B, Alt+F) is that key; elsewhere they are the two presses they were
  // (Esc closes the detail, then q quits). Two quick Escs read as Alt+Esc (Ink hands over the second ESC as the input).
  const esc = { input: '', key: { ...NO_KEY, escape: true } };
  if (key.escape && key.meta && !key.ctrl && (input === '' || input === '\x1b')) return [esc, esc];
  if (altLetter(key, chars)) return opts.altKeys && altBound(chars[0]) ? [{ input, key }] : [esc, charKey(chars[0])];
  const named =
    key.upArrow ||
    key.downArrow ||
    key.leftArrow ||
    key.rightArrow ||
    key.pageUp ||
    key.pageDown ||
    key.home ||
    key.end ||
    key.escape ||
    key.tab ||
    key.return ||
    key.backspace ||
    key.delete ||
    key.ctrl ||
    key.meta;
  if (chars.length <= 1 || named) return [{ input, key }];
  const out: { input: string; key: Key }[] = [];
  for (const ch of chars) out.push(charKey(ch));
  return out;
}

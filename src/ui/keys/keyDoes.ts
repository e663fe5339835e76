// What the keys do, by screen, apart from which keys they are (src/keys/table.ts): each binding's
// action or effect, its `disabled` gate and, where the table says it means its key only sometimes,
// the test of `when`. These are the browsing screens' (the lists, the detail, Projects, the Audit
// view, the cover) and the keys they share; the overlays' and the form's are in keyDoesTyping.ts.
//   does      act(…): a pure action creator, state → Action (or null for nothing);
//             effect(…): only where a side effect is needed (exit, clipboard, $EDITOR), in handlers.ts
//   disabled  optional, state → reason | null: the one gate for "not on this tab", "read-only" and
//             "nothing selected". A disabled key is greyed in the help and the footer (a key of the
//             other tab, onlyOn(tab), is left out of the footer), and pressing it says the reason in the
//             flash line instead of doing nothing. The reducer keeps only the safety that holds however
//             an action arrives (no write queued in read-only mode).
//   when      state → boolean, required exactly where the table has words for it
//   hint      optional, state → the footer's word now (null: none), over the table's word
import { resourceDef, RESULT_CLASS_VALUES } from '../../domain';
import { keyRef } from '../../keys/keyRef';
import { activeFilters, activeTab, items, selectedRecord } from '../../state/selectors';
import { auditOf } from '../../state/stack';
import { escapeHint } from '../../state/nav';
import type { TabName } from '../../state/types';
import { changeRefused, readOnlyReason, selectionReason, unsettledReason } from '../../state/gate';
import { auditDoes, auditGates, cannotChange } from './auditKeys';
import { act, effect, type Behaviours, type Gate } from './doing';
import { copySelected, interrupt, openSelected, pickCopy, pickView, quit, runPrompt, scrollDetail, type KeyContext } from './handlers';
import { commandNamed } from './promptCommands';
import { TYPING_DOES } from './keyDoesTyping';

// ---- the gates ----

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

/** `y`, `Y`, `o`: the list's row, or on the Audit view the page (its report) under the cursor or shown. */
const onRecord: Gate = (s) => (auditOf(s) ? auditGates.record(s) : onShownRow(s));

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
  const why = gateId ? (DOES[gateId].disabled?.(ctx.state) ?? null) : null;
  if (!command || !why) return runPrompt(ctx);
  ctx.store.dispatch({ type: 'prompt/close' });
  ctx.store.dispatch({ type: 'flash/show', kind: 'error', text: `:${command.name}: ${why}` });
}

const BROWSING_DOES = {
  'cursor.down': { does: act({ type: 'cursor/move', delta: 1 }) },
  'cursor.up': { does: act({ type: 'cursor/move', delta: -1 }) },
  'cursor.first': { does: act({ type: 'cursor/first' }) },
  'cursor.last': { does: act({ type: 'cursor/last' }) },
  'page.next': { does: act({ type: 'page/next' }) },
  'page.prev': { does: act({ type: 'page/prev' }) },
  'tab.websites': { does: act({ type: 'tab/select', tab: 'websites' }) },
  'tab.reports': { does: act({ type: 'tab/select', tab: 'reports' }) },
  'tab.projects': { does: act({ type: 'projects/open' }) },
  'projects.down': { does: act({ type: 'projects/move', delta: 1 }) },
  'projects.up': { does: act({ type: 'projects/move', delta: -1 }) },
  'projects.first': { does: act({ type: 'projects/first' }) },
  'projects.last': { does: act({ type: 'projects/last' }) },
  'projects.sort': { does: act({ type: 'projects/sort' }) },
  'projects.reverse': { does: act({ type: 'projects/reverse' }) },
  'projects.open': { does: act({ type: 'projects/choose' }) },
  'projects.search': { does: act({ type: 'search/start' }) },
  'projects.refresh': { does: act({ type: 'projects/refresh' }) },
  'projects.close': { hint: escapeHint, does: act({ type: 'screen/escape' }) },
  'projects.audit': { disabled: auditGates.project, does: act({ type: 'audit/open-project' }) },
  'audit.down': { does: auditDoes.move(1) },
  'audit.up': { does: auditDoes.move(-1) },
  'audit.pageDown': { does: auditDoes.page(1) },
  'audit.pageUp': { does: auditDoes.page(-1) },
  'audit.first': { does: auditDoes.first },
  'audit.last': { does: auditDoes.last },
  'audit.check': { when: (s) => auditOf(s)?.level === 'checks', disabled: auditGates.check, does: auditDoes.check },
  'audit.page': { when: (s) => auditOf(s)?.level === 'pages', disabled: auditGates.page, does: auditDoes.report },
  'audit.back': { does: act({ type: 'audit/back' }) },
  'cover.back': { does: act({ type: 'cover/back' }) },
  'audit.rerun': { when: (s) => auditOf(s)?.level !== 'checks', disabled: gate(writes, auditGates.rerun), does: auditDoes.rerun },
  'audit.mark': { when: (s) => auditOf(s)?.level === 'pages', disabled: auditGates.page, does: auditDoes.mark },
  'audit.markAll': { when: (s) => auditOf(s)?.level === 'pages', disabled: auditGates.page, does: auditDoes.markAll },
  'audit.search': { disabled: auditGates.search, does: act({ type: 'search/start' }) },
  'audit.refresh': { does: act({ type: 'projects/refresh' }) },
  'tab.prev': { does: act({ type: 'tab/cycle', dir: -1 }) },
  'tab.next': { does: act({ type: 'tab/cycle', dir: 1 }) },
  'help.open': { does: act({ type: 'help/toggle' }) },
  'search.start': { does: act({ type: 'search/start' }) },
  'sort.next': { does: act({ type: 'sort/next' }) },
  'sort.reverse': { does: act({ type: 'sort/reverse' }) },
  'perPage.up': { does: act({ type: 'perPage/cycle', dir: 1 }) },
  'perPage.down': { does: act({ type: 'perPage/cycle', dir: -1 }) },
  'result.cycle': {
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
  'project.toggle': { disabled: onlyOn('reports'), does: act({ type: 'project/toggle' }) },
  'filters.clear': {
    disabled: (s) => (Object.keys(activeFilters(s.tabs[s.tab].query)).length ? null : 'no search or filter to clear'),
    does: act({ type: 'filters/clear' }),
  },
  'change.undo': { disabled: changes, does: act({ type: 'undo/start' }) },
  'list.escape': { hint: escapeHint, does: act({ type: 'screen/escape' }) },
  'detail.open': { disabled: onShownRow, does: act({ type: 'detail/open' }) },
  'pane.toggle': { does: act({ type: 'pane/toggle' }) },
  'detail.down': { does: effect((ctx) => scrollDetail(ctx, 1)) },
  'detail.up': { does: effect((ctx) => scrollDetail(ctx, -1)) },
  'detail.pageDown': { does: effect((ctx) => scrollDetail(ctx, 'pageDown')) },
  'detail.pageUp': { does: effect((ctx) => scrollDetail(ctx, 'pageUp')) },
  'detail.top': { does: effect((ctx) => scrollDetail(ctx, 'top')) },
  'detail.bottom': { does: effect((ctx) => scrollDetail(ctx, 'bottom')) },
  'detail.close': { does: act({ type: 'detail/close' }) },
  'record.new': { disabled: writes, does: act({ type: 'form/new' }) },
  'record.edit': { disabled: gate(writes, onShownRow, addressable, confirmedFresh), does: act({ type: 'form/edit' }) },
  'record.delete': { disabled: gate(writes, onShownRow, addressable, confirmedFresh), does: act({ type: 'delete/ask' }) },
  'report.rerun': {
    disabled: gate(onlyOn('reports'), writes, onShownRow, addressable, confirmedFresh),
    does: act((s) => (s.marked.reports.length ? { type: 'bulk/start', verb: 'rerun' } : { type: 'rerun/start' })),
  },
  'mark.toggle': {
    disabled: onShownRow,
    does: effect(({ store, state }) => {
      store.dispatch({ type: 'mark/toggle' });
      const tab = activeTab(state);
      if (tab.cursor < items(tab).length - 1) store.dispatch({ type: 'cursor/move', delta: 1 });
    }),
  },
  'mark.all': { does: act({ type: 'mark/all' }) },
  refresh: { does: act({ type: 'refresh' }) },
  copy: { disabled: onRecord, does: effect(copySelected) },
  'copy.menu': { disabled: onRecord, does: effect(pickCopy) },
  open: { disabled: onRecord, does: effect(openSelected) },
  'view.pick': { does: effect(pickView) },
  'prompt.open': { does: act({ type: 'prompt/open' }) },
  'messages.open': { does: act({ type: 'messages/toggle' }) },
  'messages.close': { does: act({ type: 'messages/toggle' }) },
  'messages.next': { does: act({ type: 'messages/page', delta: 1 }) },
  'messages.prev': { does: act({ type: 'messages/page', delta: -1 }) },
  quit: { does: effect(quit) },
  interrupt: { does: effect(interrupt) },
  'prompt.run': { does: effect(runGated) },
} satisfies Partial<Behaviours>;

export const DOES: Behaviours = { ...BROWSING_DOES, ...TYPING_DOES };

// Marked rows and the runs over them: Space marks the row under the cursor, `*` every row the
// tab's search and filters match (all pages, read by the effects), R and d then act on all of them,
// one paced request each, with a progress line; done rows are unmarked, failed ones stay marked so
// they can be tried again, and the end says what happened. Pure: state and action in, state out.
import { choiceLabel, resourceDef, type WriteValues } from '../../domain';
import { selectedRecord } from '../selectors';
import type { SliceReducer } from '../slice';
import type { DeckState, TabName } from '../types';
import { withReport } from '../projects';
import { closeOverlay, openOverlay } from '../stack';
import { flash as say } from '../update';

const noun = (tab: TabName, n: number) => (n === 1 ? resourceDef(tab).singular : resourceDef(tab).title.toLowerCase());
const VERB = { delete: { ing: 'Deleting', past: 'deleted' }, rerun: { ing: 'Re-running', past: 're-ran' }, update: { ing: 'Updating', past: 'updated' }, restore: { ing: 'Restoring', past: 'restored' } } as const;
const verbOf = (b: { verb: 'delete' | 'rerun' | 'update'; perId?: unknown }) => VERB[b.perId ? 'restore' : b.verb];

function setMarked(state: DeckState, tab: TabName, ids: readonly number[]): DeckState {
  return { ...state, marked: { ...state.marked, [tab]: ids } };
}

function ask(state: DeckState, tab: TabName, verb: 'rerun' | 'update', ids: readonly number[], values: WriteValues | undefined, question: string): DeckState {
  return openOverlay(state, { kind: 'confirm-bulk', tab, verb, ids, ...(values ? { values } : {}), question });
}

/** `privacy to Public`, `e-mail reports to Enabled`: a change in the domain's words. */
function changeWords(tab: TabName, values: WriteValues): string {
  const def = resourceDef(tab);
  return Object.entries(values)
    .map(([name, v]) => {
      const f = def.fields.find((x) => x.name === name);
      return f ? `${f.label.toLowerCase()} to ${choiceLabel(f, v)}` : `${name} to ${String(v)}`;
    })
    .join(' and ');
}

export function startBulk(state: DeckState, tab: TabName, verb: 'delete' | 'rerun' | 'update', ids: readonly number[], values?: WriteValues, perId?: Readonly<Record<number, WriteValues>>): DeckState {
  const bulk = { seq: state.nextId, tab, verb, ids, values, ...(perId ? { perId } : {}), done: 0, failed: [], stopping: false };
  return progress({ ...state, bulk, nextId: state.nextId + 1 });
}

function progress(state: DeckState): DeckState {
  const b = state.bulk!;
  const at = b.done + b.failed.length;
  const failed = b.failed.length ? ` · ${b.failed.length} failed` : '';
  const stop = b.stopping ? ' · stopping after this one' : ' · Ctrl+C to stop after this one';
  return say(state, 'info', `${verbOf(b).ing} ${at}/${b.ids.length} ${b.perId ? '' : 'marked '}${noun(b.tab, b.ids.length)}${failed}${stop}`);
}

export const marksReducer: SliceReducer = (state, action) => {
  switch (action.type) {
    case 'mark/toggle': {
      const record = selectedRecord(state);
      if (!record || state.bulk) return state;
      const list = state.marked[state.tab];
      return setMarked(state, state.tab, list.includes(record.id) ? list.filter((id) => id !== record.id) : [...list, record.id]);
    }
    case 'mark/all': {
      if (state.bulk) return state;
      // Again with marks: clear them (one key to mark all and to unmark all).
      const clear = action.only === 'clear' || (action.only === undefined && state.marked[state.tab].length > 0);
      if (clear) return say(setMarked(state, state.tab, []), 'info', 'marks cleared');
      return say({ ...state, markAll: { seq: state.nextId, tab: state.tab }, nextId: state.nextId + 1 }, 'info', 'Marking every row that matches…');
    }
    case 'mark/set': {
      if (state.markAll?.seq !== action.seq) return state;
      const next = setMarked({ ...state, markAll: null }, action.tab, action.ids);
      return say(next, 'info', `${action.ids.length} ${noun(action.tab, action.ids.length)} marked (R or d acts on all; * clears)`);
    }
    case 'mark/failed':
      if (state.markAll?.seq !== action.seq) return state;
      return say({ ...state, markAll: null }, 'error', action.message);
    case 'bulk/start': {
      const ids = state.marked.reports;
      if (state.tab !== 'reports' || !ids.length || state.bulk || state.op) return state;
      // A change to many rows is asked first, as a bulk delete is (No by default).
      return ask(state, 'reports', 'rerun', ids, undefined, `Re-run the analysis of ${ids.length} ${noun('reports', ids.length)}?`);
    }
    case 'bulk/update': {
      const ids = state.marked[state.tab];
      if (state.readOnly) return say(state, 'error', `${action.what}: read-only mode`);
      if (!ids.length) return say(state, 'error', `${action.what}: no rows marked (Space marks one, * all that match)`);
      if (state.bulk || state.op) return say(state, 'error', 'busy: wait for the current change to finish');
      return ask(state, state.tab, 'update', ids, action.values, `Set ${changeWords(state.tab, action.values)} on ${ids.length} ${noun(state.tab, ids.length)}?`);
    }
    case 'bulk/confirm': {
      const m = state.overlay;
      if (m?.kind !== 'confirm-bulk') return state;
      const back: DeckState = closeOverlay(state);
      if (state.readOnly) return say(back, 'error', 'read-only mode: nothing was sent');
      if (state.bulk || state.op) return say(back, 'error', 'busy: wait for the current change to finish');
      return startBulk(back, m.tab, m.verb, m.ids, m.values);
    }
    case 'bulk/toggle':
      return state.overlay?.kind === 'confirm-bulk' ? openOverlay(state, { ...state.overlay, yes: !state.overlay.yes }) : state;
    case 'bulk/cancel':
      return state.overlay?.kind === 'confirm-bulk' ? say(closeOverlay(state), 'info', 'Nothing was sent; the rows stay marked') : state;
    case 'bulk/step': {
      const b = state.bulk;
      if (b?.seq !== action.seq) return state;
      const failed = action.error ? [...b.failed, { id: action.id, reason: action.error }] : b.failed;
      const next = { ...withReport(state, action.record), bulk: { ...b, done: b.done + (action.error ? 0 : 1), failed } };
      return progress(action.error ? next : setMarked(next, b.tab, next.marked[b.tab].filter((id) => id !== action.id)));
    }
    case 'bulk/ask-stop':
      return state.bulk && !state.bulk.stopping ? openOverlay(state, { kind: 'confirm-stop' }) : state;
    case 'bulk/keep-going':
      return closeOverlay(state, 'confirm-stop');
    case 'bulk/stop': {
      const asked = closeOverlay(state, 'confirm-stop');
      return asked.bulk && !asked.bulk.stopping ? progress({ ...asked, bulk: { ...asked.bulk, stopping: true } }) : asked;
    }
    case 'undo/start': {
      const u = state.undo;
      if (!u || state.flash?.id !== u.flashId) return say(state, 'info', 'Nothing to undo: undo works while the change’s message shows');
      if (state.bulk || state.op) return say(state, 'error', 'busy: wait for the current change to finish');
      if (state.readOnly) return say(state, 'error', 'read-only mode: nothing was sent');
      const perId = Object.fromEntries(u.items.map((i) => [i.id, i.values]));
      return startBulk({ ...state, undo: null }, u.tab, 'update', u.items.map((i) => i.id), undefined, perId);
    }
    case 'bulk/end': {
      const b = state.bulk;
      if (b?.seq !== action.seq) return state;
      const t = state.tabs[b.tab];
      // A question about stopping has nothing left to ask once the run is over.
      const next: DeckState = { ...closeOverlay(state, 'confirm-stop'), bulk: null, tabs: { ...state.tabs, [b.tab]: { ...t, epoch: t.epoch + 1 } } };
      const parts = [`${b.done} ${verbOf(b).past}`];
      if (b.failed.length) parts.push(`${b.failed.length} failed, still marked (${b.failed.slice(0, 2).map((f) => `${f.id}: ${f.reason}`).join('; ')}${b.failed.length > 2 ? '; …' : ''})`);
      if (action.notStarted) parts.push(`${action.notStarted} not started, still marked`);
      const undoable = b.verb === 'update' && !b.perId && (action.before?.length ?? 0) > 0;
      if (undoable) parts.push('u undoes');
      const ended = say(next, b.failed.length || action.notStarted ? 'error' : 'success', `${b.failed.length || action.notStarted ? '' : '✓ '}${parts.join(' · ')}`);
      return undoable ? { ...ended, undo: { flashId: ended.flash!.id, tab: b.tab, items: action.before! } } : { ...ended, undo: null };
    }
    default:
      return null;
  }
};

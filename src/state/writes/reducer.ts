// The writes slice's reducer: the delete dialog and a re-run queue one write (state.op), and the
// hosts' answers to it (and to a form's save) update the rows, say what happened and offer undo.
import { resourceDef, valuesBefore, withoutSecrets, type Report } from '../../domain';
import { logChange, NEVER_RETURNED, notPutBack, notRecreated } from '../changes';
import { startBulk } from '../marks/run';
import { changeWords } from '../marks/words';
import { activeTab, items, recordName, scoreLabel, selectedRecord } from '../selectors';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import type { Change, DeckState, TabState } from '../types';
import { flash, formClosed, patchTab, replaceRecord, withCursor } from '../update';
import { refused, WHY_NOT } from '../gate';
import { recreateValues, withErrors } from '../formState';
import { seekFor } from '../list/seek';
import { withReport } from '../projects';
import { closeOverlay, openOverlay, pop, topScreen } from '../stack';
import { keyRef } from '../../keys/keyRef';
import { fieldsOf } from '../../domain';

function formFailed(state: DeckState, action: ActionOf<'form/failed'>): DeckState {
  if (state.op?.seq !== action.seq) return state;
  const next: DeckState = {
    ...state,
    op: null,
    form: state.form ? withErrors(state.form, action.fields ?? {}) : null,
  };
  return flash(next, 'error', action.message, next.form ? 'form' : undefined);
}

function formSaved(state: DeckState, action: ActionOf<'form/saved'>): DeckState {
  const op = state.op;
  if (op?.seq !== action.seq || op.kind !== 'save') return state;
  const name = recordName(op.tab, action.record);
  // The log keeps an edit's changed fields as the row had them (u puts them back), and a create's id.
  const row = op.op === 'update' ? state.tabs[op.tab].data?.items.find((r) => r.id === op.id) : undefined;
  const old = row ? fieldsOf(row) : undefined;
  const back = old ? valuesBefore(resourceDef(op.tab), old, op.values) : null;
  let next: DeckState = { ...formClosed(state), op: null };
  next = replaceRecord(next, op.tab, action.record);
  const t = next.tabs[op.tab];
  // A created row: the cursor follows it to the page the list's sort puts it on (src/state/list/seek.ts).
  next = patchTab(next, op.tab, { epoch: t.epoch + 1, ...(op.op === 'create' ? { selectedId: action.record.id, seek: seekFor(t, action.record) } : {}) });
  const canUndo = op.op === 'create' || (back !== null && Object.keys(back.values).length > 0);
  // The log keeps no value the host never returns (a password typed): it names the field.
  const item =
    op.op === 'create'
      ? { id: action.record.id, name, before: null, after: null }
      : {
          id: op.id!,
          name,
          before: back?.values ?? null,
          after: withoutSecrets(resourceDef(op.tab), op.values),
          ...(back?.lost.length ? { lost: back.lost } : {}),
        };
  const change: Change = {
    seq: op.seq,
    at: action.at ?? null,
    tab: op.tab,
    kind: op.op === 'create' ? 'create' : 'edit',
    what: op.op === 'create' ? '' : changeWords(op.tab, op.values),
    items: [item],
    undone: false,
  };
  const lost = canUndo ? notPutBack(change) : null;
  next = flash(
    next,
    'success',
    `✓ ${op.op === 'create' ? 'created' : 'saved'} ${name}${op.note ? ` (${op.note})` : ''}` +
      `${canUndo ? ` · ${keyRef('change.undo')} undoes${lost ? ` (not ${lost}: ${NEVER_RETURNED})` : ''}` : ''}`,
  );
  return logChange(next, change);
}

function deleteAsk(state: DeckState): DeckState {
  const record = selectedRecord(state);
  if (!record || activeTab(state).cachedAt !== null) return state;
  if (state.op || state.bulk) return refused(state, WHY_NOT.busy);
  const marked = state.marked[state.tab];
  if (marked.length) {
    const def = resourceDef(state.tab);
    const shown = items(activeTab(state))
      .filter((r) => marked.includes(r.id))
      .slice(0, 3)
      .map((r) => recordName(state.tab, r));
    const name =
      `${marked.length} marked ${marked.length === 1 ? def.singular : def.title.toLowerCase()}` +
      `${shown.length ? ` (${shown.join(', ')}${marked.length > shown.length ? ', …' : ''})` : ''}`;
    return openOverlay(state, { kind: 'confirm-delete', tab: state.tab, id: marked[0], name, yes: false, ids: marked });
  }
  return openOverlay(state, { kind: 'confirm-delete', tab: state.tab, id: record.id, name: recordName(state.tab, record), yes: false });
}

function deleteCancel(state: DeckState): DeckState {
  return closeOverlay(state, 'confirm-delete');
}

function deleteConfirm(state: DeckState): DeckState {
  const m = state.overlay;
  if (m?.kind !== 'confirm-delete' || state.op || state.bulk) return state;
  // The detail of a record being deleted has nothing left to show: back to the list under it.
  const back = topScreen(state).kind === 'detail' ? pop(state) : closeOverlay(state);
  if (state.readOnly) return refused(back, WHY_NOT.readOnly);
  if (m.ids) return startBulk(back, m.tab, 'delete', m.ids);
  const shown = items(state.tabs[m.tab]).find((r) => r.id === m.id);
  return {
    ...back,
    op: { seq: state.nextId, kind: 'delete', tab: m.tab, id: m.id, name: m.name, ...(shown ? { record: shown } : {}) },
    nextId: state.nextId + 1,
  };
}

function deleteDone(state: DeckState, action: ActionOf<'delete/done'>): DeckState {
  const op = state.op;
  if (op?.seq !== action.seq || op.kind !== 'delete') return state;
  const t = state.tabs[op.tab];
  let next: DeckState = { ...state, op: null };
  if (t.data) {
    const at = t.data.items.findIndex((r) => r.id === op.id);
    const list = t.data.items.filter((r) => r.id !== op.id);
    const meta = { ...t.data.meta, total: Math.max(0, t.data.meta.total - 1) };
    const cursor = at >= 0 && at < t.cursor ? t.cursor - 1 : t.cursor;
    const shrunk: TabState = { ...t, data: { items: list, meta } };
    // The row after the deleted one takes its place; the one before when it was the last.
    next = patchTab(next, op.tab, { data: shrunk.data, ...withCursor(shrunk, cursor), epoch: t.epoch + 1 });
  } else next = patchTab(next, op.tab, { epoch: t.epoch + 1 });
  // Its undo re-creates it from its fields as shown (a new id), when the create form can take them.
  const sub = op.record ? recreateValues(op.tab, op.record) : null;
  const before = sub?.kind === 'send' ? sub.values : null;
  const lost = before ? notRecreated(op.tab, before) : [];
  const change: Change = {
    seq: op.seq,
    at: action.at ?? null,
    tab: op.tab,
    kind: 'delete',
    what: '',
    items: [{ id: op.id, name: op.name, before, after: null, ...(lost.length ? { lost } : {}) }],
    undone: false,
  };
  next = logChange(next, change);
  // Where the create form cannot take its fields (a password the host never returns), undo says it cannot.
  const cannot = sub?.kind === 'invalid' ? ` · u cannot re-create it (${Object.values(sub.errors).flat().join(' ')})` : '';
  const without = notPutBack(change);
  return flash(
    next,
    'success',
    `✓ deleted ${op.name}${before ? ` · u re-creates it (with a new id${without ? `; not ${without}: ${NEVER_RETURNED}` : ''})` : cannot}`,
  );
}

function deleteFailed(state: DeckState, action: ActionOf<'delete/failed'>): DeckState {
  if (state.op?.seq !== action.seq) return state;
  return flash({ ...state, op: null }, 'error', action.message);
}

function rerunStart(state: DeckState): DeckState {
  if (state.tab !== 'reports') return state;
  if (state.readOnly) return refused(state, WHY_NOT.readOnly);
  const record = selectedRecord(state) as Report | null;
  if (!record || activeTab(state).cachedAt !== null) return state;
  if (state.op) return refused(state, WHY_NOT.busy);
  const name = recordName('reports', record);
  const next: DeckState = {
    ...state,
    op: { seq: state.nextId, kind: 'rerun', tab: 'reports', id: record.id, name, before: record.result },
    nextId: state.nextId + 1,
  };
  return flash(next, 'info', `Re-running ${name}…`, 'progress');
}

function rerunDone(state: DeckState, action: ActionOf<'rerun/done'>): DeckState {
  const op = state.op;
  if (op?.seq !== action.seq || op.kind !== 'rerun') return state;
  const r = action.record as Report;
  let next = replaceRecord(withReport({ ...state, op: null }, r), 'reports', r);
  next = patchTab(next, 'reports', { epoch: next.tabs.reports.epoch + 1, selectedId: r.id });
  const was = op.before === null ? '' : ` (was ${op.before})`;
  next = logChange(next, {
    seq: op.seq,
    at: action.at ?? null,
    tab: 'reports',
    kind: 'rerun',
    what: '',
    items: [{ id: r.id, name: op.name, before: null, after: null }],
    undone: false,
  });
  return flash(next, 'success', `✓ re-ran ${op.name}: ${scoreLabel(r.result, r.result_class)}${was}`);
}

function rerunFailed(state: DeckState, action: ActionOf<'rerun/failed'>): DeckState {
  if (state.op?.seq !== action.seq) return state;
  return flash({ ...state, op: null }, 'error', action.message);
}

/** What each of the slice's actions decides. */
export const writesReducer: SliceReducer = byCase({
  'form/failed': formFailed,
  'form/saved': formSaved,
  'delete/ask': deleteAsk,
  'delete/cancel': deleteCancel,
  'delete/confirm': deleteConfirm,
  'delete/done': deleteDone,
  'delete/failed': deleteFailed,
  'rerun/start': rerunStart,
  'rerun/done': rerunDone,
  'rerun/failed': rerunFailed,
});

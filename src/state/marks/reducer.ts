// Marked rows and the runs over them: Space marks the row under the cursor, `*` every row the
// tab's search and filters match (all pages, read by the effects), R and d then act on all of them,
// one paced request each, with a progress line; done rows are unmarked, failed ones stay marked so
// they can be tried again, and the end says what happened. Pure: state and action in, state out.
import {
  alreadySet,
  choiceLabel,
  idText,
  isSecretField,
  resourceDef,
  secretFieldsOf,
  secretMissing,
  withoutSecrets,
  type RecordId,
  type WriteValues,
} from '../../domain';
import {
  asksFirst,
  changedSince,
  changeName,
  latestUndoable,
  logChange,
  NEVER_RETURNED,
  notPutBack,
  notRecreated,
  undoQuestion,
  undoSteps,
  type Change,
} from '../changes';
import { recreateValues } from '../formState';
import { items, recordName, selectedRecord } from '../selectors';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import type { BulkRun, DeckState, TabName } from '../types';
import { withReport } from '../projects';
import { closeOverlay, openOverlay } from '../stack';
import { flash as say } from '../update';
import { ifKeysApply, keyRef, keysThatApply } from '../keyRef';
import { changeRefused, refused, WHY_NOT } from '../gate';
import { fieldsOf } from '../../domain';

const noun = (tab: TabName, n: number) => (n === 1 ? resourceDef(tab).singular : resourceDef(tab).title.toLowerCase());
const VERB = {
  delete: { ing: 'Deleting', past: 'deleted' },
  rerun: { ing: 'Re-running', past: 're-ran' },
  update: { ing: 'Updating', past: 'updated' },
  undo: { ing: 'Undoing', past: 'undone' },
} as const;
const verbOf = (b: { verb: BulkRun['verb'] }) => VERB[b.verb];

function setMarked(state: DeckState, tab: TabName, ids: readonly RecordId[]): DeckState {
  return { ...state, marked: { ...state.marked, [tab]: ids } };
}

function ask(
  state: DeckState,
  tab: TabName,
  verb: 'rerun' | 'update',
  ids: readonly RecordId[],
  values: WriteValues | undefined,
  question: string,
  leftAlone: readonly RecordId[] = [],
): DeckState {
  return openOverlay(state, { kind: 'confirm-bulk', tab, verb, ids, ...(values ? { values } : {}), question, ...(leftAlone.length ? { leftAlone } : {}) });
}

/** `Public`, `Password and Enabled`: the values a change sets, in the domain's words (secrets left out). */
function valueWords(tab: TabName, values: WriteValues): string {
  const def = resourceDef(tab);
  return Object.entries(values)
    .filter(([name]) => !isSecretField(def, name))
    .map(([name, v]) => {
      const f = def.fields.find((x) => x.name === name);
      return f ? choiceLabel(f, v) : String(v);
    })
    .join(' and ');
}

/** `privacy to Public`, `e-mail reports to Enabled`: a change in the domain's words (a field the host never returns named, never its value). */
export function changeWords(tab: TabName, values: WriteValues): string {
  const def = resourceDef(tab);
  return Object.entries(values)
    .map(([name, v]) => {
      const f = def.fields.find((x) => x.name === name);
      if (!f || isSecretField(def, name)) return `a new ${(f?.label ?? name).toLowerCase()}`;
      return `${f.label.toLowerCase()} to ${choiceLabel(f, v)}`;
    })
    .join(' and ');
}

export function startBulk(
  state: DeckState,
  tab: TabName,
  verb: BulkRun['verb'],
  ids: readonly RecordId[],
  values?: WriteValues,
  undo?: BulkRun['undo'],
): DeckState {
  const bulk: BulkRun = { seq: state.nextId, tab, verb, ids, values, ...(undo ? { undo } : {}), done: 0, failed: [], stopping: false };
  return progress({ ...state, bulk, nextId: state.nextId + 1 });
}

function progress(state: DeckState): DeckState {
  const b = state.bulk!;
  const at = b.done + b.failed.length + (b.skipped ?? 0);
  const failed = b.failed.length ? ` · ${b.failed.length} failed` : '';
  const stop = b.stopping ? ' · stopping after this one' : ` · ${keyRef('interrupt')} to stop after this one`;
  return say(state, 'info', `${verbOf(b).ing} ${at}/${b.ids.length} ${b.undo ? '' : 'marked '}${noun(b.tab, b.ids.length)}${failed}${stop}`, 'progress');
}

function markToggle(state: DeckState): DeckState {
  const record = selectedRecord(state);
  if (!record || state.bulk) return state;
  const list = state.marked[state.tab];
  return setMarked(state, state.tab, list.includes(record.id) ? list.filter((id) => id !== record.id) : [...list, record.id]);
}

function markAll(state: DeckState, action: ActionOf<'mark/all'>): DeckState {
  if (state.bulk) return state;
  // Again with marks: clear them (one key to mark all and to unmark all).
  const clear = action.only === 'clear' || (action.only === undefined && state.marked[state.tab].length > 0);
  if (clear) return say(setMarked(state, state.tab, []), 'info', 'marks cleared');
  return say({ ...state, markAll: { seq: state.nextId, tab: state.tab }, nextId: state.nextId + 1 }, 'info', 'Marking every row that matches…', 'progress');
}

function markSet(state: DeckState, action: ActionOf<'mark/set'>): DeckState {
  if (state.markAll?.seq !== action.seq) return state;
  const next = setMarked({ ...state, markAll: null }, action.tab, action.ids);
  return say(
    next,
    'info',
    `${action.ids.length} ${noun(action.tab, action.ids.length)} marked ` +
      `(${ifKeysApply(`${keysThatApply('report.rerun', 'record.delete')} acts on all; `)}${keyRef('mark.all')} clears)`,
  );
}

function markFailed(state: DeckState, action: ActionOf<'mark/failed'>): DeckState {
  if (state.markAll?.seq !== action.seq) return state;
  return say({ ...state, markAll: null }, 'error', action.message);
}

function bulkStart(state: DeckState): DeckState {
  const ids = state.marked.reports;
  if (state.tab !== 'reports' || !ids.length || state.bulk || state.op) return state;
  // A change to many rows is asked first, as a bulk delete is (No by default).
  return ask(state, 'reports', 'rerun', ids, undefined, `Re-run the analysis of ${ids.length} ${noun('reports', ids.length)}?`);
}

function bulkUpdate(state: DeckState, action: ActionOf<'bulk/update'>): DeckState {
  const ids = state.marked[state.tab];
  if (state.readOnly) return refused(state, WHY_NOT.readOnly, action.what);
  if (!ids.length) return say(state, 'error', `${action.what}: no rows marked (${keyRef('mark.toggle')} marks one, ${keyRef('mark.all')} all that match)`);
  if (state.bulk || state.op) return refused(state, WHY_NOT.busy, action.what);
  const def = resourceDef(state.tab);
  // Password without one: asked once, masked, and checked as the edit form checks it (runPrompt).
  const pw = secretMissing(def, 'update', action.values, { secretSet: false });
  if (pw)
    return openOverlay(state, {
      kind: 'prompt',
      text: '',
      secret: { label: `${pw.label} for the ${ids.length} marked ${noun(state.tab, ids.length)}`, values: action.values, what: action.what },
    });
  // Rows already at the target are left alone (counted): only the PUTs that change something go.
  const rows = items(state.tabs[state.tab]);
  const already = ids.filter((id) => {
    const r = rows.find((x) => x.id === id);
    return r !== undefined && alreadySet(def, fieldsOf(r), action.values);
  });
  const change = ids.filter((id) => !already.includes(id));
  const target = valueWords(state.tab, action.values);
  if (!change.length)
    return say(
      state,
      'info',
      `${action.what}: nothing to change, the ${ids.length} marked ${noun(state.tab, ids.length)} ${ids.length === 1 ? 'is' : 'are'} already ${target}`,
    );
  // Both numbers in the question, short enough for the box: `Set privacy to Public: 4 to change · 3 already Public?`
  const question = already.length
    ? `Set ${changeWords(state.tab, action.values)}: ${change.length} to change · ${already.length} already ${target}?`
    : `Set ${changeWords(state.tab, action.values)} on ${change.length} ${noun(state.tab, change.length)}?`;
  return ask(state, state.tab, 'update', change, action.values, question, already);
}

function bulkConfirm(state: DeckState): DeckState {
  const m = state.overlay;
  if (m?.kind !== 'confirm-bulk') return state;
  const back: DeckState = closeOverlay(state);
  const why = changeRefused(state);
  if (why) return refused(back, why);
  const alone = m.leftAlone ?? [];
  const started = startBulk(
    setMarked(
      back,
      m.tab,
      back.marked[m.tab].filter((id) => !alone.includes(id)),
    ),
    m.tab,
    m.verb,
    m.ids,
    m.values,
    m.undo,
  );
  return alone.length ? { ...started, bulk: { ...started.bulk!, leftAlone: alone.length } } : started;
}

function bulkToggle(state: DeckState): DeckState {
  return state.overlay?.kind === 'confirm-bulk' ? openOverlay(state, { ...state.overlay, yes: !state.overlay.yes }) : state;
}

function bulkCancel(state: DeckState): DeckState {
  return state.overlay?.kind === 'confirm-bulk' ? say(closeOverlay(state), 'info', 'Nothing was sent; the rows stay marked') : state;
}

function bulkStep(state: DeckState, action: ActionOf<'bulk/step'>): DeckState {
  const b = state.bulk;
  if (b?.seq !== action.seq) return state;
  const failed = action.error ? [...b.failed, { id: action.id, reason: action.error }] : b.failed;
  // An undo's re-created record: its new id, said at the end.
  const made = b.undo?.steps.find((s) => s.id === action.id && s.kind === 'post');
  const created = made && action.record ? [...(b.created ?? []), { was: action.id, id: action.record.id, name: made.name }] : b.created;
  const counted = action.skipped ? { skipped: (b.skipped ?? 0) + 1 } : { done: b.done + (action.error ? 0 : 1) };
  const next = { ...withReport(state, action.record), bulk: { ...b, ...counted, failed, ...(created ? { created } : {}) } };
  return progress(
    action.error
      ? next
      : setMarked(
          next,
          b.tab,
          next.marked[b.tab].filter((id) => id !== action.id),
        ),
  );
}

function bulkAskStop(state: DeckState): DeckState {
  return state.bulk && !state.bulk.stopping ? openOverlay(state, { kind: 'confirm-stop' }) : state;
}

function bulkKeepGoing(state: DeckState): DeckState {
  return closeOverlay(state, 'confirm-stop');
}

function bulkStop(state: DeckState): DeckState {
  const asked = closeOverlay(state, 'confirm-stop');
  return asked.bulk && !asked.bulk.stopping ? progress({ ...asked, bulk: { ...asked.bulk, stopping: true } }) : asked;
}

function undoStart(state: DeckState): DeckState {
  const c = latestUndoable(state.changes);
  if (!c) return say(state, 'info', 'Nothing to undo (:changes lists this session’s changes)');
  const why = changeRefused(state);
  if (why) return refused(state, why);
  // What the change left is read first, to compare (a re-create has nothing to read).
  if (undoSteps(c).some((s) => s.kind !== 'post'))
    return say(
      { ...state, undoCheck: { seq: state.nextId, change: c.seq }, nextId: state.nextId + 1 },
      'info',
      `Undo: reading the ${changeName(c)} as the host has it now…`,
    );
  return undoOrAsk(state, c, {});
}

function undoChecked(state: DeckState, action: ActionOf<'undo/checked'>): DeckState {
  const u = state.undoCheck;
  if (u?.seq !== action.seq) return state;
  const c = state.changes.find((x) => x.seq === u.change);
  // The `reading…` line (the flash after the check's own id) is over once the answer is in.
  const next = { ...state, undoCheck: null, flash: state.flash?.id === u.seq + 1 ? null : state.flash };
  return c ? undoOrAsk(next, c, action.current) : next;
}

function undoFailed(state: DeckState, action: ActionOf<'undo/failed'>): DeckState {
  return state.undoCheck?.seq === action.seq ? say({ ...state, undoCheck: null }, 'error', `Undo: nothing was sent (${action.message})`) : state;
}

function bulkEnd(state: DeckState, action: ActionOf<'bulk/end'>): DeckState {
  const b = state.bulk;
  if (b?.seq !== action.seq) return state;
  const t = state.tabs[b.tab];
  // A question about stopping has nothing left to ask once the run is over.
  let next: DeckState = { ...closeOverlay(state, 'confirm-stop'), bulk: null, tabs: { ...state.tabs, [b.tab]: { ...t, epoch: t.epoch + 1 } } };
  const ok = !b.failed.length && !action.notStarted;
  const parts = [`${b.done} ${verbOf(b).past}`];
  const alone = (b.skipped ?? 0) + (b.leftAlone ?? 0);
  if (alone) parts.push(`${alone} already ${valueWords(b.tab, b.values ?? {})}, left alone`);
  // An undo marks no row: its failures stay in the log for u, not in the marks.
  const kept = b.undo ? '' : ', still marked';
  if (b.failed.length)
    parts.push(
      `${b.failed.length} failed${kept} (${b.failed
        .slice(0, 2)
        .map((f) => `${idText(f.id)}: ${f.reason}`)
        .join('; ')}${b.failed.length > 2 ? '; …' : ''})`,
    );
  if (action.notStarted) parts.push(`${action.notStarted} not started${kept}`);
  if (b.undo) {
    // Undone once every request went through; else it stays in the log to try again.
    if (ok) next = { ...next, changes: next.changes.map((c) => (c.seq === b.undo!.change ? { ...c, undone: true } : c)) };
    for (const c of b.created ?? []) parts.push(`re-created ${c.name} as id ${idText(c.id)} (a new id; it was ${idText(c.was)})`);
    // What it could not put back is named, as the question named it.
    const undone = state.changes.find((c) => c.seq === b.undo!.change);
    const lost = undone && b.done ? notPutBack(undone) : null;
    if (lost) parts.push(`not put back: ${lost} (${NEVER_RETURNED})`);
  } else {
    const logged = loggedRun(state, b, action.before ?? [], action.at ?? null);
    if (logged) {
      next = logChange(next, logged);
      if (undoSteps(logged).length) parts.push(`${keyRef('change.undo')} undoes`);
    }
  }
  return say(next, ok ? 'success' : 'error', `${ok ? '✓ ' : ''}${b.undo ? 'Undo: ' : ''}${parts.join(' · ')}`);
}

/** What each of the slice's actions decides. */
export const marksReducer: SliceReducer = byCase({
  'mark/toggle': markToggle,
  'mark/all': markAll,
  'mark/set': markSet,
  'mark/failed': markFailed,
  'bulk/start': bulkStart,
  'bulk/update': bulkUpdate,
  'bulk/confirm': bulkConfirm,
  'bulk/toggle': bulkToggle,
  'bulk/cancel': bulkCancel,
  'bulk/step': bulkStep,
  'bulk/ask-stop': bulkAskStop,
  'bulk/keep-going': bulkKeepGoing,
  'bulk/stop': bulkStop,
  'undo/start': undoStart,
  'undo/checked': undoChecked,
  'undo/failed': undoFailed,
  'bulk/end': bulkEnd,
});

/** An undo runs at once, or is asked first: a change to many rows, a delete of a created record, or one changed on the host since. */
function undoOrAsk(state: DeckState, c: Change, current: Readonly<Record<number, Readonly<Record<string, unknown>> | null>>): DeckState {
  const steps = undoSteps(c);
  const ids = steps.map((s) => s.id);
  const since = changedSince(c, current);
  if (!since.length && !asksFirst(c)) return startBulk(state, c.tab, 'undo', ids, undefined, { change: c.seq, steps });
  // The question names the change, its detail line what a yes sends: each whole at 80 columns.
  const { question, detail } = undoQuestion(c);
  const asked = openOverlay(state, { kind: 'confirm-bulk', tab: c.tab, verb: 'undo', ids, undo: { change: c.seq, steps }, question, detail });
  // What differs is said in the flash line, whole: the question's box has no room for it.
  return since.length ? say(asked, 'info', `Changed on the host since: ${since.join('; ')}`) : asked;
}

/** A finished run over marked rows as the log keeps it (null: nothing went through). */
function loggedRun(state: DeckState, b: BulkRun, before: readonly { id: RecordId; values: WriteValues }[], at: number | null): Change | null {
  const failed = new Set(b.failed.map((f) => f.id));
  const done = b.ids.slice(0, b.done + b.failed.length + (b.skipped ?? 0)).filter((id) => !failed.has(id));
  if (!done.length) return null;
  const rows = state.tabs[b.tab].data?.items ?? [];
  const nameOf = (id: RecordId) => {
    const r = rows.find((x) => x.id === id);
    return r ? recordName(b.tab, r) : `id ${idText(id)}`;
  };
  if (b.verb === 'update') {
    // The log keeps no value the host never returns (a password typed for the change): it names it.
    const def = resourceDef(b.tab);
    const lost = secretFieldsOf(def, b.values ?? {});
    const items = before.map((x) => ({
      id: x.id,
      name: nameOf(x.id),
      before: x.values,
      after: withoutSecrets(def, b.values ?? {}),
      ...(lost.length ? { lost } : {}),
    }));
    return { seq: b.seq, at, tab: b.tab, kind: 'update-marked', what: changeWords(b.tab, b.values ?? {}), items, undone: false };
  }
  if (b.verb === 'delete') {
    const items = done.map((id) => {
      const r = rows.find((x) => x.id === id);
      const sub = r ? recreateValues(b.tab, r) : null;
      const values = sub?.kind === 'send' ? sub.values : null;
      const lost = values ? notRecreated(b.tab, values) : [];
      return { id, name: nameOf(id), before: values, after: null, ...(lost.length ? { lost } : {}) };
    });
    return { seq: b.seq, at, tab: b.tab, kind: 'delete-marked', what: '', items, undone: false };
  }
  return {
    seq: b.seq,
    at,
    tab: b.tab,
    kind: 'rerun-marked',
    what: '',
    items: done.map((id) => ({ id, name: nameOf(id), before: null, after: null })),
    undone: false,
  };
}

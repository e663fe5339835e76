// A run over the marked rows, one paced request each, with a progress line: done rows are unmarked,
// failed ones stay marked so they can be tried again, Ctrl+C asks to stop after the request in
// flight, and the end says what happened and logs the change (for u).
import { bulkSummary, changeWordsOf, idText, resourceDef, secretFieldsOf, withoutSecrets, type RecordId, type WriteValues } from '../../domain';
import { logChange, NEVER_RETURNED, notPutBack, notRecreated, undoSteps, type Change } from '../changes';
import { recreateValues } from '../formState';
import { recordName } from '../selectors';
import type { ActionOf } from '../slice';
import type { BulkRun, DeckState, TabName } from '../types';
import { withReport } from '../projects';
import { closeOverlay, openOverlay } from '../stack';
import { flash as say } from '../update';
import { keyRef } from '../../keys/keyRef';
import { setMarked } from './marking';
import { changeWords, noun, verbOf } from './words';

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
  const at = b.done + b.failed.length + (b.skipped ?? 0) + (b.gone ?? 0);
  const failed = b.failed.length ? ` · ${b.failed.length} failed` : '';
  const stop = b.stopping ? ' · stopping after this one' : ` · ${keyRef('interrupt')} to stop after this one`;
  return say(state, 'info', `${verbOf(b).ing} ${at}/${b.ids.length} ${b.undo ? '' : 'marked '}${noun(b.tab, b.ids.length)}${failed}${stop}`, 'progress');
}

export function bulkStep(state: DeckState, action: ActionOf<'bulk/step'>): DeckState {
  const b = state.bulk;
  if (b?.seq !== action.seq) return state;
  const failed = action.error ? [...b.failed, { id: action.id, reason: action.error }] : b.failed;
  // An undo's re-created record: its new id, said at the end.
  const made = b.undo?.steps.find((s) => s.id === action.id && s.kind === 'post');
  const created = made && action.record ? [...(b.created ?? []), { was: action.id, id: action.record.id, name: made.name }] : b.created;
  const counted = action.skipped ? { skipped: (b.skipped ?? 0) + 1 } : action.gone ? { gone: (b.gone ?? 0) + 1 } : { done: b.done + (action.error ? 0 : 1) };
  // Found otherwise than the question counted it: at the target, not, or gone.
  const expected = b.expectAlready?.includes(action.id) ? 'already' : 'change';
  const found = action.error ? expected : action.gone ? 'gone' : action.skipped ? 'already' : 'change';
  const changed = b.asked && found !== expected ? { changed: (b.changed ?? 0) + 1 } : {};
  const next = { ...withReport(state, action.record), bulk: { ...b, ...counted, ...changed, failed, ...(created ? { created } : {}) } };
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

export function bulkAskStop(state: DeckState): DeckState {
  return state.bulk && !state.bulk.stopping ? openOverlay(state, { kind: 'confirm-stop' }) : state;
}

export function bulkKeepGoing(state: DeckState): DeckState {
  return closeOverlay(state, 'confirm-stop');
}

export function bulkStop(state: DeckState): DeckState {
  const asked = closeOverlay(state, 'confirm-stop');
  return asked.bulk && !asked.bulk.stopping ? progress({ ...asked, bulk: { ...asked.bulk, stopping: true } }) : asked;
}

export function bulkEnd(state: DeckState, action: ActionOf<'bulk/end'>): DeckState {
  const b = state.bulk;
  if (b?.seq !== action.seq) return state;
  const t = state.tabs[b.tab];
  // A question about stopping has nothing left to ask once the run is over.
  let next: DeckState = { ...closeOverlay(state, 'confirm-stop'), bulk: null, tabs: { ...state.tabs, [b.tab]: { ...t, epoch: t.epoch + 1 } } };
  const ok = !b.failed.length && !action.notStarted;
  // An undo marks no row: its failures stay in the log for u, not in the marks.
  const kept = b.undo ? '' : ', still marked';
  const failedWhy = `${b.failed
    .slice(0, 2)
    .map((f) => `${idText(f.id)}: ${f.reason}`)
    .join('; ')}${b.failed.length > 2 ? '; …' : ''}`;
  const outcome = { done: b.done, skipped: b.skipped ?? 0, gone: b.gone ?? 0, changed: b.changed ?? 0, failed: b.failed.length, notStarted: action.notStarted };
  const parts = bulkSummary(changeWordsOf(resourceDef(b.tab), b.values ?? {}), verbOf(b).past, b.asked, outcome, { failedWhy, kept });
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

/** A finished run over marked rows as the log keeps it (null: nothing went through). */
function loggedRun(state: DeckState, b: BulkRun, before: readonly { id: RecordId; values: WriteValues }[], at: number | null): Change | null {
  const failed = new Set(b.failed.map((f) => f.id));
  const done = b.ids.slice(0, b.done + b.failed.length + (b.skipped ?? 0) + (b.gone ?? 0)).filter((id) => !failed.has(id));
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

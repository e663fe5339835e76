// Marked rows and the runs over them: Space marks the row under the cursor, `*` every row the
// tab's search and filters match (all pages, read by the effects), R and d then act on all of them,
// one paced request each, with a progress line; done rows are unmarked, failed ones stay marked so
// they can be tried again, and the end says what happened. Pure: state and action in, state out.
import {
  alreadySet,
  bulkQuestion,
  bulkSummary,
  changeWordsOf,
  idText,
  resourceDef,
  secretFieldsOf,
  secretMissing,
  withoutSecrets,
  type BulkAsked,
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
import { fetchKey, items, recordName, selectedRecord } from '../selectors';
import { byCase, type ActionOf, type SliceReducer } from '../slice';
import type { BulkRun, DeckState, TabName, TabState } from '../types';
import type { BulkRead } from './state';
import { withReport } from '../projects';
import { closeOverlay, openOverlay } from '../stack';
import { flash as say } from '../update';
import { ifKeysApply, keyRef, keysThatApply } from '../keyRef';
import { busyReason, changeRefused, refused, WHY_NOT } from '../gate';
import { fieldsOf, readingWords } from '../../domain';
import { readPlan } from './readPlan';

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
  more: { already?: readonly RecordId[]; gone?: readonly RecordId[]; detail?: string; asked?: BulkAsked } = {},
): DeckState {
  const { already = [], gone = [], detail, asked } = more;
  return openOverlay(state, {
    kind: 'confirm-bulk',
    tab,
    verb,
    ids,
    ...(values ? { values } : {}),
    question,
    ...(detail ? { detail } : {}),
    ...(asked ? { asked } : {}),
    ...(already.length ? { already } : {}),
    ...(gone.length ? { gone } : {}),
  });
}

/** `privacy to Public`, `e-mail reports to Enabled`: a change in the domain's words (a field the host never returns named, never its value). */
export function changeWords(tab: TabName, values: WriteValues): string {
  return changeWordsOf(resourceDef(tab), values).change;
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
  const at = b.done + b.failed.length + (b.skipped ?? 0) + (b.gone ?? 0);
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

/**
 * The rows shown answer the tab's search, filters and sort (another page of the same list, even while
 * the next page is on its way or waits for the rate limit), not a list being replaced.
 */
function shownMatch(t: TabState): boolean {
  if (!t.data || !t.shownKey) return false;
  const page = t.data.meta.page;
  const as = (p: number | undefined) => fetchKey({ ...t, query: { ...t.query, page: p } });
  return t.shownKey === as(page) || (page === 1 && t.shownKey === as(undefined));
}

function markAll(state: DeckState, action: ActionOf<'mark/all'>): DeckState {
  if (state.bulk) return state;
  const tab = state.tab;
  // Again while the other pages are read (a rate-limit wait may hold it): the read stops and the marks go.
  if (state.markAll?.tab === tab && action.only !== 'mark')
    return say(setMarked({ ...state, markAll: null }, tab, []), 'info', `marks cleared (the read of the other pages for ${keyRef('mark.all')} stopped)`);
  // Again with marks: clear them (one key to mark all and to unmark all).
  const clear = action.only === 'clear' || (action.only === undefined && state.marked[tab].length > 0);
  if (clear) return say(setMarked(state, tab, []), 'info', 'marks cleared');
  // The rows shown match the search and filters: marked at once, without a request (a wait for the
  // rate limit never leaves the key unanswered); the other pages' rows are read and marked as they come.
  const t = state.tabs[tab];
  const shown = shownMatch(t) ? t.data!.items.map((r) => r.id) : [];
  const pages = t.data?.meta.lastPage ?? 1;
  if (shown.length && pages <= 1) return markSet({ ...state, markAll: { seq: -1, tab } }, { type: 'mark/set', seq: -1, tab, ids: shown });
  const started = { ...setMarked(state, tab, [...new Set([...state.marked[tab], ...shown])]), markAll: { seq: state.nextId, tab }, nextId: state.nextId + 1 };
  const rest = t.data ? ` of the ${t.data.meta.total}` : '';
  return say(
    started,
    'info',
    shown.length
      ? `${shown.length} ${noun(tab, shown.length)} shown marked; reading the other pages for the rest${rest} (${keyRef('mark.all')} again stops and clears)…`
      : 'Marking every row that matches…',
    'progress',
  );
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
  const busy = busyReason(state);
  if (busy) return refused(state, busy, action.what);
  const def = resourceDef(state.tab);
  // Password without one: asked once, masked, and checked as the edit form checks it (runPrompt).
  const pw = secretMissing(def, 'update', action.values, { secretSet: false });
  if (pw)
    return openOverlay(state, {
      kind: 'prompt',
      text: '',
      secret: { label: `${pw.label} for the ${ids.length} marked ${noun(state.tab, ids.length)}`, values: action.values, what: action.what },
    });
  // The question counts what the host has: the marked rows are read first (bulk/read answers),
  // under the question's box, so keys typed meanwhile go to it, not to the list behind.
  const seq = state.nextId;
  const plan = readPlan(ids.length, state.tabs[state.tab]);
  const words = changeWordsOf(def, action.values);
  const next = { ...state, bulkRead: { seq, tab: state.tab, ids, values: action.values, what: action.what, plan }, nextId: seq + 1 };
  return openOverlay(next, {
    kind: 'confirm-bulk',
    tab: state.tab,
    verb: 'update',
    ids,
    values: action.values,
    question: `Set ${words.change} on ${ids.length} marked ${words.noun(ids.length)}?`,
    detail: readingWords(words, ids.length, plan.requests, plan.kind === 'pages' && plan.atLeast),
    reading: seq,
  });
}

/** The marked rows as the host has them now: the question gives the host's counts. */
function bulkReadDone(state: DeckState, action: ActionOf<'bulk/read'>): DeckState {
  const r = state.bulkRead;
  if (r?.seq !== action.seq) return state;
  const def = resourceDef(r.tab);
  const at = (id: RecordId) => action.current.get(id);
  const gone = r.ids.filter((id) => at(id) === null);
  const already = r.ids.filter((id) => {
    const was = at(id);
    return was != null && alreadySet(def, was, r.values);
  });
  const change = r.ids.filter((id) => !gone.includes(id) && !already.includes(id));
  const asked: BulkAsked = {
    from: { kind: 'host', requests: action.requests },
    toChange: change.length,
    already: already.length,
    gone: gone.length,
    unknown: 0,
  };
  return askUpdate(readOver(state), r, change, { already, gone }, asked);
}

/** The host could not be read: the question counts the rows loaded, and says so. */
function bulkReadFailed(state: DeckState, action: ActionOf<'bulk/read-failed'>): DeckState {
  const r = state.bulkRead;
  if (r?.seq !== action.seq) return state;
  const def = resourceDef(r.tab);
  const rows = items(state.tabs[r.tab]);
  const loaded = r.ids.filter((id) => rows.some((x) => x.id === id));
  const already = loaded.filter((id) => alreadySet(def, fieldsOf(rows.find((x) => x.id === id)!), r.values));
  const change = r.ids.filter((id) => !already.includes(id));
  const unknown = r.ids.length - loaded.length;
  const asked: BulkAsked = { from: { kind: 'loaded', loaded: loaded.length }, toChange: change.length - unknown, already: already.length, gone: 0, unknown };
  const next = say(readOver(state), 'error', `${r.what}: the marked rows could not be read (${action.message}); the counts are of the ${loaded.length} loaded`);
  return askUpdate(next, r, change, { already }, asked);
}

/** The read is over: its question is asked with the counts, unless it was answered No meanwhile. */
function readOver(state: DeckState): DeckState {
  return { ...state, bulkRead: null };
}

/** The question over the counts (or, nothing to send, the words saying so): `change` is sent, `already` read again, `gone` unmarked with a yes. */
function askUpdate(
  state: DeckState,
  read: BulkRead,
  change: readonly RecordId[],
  rest: { already: readonly RecordId[]; gone?: readonly RecordId[] },
  asked: BulkAsked,
): DeckState {
  // The reading question is gone (answered No): nothing more to ask.
  if (state.overlay?.kind !== 'confirm-bulk' || state.overlay.reading !== read.seq) return state;
  const q = bulkQuestion(changeWordsOf(resourceDef(read.tab), read.values), asked, read.what);
  if (q.kind === 'nothing') return say(closeOverlay(state), 'info', q.text);
  return ask(state, read.tab, 'update', change, read.values, q.question, { ...rest, detail: q.detail, asked });
}

function bulkConfirm(state: DeckState): DeckState {
  const m = state.overlay;
  if (m?.kind !== 'confirm-bulk') return state;
  if (m.reading !== undefined) return say(state, 'info', 'Still reading the marked rows from the host: the question gives their counts first');
  const back: DeckState = closeOverlay(state);
  const why = changeRefused(state);
  if (why) return refused(back, why);
  // The rows counted already at the target run too: read again, each is sent only if it changed since.
  const already = m.already ?? [];
  const gone = m.gone ?? [];
  const started = startBulk(
    setMarked(
      back,
      m.tab,
      back.marked[m.tab].filter((id) => !gone.includes(id)),
    ),
    m.tab,
    m.verb,
    [...m.ids, ...already],
    m.values,
    m.undo,
  );
  return m.asked ? { ...started, bulk: { ...started.bulk!, asked: m.asked, expectAlready: already } } : started;
}

function bulkToggle(state: DeckState): DeckState {
  return state.overlay?.kind === 'confirm-bulk' ? openOverlay(state, { ...state.overlay, yes: !state.overlay.yes }) : state;
}

function bulkCancel(state: DeckState): DeckState {
  // A No while the rows are read drops the read: its answer asks nothing.
  return state.overlay?.kind === 'confirm-bulk' ? say({ ...closeOverlay(state), bulkRead: null }, 'info', 'Nothing was sent; the rows stay marked') : state;
}

function bulkStep(state: DeckState, action: ActionOf<'bulk/step'>): DeckState {
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

/** What each of the slice's actions decides. */
export const marksReducer: SliceReducer = byCase({
  'mark/toggle': markToggle,
  'mark/all': markAll,
  'mark/set': markSet,
  'mark/failed': markFailed,
  'bulk/start': bulkStart,
  'bulk/update': bulkUpdate,
  'bulk/read': bulkReadDone,
  'bulk/read-failed': bulkReadFailed,
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

// The question before a change to the marked rows: R asks to re-run them; `:privacy`, `:email` read
// the rows from the host first and ask over its counts (what changes, what is already so, what is
// gone); a yes starts the run, a No sends nothing and keeps the marks.
import {
  alreadySet,
  bulkQuestion,
  changeWordsOf,
  fieldsOf,
  readingWords,
  resourceDef,
  secretMissing,
  type BulkAsked,
  type RecordId,
  type WriteValues,
} from '../../domain';
import { items } from '../selectors';
import type { ActionOf } from '../slice';
import type { DeckState, TabName } from '../types';
import type { BulkRead } from './state';
import { closeOverlay, openOverlay } from '../stack';
import { flash as say } from '../update';
import { keyRef } from '../../keys/keyRef';
import { busyReason, changeRefused, refused, WHY_NOT } from '../gate';
import { readPlan } from './readPlan';
import { setMarked } from './marking';
import { startBulk } from './run';
import { noun } from './words';

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

export function bulkStart(state: DeckState): DeckState {
  const ids = state.marked.reports;
  if (state.tab !== 'reports' || !ids.length || state.bulk || state.op) return state;
  // A change to many rows is asked first, as a bulk delete is (No by default).
  return ask(state, 'reports', 'rerun', ids, undefined, `Re-run the analysis of ${ids.length} ${noun('reports', ids.length)}?`);
}

export function bulkUpdate(state: DeckState, action: ActionOf<'bulk/update'>): DeckState {
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
export function bulkReadDone(state: DeckState, action: ActionOf<'bulk/read'>): DeckState {
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
export function bulkReadFailed(state: DeckState, action: ActionOf<'bulk/read-failed'>): DeckState {
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

export function bulkConfirm(state: DeckState): DeckState {
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

export function bulkCancel(state: DeckState): DeckState {
  // A No while the rows are read drops the read: its answer asks nothing.
  return state.overlay?.kind === 'confirm-bulk' ? say({ ...closeOverlay(state), bulkRead: null }, 'info', 'Nothing was sent; the rows stay marked') : state;
}

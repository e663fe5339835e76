// The session's change log: every write the deck sent (an edit, a create, a delete, a change to
// marked rows, a re-run), with each record's fields before and after. Undo reads it (the latest
// change not yet undone, at any time until the deck quits) and `:changes` lists it. Pure helpers;
// the log itself is `changes` in the writes slice's state.
import { choiceLabel, idText, isSecretField, resourceDef, secretName, writableFields, type RecordId, type WriteValues } from '../domain';
import type { TabName } from './tabs';
import { keyRef } from '../keys/keyRef';

type ChangeKind = 'edit' | 'create' | 'delete' | 'update-marked' | 'delete-marked' | 'rerun' | 'rerun-marked';

export interface ChangeItem {
  id: RecordId;
  name: string;
  /** edit: the fields changed, as they were; delete: what re-creating it sends (null: it cannot be). */
  before: WriteValues | null;
  /** edit: the fields as sent, less those the host never returns (a password is never kept). */
  after: WriteValues | null;
  /** Names of fields the host never returns, which undo cannot put back (a password sent, exclude_params). */
  lost?: readonly string[];
}

export interface Change {
  seq: number;
  /** When the answer came (ms since the epoch), as the effects saw it; null when not known. */
  at: number | null;
  tab: TabName;
  kind: ChangeKind;
  /** The change in words: `privacy to Public`, `site.example.com`. */
  what: string;
  items: readonly ChangeItem[];
  undone: boolean;
}

/**
 * A change joins the session's log (undo and `:changes` read it): the one append, for the single
 * edit, the re-run and the run over marked rows alike.
 */
export function logChange<S extends { readonly changes: readonly Change[] }>(state: S, change: Change): S {
  return { ...state, changes: [...state.changes, change] };
}

/** One request of an undo: put fields back, re-create a deleted record, or delete a created one. */
export type UndoStep =
  | { kind: 'put'; id: RecordId; name: string; values: WriteValues }
  | { kind: 'post'; id: RecordId; name: string; values: WriteValues }
  | { kind: 'delete'; id: RecordId; name: string };

const UNDOABLE: ReadonlySet<ChangeKind> = new Set(['edit', 'create', 'delete', 'update-marked', 'delete-marked']);

/** The change u undoes: the latest not yet undone that can be (a re-run cannot: an analysis stays). */
export function latestUndoable(log: readonly Change[]): Change | null {
  for (let i = log.length - 1; i >= 0; i--) if (!log[i].undone && UNDOABLE.has(log[i].kind) && undoSteps(log[i]).length) return log[i];
  return null;
}

/** The requests that undo a change. */
export function undoSteps(c: Change): UndoStep[] {
  const steps: UndoStep[] = [];
  for (const it of c.items) {
    if ((c.kind === 'edit' || c.kind === 'update-marked') && it.before && Object.keys(it.before).length)
      steps.push({ kind: 'put', id: it.id, name: it.name, values: it.before });
    else if ((c.kind === 'delete' || c.kind === 'delete-marked') && it.before) steps.push({ kind: 'post', id: it.id, name: it.name, values: it.before });
    else if (c.kind === 'create') steps.push({ kind: 'delete', id: it.id, name: it.name });
  }
  return steps;
}

/** Whether an undo asks first: a change to many rows, a delete of what was created, or a record that changed since. */
export const asksFirst = (c: Change): boolean => c.items.length > 1 || c.kind === 'create';

const norm = (v: unknown): string => (Array.isArray(v) ? v.map(String).join(',') : String(v ?? '')).replace(/\s+/g, '');

/**
 * What differs on the server from what the change left: `privacy is Public, not Private`, per record.
 * A field is compared only with what the host itself returned for it: never one it does not return
 * (a password, which it answers as `true`; exclude_params).
 */
export function changedSince(c: Change, current: Readonly<Record<string | number, Readonly<Record<string, unknown>> | null>>): string[] {
  const def = resourceDef(c.tab);
  const out: string[] = [];
  for (const it of c.items) {
    if (!(it.id in current)) continue;
    const now = current[it.id];
    if (now === null) {
      out.push(`${it.name} is gone from the host`);
      continue;
    }
    if (!it.after) continue;
    const diffs = Object.entries(it.after)
      .filter(([k, v]) => !isSecretField(def, k) && k in now && norm(now[k]) !== norm(v))
      .map(([k, v]) => {
        const f = def.fields.find((x) => x.name === k);
        const say = (x: unknown) => String(f?.choices?.find((ch) => ch.value === x)?.label ?? (Array.isArray(x) ? x.join(', ') : x));
        return `${f?.label.toLowerCase() ?? k} is ${say(now[k])}, not ${say(v)}`;
      });
    if (diffs.length) out.push(`${it.name}: ${diffs.join(', ')}`);
  }
  return out;
}

/** The fields re-creating a record from `values` cannot send: the create takes them, the host never returns them (exclude_params). */
export function notRecreated(tab: TabName, values: WriteValues): string[] {
  const def = resourceDef(tab);
  return writableFields(def, 'create')
    .filter((f) => isSecretField(def, f.name) && !(f.name in values) && (!f.onlyWhen || values[f.onlyWhen.field] === f.onlyWhen.equals))
    .map((f) => f.name);
}

/**
 * What an undo of `c` cannot put back, named (never a value): `the password you set`, or a deleted
 * record's `its exclude params`; null when it puts back everything.
 */
export function notPutBack(c: Change): string | null {
  const def = resourceDef(c.tab);
  const names = [...new Set(c.items.flatMap((it) => (undoSteps({ ...c, items: [it] }).length ? (it.lost ?? []) : [])))];
  if (!names.length) return null;
  const deleted = c.kind === 'delete' || c.kind === 'delete-marked';
  const label = (n: string) => (def.fields.find((f) => f.name === n)?.label ?? n).toLowerCase();
  // One `the … you set` for them all: `the password and exclude params you set`.
  return deleted
    ? `${c.items.length === 1 ? 'its' : 'their'} ${names.map(label).join(' and ')}`
    : names.length === 1
      ? secretName(def, names[0])
      : `the ${names.map(label).join(' and ')} you set`;
}

/** Why a field is named instead of put back, said after it. */
export const NEVER_RETURNED = 'never returned by the host';

/** What a yes to an undo sends, in a few words: `It puts back privacy Private`, `It deletes a.com (id 7)`. */
function undoSends(c: Change, steps: readonly UndoStep[]): string {
  const def = resourceDef(c.tab);
  const n = steps.length;
  if (c.kind === 'create') return `It deletes ${steps[0].name} (id ${idText(steps[0].id)})`;
  if (steps[0]?.kind === 'post') return n === 1 ? 'It re-creates it with a new id' : `Re-created with new ids (${n} requests)`;
  if (n > 1) return `Each gets its old value (${n} requests)`;
  const back = Object.entries(steps[0]?.kind === 'put' ? steps[0].values : {}).map(([name, v]) => {
    const f = def.fields.find((x) => x.name === name);
    return f?.kind === 'choice' ? `${f.label.toLowerCase()} ${choiceLabel(f, v)}` : (f?.label.toLowerCase() ?? name);
  });
  return `It puts back ${back.join(' and ')}`;
}

/**
 * An undo's question and its detail line, each short enough for the box at 80 columns: the question
 * names the change, the detail what a yes sends and what it cannot put back. What changed on the
 * host since is said whole in the flash line under it.
 */
export function undoQuestion(c: Change): { question: string; detail: string } {
  const lost = notPutBack(c);
  return { question: `Undo the ${changeName(c, false)}?`, detail: `${undoSends(c, undoSteps(c))}${lost ? `; not ${lost}` : ''}.` };
}

const KIND_WORDS: Record<ChangeKind, string> = {
  edit: 'edit',
  create: 'create',
  delete: 'delete',
  'update-marked': 'change',
  'delete-marked': 'delete',
  rerun: 're-run',
  'rerun-marked': 're-run',
};

/** `edit of site.example.com (privacy to Public)`: a change named for `:changes` and the undo's flash (`what`: false leaves the values out). */
export function changeName(c: Change, what = true): string {
  const one = c.items.length === 1 ? c.items[0].name : `${c.items.length} ${resourceDef(c.tab).title.toLowerCase()}`;
  return `${KIND_WORDS[c.kind]} of ${one}${what && c.what && c.what !== one ? ` (${c.what})` : ''}`;
}

/** One line of `:changes`: `12:03:04  edit of site.example.com (privacy to Public) · 1 record · undone`. */
export function changeLine(c: Change, clock: (ms: number) => string): string {
  // The state before the words, which a narrow screen may cut; a count only when it is many.
  const n = c.items.length === 1 ? '' : ` · ${c.items.length} records`;
  const state = c.undone ? 'undone' : UNDOABLE.has(c.kind) && undoSteps(c).length ? `${keyRef('change.undo')} undoes` : 'no undo';
  return `${c.at === null ? '--:--:--' : clock(c.at)}  ${state.padEnd(8)}  ${changeName(c)}${n}`;
}

// Raw server records → the Website / Report types of src/domain/records.ts, field by field as the
// domain tables say: each record field read under the names the host may send it (`hostNames`,
// else its own) by the reader of its kind. Whatever is left, or could not be used, stays in `extra`.

import {
  classify,
  idText,
  isRecordField,
  isResultClass,
  recordIdOf,
  resourceDef,
  type FieldDef,
  type FieldKind,
  type Parsed,
  type RecordId,
  type RecordOf,
  type Report,
  type ResourceName,
  type ResultClass,
  type Website,
} from '../../domain';
import { withHostText } from '../../domain/hostText';
import { normaliseChecks } from './checks';
import { fieldReader, type FieldReader } from './reader';
import { isPlainObject, toChoice, toIsoDate, toNumber, toPasswordSet, toText } from './values';

function requireFields(raw: unknown, name: string, nameField: string): Parsed<{ id: RecordId; name: string }> {
  if (!isPlainObject(raw)) return { ok: false, error: `a ${name} is not an object` };
  // An id that is not a whole number from 1 still shows the record; writes to it are refused (idProblem).
  const id = recordIdOf(raw.id);
  if (id === null) return { ok: false, error: `a ${name} has no id` };
  const text = toText(raw[nameField]);
  if (text === null) return { ok: false, error: `${name} ${idText(id)} has no ${nameField}` };
  return { ok: true, value: { id, name: text } };
}

/** The first of `keys` that gives a value (each read is kept in `extra` when unusable). */
function readFirst<T>(r: FieldReader, keys: readonly string[], convert: (v: unknown) => T | null): T | null {
  for (const key of keys) {
    const v = r.read(key, convert);
    if (v !== null) return v;
  }
  return null;
}

function toClass(v: unknown): ResultClass | null {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
  return isResultClass(t) ? t : null;
}

/** A score lives under `result` (phpRank) or `score` (newer phpRank); some send only its class, under `<name>_class`. */
function readScore(r: FieldReader, f: FieldDef, keys: readonly string[], into: Record<string, unknown>): void {
  const classKey = `${f.name}_class`;
  const sent = [...keys, classKey].map((key) => [key, r.raw(key)] as const);
  // A fresh analysis comes as computed (78.125) and is stored whole (78): keep the whole number
  // the host will read back, so a score and its class do not change on the next list.
  const exact = sent.slice(0, -1).reduce<number | null>((found, [, v]) => found ?? toNumber(v), null);
  const score = exact === null ? null : Math.round(exact);
  const cls = score !== null ? classify(score) : sent.reduce<ResultClass | null>((found, [, v]) => found ?? toClass(v), null);
  // Anything under those names that was neither a score nor a class stays visible in `extra`.
  for (const [key, v] of sent) {
    if (v !== undefined && v !== null && toNumber(v) === null && toClass(v) === null) r.keep(key, v);
  }
  into[f.name] = score;
  into[classKey] = cls;
}

/** Reads field `f` (under `keys`) into the record being built. */
type Reader = (r: FieldReader, f: FieldDef, keys: readonly string[], into: Record<string, unknown>) => void;
const one =
  <T>(convert: (v: unknown) => T | null): Reader =>
  (r, f, keys, into) => {
    into[f.name] = readFirst(r, keys, convert);
  };

/** How a field of each kind is read (the id and the name field are read first, by requireFields). */
const READERS: Record<FieldKind, Reader> = {
  id: (r, f, keys, into) => {
    into[f.name] = recordIdOf(readFirst(r, keys, (v) => v));
  },
  text: one(toText),
  lines: one(toText),
  secret: one(toPasswordSet),
  choice: one(toChoice),
  date: one(toIsoDate),
  score: readScore,
  checks: (r, f, keys, into) => {
    into[f.name] = readFirst(r, keys, normaliseChecks) ?? [];
  },
};

/** Each resource's record fields in its table's order, picked once (every record of a page walks them). */
const recordFields = new Map<ResourceName, readonly FieldDef[]>();
function recordFieldsOf(name: ResourceName): readonly FieldDef[] {
  let fields = recordFields.get(name);
  if (!fields) recordFields.set(name, (fields = resourceDef(name).fields.filter(isRecordField)));
  return fields;
}

/** A record of `def` from what the host sent, its fields in the table's order. */
function normaliseRecord<R extends ResourceName>(name: R, raw: unknown): Parsed<RecordOf[R]> {
  const def = resourceDef(name);
  const head = requireFields(raw, def.singular, def.nameField);
  if (!head.ok) return head;
  const r = fieldReader(raw as Record<string, unknown>);
  const record: Record<string, unknown> = {};
  for (const f of recordFieldsOf(name)) {
    const keys = f.hostNames ?? [f.name];
    if (f.kind === 'id' || f.name === def.nameField) {
      for (const key of keys) r.raw(key);
      record[f.name] = f.kind === 'id' ? head.value.id : head.value.name;
    } else READERS[f.kind](r, f, keys, record);
  }
  // The one place a record is built from its rows: its type is the rows' (RecordOf, records.ts).
  return {
    ok: true,
    value: withHostText({ ...record, extra: r.extra() }, sentText(def.fields, raw as Record<string, unknown>, record)) as unknown as RecordOf[R],
  };
}

/** The host's own text of each date rewritten to ISO (`…15.000000Z` read as `…15Z`): what --json passes on. */
function sentText(fields: readonly FieldDef[], raw: Record<string, unknown>, record: Record<string, unknown>): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind !== 'date' || record[f.name] === null || record[f.name] === undefined) continue;
    const keys = f.hostNames ?? [f.name];
    // Under one name, that name's value is what was read; under several, the first that reads as a date.
    const text = keys.length === 1 ? raw[keys[0]] : keys.map((k) => raw[k]).find((v) => v !== undefined && v !== null && toIsoDate(v) !== null);
    if (typeof text === 'string' && text !== record[f.name]) sent[f.name] = text;
  }
  return sent;
}

export const normaliseWebsite = (raw: unknown): Parsed<Website> => normaliseRecord('websites', raw);
export const normaliseReport = (raw: unknown): Parsed<Report> => normaliseRecord('reports', raw);

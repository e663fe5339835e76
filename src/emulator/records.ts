// Stored rows ↔ wire records. A row keeps what the server keeps (the password itself,
// exclude_params, whole-number scores, a report's url without scheme and www.); the wire record
// shows what the real servers show: password as a boolean, write-only fields left out, a report's
// `results` computed from its page and analysis run. Row fields starting with "_" are the
// emulator's own bookkeeping and never leave it (`_url`: the full URL of a report's page).

import { isRecordField, isUpdateParameter, type FieldDef, type ResourceDef, type ShownFieldDef } from '../domain';
import { laravelDate } from './dates';
import { HOST_ORDER, hostOrdered } from './hostOrder';
import { cleanUrl, projectOf } from './laravel';
import { analyse } from './scoring';
import type { Row } from './table';
import type { Input } from './validate';

/** A choice column as the database keeps it: an integer, or null. */
const int = (v: string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** Laravel's `timestamps()`: the last columns of a table. */
const TIMESTAMPS: readonly string[] = ['created_at', 'updated_at'];

/** A column a host keeps: a field of the table, or one it shows only (favorite). */
export type Column = { readonly name: string; readonly field: FieldDef } | { readonly name: string; readonly shown: ShownFieldDef };

const COLUMNS = new WeakMap<ResourceDef, readonly Column[]>();

/**
 * The columns a host keeps for a resource, in the order it answers them: the table's fields but
 * the id (the store's), the checks (computed from the page) and parameters only an update takes,
 * then the fields it shows only, then Laravel's timestamps; the host's own order first (HOST_ORDER).
 */
export function storedColumns(def: ResourceDef): readonly Column[] {
  const known = COLUMNS.get(def);
  if (known) return known;
  const fields = def.fields.filter((f) => f.kind !== 'id' && f.kind !== 'checks' && !isUpdateParameter(f));
  const columns: Column[] = [
    ...fields.filter((f) => !TIMESTAMPS.includes(f.name)).map((field) => ({ name: field.name, field })),
    ...(def.shownFields ?? []).map((shown) => ({ name: shown.name, shown })),
    ...fields.filter((f) => TIMESTAMPS.includes(f.name)).map((field) => ({ name: field.name, field })),
  ];
  const ordered = hostOrdered(columns, (c) => c.name, HOST_ORDER[def.name]?.answer);
  COLUMNS.set(def, ordered);
  return ordered;
}

/** What a host stores in a column when a create sends `input`: as the form sent it, else the host's default. */
function storedValue(column: Column, input: Input, at: string): unknown {
  if ('shown' in column) return column.shown.kind === 'flag' ? false : null;
  const f = column.field;
  if (f.kind === 'date') return at;
  if (!f.ops.includes('create')) return null;
  if (!(f.name in input)) return f.host?.unsent ?? null;
  return f.kind === 'choice' ? int(input[f.name]) : input[f.name];
}

/**
 * What a host stores for a new record: `made` holds what it computes itself (a website's prepared
 * domain; a report's page, project and score, and the emulator's `_` bookkeeping, kept last).
 */
export function newRow(def: ResourceDef, input: Input, now: Date, made: Record<string, unknown> = {}): Record<string, unknown> {
  const at = laravelDate(now);
  const row: Record<string, unknown> = {};
  for (const c of storedColumns(def)) row[c.name] = c.name in made ? made[c.name] : storedValue(c, input, at);
  for (const [key, value] of Object.entries(made)) if (!(key in row)) row[key] = value;
  return row;
}

/** What the SEO host computes for a report of `url` (its page fetched and analysed as run `run`). */
export function reportPage(url: string, run: number): Record<string, unknown> {
  return { url: cleanUrl(url), project: projectOf(url), result: Math.round(analyse(url, run).exact), _url: url, _run: run };
}

/** The page a report row is about, with its scheme (rows from older data files keep it in `url`). */
export function pageOf(row: Row): string {
  return typeof row._url === 'string' ? row._url : String(row.url ?? '');
}

/** Applies an update's fields to a row: the columns the form sent, as the database keeps them. */
export function applyUpdate(def: ResourceDef, row: Row, input: Input, at: string): Row {
  const next: Row = { ...row, updated_at: at };
  for (const c of storedColumns(def)) {
    if (!('field' in c) || !c.field.ops.includes('update') || !(c.name in input)) continue;
    next[c.name] = c.field.kind === 'choice' ? int(input[c.name]) : input[c.name];
  }
  return next;
}

/**
 * What the server sends for a row. `echo`: the fields a write sent, answered as the strings the
 * form held (Laravel answers the model's attributes as assigned, before any reload); `exact`: a
 * fresh analysis's score before the database rounds it. A secret is answered as whether it is
 * set; a write-only field never; a report's checks are computed from its page, after its score.
 */
export function toWire(def: ResourceDef, row: Row, echo: Record<string, unknown> = {}, exact?: number): Record<string, unknown> {
  const fields = new Map(storedColumns(def).flatMap((c) => ('field' in c ? [[c.name, c.field] as const] : [])));
  const checks = def.fields.find((f) => f.kind === 'checks');
  const checksKey = checks ? (checks.hostNames?.[0] ?? checks.name) : undefined;
  const computeChecks = checksKey !== undefined && !(checksKey in row) && typeof row[def.nameField] === 'string';
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const f = fields.get(key);
    // What the host keeps but never returns (a password) stays out: the answer holds the record's fields.
    if (key.startsWith('_') || (f !== undefined && !isRecordField(f))) continue;
    if (f?.kind === 'secret') out[key] = Boolean(value);
    else if (f?.kind === 'choice' && key in echo) out[key] = echo[key];
    else if (f?.kind === 'score' && exact !== undefined) out[key] = exact;
    else out[key] = value;
    if (f?.kind === 'score' && computeChecks) out[checksKey] = analyse(pageOf(row), typeof row._run === 'number' ? row._run : 0).results;
  }
  return out;
}

import type { RecordId } from './ids';
import type { REPORT_FIELDS } from './reports';
import type { Importance, ResultClass } from './results';
import type { FieldDef } from './types';
import type { WEBSITE_FIELDS } from './websites';

// Normalised records, as the API client hands them to the deck and the commands. Field names
// and types follow the domain tables; what the server sent that sitedeck does not know stays in `extra`.

export interface BaseRecord {
  /** Exactly as the server sent it (src/domain/ids.ts). */
  id: RecordId;
  created_at: string | null;
  updated_at: string | null;
  /** Fields the server sent that sitedeck does not know; shown in the detail pane. */
  extra: Record<string, unknown>;
}

export interface Check {
  name: string;
  label: string;
  passed: boolean;
  importance: Importance;
  /** Where `importance` came from when the report did not say: the domain's table, or a guess (`low`) for a check it does not know. Absent: the report said. */
  importanceFrom?: 'table' | 'guess';
  value?: unknown;
  errors?: Record<string, unknown>;
}

/** A parameter only an update takes (results=1 asks for a re-run): an action, no column of the host's rows. */
export function isUpdateParameter(f: FieldDef): boolean {
  return f.ops.length === 1 && f.ops[0] === 'update';
}

/**
 * Which fields a record holds, the one rule: not a write-only one (the host keeps it and never
 * returns it), nor an update's parameter. The normaliser, the record's type (RecordFrom, below),
 * the exports and `get`'s detail read it.
 */
export function isRecordField(f: FieldDef): boolean {
  return !f.writeOnly && !isUpdateParameter(f);
}

/** What a normalised record holds for a field of each kind. */
interface KindValue {
  id: RecordId;
  text: string | null;
  lines: string | null;
  /** Whether a secret is set; the secret itself is never returned. null: not reported. */
  secret: boolean | null;
  choice: number | null;
  /** 0–100, whatever the server called it; its class beside it under `<name>_class`. */
  score: number | null;
  date: string | null;
  checks: Check[];
}

/** isRecordField read by the type checker: a row's name, or never. */
type RecordFieldName<F extends FieldDef> = F extends { writeOnly: true } ? never : F extends { ops: readonly ['update'] } ? never : F['name'];

/** A record's type read from its table's rows: each record field (isRecordField) by its kind, the name field never null. */
type RecordFrom<Fs extends readonly FieldDef[], NameField extends string> = {
  -readonly [F in Fs[number] as RecordFieldName<F>]: F['name'] extends NameField ? string : KindValue[F['kind']];
} & { -readonly [F in Fs[number] as F['kind'] extends 'score' ? `${F['name']}_class` : never]: ResultClass | null };

type Plain<T> = { [K in keyof T]: T[K] };

export type Website = Plain<RecordFrom<typeof WEBSITE_FIELDS, 'domain'> & Pick<BaseRecord, 'extra'>>;
export type Report = Plain<RecordFrom<typeof REPORT_FIELDS, 'url'> & Pick<BaseRecord, 'extra'>>;

export interface RecordOf {
  websites: Website;
  reports: Report;
}

export interface PageMeta {
  page: number;
  /** Consistent with the total and the page size (domain/hostNumbers.ts): never a page that cannot exist. */
  lastPage: number;
  perPage: number;
  /** The host's count; with totalUnknown, only the records known to be there (this page and those before it). */
  total: number;
  /** The host sent no sane total (none, a negative or a fraction): say `total unknown`, never the count above as its. */
  totalUnknown?: true;
  from: number | null;
  to: number | null;
}

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

/** The body of a successful delete. */
export interface Deleted {
  id: RecordId;
  object: string;
  deleted: boolean;
}

/**
 * A record read by field name, as the field tables name fields (strings): the one place a typed
 * record is seen as its fields, so no reader casts it on its own.
 */
export function fieldsOf(record: BaseRecord): Readonly<Record<string, unknown>> {
  return record as unknown as Readonly<Record<string, unknown>>;
}

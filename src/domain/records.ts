import type { RecordId } from './ids';
import type { Importance, ResultClass } from './results';

// Normalised records, as the API client hands them to the deck and the commands. Field names
// follow the domain tables; what the server sent that sitedeck does not know stays in `extra`.

export interface BaseRecord {
  /** Exactly as the server sent it (src/domain/ids.ts). */
  id: RecordId;
  created_at: string | null;
  updated_at: string | null;
  /** Fields the server sent that sitedeck does not know; shown in the detail pane. */
  extra: Record<string, unknown>;
}

export interface Website extends BaseRecord {
  domain: string;
  privacy: number | null;
  /** Whether a password is set; the password itself is never returned. null: not reported. */
  password: boolean | null;
  email: number | null;
  exclude_bots: number | null;
  exclude_ips: string | null;
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

export interface Report extends BaseRecord {
  url: string;
  project: string | null;
  /** Score 0–100, whatever the server called it (`result` or `score`). */
  result: number | null;
  result_class: ResultClass | null;
  privacy: number | null;
  password: boolean | null;
  checks: Check[];
  generated_at: string | null;
}

export interface RecordOf {
  websites: Website;
  reports: Report;
}

export interface PageMeta {
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
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

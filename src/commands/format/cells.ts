// Record fields as people read them: labels from the domain tables, never raw numbers, and every
// server string made inert by sanitize().
import { choiceLabel, type BaseRecord, type FieldDef, type ResourceDef } from '../../domain';
import { sanitize } from '../../text/sanitize';
import { jsonText } from '../../text/json';

export type AnyRecord = { [k: string]: unknown; extra?: Record<string, unknown> };

/** A typed record as the formats read it, by field name: the one place the commands see it so. */
export const asRow = (record: BaseRecord): AnyRecord => record as unknown as AnyRecord;

/** `2024-10-13T13:09:15.000000Z` or `2024-10-13 13:09:25` → `2024-10-13 13:09`. */
export function shortDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(String(value));
  return m ? `${m[1]} ${m[2]}` : sanitize(value);
}

/** `87 good`; `—` without a score. */
export function scoreText(record: AnyRecord): string {
  const score = record.result;
  if (score === null || score === undefined) return '—';
  const cls = record.result_class;
  return cls ? `${sanitize(score)} ${sanitize(cls)}` : sanitize(score);
}

/** One field of a record as a single inert line. */
export function fieldText(field: FieldDef, record: AnyRecord): string {
  const value = record[field.name];
  switch (field.kind) {
    case 'id':
      return sanitize(value);
    case 'choice':
      return sanitize(choiceLabel(field, value));
    case 'score':
      return scoreText(record);
    case 'date':
      return shortDate(value);
    case 'secret':
      return value === true ? 'set' : value === false ? 'not set' : '—';
    case 'lines':
      return value === null || value === undefined || value === '' ? '—' : sanitize(String(value).split(/\r?\n/).filter(Boolean).join(', '));
    case 'checks':
      return Array.isArray(value) ? `${value.filter((c) => (c as { passed?: boolean }).passed).length}/${value.length} passed` : '—';
    // Every kind named, no default: a new kind of the field table fails the lint here until it is drawn.
    case 'text':
      return value === null || value === undefined || value === '' ? '—' : sanitize(value);
  }
}

/** The list columns of a resource, from the table's `column` definitions. */
export function columnFields(def: ResourceDef): readonly (FieldDef & { column: NonNullable<FieldDef['column']> })[] {
  return def.fields.filter((f): f is FieldDef & { column: NonNullable<FieldDef['column']> } => Boolean(f.column));
}

/** Any value from an unknown field, on one inert line. */
export function extraText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return sanitize(typeof value === 'object' ? jsonText(value) : value);
}

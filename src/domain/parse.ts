import { excerpt } from '../text/sanitize';
import type { Choice, FieldDef, ListParamDef } from './types';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** "Public (0), Private (1), Password (2)" — the allowed values, as an error shows them. */
export function describeChoices(choices: readonly Choice[]): string {
  return choices
    .map((c) => (String(c.value).toLowerCase() === c.label.toLowerCase() ? c.label.toLowerCase() : `${c.label.toLowerCase()} (${c.value})`))
    .join(', ');
}

/**
 * The words a shell offers for a choice: its value when that is a name (`asc`, `generated_at`),
 * else its label in lower case (`private` rather than `1`). parseChoice accepts each of them.
 */
export function choiceWords(choices: readonly Choice[]): string[] {
  return choices.map((c) => (typeof c.value === 'string' || /\s/.test(c.label) ? String(c.value) : c.label.toLowerCase()));
}

/** Accepts a choice by its value or its label, case-insensitive: `private`, `Private`, `1`. */
export function parseChoice<V extends string | number>(label: string, choices: readonly Choice<V>[], raw: string | number): Parsed<V> {
  const text = String(raw).trim().toLowerCase();
  const hit = choices.find((c) => String(c.value).toLowerCase() === text || c.label.toLowerCase() === text);
  if (hit) return { ok: true, value: hit.value };
  return { ok: false, error: `${label} must be one of: ${describeChoices(choices)} (got "${excerpt(raw)}")` };
}

export function parseFieldChoice(field: FieldDef, raw: string | number): Parsed<number> {
  if (!field.choices) return { ok: false, error: `${field.label} takes no fixed values` };
  return parseChoice(field.label, field.choices, raw);
}

/** A list parameter: checked against its choices, a whole number for page, free text otherwise. */
export function parseListParam(param: ListParamDef, raw: string | number): Parsed<string | number> {
  if (param.choices) return parseChoice(param.label, param.choices, raw);
  if (param.name === 'page') {
    const n = Number(raw);
    return Number.isInteger(n) && n >= 1 ? { ok: true, value: n } : { ok: false, error: `Page must be a whole number from 1 (got "${excerpt(raw)}")` };
  }
  return { ok: true, value: String(raw) };
}

/** Several values typed on one line or many (commas, spaces or newlines) → one per line. */
export function normaliseLines(raw: string): string {
  return raw
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n');
}

/** The label of a choice value (1 → "Private"); the raw value when it is not in the table. */
export function choiceLabel(field: FieldDef, value: unknown): string {
  const hit = field.choices?.find((c) => c.value === value);
  return hit ? hit.label : value === null || value === undefined ? '—' : String(value);
}

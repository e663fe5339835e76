// Server-side validation with Laravel's wording. Which fields an operation takes, their allowed
// values and length limits come from the domain tables; fields an operation does not take are
// ignored, as Laravel ignores unvalidated input. Empty strings arrive here as null (Laravel's
// ConvertEmptyStringsToNull), so sending "" clears an optional field.

import { validateWrite, writableFields, type FieldErrors, type ResourceDef, type WriteOp } from '../domain';
import type { Values } from './records';

export type Input = Record<string, string | null>;
export type Checked = { ok: true; values: Values } | { ok: false; errors: FieldErrors };

const attr = (name: string) => name.replace(/_/g, ' ');

/** The domain table's own format rule (domain names, http(s) URLs) for one text value. */
function formatOk(def: ResourceDef, op: WriteOp, name: string, value: string): boolean {
  const r = validateWrite(def, op, { [name]: value });
  return r.ok || !r.errors[name];
}

const FORMAT_MESSAGE: Record<string, (a: string) => string> = {
  domain: (a) => `The ${a} must be a valid domain name.`,
  url: (a) => `The ${a} must be a valid URL.`,
};

/**
 * `current` is the stored row on update (a Password privacy needs a password, stored or sent).
 */
export function checkInput(def: ResourceDef, op: WriteOp, input: Input, current?: Record<string, unknown>): Checked {
  const errors: FieldErrors = {};
  const values: Values = {};
  const add = (name: string, msg: string) => (errors[name] ??= []).push(msg);

  for (const f of writableFields(def, op)) {
    if (!(f.name in input)) {
      if (f.requiredOn?.includes(op)) add(f.name, `The ${attr(f.name)} field is required.`);
      continue;
    }
    const raw = input[f.name];
    if (raw === null) {
      if (f.requiredOn?.includes(op)) add(f.name, `The ${attr(f.name)} field is required.`);
      else if (f.kind !== 'choice') values[f.name] = null;
      continue;
    }
    if (f.kind === 'choice') {
      const hit = f.choices?.find((c) => String(c.value) === raw.trim());
      if (hit) values[f.name] = hit.value;
      else add(f.name, `The selected ${attr(f.name)} is invalid.`);
      continue;
    }
    if (f.maxLength !== undefined && raw.length > f.maxLength) {
      add(f.name, `The ${attr(f.name)} must not be greater than ${f.maxLength} characters.`);
      continue;
    }
    if (f.kind === 'text' && FORMAT_MESSAGE[f.name] && !formatOk(def, op, f.name, raw.trim())) {
      add(f.name, FORMAT_MESSAGE[f.name](attr(f.name)));
      continue;
    }
    values[f.name] = f.kind === 'text' ? raw.trim() : raw;
  }

  // Privacy "Password" needs a password, sent now or already stored.
  const pw = writableFields(def, op).find((f) => f.kind === 'secret');
  if (pw?.onlyWhen && values[pw.onlyWhen.field] === pw.onlyWhen.equals && !values[pw.name] && !current?.[pw.name] && !errors[pw.name]) {
    add(pw.name, `The ${attr(pw.name)} field is required when ${attr(pw.onlyWhen.field)} is ${pw.onlyWhen.equals}.`);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

// What undoing a change sends: each field it changed as the record had it before. A field the host
// never returns (exclude_params, a password) cannot be put back: those are named, not guessed.
import { isSecretField } from './secret';
import type { ResourceDef } from './types';
import type { WriteValues } from './validate';

/** `lost`: the names of the fields sent that cannot be put back (the host never returns them). */
export function valuesBefore(def: ResourceDef, before: Readonly<Record<string, unknown>>, sent: WriteValues): { values: WriteValues; lost: string[] } {
  const values: Record<string, unknown> = {};
  const lost: string[] = [];
  for (const name of Object.keys(sent)) {
    if (isSecretField(def, name) || !(name in before)) lost.push(name);
    else values[name] = before[name] ?? '';
  }
  return { values: values as WriteValues, lost };
}

const same = (a: unknown, b: unknown): boolean =>
  (Array.isArray(a) ? a.join(',') : String(a ?? '')).replace(/\s+/g, '') === (Array.isArray(b) ? b.join(',') : String(b ?? '')).replace(/\s+/g, '');

/** Whether a record already has every value a change would set (a secret is never known to be set: never). */
export function alreadySet(def: ResourceDef, record: Readonly<Record<string, unknown>>, values: WriteValues): boolean {
  return Object.entries(values).every(([name, v]) => !isSecretField(def, name) && name in record && same(record[name], v));
}

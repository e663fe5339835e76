// What undoing a change sends: each field it changed as the record had it before. A field the host
// never returns (exclude_params, a password) cannot be put back: those are named, not guessed.
import type { ResourceDef } from './types';
import type { WriteValues } from './validate';

export function valuesBefore(def: ResourceDef, before: Readonly<Record<string, unknown>>, sent: WriteValues): { values: WriteValues; lost: string[] } {
  const values: Record<string, unknown> = {};
  const lost: string[] = [];
  for (const name of Object.keys(sent)) {
    const f = def.fields.find((x) => x.name === name);
    if (!f || f.writeOnly || f.kind === 'secret' || !(name in before)) lost.push(f?.label ?? name);
    else values[name] = (before[name] ?? '') as string | number;
  }
  return { values: values as WriteValues, lost };
}

const same = (a: unknown, b: unknown): boolean => (Array.isArray(a) ? a.join(',') : String(a ?? '')).replace(/\s+/g, '') === (Array.isArray(b) ? b.join(',') : String(b ?? '')).replace(/\s+/g, '');

/** Whether a record already has every value a change would set (a secret is never known to be set: never). */
export function alreadySet(def: ResourceDef, record: Readonly<Record<string, unknown>>, values: WriteValues): boolean {
  return Object.entries(values).every(([name, v]) => {
    const f = def.fields.find((x) => x.name === name);
    return Boolean(f) && f!.kind !== 'secret' && !f!.writeOnly && name in record && same(record[name], v);
  });
}

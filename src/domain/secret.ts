// Which fields' values the host never gives back: a secret (it answers only whether one is set,
// `password: true`) or a write-only field (exclude_params, never in an answer). The field table
// says it (`kind: 'secret'`, `writeOnly`); this is the one place that reads it. Such a value is
// never compared with an answer, never shown, spoken or kept in a message or the change log: it
// is named ("the password you set").
import type { ResourceDef } from './types';
import type { WriteValues } from './validate';

/** Whether `name`'s value is never returned by the host (a field the table does not know counts too). */
export function isSecretField(def: ResourceDef, name: string): boolean {
  const f = def.fields.find((x) => x.name === name);
  return !f || f.kind === 'secret' || f.writeOnly === true;
}

/** `the password you set`: such a field named, never its value. */
export function secretName(def: ResourceDef, name: string): string {
  return `the ${(def.fields.find((x) => x.name === name)?.label ?? name).toLowerCase()} you set`;
}

/** The values without those the host never returns (what the change log may keep). */
export function withoutSecrets(def: ResourceDef, values: WriteValues): WriteValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !isSecretField(def, name)));
}

/** The names of the fields in `values` the host never returns. */
export function secretFieldsOf(def: ResourceDef, values: WriteValues): string[] {
  return Object.keys(values).filter((name) => isSecretField(def, name));
}

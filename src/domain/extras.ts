// The fields a record carries beyond its table's own: the known ones (shownFields) by their
// labels, the rest as the server named them. One split for the deck's detail and `get`.
import type { ResourceDef, ShownFieldDef } from './types';

export interface SplitExtras {
  known: { field: ShownFieldDef; value: unknown }[];
  unknown: [name: string, value: unknown][];
}

export function splitExtras(def: ResourceDef, extra: Readonly<Record<string, unknown>> | undefined): SplitExtras {
  const out: SplitExtras = { known: [], unknown: [] };
  const byName = new Map((def.shownFields ?? []).map((f) => [f.name, f]));
  for (const [name, value] of Object.entries(extra ?? {})) {
    const field = byName.get(name);
    if (field) out.known.push({ field, value });
    else out.unknown.push([name, value]);
  }
  // The known ones in the table's order, whatever order the server sent them in.
  const order = [...byName.keys()];
  out.known.sort((a, b) => order.indexOf(a.field.name) - order.indexOf(b.field.name));
  return out;
}

/** A flag as people read it. */
export function flagText(value: unknown): string {
  if (value === true || value === 1 || value === '1') return 'yes';
  if (value === false || value === 0 || value === '0') return 'no';
  return '—';
}

/** Heading of the fields nobody described. */
export const OTHER_FIELDS = 'Other fields the server sent';

// A re-run: the update that asks the SEO host to fetch a report's page and score it again (its
// `results` field set to Yes). The deck's re-run of a row, of marked rows and from the Audit view,
// and `reports rerun` (one or many) all send these values.
import { YES_NO } from './choices';
import type { ResourceDef } from './types';
import type { WriteValues } from './validate';

export const RERUN_VALUES: Readonly<WriteValues> = Object.freeze({ results: YES_NO[1].value });

/** The values that re-run a record of `def`, or undefined when its table has no field to ask for one (websites). */
export function rerunValues(def: ResourceDef): WriteValues | undefined {
  const takes = (name: string) => def.fields.some((f) => f.name === name && f.ops.includes('update'));
  return Object.keys(RERUN_VALUES).every(takes) ? { ...RERUN_VALUES } : undefined;
}

import type { SortDirection } from './choices';
import type { ResultClass } from './results';
import type { ListParamDef, ResourceDef } from './types';

/** The list parameters of both resources; `project` and `result` belong to reports. */
export interface ListQuery {
  search?: string;
  search_by?: string;
  sort_by?: string;
  sort?: SortDirection;
  per_page?: number;
  page?: number;
  project?: string;
  result?: ResultClass;
}

export function listParam(def: ResourceDef, name: string): ListParamDef | undefined {
  return def.listParams.find((p) => p.name === name);
}

/** A query with every parameter that has a default filled in. */
export function defaultQuery(def: ResourceDef): ListQuery {
  const q: Record<string, unknown> = {};
  for (const p of def.listParams) if (p.default !== undefined) q[p.name] = p.default;
  return q;
}

/** Allowed values of a list parameter, or undefined when it is free text. */
function allowedValues(def: ResourceDef, name: string): readonly (string | number)[] | undefined {
  return listParam(def, name)?.choices?.map((c) => c.value);
}

/** Sort keys of a resource, in table order (s cycles through them). */
export function sortKeys(def: ResourceDef): readonly string[] {
  return (allowedValues(def, 'sort_by') ?? []) as readonly string[];
}

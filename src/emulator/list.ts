// The list operation: query parameters checked against the domain table's list params (422 on a
// value outside their choices), defaults from the same table, then a page in the Laravel
// API-resource shape {data, links, meta, status}.

import { RESULT_RANGES, isResultClass, type FieldErrors, type ResourceDef } from '../domain';
import type { Query, Row } from './table';

export interface ListRequest {
  query: Query;
  perPage: number;
  page: number;
  /** Parameters to carry into the page links (everything given but `page`). */
  carry: [string, string][];
}

export type ParsedList = { ok: true; list: ListRequest } | { ok: false; errors: FieldErrors };

/** Query string values, empty ones dropped (Laravel turns "" into null). */
export function parseList(def: ResourceDef, params: URLSearchParams): ParsedList {
  const errors: FieldErrors = {};
  const given = new Map<string, string>();
  for (const [k, v] of params) if (v !== '') given.set(k, v);
  const value = (name: string): string | undefined => {
    const p = def.listParams.find((x) => x.name === name);
    const raw = given.get(name);
    if (raw === undefined) return p?.default === undefined ? undefined : String(p.default);
    if (p?.choices && !p.choices.some((c) => String(c.value) === raw)) {
      (errors[name] ??= []).push(`The selected ${name.replace(/_/g, ' ')} is invalid.`);
    }
    return raw;
  };

  const search = value('search');
  const searchBy = value('search_by')!;
  const sortBy = value('sort_by')!;
  const sort = value('sort')!;
  const perPage = Number(value('per_page'));
  const project = def.listParams.some((p) => p.name === 'project') ? value('project') : undefined;
  const result = def.listParams.some((p) => p.name === 'result') ? value('result') : undefined;
  // Laravel's paginator reads any page that is not a whole number ≥ 1 as page 1.
  const pageRaw = Number(given.get('page') ?? '1');
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : 1;
  if (Object.keys(errors).length) return { ok: false, errors };

  const filters: ((r: Row) => boolean)[] = [];
  if (project !== undefined) filters.push((r) => r.project === project);
  if (result !== undefined && isResultClass(result)) {
    const [lo, hi] = RESULT_RANGES[result];
    filters.push((r) => typeof r.result === 'number' && r.result >= lo && r.result <= hi);
  }
  const carry = [...given].filter(([k]) => k !== 'page' && def.listParams.some((p) => p.name === k));

  return {
    ok: true,
    list: {
      perPage,
      page,
      carry,
      query: {
        sortBy,
        direction: sort === 'asc' ? 'asc' : 'desc',
        search: search === undefined ? undefined : { field: searchBy, needle: search },
        filter: filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : (r) => filters.every((f) => f(r)),
        offset: (page - 1) * perPage,
        limit: perPage,
      },
    },
  };
}

/** The list body; `path` is the absolute URL of the list without a query. */
export function pageBody(list: ListRequest, total: number, data: unknown[], path: string): Record<string, unknown> {
  const lastPage = Math.max(1, Math.ceil(total / list.perPage));
  const link = (n: number) => {
    const qs = new URLSearchParams([...list.carry, ['page', String(n)]]);
    return `${path}?${qs.toString()}`;
  };
  const from = data.length ? list.query.offset + 1 : null;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: list.page > 1 ? link(list.page - 1) : null,
      next: list.page < lastPage ? link(list.page + 1) : null,
    },
    meta: {
      current_page: list.page,
      from,
      last_page: lastPage,
      path,
      per_page: list.perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
    status: 200,
  };
}

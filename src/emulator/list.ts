// The list operation as the hosts' controllers run it: a parameter outside its allowed values (the
// domain table's list params) silently falls back to its default, never a 422; `per_page` is
// echoed as the string sent; the page links carry every parameter the controller appends; the
// body is Laravel's paginated resource {data, links, meta{…, links[]}, status}.

import { RESULT_RANGES, isResultClass, type ResourceDef } from '../domain';
import { cleanUrl, isPhpInt, isPhpNumeric, phpTruthy, phpUrlencode } from './laravel';
import type { Query, Row } from './table';

export interface ListRequest {
  query: Query;
  perPage: number;
  /** What meta.per_page says: the string sent, or the default number. */
  perPageEcho: string | number;
  page: number;
  /** The controller's appends, in its order; nulls are left out of the links. */
  appends: [string, string | number | null][];
}

/** Laravel's paginator: any page that is not a whole number ≥ 1 is page 1. */
function pageOf(raw: string | undefined): number {
  return raw !== undefined && isPhpInt(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

export function parseList(def: ResourceDef, params: URLSearchParams): ListRequest {
  const given = new Map<string, string>();
  // Laravel trims query values and reads empty ones as null.
  for (const [k, v] of params) if (v.trim() !== '') given.set(k, v.trim());
  const param = (name: string) => def.listParams.find((p) => p.name === name);
  /** A choice parameter: the value sent when allowed (PHP's loose in_array), else the default. */
  const choice = (name: string): string | number | undefined => {
    const p = param(name);
    if (!p) return undefined;
    const raw = given.get(name);
    const ok = raw !== undefined && p.choices?.some((c) => (typeof c.value === 'number' ? isPhpNumeric(raw) && Number(raw) === c.value : raw === c.value));
    return ok ? raw : p.default;
  };

  const search = given.get('search');
  const searchBy = String(choice('search_by'));
  const sortBy = String(choice('sort_by'));
  const sort = String(choice('sort'));
  const perPageEcho = choice('per_page')!;
  const perPage = Number(perPageEcho);
  const page = pageOf(given.get('page'));
  const hasParam = (name: string) => param(name) !== undefined;
  const project = hasParam('project') ? (given.get('project') ?? null) : undefined;
  const result = hasParam('result') ? (given.get('result') ?? null) : undefined;

  const filters: ((r: Row) => boolean)[] = [];
  if (phpTruthy(project)) filters.push((r) => r.project === project);
  if (phpTruthy(result)) {
    // Anything but good or decent filters as bad, as the host's scope reads it.
    const [lo, hi] = RESULT_RANGES[isResultClass(result) ? result : 'bad'];
    filters.push((r) => typeof r.result === 'number' && r.result >= lo && r.result <= hi);
  }
  // The SEO host matches a search against its stored URLs, so it cleans the needle the same way.
  const needle = search !== undefined && phpTruthy(search) ? (def.name === 'reports' ? cleanUrl(search) : search) : undefined;

  const appends: [string, string | number | null][] = [
    ['search', search ?? null],
    ['search_by', searchBy],
  ];
  if (project !== undefined) appends.push(['project', project]);
  if (result !== undefined) appends.push(['result', result]);
  appends.push(['sort_by', sortBy], ['sort', sort], ['per_page', perPageEcho]);

  return {
    perPage,
    perPageEcho,
    page,
    appends,
    query: {
      sortBy,
      direction: sort === 'asc' ? 'asc' : 'desc',
      search: needle === undefined ? undefined : { field: searchBy, needle },
      filter: filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : (r) => filters.every((f) => f(r)),
      offset: (page - 1) * perPage,
      limit: perPage,
    },
  };
}

/** Laravel's UrlWindow (3 on each side): every page when few, else the start, a slider and the end. */
function pageWindow(current: number, last: number): (number | '...')[] {
  const each = 3;
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  if (last < each * 2 + 8) return range(1, last);
  const window = each + 4;
  if (current <= window) return [...range(1, window + each), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + (each - 1)), last)];
  return [1, 2, '...', ...range(current - each, current + each), '...', last - 1, last];
}

/** The list body; `path` is the absolute URL of the list without a query. */
export function pageBody(list: ListRequest, total: number, data: unknown[], path: string): Record<string, unknown> {
  const lastPage = Math.max(1, Math.ceil(total / list.perPage));
  const query = list.appends
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${phpUrlencode(k)}=${phpUrlencode(String(v))}`)
    .join('&');
  const link = (n: number) => `${path}?${query ? query + '&' : ''}page=${n}`;
  const prev = list.page > 1 ? link(list.page - 1) : null;
  const next = list.page < lastPage ? link(list.page + 1) : null;
  const from = data.length ? list.query.offset + 1 : null;
  return {
    data,
    links: { first: link(1), last: link(lastPage), prev, next },
    meta: {
      current_page: list.page,
      from,
      last_page: lastPage,
      links: [
        { url: prev, label: '&laquo; Previous', active: false },
        ...pageWindow(list.page, lastPage).map((p) =>
          p === '...' ? { url: null, label: '...', active: false } : { url: link(p), label: String(p), active: p === list.page },
        ),
        { url: next, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: list.perPageEcho,
      to: from === null ? null : from + data.length - 1,
      total,
    },
    status: 200,
  };
}

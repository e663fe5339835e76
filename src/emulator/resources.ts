// The five operations of a resource, as the hosts' controllers answer them once the route, the
// throttle and auth have let the request through. Pure over the store: each returns a Reply and
// calls `changed()` after a mutation (persistence hooks in there).

import type { ResourceDef } from '../domain';
import { laravelDate } from './dates';
import { json, notFound, prettyJson, validationFailed, type Parsed, type Reply } from './http';
import { phpTruthy, prepareDomain } from './laravel';
import { pageBody, parseList } from './list';
import { applyUpdate, newRow, pageOf, reportPage, toWire } from './records';
import { analyse } from './scoring';
import type { Store } from './store';
import type { Table } from './table';
import { checkWrite, type Input } from './validate';

export interface ResourceContext {
  store: Store;
  now: () => Date;
  changed: () => void;
  /** Absolute URL of the request's path, without the query (page links and meta.path). */
  pathUrl: string;
}

type Echo = Parsed['echo'];

/** A record's id from the path: a segment that is not a whole number names no record. */
const recordId = (segment: string): number | undefined => (/^\d{1,15}$/.test(segment) ? Number(segment) : undefined);

/** `method` is one the route takes (routes.ts answered the others with a 405). */
export function handleResource(
  ctx: ResourceContext,
  def: ResourceDef,
  method: string,
  segment: string | undefined,
  params: URLSearchParams,
  { input, echo }: Parsed,
): Reply {
  const table = ctx.store[def.name];
  if (segment === undefined) {
    if (method === 'POST') return def.name === 'websites' ? storeWebsite(ctx, def, table, input, echo) : storeReport(ctx, def, table, input, echo);
    return list(ctx, def, table, params);
  }
  const id = recordId(segment);
  if (method === 'GET' || method === 'HEAD') return show(def, table, id);
  if (method === 'DELETE') return remove(ctx, def, table, id);
  return def.name === 'websites' ? updateWebsite(ctx, def, table, id, input, echo) : updateReport(ctx, def, table, id, input, echo);
}

function list(ctx: ResourceContext, def: ResourceDef, table: Table, params: URLSearchParams): Reply {
  const request = parseList(def, params);
  const { total, rows } = table.query(request.query);
  return json(
    200,
    pageBody(
      request,
      total,
      rows.map((r) => toWire(def, r)),
      ctx.pathUrl,
    ),
  );
}

function show(def: ResourceDef, table: Table, id: number | undefined): Reply {
  const row = id === undefined ? undefined : table.get(id);
  return row ? json(200, { data: toWire(def, row), status: 200 }) : notFound();
}

// Created answers say 200 in the body like every other success; only the HTTP status says 201.
function storeWebsite(ctx: ResourceContext, def: ResourceDef, table: Table, input: Input, echo: Echo): Reply {
  const domain = prepareDomain(input.domain);
  const errors = checkWrite(def, 'create', { ...input, domain }, { taken: (d) => table.findUnique(d) !== undefined });
  if (errors) return validationFailed(errors);
  const row = table.insert(newRow(def, input, ctx.now(), { domain }));
  ctx.changed();
  return json(201, { data: toWire(def, row, echo), status: 200 });
}

function storeReport(ctx: ResourceContext, def: ResourceDef, table: Table, input: Input, echo: Echo): Reply {
  const errors = checkWrite(def, 'create', input);
  if (errors) return validationFailed(errors);
  const url = input.url!;
  // A new report's analysis depends on its URL alone (run 0); only re-analyses count runs.
  const row = table.insert(newRow(def, input, ctx.now(), reportPage(url, 0)));
  ctx.changed();
  return json(201, { data: toWire(def, row, echo, analyse(url, 0).exact), status: 200 });
}

/** Validation first (the form request), then the record: an unknown website is the host's 500. */
function updateWebsite(ctx: ResourceContext, def: ResourceDef, table: Table, id: number | undefined, input: Input, echo: Echo): Reply {
  const errors = checkWrite(def, 'update', input);
  if (errors) return validationFailed(errors);
  const row = id === undefined ? undefined : table.get(id);
  // The host's controller answers an unknown id with response()->json(404, [...]), a TypeError.
  if (!row) return prettyJson(500, { message: 'Server Error' });
  const next = applyUpdate(def, row, input, laravelDate(ctx.now()));
  table.replace(next);
  ctx.changed();
  return json(200, { data: toWire(def, next, echo), status: 200 });
}

/** results=1 analyses the page again; an unknown report is Eloquent's model-not-found 404. */
function updateReport(ctx: ResourceContext, def: ResourceDef, table: Table, id: number | undefined, input: Input, echo: Echo): Reply {
  const row = id === undefined ? undefined : table.get(id);
  const rerun = phpTruthy(input.results);
  const errors = checkWrite(def, 'update', input, { page: row ? pageOf(row) : undefined });
  if (errors) return validationFailed(errors);
  if (!row) return prettyJson(404, { message: 'No query results for model [App\\Report].' });
  const now = laravelDate(ctx.now());
  const next = applyUpdate(def, row, input, now);
  let exact: number | undefined;
  if (rerun) {
    const run = ctx.store.nextRun();
    const analysis = analyse(pageOf(row), run);
    exact = analysis.exact;
    next.result = analysis.score;
    next._run = run;
    next.generated_at = now;
    delete next.results;
  }
  table.replace(next);
  ctx.changed();
  return json(200, { data: toWire(def, next, echo, exact), status: 200 });
}

function remove(ctx: ResourceContext, def: ResourceDef, table: Table, id: number | undefined): Reply {
  if (id === undefined || !table.delete(id)) return notFound();
  ctx.changed();
  return json(200, { id, object: def.singular, deleted: true, status: 200 });
}

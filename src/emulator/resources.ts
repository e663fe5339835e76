// The five operations of a resource, as the real hosts answer them. Pure over the store: each
// returns a Reply and calls `changed()` after a mutation (persistence hooks in there).

import type { ResourceDef } from '../domain';
import { laravelDate } from './dates';
import { json, notFound, validationFailed, type Reply } from './http';
import { pageBody, parseList } from './list';
import { newReport, newWebsite, normaliseDomain, toWire } from './records';
import { analyse } from './scoring';
import type { Store } from './store';
import type { Row, Table } from './table';
import { checkInput, type Input } from './validate';

export interface ResourceContext {
  store: Store;
  now: () => Date;
  changed: () => void;
  /** Origin of the host answering (for page links). */
  origin: string;
}

/** Update methods per resource, as the interface lists them (websites: PUT or PATCH). */
const UPDATE_METHODS: Record<ResourceDef['name'], readonly string[]> = { websites: ['PUT', 'PATCH'], reports: ['PUT'] };

export function handleResource(
  ctx: ResourceContext,
  def: ResourceDef,
  method: string,
  id: number | undefined,
  params: URLSearchParams,
  input: Input,
): Reply {
  const table = ctx.store[def.name];
  // HEAD is answered like GET (node leaves the body out).
  if (method === 'HEAD') method = 'GET';
  if (id === undefined) {
    if (method === 'GET') return list(ctx, def, table, params);
    if (method === 'POST') return store(ctx, def, table, input);
    return notAllowed(def.apiPath, method, ['GET', 'HEAD', 'POST']);
  }
  if (method === 'GET') return show(def, table, id);
  if (UPDATE_METHODS[def.name].includes(method)) return update(ctx, def, table, id, input);
  if (method === 'DELETE') return remove(ctx, def, table, id);
  return notAllowed(`${def.apiPath}/${id}`, method, ['GET', 'HEAD', ...UPDATE_METHODS[def.name], 'DELETE']);
}

function notAllowed(path: string, method: string, allowed: string[]): Reply {
  const message = `The ${method} method is not supported for route ${path.replace(/^\//, '')}. Supported methods: ${allowed.join(', ')}.`;
  return json(405, { message }, { Allow: allowed.join(', ') });
}

function list(ctx: ResourceContext, def: ResourceDef, table: Table, params: URLSearchParams): Reply {
  const parsed = parseList(def, params);
  if (!parsed.ok) return validationFailed(parsed.errors);
  const { total, rows } = table.query(parsed.list.query);
  return json(200, pageBody(parsed.list, total, rows.map((r) => toWire(def, r)), ctx.origin + def.apiPath));
}

function show(def: ResourceDef, table: Table, id: number): Reply {
  const row = table.get(id);
  return row ? json(200, { data: toWire(def, row), status: 200 }) : notFound();
}

function store(ctx: ResourceContext, def: ResourceDef, table: Table, input: Input): Reply {
  const isWebsite = def.name === 'websites';
  const given = { ...input };
  if (isWebsite && typeof given.domain === 'string') given.domain = normaliseDomain(given.domain) || null;
  const checked = checkInput(def, 'create', given);
  if (!checked.ok) return validationFailed(checked.errors);
  if (isWebsite && table.findUnique(String(checked.values.domain)) !== undefined) {
    return validationFailed({ domain: ['The domain has already been taken.'] });
  }
  const now = ctx.now();
  // A new report's analysis depends on its URL alone (run 0); only re-analyses count runs.
  const rec = isWebsite ? newWebsite(def, checked.values, now) : newReport(def, checked.values, now, 0);
  const row = table.insert(rec);
  ctx.changed();
  // The body says 200 like every other success; only the HTTP status tells "created".
  return json(201, { data: toWire(def, row), status: 200 });
}

function update(ctx: ResourceContext, def: ResourceDef, table: Table, id: number, input: Input): Reply {
  const row = table.get(id);
  if (!row) return notFound();
  const checked = checkInput(def, 'update', input, row);
  if (!checked.ok) return validationFailed(checked.errors);
  const now = ctx.now();
  const { results, ...values } = checked.values;
  const next: Row = { ...row, ...values, updated_at: laravelDate(now) };
  // results=1: analyse the page again; a new run may score differently.
  if (def.name === 'reports' && results === 1 && typeof row.url === 'string') {
    const run = ctx.store.nextRun();
    next.result = analyse(row.url, run).score;
    next._run = run;
    next.generated_at = laravelDate(now);
    delete next.results;
  }
  table.replace(next);
  ctx.changed();
  return json(200, { data: toWire(def, next), status: 200 });
}

function remove(ctx: ResourceContext, def: ResourceDef, table: Table, id: number): Reply {
  if (!table.delete(id)) return notFound();
  ctx.changed();
  return json(200, { id, object: def.singular, deleted: true, status: 200 });
}

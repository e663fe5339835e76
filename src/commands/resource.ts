// `sitedeck websites|reports <verb>`: list, get, create, update, delete, rerun.
import type { ResourceClient } from '../api/types';
import type { ResolvedConfig } from '../config/types';
import { field, resourceDef, type ListQuery, type PageMeta, type ResourceDef, type ResourceName } from '../domain';
import { sanitize } from '../text/sanitize';
import { clientFor } from './client';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { renderDetail, renderList, type View } from './format/records';
import type { AnyRecord } from './format/cells';
import { listQueryFrom, parseId, writeValuesFrom, type Options } from './input';
import { confirm, readSecret, type Io } from './io';
import { toJson } from './format/json';

export type ResourceVerb = 'list' | 'get' | 'create' | 'update' | 'delete' | 'rerun';
export const MUTATING: readonly ResourceVerb[] = ['create', 'update', 'delete', 'rerun'];

/** Upper bound of pages `list --all` follows, whatever the server claims. */
export const MAX_ALL_PAGES = 200;

export interface ResourceRun {
  verb: ResourceVerb;
  resource: ResourceName;
  args: readonly string[];
  opts: Options;
  config: ResolvedConfig;
  io: Io;
  signal: AbortSignal;
}

const viewOf = (io: Io): View => ({ tty: io.stdoutIsTTY, color: io.color, columns: io.columns });
const json = (io: Io, value: unknown) => io.stdout.write(toJson(value));
const nameOf = (def: ResourceDef, r: AnyRecord) => sanitize(r[def.nameField] ?? `#${String(r.id)}`);

export async function runResource(run: ResourceRun): Promise<number> {
  const def = resourceDef(run.resource);
  // Check everything the command line says before the first request (and before refusing read-only).
  const prepared = await prepare(def, run);
  if (MUTATING.includes(run.verb) && run.config.readOnly) {
    const why = run.config.sources.readOnly === 'flag' ? '--read-only is set' : `profile "${run.config.profile}" is read-only`;
    throw new CommandFailure(EXIT.readOnly, `refused: ${run.verb} changes data and ${why}; nothing was sent`);
  }
  const client = clientFor(run.config, def).resource(run.resource) as unknown as ResourceClient<ResourceName>;
  return prepared(client);
}

type Step = (client: ResourceClient<ResourceName>) => Promise<number>;

async function prepare(def: ResourceDef, run: ResourceRun): Promise<Step> {
  const { io, opts, signal } = run;
  const asJson = opts.json === true;
  switch (run.verb) {
    case 'list': {
      const query = listQueryFrom(def, opts);
      const all = opts.all === true;
      if (all && query.page !== undefined) throw new CommandFailure(EXIT.usage, '--all reads every page: leave out --page');
      if (all && query.per_page === undefined) query.per_page = 100;
      return async (client) => {
        const { items, meta } = all ? await listAll(client, query, signal) : await client.list(query, { signal });
        if (asJson) json(io, { data: items, meta });
        else io.stdout.write(renderList(def, items as unknown as AnyRecord[], viewOf(io)));
        return EXIT.ok;
      };
    }
    case 'get': {
      const id = parseId(run.args[0]);
      return async (client) => {
        const record = await client.get(id, { signal });
        if (asJson) json(io, record);
        else io.stdout.write(renderDetail(def, record as unknown as AnyRecord, viewOf(io)));
        return EXIT.ok;
      };
    }
    case 'create':
    case 'update':
    case 'rerun': {
      const op = run.verb === 'create' ? 'create' : 'update';
      const id = run.verb === 'create' ? undefined : parseId(run.args[0]);
      let values;
      if (run.verb === 'rerun') {
        const results = field(def, 'results');
        if (!results) throw new CommandFailure(EXIT.usage, `${def.title.toLowerCase()} cannot be re-run`);
        values = writeValuesFrom(def, 'update', { results: results.choices?.find((c) => c.value === 1)?.label ?? 1 });
      } else {
        const secrets = await secretsFromStdin(def, op, opts, io);
        values = writeValuesFrom(def, op, opts, { name: run.args[0], secrets });
      }
      return async (client) => {
        const record = id === undefined ? await client.create(values, { signal }) : await client.update(id, values, { signal });
        if (asJson) json(io, record);
        else {
          const done = run.verb === 'create' ? 'Created' : run.verb === 'rerun' ? 'Re-ran' : 'Updated';
          io.stderr.write(`${done} ${def.singular} ${nameOf(def, record as unknown as AnyRecord)} (id ${record.id})\n`);
          io.stdout.write(renderDetail(def, record as unknown as AnyRecord, viewOf(io)));
        }
        return EXIT.ok;
      };
    }
    case 'delete': {
      const id = parseId(run.args[0]);
      const yes = opts.yes === true;
      if (!yes && !io.stdinIsTTY) {
        throw new CommandFailure(EXIT.usage, `delete needs --yes when there is no terminal to ask on (${def.singular} ${id} was not deleted)`);
      }
      return async (client) => {
        // Name what goes: the question (and the report) shows the domain or URL, not just an id.
        const record = (await client.get(id, { signal })) as unknown as AnyRecord;
        const label = `${def.singular} ${nameOf(def, record)} (id ${id})`;
        if (!yes && !(await confirm(io, `Delete ${label}?`))) {
          io.stderr.write(`Kept ${label}\n`);
          return EXIT.ok;
        }
        const deleted = await client.delete(id, { signal });
        if (asJson) json(io, deleted);
        else io.stderr.write(`Deleted ${label}\n`);
        return EXIT.ok;
      };
    }
  }
}

/** `--password-stdin` (any secret field): read it before anything is sent. */
async function secretsFromStdin(def: ResourceDef, op: 'create' | 'update', opts: Options, io: Io): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of def.fields) {
    if (f.kind !== 'secret' || !f.ops.includes(op)) continue;
    const key = `${f.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}Stdin`;
    if (opts[key] !== true) continue;
    if (opts[f.name] !== undefined) throw new CommandFailure(EXIT.usage, `give --${f.name} or --${f.name}-stdin, not both`);
    const value = await readSecret(io, `${f.label}: `);
    if (!value) throw new CommandFailure(EXIT.usage, `--${f.name}-stdin: nothing was read from stdin`);
    out[f.name] = value;
  }
  return out;
}

/** Every page, in order, bounded by meta.lastPage and MAX_ALL_PAGES. */
async function listAll(
  client: ResourceClient<ResourceName>,
  query: ListQuery,
  signal: AbortSignal,
): Promise<{ items: unknown[]; meta: PageMeta }> {
  const items: unknown[] = [];
  let first: PageMeta | undefined;
  let last: PageMeta | undefined;
  for (let page = 1; page <= MAX_ALL_PAGES; page++) {
    const res = await client.list({ ...query, page }, { signal });
    first ??= res.meta;
    last = res.meta;
    items.push(...res.items);
    if (res.items.length === 0 || page >= res.meta.lastPage) break;
  }
  // The meta of the whole walk: pages 1…last, from the first row to the last.
  return { items, meta: { ...last!, from: first!.from, to: last!.to } };
}

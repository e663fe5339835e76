// `sitedeck api METHOD PATH [--host analytics|seo] [-f field=value …] [--paginate]`: any endpoint of
// either host, as `gh api` does, with everything every other command has: the key, the pacer shared
// with every process of the profile, the proxy, the timeout, the body and depth bounds, the retries
// (one transport: src/api/raw.ts). The answer is printed as JSON; a host's refusal is said in the
// usual words with the usual exit code. Read-only mode refuses any method but GET unless --dry-run.
import type { HostName } from '../api/errors';
import type { Pacer } from '../api/pace';
import type { RawApi, RawMethod } from '../api/raw';
import type { ResolvedConfig } from '../config/types';
import { readOnlyWhy } from '../config/readOnly';
import { resourceDef, type WriteValues } from '../domain';
import { appendAll } from '../text/bounded';
import { excerpt, sanitize } from '../text/sanitize';
import { API_HOSTS, API_METHODS } from './apiWords';
import { clientFor } from './client';
import { DRY_RUN_STATUS } from './dryRun';
import { EXIT } from './exitCodes';
import { CommandFailure } from './failure';
import { toJson, toJsonLine } from './format/json';
import type { Options } from './input';
import type { Io } from './io';
import { noticeWaits } from './waitNotice';

/** Pages --paginate reads at most: a host whose links never end stops here, said. */
const MAX_PAGES = 10_000;

/** Field names whose value is never printed (a dry run names them): every secret field of either host's records. */
const SECRET_NAMES = new Set(
  (['websites', 'reports'] as const).flatMap((r) =>
    resourceDef(r)
      .fields.filter((f) => f.kind === 'secret')
      .map((f) => f.name),
  ),
);

export interface ApiRun {
  readonly method: string;
  readonly path: string;
  readonly opts: Options;
  readonly config: ResolvedConfig;
  readonly io: Io;
  readonly signal: AbortSignal;
}

export async function runApi(run: ApiRun): Promise<number> {
  const { opts, io, signal, config } = run;
  const method = methodOf(run.method);
  const host = hostOf(opts.host);
  const fields = fieldsOf(opts.field);
  const paginate = opts.paginate === true;
  if (paginate && method !== 'GET') throw new CommandFailure(EXIT.usage, '--paginate reads pages: it goes with GET only');
  const dryRun = opts.dryRun === true;
  if (method !== 'GET' && config.readOnly && !dryRun)
    throw new CommandFailure(EXIT.readOnly, `refused: ${method} may change data and ${readOnlyWhy(config)}; nothing was sent (--dry-run shows what would be)`);
  const client = clientFor(config, resourceDef(host === 'analytics' ? 'websites' : 'reports'), io);
  const api = client.api(host);
  const placed = api.place(run.path);
  if (!placed.ok) throw new CommandFailure(EXIT.usage, `${placed.error}; nothing was sent`);
  if (dryRun) return dryRunOf(io, api, method, placed.value.path, placed.value.query, fields, opts.json === true);
  const label = host === 'seo' ? 'SEO host' : 'analytics host';
  const unwatch = io.isTTY.stderr ? () => {} : noticeWaits(io, client.pacer(host), label);
  try {
    if (paginate) {
      io.stdout.write(toJson(await allPages(api, run.path, fields, client.pacer(host), io, signal)));
      return EXIT.ok;
    }
    // A write in flight is finished, never cut short (and so never sent twice): only the waits before it stop.
    const body = await api.send({ method, path: run.path, fields, ...(method === 'GET' ? { signal } : { holdSignal: signal }) });
    if (body !== undefined) io.stdout.write(toJson(body));
    return EXIT.ok;
  } finally {
    unwatch();
  }
}

function methodOf(raw: string): RawMethod {
  const m = raw.trim().toUpperCase();
  if ((API_METHODS as readonly string[]).includes(m)) return m as RawMethod;
  throw new CommandFailure(EXIT.usage, `METHOD must be one of ${API_METHODS.join(', ')} (got "${excerpt(raw)}")`);
}

function hostOf(raw: unknown): HostName {
  if (raw === undefined) return 'analytics';
  if ((API_HOSTS as readonly unknown[]).includes(raw)) return raw as HostName;
  throw new CommandFailure(EXIT.usage, `--host must be ${API_HOSTS.join(' or ')} (got "${excerpt(raw)}")`);
}

/** `-f name=value` (repeatable) → the fields; a value may hold `=`, a name may not be empty. */
function fieldsOf(raw: unknown): WriteValues | undefined {
  if (raw === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const f of raw as string[]) {
    const at = f.indexOf('=');
    if (at <= 0) throw new CommandFailure(EXIT.usage, `-f takes field=value (got "${excerpt(f)}")`);
    out[f.slice(0, at)] = f.slice(at + 1);
  }
  return out;
}

/** What would be sent, printed; nothing is. A secret field's value is named, never shown. */
function dryRunOf(io: Io, api: RawApi, method: RawMethod, path: string, query: Record<string, string>, fields: WriteValues | undefined, json: boolean): number {
  const send: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const [k, v] of Object.entries(fields ?? {})) {
    if (SECRET_NAMES.has(k)) secrets.push(k);
    else send[k] = v;
  }
  const search = new URLSearchParams(query).toString();
  const url = `${api.base}${path}${search ? `?${search}` : ''}`;
  const status = DRY_RUN_STATUS.request;
  if (json) io.stdout.write(toJsonLine({ status, method, url, send, ...(secrets.length ? { secret_fields: secrets } : {}) }));
  else {
    const words = [...Object.entries(send).map(([k, v]) => `${k}=${String(v)}`), ...secrets.map((k) => `${k}=(given, not shown)`)];
    io.stdout.write(sanitize([status, method, url, words.join(' ')].join('\t')) + '\n');
  }
  io.stderr.write(`Would send ${method} ${sanitize(url)} (--dry-run: nothing was sent)\n`);
  return EXIT.ok;
}

type PageBody = { data?: unknown; links?: { next?: unknown }; meta?: { current_page?: unknown; last_page?: unknown } };

/** Every page of a list, following links.next (else meta.current_page up to meta.last_page): their data, one array. */
async function allPages(api: RawApi, first: string, fields: WriteValues | undefined, pacer: Pacer, io: Io, signal: AbortSignal): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let path = first;
  let pageFields = fields;
  try {
    for (let n = 1; ; n++) {
      const body = (await api.send({ method: 'GET', path, fields: pageFields, signal })) as PageBody | undefined;
      if (!Array.isArray(body?.data))
        throw new CommandFailure(
          EXIT.usage,
          `--paginate follows pages of {"data": [...]}: ${sanitize(path)} answered without a data list (leave out --paginate)`,
        );
      appendAll(items, body.data as unknown[]);
      const current = Number(body.meta?.current_page);
      const last = Number(body.meta?.last_page);
      if (Number.isSafeInteger(current) && Number.isSafeInteger(last)) pacer.ahead(Math.max(0, Math.min(last, MAX_PAGES) - current));
      const next = nextOf(body, path, pageFields);
      if (!next) return items;
      const placed = api.place(next.path);
      if (!placed.ok)
        throw new CommandFailure(EXIT.server, `the host's next page is not under its API base (${placed.error}); stopped after ${n} pages, nothing printed`);
      const key = `${next.path}|${JSON.stringify(next.fields ?? {})}`;
      if (seen.has(key)) return items;
      seen.add(key);
      if (n >= MAX_PAGES) {
        io.stderr.write(`sitedeck: --paginate stopped after ${MAX_PAGES} pages; the host had more\n`);
        return items;
      }
      ({ path, fields: pageFields } = next);
    }
  } finally {
    pacer.ahead(0);
  }
}

/** The next page: the host's links.next (a URL under the API base), else the next page number below meta.last_page. */
function nextOf(body: PageBody, path: string, fields: WriteValues | undefined): { path: string; fields: WriteValues | undefined } | undefined {
  const link = body.links?.next;
  // The link holds the whole query the host appends; the fields were the first page's query, so they are in it.
  if (typeof link === 'string' && link !== '') return { path: link, fields: undefined };
  const current = Number(body.meta?.current_page);
  const last = Number(body.meta?.last_page);
  if (!Number.isSafeInteger(current) || !Number.isSafeInteger(last) || current >= last) return undefined;
  return { path, fields: { ...fields, page: current + 1 } };
}

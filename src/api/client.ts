// createClient: both hosts, the five operations of each resource, responses normalised to the
// domain's record types. Shape problems become badResponse ApiErrors.

import {
  RESOURCES,
  type Deleted,
  type ListQuery,
  type Page,
  type Parsed,
  type RecordOf,
  type ResourceDef,
  type ResourceName,
  type WriteValues,
} from '../domain';
import { abortableSleep, createTransport, type Request, type Transport } from './http';
import { isApiError } from './errors';
import { DEFAULT_MAX_DEPTH } from './jsonAnswer';
import { makeError, type SentSecret } from './makeError';
import { MAX_BODY_BYTES } from './nodeFetch';
import { createPacer, databaseStore, memoryStore, type Pacer } from './pace';
import { normaliseDeleted, normalisePage, normaliseRecordBody, normaliseReport, normaliseWebsite } from './normalise';
import { listQueryParams } from './query';
import type { HostName } from './errors';
import type { CallOptions, Client, ClientOptions, ResourceClient } from './types';
import { resolveEndpoint, type Endpoint } from './urls';
import { apiBaseOf, rawApi, type RawApi } from './raw';
import { idProblem, idText, secretName, secretFieldsOf, type RecordId } from '../domain';
import { REQUEST_DEFAULTS } from '../domain/requestDefaults';
import { sanitize } from '../text/sanitize';

const NORMALISERS: { [R in ResourceName]: (raw: unknown) => Parsed<RecordOf[R]> } = {
  websites: normaliseWebsite,
  reports: normaliseReport,
};

// A 429 is waited out for as long as the server says, up to max_wait (its default: REQUEST_DEFAULTS).
const DEFAULTS = {
  timeoutMs: REQUEST_DEFAULTS.timeoutSec * 1000,
  retries: 2,
  rateLimitRetries: 5,
  maxRetryAfterSec: REQUEST_DEFAULTS.maxWaitSec,
  backoffMs: 300,
};

function endpointOrThrow(base: string, def: ResourceDef, option: string): Endpoint {
  const e = resolveEndpoint(base, def.apiPath);
  if (!e.ok) throw new TypeError(`sitedeck: ${option} for the ${def.host === 'seo' ? 'SEO' : 'analytics'} host: ${e.error}`);
  return e.value;
}

function resourceClient<R extends ResourceName>(name: R, transport: Transport, endpoint: Endpoint, apiKey: string): ResourceClient<R> {
  const def = RESOURCES[name];
  const item = NORMALISERS[name] as (raw: unknown) => Parsed<RecordOf[R]>;
  const noun = def.singular;
  // The host's one transport starts at its API base: this resource is `/websites` below it.
  const base = apiBaseOf(endpoint).collection;
  const collection = endpoint.collection.slice(base.length);

  // Checked here so a bad id never becomes a request to some other path.
  /** What a write sends that the host never returns (a password): scrubbed from its errors, named instead. */
  const sentSecrets = (values: WriteValues): SentSecret[] =>
    secretFieldsOf(def, values)
      .map((f) => ({ value: String(values[f] ?? ''), named: secretName(def, f) }))
      .filter((s) => s.value.trim() !== '');

  const recordPath = (id: RecordId, method: Request['method']): string => {
    if (idProblem(id) === null) return `${collection}/${id}`;
    throw makeError({ kind: 'badId', host: def.host, origin: endpoint.origin, method, path: new URL(endpoint.collection).pathname }, { noun, id }, apiKey);
  };

  const read = <T>(req: Request, parsed: (body: unknown) => Parsed<T>) =>
    transport.send(req).then((body) => {
      const out = parsed(body);
      if (out.ok) return out.value;
      throw makeError(
        {
          kind: 'badResponse',
          host: def.host,
          origin: endpoint.origin,
          method: req.method,
          path: new URL(base + req.path).pathname,
          // The host answered a write with success, only in a shape sitedeck cannot read.
          mayHaveApplied: req.method !== 'GET',
        },
        { ...req.subject, detail: out.error },
        apiKey,
        req.secrets,
      );
    });

  /**
   * The analytics host answers an update of a website that no longer exists with a 500 (its
   * controller fails while building the 404). One read tells that apart from a real server error,
   * so the user hears "deleted elsewhere" instead of "try again".
   */
  const goneInstead = async (e: unknown, req: Request): Promise<unknown> => {
    if (!isApiError(e) || e.kind !== 'server' || e.status !== 500 || !def.updateOfUnknownIs500) return e;
    const read: Request = { method: 'GET', path: req.path, signal: req.signal, subject: req.subject };
    const gone = await transport.send(read).then(
      () => false,
      (g: unknown) => isApiError(g) && g.kind === 'notFound',
    );
    if (!gone) return e;
    return makeError({ kind: 'notFound', host: def.host, origin: endpoint.origin, method: req.method, path: e.path, status: 404 }, req.subject, apiKey);
  };

  /** A record answer about another record than the one asked for is not taken for it (a PUT answer naming another id). */
  const theRecord =
    (id: RecordId) =>
    (b: unknown): Parsed<RecordOf[R]> => {
      const out = normaliseRecordBody(b, item);
      if (!out.ok || out.value.id === id) return out;
      return { ok: false, error: `it is about ${noun} ${sanitize(idText(out.value.id))}, not ${noun} ${sanitize(idText(id))}` };
    };

  return {
    resource: name,
    list(query?: ListQuery, opts?: CallOptions): Promise<Page<RecordOf[R]>> {
      const req: Request = {
        method: 'GET',
        path: collection,
        query: listQueryParams(query),
        signal: opts?.signal,
        holdSignal: opts?.holdSignal,
        subject: { noun },
      };
      return read(req, (b) => normalisePage(b, item));
    },
    async get(id, opts) {
      const req: Request = { method: 'GET', path: recordPath(id, 'GET'), signal: opts?.signal, holdSignal: opts?.holdSignal, subject: { noun, id } };
      return read(req, theRecord(id));
    },
    create(values: WriteValues, opts?: CallOptions) {
      const req: Request = {
        method: 'POST',
        path: collection,
        form: values,
        secrets: sentSecrets(values),
        signal: opts?.signal,
        holdSignal: opts?.holdSignal,
        subject: { noun },
      };
      return read(req, (b) => normaliseRecordBody(b, item));
    },
    async update(id, changes, opts) {
      // Only the given fields: the server never returns some (exclude_params), so sending a whole
      // record back would wipe them.
      const method = def.updateMethod;
      const req: Request = {
        method,
        path: recordPath(id, method),
        form: changes,
        secrets: sentSecrets(changes),
        signal: opts?.signal,
        holdSignal: opts?.holdSignal,
        subject: { noun, id },
      };
      try {
        return await read(req, theRecord(id));
      } catch (e) {
        throw await goneInstead(e, req);
      }
    },
    async delete(id, opts): Promise<Deleted> {
      const req: Request = {
        method: 'DELETE',
        path: recordPath(id, 'DELETE'),
        signal: opts?.signal,
        holdSignal: opts?.holdSignal,
        subject: { noun, id },
        allowEmpty: true,
      };
      return read(req, (b) => normaliseDeleted(b, { id, object: noun }));
    },
  };
}

export function createClient(opts: ClientOptions): Client {
  const settings = {
    timeoutMs: opts.timeoutMs ?? DEFAULTS.timeoutMs,
    maxBodyBytes: opts.maxBodyBytes ?? MAX_BODY_BYTES,
    maxDepth: opts.maxDepth ?? DEFAULT_MAX_DEPTH,
    retries: Math.max(0, opts.retries ?? DEFAULTS.retries),
    rateLimitRetries: Math.max(0, opts.rateLimitRetries ?? DEFAULTS.rateLimitRetries),
    maxRetryAfterSec: opts.maxRetryAfterSec ?? DEFAULTS.maxRetryAfterSec,
    backoffMs: opts.backoffMs ?? DEFAULTS.backoffMs,
    sleep: opts.sleep ?? abortableSleep,
    onRequest: opts.onRequest,
    onAnswer: opts.onAnswer,
    now: opts.now ?? (() => Date.now()),
  };
  const endpoints: Record<ResourceName, Endpoint> = {
    websites: endpointOrThrow(opts.baseUrl, RESOURCES.websites, 'baseUrl'),
    reports: endpointOrThrow(opts.seoBaseUrl, RESOURCES.reports, 'seoBaseUrl'),
  };
  // One pacer per host origin: the hosts count per client, so both resources of one origin share it.
  const pacers = new Map<string, Pacer>();
  const pacerFor = (origin: string): Pacer => {
    let p = pacers.get(origin);
    if (!p) {
      const store = opts.pace?.shared === true ? databaseStore(origin, opts.pace.database, opts.pace.onWarning) : memoryStore();
      p = createPacer({ host: origin, store, now: settings.now, sleep: opts.pace?.sleep ?? abortableSleep, maxWaitMs: settings.maxRetryAfterSec * 1000 });
      pacers.set(origin, p);
    }
    return p;
  };
  // One transport (one ofetch instance) per host, at its API base: its resources and `sitedeck api` share it.
  const transportOf = (host: HostName): { endpoint: Endpoint; transport: Transport } => {
    const endpoint = apiBaseOf(endpoints[host === 'analytics' ? 'websites' : 'reports']);
    return { endpoint, transport: createTransport({ ...settings, host, endpoint, apiKey: opts.apiKey, pacer: pacerFor(endpoint.origin) }) };
  };
  const hostTransports: Record<HostName, { endpoint: Endpoint; transport: Transport }> = { analytics: transportOf('analytics'), seo: transportOf('seo') };
  const build = <R extends ResourceName>(name: R): ResourceClient<R> =>
    resourceClient(name, hostTransports[RESOURCES[name].host].transport, endpoints[name], opts.apiKey);
  const raw = (host: HostName): RawApi => rawApi(hostTransports[host].endpoint, hostTransports[host].transport);
  const websites = build('websites');
  const reports = build('reports');
  const byName: { [R in ResourceName]: ResourceClient<R> } = { websites, reports };
  return {
    websites,
    reports,
    resource: <R extends ResourceName>(name: R) => byName[name],
    hosts: { analytics: endpoints.websites.origin, seo: endpoints.reports.origin },
    pacer: (host: HostName) => pacerFor(host === 'analytics' ? endpoints.websites.origin : endpoints.reports.origin),
    api: raw,
  };
}

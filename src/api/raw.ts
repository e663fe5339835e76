// Any endpoint of a host (`sitedeck api`), through the one transport every resource call uses: the
// key, the pacer, the proxy, the timeout, the body and depth bounds and the retries are theirs. A
// path is taken only inside the host's API base: one that leaves it (`..`, another origin, a
// scheme) is refused before anything is sent, so the key goes nowhere else.
import type { Parsed, WriteValues } from '../domain';
import type { Request, Transport } from './http';
import type { Endpoint } from './urls';

export type RawMethod = Request['method'];

interface RawRequest {
  readonly method: RawMethod;
  /** Below the API base (`/websites/42`, `websites?page=2`), or the whole path (`/public/api/v1/websites`). */
  readonly path: string;
  /** Sent as the query of a GET, the form of any other method. */
  readonly fields?: WriteValues;
  readonly signal?: AbortSignal;
  /** Aborts the waits, never a request in flight. */
  readonly holdSignal?: AbortSignal;
}

/** One host's API, as `sitedeck api` calls it. */
export interface RawApi {
  /** The API base URL (`https://a.example/public/api/v1`). */
  readonly base: string;
  /** Where `path` leads under the base: its path and query, or why it is refused. */
  place(path: string): Parsed<{ path: string; query: Record<string, string> }>;
  /** The body the host answered (undefined for an empty 2xx), or the ApiError every call throws. */
  send(req: RawRequest): Promise<unknown>;
}

/** `…/public/api/v1/websites` → `…/public/api/v1`: the base every resource of the host is under. */
export function apiBaseOf(endpoint: Endpoint): Endpoint {
  return { ...endpoint, collection: endpoint.collection.replace(/\/[^/]+$/, '') };
}

export function rawApi(endpoint: Endpoint, transport: Transport): RawApi {
  const base = endpoint.collection;
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const place: RawApi['place'] = (raw) => {
    const text = raw.trim();
    const shown = text.slice(0, 80);
    const leaves = { ok: false as const, error: `"${shown}" leaves the API base ${base}: give a path under it (/websites/42)` };
    if (text.startsWith('//') || text.includes('\\')) return leaves;
    let url: URL;
    try {
      // A whole URL (a page's links.next) only on the base's own origin; a path written whole or below the base.
      if (/^[a-z][a-z0-9+.-]*:/i.test(text)) url = new URL(text);
      else url = new URL(base + (text.toLowerCase().startsWith(`${basePath.toLowerCase()}/`) ? text.slice(basePath.length) : text.replace(/^\/*/, '/')));
    } catch {
      return { ok: false, error: `"${shown}" is not a path under the API base ${base}` };
    }
    // `..` and `%2e%2e` are resolved by URL: what is left must still be under the base, on its origin.
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return { ok: false, error: `"${shown}" is not a path under the API base ${base} (a broken %-escape)` };
    }
    if (url.origin !== origin || url.username || url.password || !url.pathname.startsWith(`${basePath}/`) || decoded.split('/').includes('..')) return leaves;
    return { ok: true, value: { path: url.pathname.slice(basePath.length), query: Object.fromEntries(url.searchParams) } };
  };
  return {
    base,
    place,
    async send(req) {
      const placed = place(req.path);
      if (!placed.ok) throw new TypeError(placed.error);
      const get = req.method === 'GET';
      const fields = Object.fromEntries(Object.entries(req.fields ?? {}).map(([k, v]) => [k, String(v)]));
      return transport.send({
        method: req.method,
        path: placed.value.path,
        query: get ? { ...placed.value.query, ...fields } : placed.value.query,
        form: get || !req.fields ? undefined : req.fields,
        signal: req.signal,
        holdSignal: req.holdSignal,
        subject: { noun: 'request' },
        allowEmpty: !get,
      });
    },
  };
}

// One listener's request pipeline: control paths → record the hit → faults → login page → route
// under the API prefix → rate limit (per client IP, before auth, as the hosts' middleware order has
// it) → unknown paths 404 → auth → the resource operation.

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { RESOURCE_NAMES, resourceDef, type ResourceDef } from '../domain';
import { bearerToken, redirectToLogin, unauthenticated } from './auth';
import { CONTROL_PREFIX, handleControl } from './control';
import type { Faults } from './faults';
import { html, json, notFound, parseInput, readBody, wantsJson, type Reply } from './http';
import { LOGIN_PAGE, errorPage } from './pages';
import { rateHeaders, tooManyAttempts, type RateLimiter } from './rate-limit';
import { handleResource } from './resources';
import type { Store } from './store';
import type { EmulatorHost, Fault, Hit } from './types';

export interface AppState {
  key: string;
  store: Store;
  faults: Faults;
  hits: Hit[];
  /** Oldest hits are dropped past this many (long-running sessions). */
  maxHits: number;
  /** Each host counts on its own (separate applications, separate caches); undefined: no limit. */
  limiters: Record<EmulatorHost, RateLimiter> | undefined;
  now: () => Date;
  changed: () => void;
}

type Route = { kind: 'resource'; def: ResourceDef; id: number | undefined } | { kind: 'apiNotFound' } | { kind: 'web' };

/** Where a path leads on this host. */
function route(host: EmulatorHost, path: string): Route {
  for (const name of RESOURCE_NAMES) {
    const def = resourceDef(name);
    if (def.host !== host) continue;
    const prefix = def.apiPath.replace(/\/[^/]+$/, '');
    if (path !== prefix && !path.startsWith(prefix + '/')) continue;
    const trimmed = path.replace(/\/+$/, '');
    if (trimmed === def.apiPath) return { kind: 'resource', def, id: undefined };
    const m = /^\/(\d{1,15})$/.exec(trimmed.slice(def.apiPath.length));
    if (trimmed.startsWith(def.apiPath + '/') && m) return { kind: 'resource', def, id: Number(m[1]) };
    return { kind: 'apiNotFound' };
  }
  return { kind: 'web' };
}

function faultReply(fault: Exclude<Fault, { type: 'delay' } | { type: 'reset' }>, origin: string): Reply {
  switch (fault.type) {
    case 'status': {
      const body = fault.body === undefined ? defaultBody(fault.status) : fault.body;
      return typeof body === 'string'
        ? { status: fault.status, headers: { 'Content-Type': 'application/json', ...fault.headers }, body }
        : json(fault.status, body, fault.headers);
    }
    case 'malformedJson':
      return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"data": [{"id": 1, "domain": "exa' };
    case 'html':
      return html(fault.status ?? 500, errorPage(fault.status ?? 500, 'Server Error'));
    case 'redirectLogin':
      return redirectToLogin(origin);
    case 'emptyBody':
      return { status: fault.status ?? 200, headers: { 'Content-Type': 'application/json' }, body: null };
  }
}

/** What the hosts answer with a bare status: the bodies real-servers.md lists, else the reason. */
function defaultBody(status: number): Record<string, unknown> {
  if (status === 401) return { message: 'Unauthenticated.' };
  if (status === 403) return { message: "You don't have access to this feature.", status };
  if (status === 404) return { message: 'Resource not found.', status };
  if (status === 429) return { message: 'Too Many Attempts.' };
  if (status >= 500) return { message: 'Server Error' };
  return { message: STATUS_CODES[status] ?? 'Error', status };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function makeHandler(app: AppState, host: EmulatorHost, origin: () => string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    // Prefixed, not resolved: a path like //x must stay a path, not become a host.
    const url = new URL('http://emulator' + (req.url?.startsWith('/') ? req.url : '/'));
    const path = url.pathname;
    const body = await readBody(req).catch(() => '');
    const raw = body ?? '';

    const send = (reply: Reply, hit?: Hit) => {
      if (hit) hit.status = reply.status;
      if (res.destroyed || res.writableEnded) return;
      const headers: Record<string, string> = { ...reply.headers };
      headers['Content-Length'] = String(reply.body === null ? 0 : Buffer.byteLength(reply.body));
      res.writeHead(reply.status, headers);
      res.end(reply.body ?? undefined);
    };

    if (path.startsWith(CONTROL_PREFIX)) return send(handleControl(app, method, path, raw));

    const input = parseInput(req.headers['content-type'], raw);
    const hit: Hit = {
      host,
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v ?? ''])),
      status: 0,
      at: app.now().getTime(),
    };
    app.hits.push(hit);
    // Dropped in chunks, so a capped log costs one splice per thousand requests.
    if (app.hits.length > app.maxHits + 1000) app.hits.splice(0, app.hits.length - app.maxHits);
    if (body === null) return send(json(413, { message: 'Payload Too Large', status: 413 }), hit);

    let fault = app.faults.take(host, method, path);
    if (fault?.type === 'delay') {
      await sleep(fault.ms);
      fault = undefined;
    }
    if (fault?.type === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault) return send(faultReply(fault, origin()), hit);

    const r = route(host, path);
    if (r.kind === 'web') {
      if (path === '/login' && method === 'GET') return send(html(200, LOGIN_PAGE), hit);
      return send(html(404, errorPage(404, 'Not Found')), hit);
    }

    // The throttle heads the api group: every answer past it (401, 302, 404 too) carries the budget.
    let rate: Record<string, string> = {};
    const limiter = app.limiters?.[host];
    if (limiter) {
      const state = limiter.hit(req.socket.remoteAddress ?? '');
      const json = wantsJson(req.headers.accept) || req.headers['x-requested-with'] === 'XMLHttpRequest';
      if (!state.allowed) return send(tooManyAttempts(state, json), hit);
      rate = rateHeaders(state);
    }
    const limited = (reply: Reply): Reply => ({ ...reply, headers: { ...reply.headers, ...rate } });
    const token = bearerToken(req.headers);
    if (r.kind === 'apiNotFound') return send(limited(notFound()), hit);
    if (token !== app.key) return send(limited(unauthenticated(req.headers, origin())), hit);

    const ctx = { store: app.store, now: app.now, changed: app.changed, origin: origin() };
    const reply = handleResource(ctx, r.def, method, r.id, url.searchParams, input);
    return send(limited(reply), hit);
  };
}

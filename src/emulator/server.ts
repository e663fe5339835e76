// One listener's request pipeline, in the order the hosts' Laravel runs it: control paths → record
// the hit → faults → route (no route: 404; a method the route does not take: 405, before any
// middleware) → login page → rate limit (per client IP, before auth, as the hosts' middleware
// order has it) → auth → the api fallback's 404 → the resource operation.

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { bearerToken, redirectToLogin, unauthenticated } from './auth';
import { CONTROL_PREFIX, handleControl } from './control';
import type { Faults } from './faults';
import { expectsJson, html, json, notFound, parseInput, prettyJson, readBody, type Reply } from './http';
import { LOGIN_PAGE, errorPage } from './pages';
import { rateHeaders, tooManyAttempts, type RateLimiter } from './rate-limit';
import { handleResource } from './resources';
import { allowedMethods, route } from './routes';
import { siteFile } from './sitemaps';
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

    const parsed = parseInput(req.headers['content-type'], raw);
    const { input } = parsed;
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
    // A login redirect stays under the base path the request came by (/public on the analytics host).
    if (fault) return send(faultReply(fault, origin() + (path === '/public' || path.startsWith('/public/') ? '/public' : '')), hit);

    // The demo sites' robots.txt and sitemaps (./sitemaps.ts): public files, before the throttle and the key.
    const file = host === 'seo' && method === 'GET' ? siteFile(app.store, path, origin()) : undefined;
    if (file) {
      hit.status = file.status;
      res.writeHead(file.status, { ...file.headers, 'Content-Length': String(Buffer.byteLength(file.body)) });
      return void res.end(file.body);
    }

    const { route: r, base, path: routePath } = route(host, path);
    const wantsJson = expectsJson(req.headers);
    if (r.kind === 'none') {
      return send(wantsJson ? prettyJson(404, { message: '' }) : html(404, errorPage(404, 'Not Found')), hit);
    }
    const allowed = allowedMethods(r);
    if (!allowed.includes(method)) {
      const headers = { Allow: allowed.join(', ') };
      // The hosts run Laravel 10, whose message names the route (path relative to the base path).
      const message = `The ${method} method is not supported for route ${routePath.slice(base.length + 1)}. Supported methods: ${allowed.join(', ')}.`;
      return send(wantsJson ? prettyJson(405, { message }, headers) : html(405, errorPage(405, 'Method Not Allowed'), headers), hit);
    }
    if (r.kind === 'login') return send(html(200, LOGIN_PAGE), hit);

    // The throttle heads the api group: every answer past it (401, 302, 404 too) carries the budget.
    let rate: Record<string, string> = {};
    const limiter = app.limiters?.[host];
    if (limiter) {
      const state = limiter.hit(req.socket.remoteAddress ?? '');
      if (!state.allowed) return send(tooManyAttempts(state, wantsJson), hit);
      rate = rateHeaders(state);
    }
    const limited = (reply: Reply): Reply => ({ ...reply, headers: { ...reply.headers, ...rate } });
    if (bearerToken(req.headers) !== app.key) return send(limited(unauthenticated(req.headers, origin() + base)), hit);
    if (r.kind === 'fallback') return send(limited(notFound()), hit);

    const ctx = { store: app.store, now: app.now, changed: app.changed, pathUrl: origin() + routePath };
    const reply = handleResource(ctx, r.def, method, r.segment, url.searchParams, parsed);
    return send(limited(reply), hit);
  };
}

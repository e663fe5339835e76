// Where a path leads on a host and which methods it takes, as the hosts' Laravel routes have it:
// the resource (apiResource: list and store; show, update by PUT or PATCH, delete), the api
// group's fallback under /api/v1/ (GET only, so other methods there are 405s), the login page.
// Either host also answers under the base path /public (the vendors' Apache layout), and the
// login redirect stays under the base path the request came by.

import { RESOURCE_NAMES, resourceDef, type ResourceDef } from '../domain';
import type { EmulatorHost } from './types';

export type Route = { kind: 'resource'; def: ResourceDef; segment: string | undefined } | { kind: 'fallback' } | { kind: 'login' } | { kind: 'none' };

export interface Routed {
  route: Route;
  /** "/public" or "". */
  base: string;
  /** The path without its trailing slashes (Laravel's $request->url()). */
  path: string;
}

const API = '/api/v1/';

export function route(host: EmulatorHost, rawPath: string): Routed {
  const path = rawPath.replace(/\/+$/, '') || '/';
  const base = path === '/public' || path.startsWith('/public/') ? '/public' : '';
  const rest = path.slice(base.length) || '/';
  for (const name of RESOURCE_NAMES) {
    const def = resourceDef(name);
    if (def.host !== host) continue;
    const own = def.apiPath.replace(/^\/public(?=\/)/, '');
    if (rest === own) return { route: { kind: 'resource', def, segment: undefined }, base, path };
    const m = rest.startsWith(own + '/') ? /^[^/]+$/.exec(rest.slice(own.length + 1)) : null;
    if (m) return { route: { kind: 'resource', def, segment: m[0] }, base, path };
  }
  if (rest.startsWith(API) && rest.length > API.length) return { route: { kind: 'fallback' }, base, path };
  if (rest === '/login') return { route: { kind: 'login' }, base, path };
  return { route: { kind: 'none' }, base, path };
}

/** The methods a route takes, in the order Laravel lists them in a 405. */
export function allowedMethods(r: Route): readonly string[] {
  switch (r.kind) {
    case 'resource':
      return r.segment === undefined ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'];
    case 'fallback':
    case 'login':
      return ['GET', 'HEAD'];
    case 'none':
      return [];
  }
}

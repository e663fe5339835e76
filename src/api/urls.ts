// Base URLs as people type them (with or without the API path, trailing slashes, no scheme) →
// the one endpoint sitedeck calls, plus the origin it names in messages.

import { parseBaseUrl, type Parsed } from '../domain';

export interface Endpoint {
  /** Full URL of the collection, e.g. https://a.example/public/api/v1/websites. */
  collection: string;
  /** scheme://host[:port], never credentials: used in headers-free messages. */
  origin: string;
  /** host[:port], as messages name it ("SEO host 127.0.0.1:4001"). */
  hostLabel: string;
}

/**
 * `apiPath` is the resource path from the domain table (`/public/api/v1/websites`). The base may
 * end in that path, in its version prefix (`/public/api/v1`), or in neither (a bare host, or a
 * host with a sub-folder install such as `https://x.example/analytics`).
 */
export function resolveEndpoint(base: string, apiPath: string): Parsed<Endpoint> {
  const parsed = parseBaseUrl(base);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  const prefix = apiPath.replace(/\/[^/]+\/?$/, ''); // /public/api/v1
  let path = url.pathname.replace(/\/+$/, '');
  for (const tail of [apiPath, prefix]) {
    if (path.toLowerCase().endsWith(tail.toLowerCase())) {
      path = path.slice(0, path.length - tail.length);
      break;
    }
  }
  // Credentials, query and fragment never belong to an API base; fetch refuses credentials anyway.
  return {
    ok: true,
    value: { collection: `${url.origin}${path}${apiPath}`, origin: url.origin, hostLabel: url.host },
  };
}

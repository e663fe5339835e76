// Bearer-key auth as the hosts' Laravel guard answers it: 401 JSON for clients that expect JSON,
// otherwise a 302 to the login page under the request's base path (which plain fetch follows
// into HTML).

import type { IncomingHttpHeaders } from 'node:http';
import { expectsJson, json, type Reply } from './http';

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return m?.[1];
}

/** `base` is the origin plus the base path the request came under (`/public` on the analytics host). */
export function unauthenticated(headers: IncomingHttpHeaders, base: string): Reply {
  if (expectsJson(headers)) return json(401, { message: 'Unauthenticated.' });
  return redirectToLogin(base);
}

export function redirectToLogin(base: string): Reply {
  const to = `${base}/login`;
  return { status: 302, headers: { Location: to, 'Content-Type': 'text/html; charset=utf-8' }, body: redirectPage(to) };
}

function redirectPage(to: string): string {
  return (
    `<!DOCTYPE html>\n<html>\n    <head>\n        <meta charset="UTF-8" />\n` +
    `        <meta http-equiv="refresh" content="0;url='${to}'" />\n\n        <title>Redirecting to ${to}</title>\n    </head>\n` +
    `    <body>\n        Redirecting to <a href="${to}">${to}</a>.\n    </body>\n</html>`
  );
}

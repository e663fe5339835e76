// Bearer-key auth as the hosts' Laravel guard answers it: 401 JSON for clients that ask for
// JSON, otherwise a 302 to the login page (which plain fetch follows into HTML).

import type { IncomingHttpHeaders } from 'node:http';
import { json, wantsJson, type Reply } from './http';

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return m?.[1];
}

export function unauthenticated(headers: IncomingHttpHeaders, origin: string): Reply {
  // Laravel's expectsJson(): an Accept asking for JSON, or an XHR.
  if (wantsJson(headers.accept) || headers['x-requested-with'] === 'XMLHttpRequest') return json(401, { message: 'Unauthenticated.' });
  return redirectToLogin(origin);
}

export function redirectToLogin(origin: string): Reply {
  return { status: 302, headers: { Location: `${origin}/login`, 'Content-Type': 'text/html; charset=UTF-8' }, body: redirectPage(`${origin}/login`) };
}

function redirectPage(to: string): string {
  return `<!DOCTYPE html>\n<html><head><meta charset="UTF-8" /><meta http-equiv="refresh" content="0;url='${to}'" /><title>Redirecting to ${to}</title></head><body>Redirecting to <a href="${to}">${to}</a>.</body></html>`;
}

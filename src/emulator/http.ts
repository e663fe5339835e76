// Reading requests and shaping replies. Handlers return a Reply; only server.ts writes sockets.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { phpJson } from './json';
import type { Input } from './validate';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** null: no body at all. */
  body: string | null;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: phpJson(value) };
}

export function html(status: number, page: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'text/html; charset=UTF-8', ...headers }, body: page };
}

export const notFound = (): Reply => json(404, { message: 'Resource not found.', status: 404 });

export function validationFailed(errors: Record<string, string[]>): Reply {
  return json(422, { message: errors, status: 422 });
}

/** The largest body taken, as PHP's default post_max_size (8 MB); a larger one is answered 413. */
const MAX_BODY = 8 * 1024 * 1024;

/** The body as text, or null when it is larger than MAX_BODY (read to the end, never cut short). */
export async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) chunks.length = 0;
    else chunks.push(chunk);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8');
}

/** `input`: field → text, for the rules; `echo`: what a write answers for each field as received. */
export interface Parsed {
  input: Input;
  echo: Record<string, unknown>;
}

/**
 * A form-encoded or JSON body as field → text, trimmed, empty strings and JSON nulls as null (as
 * Laravel's middleware hands input to the app); a body that does not parse is no input at all.
 */
export function parseInput(contentType: string | undefined, raw: string): Parsed {
  const out: Input = {};
  const none = { input: out, echo: {} };
  if (!raw) return none;
  const isJson = /json/i.test(contentType ?? '') || (!contentType && /^\s*\{/.test(raw));
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return none;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return none;
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (v === null) out[k] = null;
      else if (typeof v === 'boolean') out[k] = v ? '1' : '0';
      else out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    const input = laravelInput(out);
    // A write answers a field as the app received it: a JSON number or boolean stays one.
    const typed = Object.entries(parsed as Record<string, unknown>).filter(([, v]) => typeof v === 'number' || typeof v === 'boolean');
    return { input, echo: { ...input, ...Object.fromEntries(typed) } };
  }
  for (const [k, v] of new URLSearchParams(raw)) out[k] = v;
  const input = laravelInput(out);
  return { input, echo: input };
}

/** Laravel's TrimStrings (passwords kept as typed) then ConvertEmptyStringsToNull. */
function laravelInput(input: Input): Input {
  const out: Input = {};
  for (const [k, v] of Object.entries(input)) {
    const text = v === null || k === 'password' ? v : v.trim();
    out[k] = text === '' ? null : text;
  }
  return out;
}

/**
 * Laravel's wantsJson(): the first type of Accept, in preference order (q, then as written),
 * is JSON. `text/html, application/json` is a browser, not an API client.
 */
function wantsJson(accept: string | undefined): boolean {
  return /\/json|\+json/i.test(acceptable(accept)[0] ?? '');
}

/** Laravel's expectsJson(): JSON wanted, or an XHR that takes anything. */
export function expectsJson(headers: IncomingHttpHeaders): boolean {
  const first = acceptable(headers.accept)[0];
  const anything = first === undefined || first === '*/*' || first === '*';
  return wantsJson(headers.accept) || (headers['x-requested-with'] === 'XMLHttpRequest' && anything);
}

/** Accept's media types, most preferred first (equal q keep their order). */
function acceptable(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.split(';').map((x) => x.trim());
      const q = params.map((p) => /^q=([\d.]+)$/i.exec(p)).find(Boolean);
      return { type: type.toLowerCase(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((x) => x.type !== '' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.type);
}

/** What Laravel's exception handler writes: JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES, four spaces. */
export function prettyJson(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  const body = JSON.stringify(value, null, 4).replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body };
}

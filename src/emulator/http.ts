// Reading requests and shaping replies. Handlers return a Reply; only server.ts writes sockets.

import type { IncomingMessage } from 'node:http';
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
export const MAX_BODY = 8 * 1024 * 1024;

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

/**
 * A form-encoded or JSON body as field → text. Empty strings and JSON nulls become null, as
 * Laravel's ConvertEmptyStringsToNull does; a body that does not parse is no input at all.
 */
export function parseInput(contentType: string | undefined, raw: string): Input {
  const out: Input = {};
  if (!raw) return out;
  const isJson = /json/i.test(contentType ?? '') || (!contentType && /^\s*\{/.test(raw));
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return out;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (v === null || v === '') out[k] = null;
      else if (typeof v === 'boolean') out[k] = v ? '1' : '0';
      else out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(raw)) out[k] = v === '' ? null : v;
  return out;
}

/** Laravel's expectsJson(): the client asked for JSON. */
export function wantsJson(accept: string | undefined): boolean {
  return /\/json|\+json/i.test(accept ?? '');
}

// One HTTP answer → the parsed body, or the Failure it stands for. Pure: status, headers and text in.

import type { FieldErrors } from '../domain';
import { isSaneMoment, isSaneWait } from '../domain/hostNumbers';
import type { Failure, Outcome } from './failure';
import { parseAnswer, type JsonAnswer } from './jsonAnswer';
import { isPlainObject } from './normalise/values';

export interface Answer {
  status: number;
  headers: Headers;
  /** The body as text; undefined when there was none. */
  text: string | undefined;
  /** Its JSON, when read already (ofetch's parseResponse): otherwise read here. */
  parsed?: JsonAnswer;
}

/** A body as ofetch's parseResponse leaves it: the text (a failure is told by it too) and its JSON. */
export interface Body {
  text: string;
  parsed: JsonAnswer | undefined;
}

export function readBody(text: string, maxDepth?: number): Body {
  return { text, parsed: text.trim() ? parseAnswer(text, maxDepth) : undefined };
}

/** A host's wait: none said, seconds to believe, or one no host should send (the header as it came, to name it). */
type HostWait = { kind: 'none' } | { kind: 'seconds'; sec: number } | { kind: 'insane'; said: string };

/**
 * The wait a host asks for, from Retry-After (seconds or an HTTP date) or X-RateLimit-Reset (epoch
 * seconds), judged by domain/hostNumbers.ts: a wait that ends past year 9999, or a date before 1970,
 * is not a sane time.
 */
function hostWait(headers: Headers, nowMs: number): HostWait {
  const judged = (sec: number, name: string, value: string): HostWait =>
    isSaneWait(sec, nowMs) ? { kind: 'seconds', sec } : { kind: 'insane', said: `${name}: ${value.slice(0, 40)}` };
  const ra = headers.get('retry-after')?.trim();
  if (ra) {
    if (/^\d+(\.\d+)?$/.test(ra)) return judged(Number(ra), 'Retry-After', ra);
    const at = Date.parse(ra);
    if (!Number.isNaN(at)) return isSaneMoment(at) ? judged(Math.max(0, Math.ceil((at - nowMs) / 1000)), 'Retry-After', ra) : judged(NaN, 'Retry-After', ra);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) {
    const n = Number(reset);
    // Epoch seconds on Laravel; a small number is already a delay.
    return judged(n > 1e9 ? Math.max(0, Math.ceil(n - nowMs / 1000)) : n, 'X-RateLimit-Reset', reset);
  }
  return { kind: 'none' };
}

/** Seconds to wait when the host said a sane wait; undefined otherwise. */
export function retryAfterSeconds(headers: Headers, nowMs: number): number | undefined {
  const w = hostWait(headers, nowMs);
  return w.kind === 'seconds' ? w.sec : undefined;
}

export interface RateInfo {
  limit?: number;
  remaining?: number;
  /** X-RateLimit-Reset as sent: some hosts send it on every answer, and it says when the window ends (the pacer reads it). */
  reset?: number;
}

/** X-RateLimit-Limit, -Remaining and -Reset, when the answer carries them. */
export function rateOf(headers: Headers): RateInfo {
  const num = (name: string) => {
    const v = headers.get(name)?.trim();
    return v && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const reset = num('x-ratelimit-reset');
  return { limit: num('x-ratelimit-limit'), remaining: num('x-ratelimit-remaining'), ...(reset !== undefined ? { reset } : {}) };
}

function looksLikeHtml(headers: Headers, text: string): boolean {
  const type = headers.get('content-type') ?? '';
  return /html/i.test(type) || /^\s*</.test(text);
}

/** Laravel sends `message` as text, or (validation) as the field map; newer ones use `errors`. */
function messageOf(body: unknown): string | undefined {
  if (!isPlainObject(body)) return undefined;
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  return undefined;
}

function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  if (!isPlainObject(body)) return undefined;
  const map = isPlainObject(body.errors) ? body.errors : isPlainObject(body.message) ? body.message : undefined;
  if (!map) return undefined;
  const out: FieldErrors = {};
  for (const [field, msgs] of Object.entries(map)) {
    const list = (Array.isArray(msgs) ? msgs : [msgs]).filter((m) => m !== null && m !== undefined).map(String);
    if (list.length) out[field] = list;
  }
  return Object.keys(out).length ? out : undefined;
}

function isLoginRedirect(location: string | null): boolean {
  return !!location && /\/login\b|\/signin\b|\/auth\b/i.test(location);
}

export function fromResponse(answer: Answer, opts: { allowEmpty?: boolean; nowMs: number; maxDepth?: number }): Outcome {
  const { status, headers } = answer;
  const text = answer.text ?? '';
  const parsed = answer.parsed ?? readBody(text, opts.maxDepth).parsed;
  const body = parsed?.ok ? parsed.value : undefined;
  const serverMessage = messageOf(body);
  const fail = (f: Failure): Outcome => ({ ok: false, failure: { status, serverMessage, ...f } });

  if (status >= 300 && status < 400) {
    const location = headers.get('location');
    if (isLoginRedirect(location)) return fail({ kind: 'auth' });
    return fail({ kind: 'badResponse', detail: `a redirect to ${location ?? 'nowhere'}` });
  }
  if (status === 401 || status === 419) return fail({ kind: 'auth' });
  if (status === 403) return fail({ kind: 'forbidden' });
  if (status === 404) return fail({ kind: 'notFound' });
  if (status === 408) return fail({ kind: 'timeout' });
  if (status === 422) return fail({ kind: 'validation', fields: fieldErrorsOf(body) });
  if (status === 429) {
    const wait = hostWait(headers, opts.nowMs);
    return fail({ kind: 'rateLimited', ...(wait.kind === 'seconds' ? { retryAfter: wait.sec } : wait.kind === 'insane' ? { insaneWait: wait.said } : {}) });
  }
  // A server error's wait is only a hint: one past sense is left out, and the retries keep their own pace.
  if (status >= 500) return fail({ kind: 'server', retryAfter: retryAfterSeconds(headers, opts.nowMs) });
  if (status >= 400) return fail({ kind: 'badResponse', detail: 'an unexpected client error' });

  // 2xx (and anything odd below 300).
  if (!text.trim()) {
    return opts.allowEmpty ? { ok: true, body: undefined } : fail({ kind: 'badResponse', detail: 'an empty answer' });
  }
  if (parsed && !parsed.ok && parsed.problem === 'deep') {
    return fail({ kind: 'badResponse', detail: `an answer nested more than ${parsed.depth - 1} levels deep (the limit, max_depth), refused unread` });
  }
  if (!parsed?.ok) {
    // A login page served with 200 (a redirect followed somewhere on the way) means the key failed.
    if (looksLikeHtml(headers, text)) return fail({ kind: 'auth' });
    return fail({ kind: 'badResponse', detail: 'malformed JSON' });
  }
  return { ok: true, body };
}

// One host's transport: an ofetch instance (ofetch.create) with the base URL, the key's header, the
// timeout, the retries of reads and the JSON parsing, and its hooks for the rest: the pacer and the
// wait before each attempt (onRequest), the rate-limit headers after it (onResponse), the one
// ApiError on failure (onRequestError, onResponseError). What ofetch has no option or hook for is
// kept here and in nodeFetch.ts, each piece named in docs/ARCHITECTURE.md ("HTTP") with why.

import { createFetch, type FetchContext } from 'ofetch';
import type { WriteValues } from '../domain';
import { isApiError, type ApiError, type HostName } from './errors';
import type { Failure } from './failure';
import { fromResponse, rateOf, readBody, type Body } from './fromResponse';
import { fromThrown } from './fromThrown';
import { makeError, type SentSecret } from './makeError';
import { nodeFetch, PlainHeaders, type FetchInit } from './nodeFetch';
import type { Subject } from './messages';
import type { Pacer } from './pace';
import { timerDelay } from './delay';
import { decideRetry, isSafeMethod, type RetryPolicy } from './retry';
import type { Endpoint } from './urls';

declare module 'ofetch' {
  interface FetchOptions {
    /** Most bytes of one answer: nodeFetch counts the body against it as it arrives. */
    maxBodyBytes?: number;
    /** The call an attempt belongs to: what its hooks share across its attempts. */
    call?: Call;
  }
}

/** What one HTTP answer said about the host itself, beside its body. */
export interface AnswerInfo {
  host: HostName;
  status: number;
  /** The Date header, as sent. */
  date?: string;
  /** X-RateLimit-Limit and -Remaining. */
  limit?: number;
  remaining?: number;
}

export interface TransportOptions extends RetryPolicy {
  host: HostName;
  endpoint: Endpoint;
  apiKey: string;
  timeoutMs: number;
  /** Most bytes of one answer; a larger one ends the request (never retried). */
  maxBodyBytes: number;
  /** Most levels an answer may nest; a deeper one is refused before anything walks it. */
  maxDepth: number;
  onRequest?: (info: { host: HostName; method: string; path: string; attempt: number }) => void;
  onAnswer?: (info: AnswerInfo) => void;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  /** Asked before every attempt, told every answer's rate-limit headers. */
  pacer: Pacer;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the host's API base: `/websites` for the collection, `/websites/42` for a record. */
  path: string;
  query?: Record<string, string | number>;
  form?: WriteValues;
  /** What `form` holds that the host never returns (a password): never in an error made of the answer. */
  secrets?: readonly SentSecret[];
  signal?: AbortSignal;
  /** Aborts the waits before and between attempts, never an attempt (see CallOptions). */
  holdSignal?: AbortSignal;
  subject: Subject;
  /** A 2xx without a body is a success (delete answered 204). */
  allowEmpty?: boolean;
}

export interface Transport {
  send(req: Request): Promise<unknown>;
}

/** One request and its attempts, as the hooks see it. */
interface Call {
  req: Request;
  /** Ends the waits before an attempt: the caller's signal or its hold. */
  wait?: AbortSignal;
  attempts: number;
  since: number;
  /** Failed attempts, 429s apart from the rest: each has its own budget. */
  limited: number;
  other: number;
  /** Waited before the next attempt: the back-off, or the wait a 429 asked for. */
  waitMs?: number;
  /** When the 429 wait this call slept through ends (the pacer need not hold it back again). */
  waitedOut?: number;
  ticket?: Awaited<ReturnType<Pacer['acquire']>>;
  /** This attempt's own deadline. */
  timeout?: AbortSignal;
  /** An answer's failure, from onResponse to onResponseError. */
  failure?: Failure;
}

/** Sleeps, but ends at once (rejecting) when the signal fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, timerDelay(ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function formBody(values: WriteValues): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) params.append(k, String(v));
  return params.toString();
}

/**
 * nodeFetch, resolving once the whole body is in: ofetch reads a body outside its error handling,
 * so one that breaks off or passes max_body_mb would skip the hooks and the retry.
 */
async function fetchWhole(input: string, init: FetchInit) {
  const res = await nodeFetch(input, init);
  await res.loaded();
  return res;
}

// ofetch drives every request; node:http carries it (see nodeFetch.ts for why not the built-in fetch).
const ofetchOverNodeHttp = createFetch({ fetch: fetchWhole as unknown as typeof fetch, Headers: PlainHeaders as unknown as typeof Headers });

/** Answers a read is sent again after (with network failures and timeouts): 408 and every 5xx. */
const RETRIED_STATUSES = [408, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

export function createTransport(opts: TransportOptions): Transport {
  const pathOf = (req: Request) => new URL(opts.endpoint.collection + req.path).pathname;

  /** A 429 whose Retry-After is past max_wait: when to try again, said with its date. */
  const refusedWait = (f: Failure) =>
    f.kind === 'rateLimited' && f.retryAfter !== undefined && f.retryAfter > opts.maxRetryAfterSec
      ? { retryAt: opts.now() + Math.min(f.retryAfter * 1000, 1e15), maxWaitSec: opts.maxRetryAfterSec }
      : {};

  /** A timeout says the whole wait of all the attempts, not one attempt's. */
  const toError = ({ req, attempts, since }: Call, f: Failure): ApiError => {
    const ownTimeout = f.kind === 'timeout' && f.status === undefined;
    return makeError(
      { ...f, host: opts.host, origin: opts.endpoint.origin, method: req.method, path: pathOf(req), ...refusedWait(f) },
      {
        ...req.subject,
        detail: f.detail,
        timeoutMs: ownTimeout ? opts.timeoutMs : undefined,
        ...(ownTimeout && attempts > 1 ? { attempts, totalMs: opts.now() - since } : {}),
      },
      opts.apiKey,
      req.secrets,
    );
  };

  const callOf = (ctx: FetchContext): Call => {
    if (!ctx.options.call) throw new TypeError('sitedeck: a request sent without its call');
    return ctx.options.call;
  };

  /** After a failed attempt: throws its ApiError, or returns and ofetch sends the read again. */
  const settle = (call: Call, failure: Failure): void => {
    // A 429 is waited out by send's own loop, whatever the method.
    if (failure.kind === 'rateLimited' || failure.kind === 'aborted') throw toError(call, failure);
    const decision = decideRetry(call.req.method, failure, ++call.other, opts);
    if (!decision.retry) throw toError(call, failure);
    call.waitMs = decision.waitMs;
  };

  /** Waits out the back-off and the pacer, then gives the attempt its own deadline. */
  async function onRequest(ctx: FetchContext): Promise<void> {
    const call = callOf(ctx);
    const { req, wait } = call;
    try {
      if (call.waitMs !== undefined) await opts.sleep(call.waitMs, wait);
      call.waitMs = undefined;
      call.ticket = await opts.pacer.acquire(wait, call.waitedOut);
    } catch (e) {
      if (wait?.aborted) throw toError(call, { kind: 'aborted' });
      throw e;
    }
    call.attempts++;
    opts.onRequest?.({ host: opts.host, method: req.method, path: pathOf(req), attempt: call.attempts });
    // ofetch skips its own timer when a request carries a signal, and its retry would reuse a fired one.
    call.timeout = AbortSignal.timeout(ctx.options.timeout ?? opts.timeoutMs);
    ctx.options.signal = req.signal ? AbortSignal.any([req.signal, call.timeout]) : call.timeout;
  }

  /** No answer (or its body broke off, or passed the limit). */
  function onRequestError(ctx: FetchContext): void {
    const call = callOf(ctx);
    const failure = fromThrown(ctx.error, {
      callerAborted: !!call.req.signal?.aborted,
      timedOut: !!call.timeout?.aborted,
      isWrite: !isSafeMethod(call.req.method),
    });
    if (call.ticket) opts.pacer.observe(call.ticket, { limited: false });
    settle(call, failure);
  }

  /** Every answer: its rate-limit headers to the pacer, its body to the caller or its failure on. */
  function onResponse(ctx: FetchContext): void {
    const call = callOf(ctx);
    const res = ctx.response;
    if (!res) return;
    const body = res._data as Body | undefined;
    const out = fromResponse(
      { status: res.status, headers: res.headers, text: body?.text, parsed: body?.parsed },
      { allowEmpty: call.req.allowEmpty, nowMs: opts.now(), maxDepth: opts.maxDepth },
    );
    // A write answered 2xx was processed, even when the answer cannot be read.
    const ok2xx = res.status >= 200 && res.status < 300;
    if (!out.ok && out.failure.kind === 'badResponse' && ok2xx && !isSafeMethod(call.req.method)) out.failure.mayHaveApplied = true;
    const rate = rateOf(res.headers);
    opts.onAnswer?.({ host: opts.host, status: res.status, date: res.headers.get('date') ?? undefined, ...rate });
    const limited = !out.ok && out.failure.kind === 'rateLimited';
    if (call.ticket) opts.pacer.observe(call.ticket, { ...rate, limited, retryAfterSec: limited ? out.failure.retryAfter : undefined });
    if (out.ok) {
      res._data = out.body;
      return;
    }
    // ofetch's error path (onResponseError, then its retry) takes 400–599; any other failing answer ends here.
    if (res.status < 400 || res.status >= 600) throw toError(call, out.failure);
    call.failure = out.failure;
  }

  function onResponseError(ctx: FetchContext): void {
    const call = callOf(ctx);
    if (call.failure) settle(call, call.failure);
    call.failure = undefined;
  }

  const fetcher = ofetchOverNodeHttp.create({
    baseURL: opts.endpoint.collection,
    headers: { Authorization: `Bearer ${opts.apiKey}`, Accept: 'application/json', 'User-Agent': 'sitedeck' },
    // A 302 to /login is read as an answer (the key failed), never followed.
    redirect: 'manual',
    timeout: opts.timeoutMs,
    retryStatusCodes: RETRIED_STATUSES,
    parseResponse: (text) => readBody(text, opts.maxDepth),
    maxBodyBytes: opts.maxBodyBytes,
    onRequest,
    onRequestError,
    onResponse,
    onResponseError,
  });

  async function send(req: Request): Promise<unknown> {
    const wait = req.holdSignal && req.signal ? AbortSignal.any([req.signal, req.holdSignal]) : (req.holdSignal ?? req.signal);
    const call: Call = { req, wait, attempts: 0, since: opts.now(), limited: 0, other: 0 };
    for (;;) {
      try {
        return await fetcher(req.path, {
          method: req.method,
          query: req.query,
          body: req.form ? formBody(req.form) : undefined,
          headers: req.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
          // Only reads are sent again by ofetch: a write that failed may have been applied.
          retry: isSafeMethod(req.method) ? Math.max(0, opts.retries - call.other) : 0,
          call,
        });
      } catch (e) {
        // A 429 was not applied, whatever the method: it is sent again after the wait the host asked
        // for, and every request to the host is held back until then.
        if (!isApiError(e) || e.kind !== 'rateLimited') throw e;
        const decision = decideRetry(req.method, e, ++call.limited, opts);
        if (!decision.retry) throw e;
        call.waitMs = decision.waitMs;
        call.waitedOut = opts.now() + decision.waitMs;
        opts.pacer.block(call.waitedOut);
      }
    }
  }

  return { send };
}

// One host's transport: an ofetch instance with the key and JSON Accept header, a fresh timeout
// signal per attempt, and the retry loop. Every failure leaves here as one ApiError.

import { createFetch, type $Fetch } from 'ofetch';
import type { WriteValues } from '../domain';
import type { ApiError, HostName } from './errors';
import type { Failure } from './failure';
import { fromResponse, rateOf, type RateInfo } from './fromResponse';
import { fromThrown } from './fromThrown';
import { makeError, type SentSecret } from './makeError';
import { nodeFetch, PlainHeaders } from './nodeFetch';
import type { Subject } from './messages';
import type { Pacer } from './pace';
import { timerDelay } from './delay';
import { decideRetry, isSafeMethod, type RetryPolicy } from './retry';
import type { Endpoint } from './urls';

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
  /** '' for the collection, '/42' for a record. */
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

// ofetch drives every request; node:http carries it (see nodeFetch.ts for why not the built-in fetch).
const ofetchOverNodeHttp = createFetch({ fetch: nodeFetch as unknown as typeof fetch, Headers: PlainHeaders as unknown as typeof Headers });

export function createTransport(opts: TransportOptions): Transport {
  // ofetch's own retry and timeout stay off: its retry would repeat writes, and it reuses an
  // aborted signal across attempts. redirect 'manual' lets a 302 to /login be seen as such.
  const fetcher: $Fetch = ofetchOverNodeHttp.create({
    baseURL: opts.endpoint.collection,
    headers: { Authorization: `Bearer ${opts.apiKey}`, Accept: 'application/json', 'User-Agent': 'sitedeck' },
    retry: false,
    redirect: 'manual',
    ignoreResponseError: true,
    responseType: 'text',
  });
  const pathOf = (req: Request) => new URL(opts.endpoint.collection + req.path).pathname;

  /** A 429 whose Retry-After is past max_wait: when to try again, said with its date. */
  const refusedWait = (f: Failure) =>
    f.kind === 'rateLimited' && f.retryAfter !== undefined && f.retryAfter > opts.maxRetryAfterSec
      ? { retryAt: opts.now() + Math.min(f.retryAfter * 1000, 1e15), maxWaitSec: opts.maxRetryAfterSec }
      : {};

  /** `tries`: how many attempts were made since when, so a timeout says the whole wait, not one attempt's. */
  const toError = (req: Request, f: Failure, tries?: { attempts: number; since: number }): ApiError => {
    const ownTimeout = f.kind === 'timeout' && f.status === undefined;
    return makeError(
      { ...f, host: opts.host, origin: opts.endpoint.origin, method: req.method, path: pathOf(req), ...refusedWait(f) },
      {
        ...req.subject,
        detail: f.detail,
        timeoutMs: ownTimeout ? opts.timeoutMs : undefined,
        ...(ownTimeout && tries && tries.attempts > 1 ? { attempts: tries.attempts, totalMs: opts.now() - tries.since } : {}),
      },
      opts.apiKey,
      req.secrets,
    );
  };

  type Attempt = ({ ok: true; body: unknown } | { ok: false; failure: Failure }) & { rate?: RateInfo };

  async function attempt(req: Request): Promise<Attempt> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const isWrite = !isSafeMethod(req.method);
    try {
      const res = await fetcher.raw<string, 'text'>(req.path, {
        method: req.method,
        query: req.query,
        body: req.form ? formBody(req.form) : undefined,
        headers: req.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
        signal,
        // Passed through by ofetch to nodeFetch, which counts the body against it.
        ...({ maxBodyBytes: opts.maxBodyBytes } as object),
      });
      const out = fromResponse(
        { status: res.status, headers: res.headers, text: typeof res._data === 'string' ? res._data : undefined },
        { allowEmpty: req.allowEmpty, nowMs: opts.now(), maxDepth: opts.maxDepth },
      );
      // A write answered 2xx was processed, even when the answer cannot be read.
      if (!out.ok && isWrite && out.failure.kind === 'badResponse' && res.status >= 200 && res.status < 300) out.failure.mayHaveApplied = true;
      const rate = rateOf(res.headers);
      opts.onAnswer?.({ host: opts.host, status: res.status, date: res.headers.get('date') ?? undefined, ...rate });
      return { ...out, rate };
    } catch (e) {
      return { ok: false, failure: fromThrown(e, { callerAborted: !!req.signal?.aborted, timedOut: timeout.aborted, isWrite }) };
    }
  }

  async function send(req: Request): Promise<unknown> {
    const aborted = () => toError(req, { kind: 'aborted' });
    const wait = req.holdSignal && req.signal ? AbortSignal.any([req.signal, req.holdSignal]) : (req.holdSignal ?? req.signal);
    const counts = { limited: 0, other: 0 };
    const since = opts.now();
    let waitedOut: number | undefined;
    for (let n = 1; ; n++) {
      if (wait?.aborted) throw aborted();
      let ticket;
      try {
        ticket = await opts.pacer.acquire(wait, waitedOut);
      } catch (e) {
        if (wait?.aborted) throw aborted();
        throw e;
      }
      opts.onRequest?.({ host: opts.host, method: req.method, path: pathOf(req), attempt: n });
      const out = await attempt(req);
      const limited = !out.ok && out.failure.kind === 'rateLimited';
      opts.pacer.observe(ticket, { ...out.rate, limited, retryAfterSec: limited && !out.ok ? out.failure.retryAfter : undefined });
      if (out.ok) return out.body;
      const count = limited ? ++counts.limited : ++counts.other;
      const decision = out.failure.kind === 'aborted' ? { retry: false as const } : decideRetry(req.method, out.failure, count, opts);
      if (!decision.retry) throw toError(req, out.failure, { attempts: n, since });
      // A 429 holds back every request to the host, not just this one, until the wait is over.
      if (limited) {
        waitedOut = opts.now() + decision.waitMs;
        opts.pacer.block(waitedOut);
      }
      try {
        await opts.sleep(decision.waitMs, wait);
      } catch (e) {
        if (wait?.aborted) throw aborted();
        throw e;
      }
    }
  }

  return { send };
}

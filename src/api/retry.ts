// Whether a failed attempt is tried again, and after how long. Pure.

import type { Failure } from './failure';

export interface RetryPolicy {
  /** Retries after the first attempt (network errors, timeouts, 5xx: GETs only). */
  retries: number;
  /** Retries after a 429, counted apart (a 429 was not applied, whatever the method). Default: retries. */
  rateLimitRetries?: number;
  backoffMs: number;
  maxRetryAfterSec: number;
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

/** Methods whose repetition cannot change anything on the server. */
export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

function isTransient(f: Failure): boolean {
  // A request Node refused to send (a line break in the key) would be refused again.
  if (f.detail?.startsWith('not sent: ')) return false;
  // A certificate or a proxy's demand for credentials fails the same way every time.
  if (f.trouble?.kind === 'tls' || f.trouble?.kind === 'proxyAuth' || f.trouble?.kind === 'proxyUnsupported') return false;
  // A proxy that refuses a host by its rules (403) refuses it again; one that could not reach it (5xx) may not.
  if (f.trouble?.kind === 'proxyGateway' && f.trouble.status < 500) return false;
  return f.kind === 'network' || f.kind === 'timeout' || f.kind === 'server' || f.kind === 'rateLimited';
}

/**
 * GETs are retried on network errors, timeouts (own or 408), 429 and 5xx. Writes only on 429: the
 * server refused it before doing anything, whereas after a 5xx, a timeout or a lost connection it may
 * already have applied it. `attempt` counts failures of the same class (429s apart from the rest)
 * from 1. A Retry-After beyond the cap means give up.
 */
export function decideRetry(method: string, failure: Failure, attempt: number, policy: RetryPolicy): RetryDecision {
  const cap = failure.kind === 'rateLimited' ? (policy.rateLimitRetries ?? policy.retries) : policy.retries;
  if (attempt > cap) return { retry: false };
  const allowed = failure.kind === 'rateLimited' || (isSafeMethod(method) && isTransient(failure));
  if (!allowed) return { retry: false };
  // A host that asks for a wait past any sense is not waited for, nor asked again at once.
  if (failure.insaneWait !== undefined) return { retry: false };
  if (failure.retryAfter !== undefined) {
    if (failure.retryAfter > policy.maxRetryAfterSec) return { retry: false };
    return { retry: true, waitMs: Math.round(failure.retryAfter * 1000) };
  }
  return { retry: true, waitMs: policy.backoffMs * 2 ** (attempt - 1) };
}

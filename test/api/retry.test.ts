import { describe, expect, it } from 'vitest';
import { decideRetry, type RetryPolicy } from '../../src/api/retry';

const policy: RetryPolicy = { retries: 2, backoffMs: 300, maxRetryAfterSec: 30 };

describe('retry policy', () => {
  it('retries a GET on network, timeout, 5xx and 429, with doubling backoff', () => {
    expect(decideRetry('GET', { kind: 'network' }, 1, policy)).toEqual({ retry: true, waitMs: 300 });
    expect(decideRetry('GET', { kind: 'timeout' }, 2, policy)).toEqual({ retry: true, waitMs: 600 });
    expect(decideRetry('GET', { kind: 'timeout', status: 408 }, 1, policy)).toEqual({ retry: true, waitMs: 300 });
    expect(decideRetry('GET', { kind: 'server', status: 503 }, 1, policy)).toEqual({ retry: true, waitMs: 300 });
    expect(decideRetry('GET', { kind: 'rateLimited', status: 429 }, 1, policy)).toEqual({ retry: true, waitMs: 300 });
  });
  it('stops after the allowed number of retries', () => {
    expect(decideRetry('GET', { kind: 'server', status: 500 }, 3, policy)).toEqual({ retry: false });
    expect(decideRetry('GET', { kind: 'server', status: 500 }, 1, { ...policy, retries: 0 })).toEqual({ retry: false });
  });
  it('never retries what will not change: auth, validation, not found, bad answers, aborts', () => {
    for (const kind of ['auth', 'forbidden', 'notFound', 'validation', 'badResponse', 'aborted'] as const) {
      expect(decideRetry('GET', { kind }, 1, policy)).toEqual({ retry: false });
    }
  });
  it('never retries a write, except on 429', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(decideRetry(method, { kind: 'server', status: 500 }, 1, policy)).toEqual({ retry: false });
      expect(decideRetry(method, { kind: 'timeout', mayHaveApplied: true }, 1, policy)).toEqual({ retry: false });
      expect(decideRetry(method, { kind: 'network' }, 1, policy)).toEqual({ retry: false });
      expect(decideRetry(method, { kind: 'rateLimited', retryAfter: 2 }, 1, policy)).toEqual({ retry: true, waitMs: 2000 });
    }
  });
  it('honours Retry-After up to the cap and gives up beyond it', () => {
    expect(decideRetry('GET', { kind: 'rateLimited', retryAfter: 30 }, 1, policy)).toEqual({ retry: true, waitMs: 30_000 });
    expect(decideRetry('GET', { kind: 'rateLimited', retryAfter: 31 }, 1, policy)).toEqual({ retry: false });
    expect(decideRetry('GET', { kind: 'server', status: 503, retryAfter: 5 }, 1, policy)).toEqual({ retry: true, waitMs: 5000 });
  });
});

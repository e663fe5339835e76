// Laravel's ThrottleRequests as the hosts run it (throttle:N,M ahead of auth in the api group):
// a fixed window per client IP, opened by its first request, on each host separately (each host
// is its own application with its own cache). Time is kept in whole seconds as Laravel's cache
// does: the window ends at the epoch second floor(opened) + window, so Retry-After is that second
// minus the current one and X-RateLimit-Reset is that second.

import { html, type Reply } from './http';
import { errorPage } from './pages';

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets. */
  retryAfter: number;
  /** Epoch seconds of the reset. */
  resetAt: number;
}

export class RateLimiter {
  /** client IP → hits in its window and the epoch second the window ends. */
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    /** Window length in whole seconds (Laravel: decay minutes × 60). */
    readonly windowSec: number,
    private readonly nowMs: () => number,
  ) {}

  private nowSec(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Counts a request; a refused one is not counted (Laravel checks before it hits). */
  hit(client: string): RateState {
    const now = this.nowSec();
    let w = this.windows.get(client);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowSec };
      this.windows.set(client, w);
      // Expired windows of other clients go too, so a long-running server keeps a bounded map.
      if (this.windows.size > 1000) for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k);
    }
    const allowed = w.count < this.limit;
    if (allowed) w.count += 1;
    return {
      allowed,
      limit: this.limit,
      remaining: allowed ? this.limit - w.count : 0,
      retryAfter: Math.max(0, w.resetAt - now),
      resetAt: w.resetAt,
    };
  }
}

/** X-RateLimit-Limit/Remaining on every answer that passed; Retry-After and the reset only on a 429. */
export function rateHeaders(s: RateState): Record<string, string> {
  const h: Record<string, string> = { 'X-RateLimit-Limit': String(s.limit), 'X-RateLimit-Remaining': String(s.remaining) };
  if (!s.allowed) {
    h['Retry-After'] = String(s.retryAfter);
    h['X-RateLimit-Reset'] = String(s.resetAt);
  }
  return h;
}

/** Laravel's exception handler on a ThrottleRequestsException: pretty-printed JSON, else its 429 page. */
export function tooManyAttempts(s: RateState, wantsJson: boolean): Reply {
  const headers = rateHeaders(s);
  if (!wantsJson) return html(429, errorPage(429, 'Too Many Requests'), headers);
  return { status: 429, headers: { 'Content-Type': 'application/json', ...headers }, body: '{\n    "message": "Too Many Attempts."\n}' };
}

// Laravel's throttle:N,1: a fixed one-minute window per key, opened by its first request.

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfter: number;
  /** Epoch seconds of the reset. */
  resetAt: number;
}

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    private readonly nowMs: () => number,
  ) {}

  /** The key's current window; a fresh one (not stored unless `open`) when none is running. */
  private window(key: string, open: boolean): { count: number; resetAt: number } {
    const now = this.nowMs();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + WINDOW_MS };
      if (open) this.windows.set(key, w);
    }
    return w;
  }

  private state(w: { count: number; resetAt: number }, allowed: boolean): RateState {
    const retryAfter = Math.max(0, Math.ceil((w.resetAt - this.nowMs()) / 1000));
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      retryAfter,
      resetAt: Math.ceil(w.resetAt / 1000),
    };
  }

  /** Counts a request; refused ones are not counted (as Laravel does). */
  hit(key: string): RateState {
    const w = this.window(key, true);
    if (w.count >= this.limit) return this.state(w, false);
    w.count += 1;
    return this.state(w, true);
  }

  /** The state without counting (headers of answers given before the throttle). */
  peek(key: string): RateState {
    return this.state(this.window(key, false), true);
  }
}

export function rateHeaders(s: RateState): Record<string, string> {
  const h: Record<string, string> = { 'X-RateLimit-Limit': String(s.limit), 'X-RateLimit-Remaining': String(s.remaining) };
  if (!s.allowed) {
    h['Retry-After'] = String(s.retryAfter);
    h['X-RateLimit-Reset'] = String(s.resetAt);
  }
  return h;
}

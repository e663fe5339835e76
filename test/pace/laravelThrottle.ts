// Laravel's ThrottleRequests as arithmetic, for the pure tests: a fixed window opened by its first
// request, ending at a whole second (the limiter keeps whole seconds: opened at 100.95 s, a 60 s
// window ends at 160 s), a refused request not counted; Retry-After and X-RateLimit-Reset on a 429,
// and the Reset on every answer for a host that sends it there too. Times in ms, no clock.
import type { Observation } from '../../src/api/pace/state';

type HostAnswer = Omit<Observation, 'sentAt' | 'at'>;

export interface Throttle {
  /** The answer to a request the host sees at `now`. */
  answer(now: number): HostAnswer;
  /** Requests the host let through, and those it refused. */
  passed: number;
  refused: number;
}

export function laravelThrottle(limit: number, windowSec: number, opts: { resetOnEvery?: boolean } = {}): Throttle {
  let endsAt: number | undefined;
  let hits = 0;
  const t: Throttle = {
    passed: 0,
    refused: 0,
    answer(now) {
      const sec = Math.floor(now / 1000);
      if (endsAt !== undefined && sec >= endsAt) {
        endsAt = undefined;
        hits = 0;
      }
      if (endsAt !== undefined && hits >= limit) {
        t.refused++;
        return { limit, remaining: 0, limited: true, retryAfterSec: endsAt - sec, reset: endsAt };
      }
      endsAt ??= sec + windowSec;
      hits++;
      t.passed++;
      return { limit, remaining: limit - hits, limited: false, ...(opts.resetOnEvery ? { reset: endsAt } : {}) };
    },
  };
  return t;
}

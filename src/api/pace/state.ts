// What one host's rate limit looks like from here, and the two pure steps on it: plan (may a
// request go now, or until when must it wait) and observe (what an answer's headers said).
//
// The hosts run Laravel's fixed window: the first request opens it, every request counts, and the
// budget comes back whole when it ends. Only a 429 says when that is (Retry-After), so the window's
// length is learnt from the first 429 against a window whose opening request was seen here, kept
// in the state (shared by every process on the machine, see store.ts), and from then on each window
// ends, at the latest, one window after the answer to its first request.

export interface PaceState {
  /** X-RateLimit-Limit as last seen. */
  limit?: number;
  /** Requests left in the current window: the server's count, less those sent since. */
  remaining?: number;
  /** The window's length in ms, learnt from a 429. */
  windowMs?: number;
  /** When the first request of the current window was sent (known only when seen opening it). */
  windowStart?: number;
  /** The latest the current window can end (ms, this machine's clock). */
  windowEnd?: number;
  /** After a 429: nothing goes before this. */
  blockedUntil?: number;
  /** When the last request was let go. */
  lastSend?: number;
}

export type WaitReason = 'limited' | 'budget' | 'spacing';

export type Plan = { kind: 'go'; state: PaceState } | { kind: 'wait'; until: number; reason: WaitReason; state: PaceState };

/** From this many requests left, the rest are spread over what remains of the window. */
export const lowMark = (limit: number): number => Math.max(1, Math.ceil(limit / 10));

function freshWindow(s: PaceState): PaceState {
  return { ...s, remaining: s.limit, windowStart: undefined, windowEnd: undefined, blockedUntil: undefined };
}

export function plan(s: PaceState, now: number): Plan {
  let st = s;
  if (st.blockedUntil !== undefined) {
    if (now < st.blockedUntil) return { kind: 'wait', until: st.blockedUntil, reason: 'limited', state: st };
    st = freshWindow(st);
  }
  if (st.windowEnd !== undefined && now >= st.windowEnd) st = freshWindow(st);
  if (st.limit !== undefined && st.remaining !== undefined) {
    if (st.remaining <= 0 && st.windowEnd !== undefined) return { kind: 'wait', until: st.windowEnd, reason: 'budget', state: st };
    // Budget spent and the end unknown: this request goes, and its 429 will say when the window ends.
    if (st.remaining > 0 && st.remaining <= lowMark(st.limit) && st.windowEnd !== undefined && st.lastSend !== undefined) {
      const next = st.lastSend + (st.windowEnd - st.lastSend) / (st.remaining + 1);
      if (now < next) return { kind: 'wait', until: Math.ceil(next), reason: 'spacing', state: st };
    }
  }
  const remaining = st.remaining === undefined ? undefined : Math.max(0, st.remaining - 1);
  return { kind: 'go', state: { ...st, remaining, lastSend: now } };
}

export interface Observation {
  /** When the request was sent and when its answer came. */
  sentAt: number;
  at: number;
  limit?: number;
  remaining?: number;
  /** A 429. */
  limited: boolean;
  /** Seconds the server said to wait (Retry-After, else X-RateLimit-Reset). */
  retryAfterSec?: number;
}

export function observe(s: PaceState, o: Observation): PaceState {
  if (o.limited) {
    const until = o.at + Math.max(0, o.retryAfterSec ?? 1) * 1000;
    let windowMs = s.windowMs;
    // Laravel keeps whole seconds: a window of W s ends at floor(opened) + W, and Retry-After is
    // that second less the current one, so `until - windowStart` is more than W - 1 s; rounded up
    // to the second it is W, or W + 1 (never less, so the estimate never runs into the next 429).
    if (o.retryAfterSec !== undefined && s.windowStart !== undefined) {
      const learnt = Math.ceil((until - s.windowStart) / 1000) * 1000;
      if (learnt >= 1000) windowMs = learnt;
    }
    return {
      ...s,
      limit: o.limit ?? s.limit,
      remaining: 0,
      windowMs,
      windowEnd: until,
      blockedUntil: Math.max(s.blockedUntil ?? 0, until),
    };
  }
  if (o.limit === undefined || o.remaining === undefined) return s;
  const st: PaceState = { ...s, limit: o.limit };
  const opened = o.remaining === o.limit - 1 && s.windowStart === undefined;
  if (opened) {
    st.windowStart = o.sentAt;
    if (st.windowMs !== undefined) st.windowEnd = o.at + st.windowMs;
  }
  st.remaining = s.remaining === undefined || (opened && s.remaining <= 0) ? o.remaining : Math.min(s.remaining, o.remaining);
  // Opened by someone else: it ends within one window of this answer.
  if (st.windowEnd === undefined && st.windowMs !== undefined) st.windowEnd = o.at + st.windowMs;
  return st;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The state with every value sitedeck would not have stored itself dropped: not a number, a moment
 * more than `maxWaitMs` ahead of `now` (a Retry-After of 30 years, stored by an older sitedeck or a
 * hand), a window longer than that. What is dropped is learnt again from the next answer.
 */
export function bounded(s: PaceState, now: number, maxWaitMs: number): PaceState {
  const latest = now + maxWaitMs;
  const bad = (k: keyof PaceState): boolean => {
    const v = s[k];
    if (v === undefined) return false;
    if (!finite(v)) return true;
    if (k === 'limit' || k === 'remaining') return v < 0;
    if (k === 'windowMs') return v <= 0 || v > maxWaitMs;
    return v > latest;
  };
  const drop = (Object.keys(s) as (keyof PaceState)[]).filter(bad);
  if (drop.length === 0) return s;
  const out = { ...s };
  for (const k of drop) delete out[k];
  return out;
}

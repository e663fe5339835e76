// What one host's rate limit looks like from here, and the pure steps on it: current (the state as
// it stands at a moment: a window over by time is over), plan (may a request go now, or until when
// must it wait) and observe (what an answer's headers said).
//
// The hosts run Laravel's fixed window: the first request opens it, every request it lets through
// counts (a refused one does not), and the budget comes back whole when it ends. A count the host
// gave is therefore only good until its window can have ended: one window after the answer that
// said it. The budget is the host's latest count less what went since: a later answer replaces it,
// higher or lower (a higher one is a new window, whatever was counted here). When the window ends is
// the host's word too: X-RateLimit-Reset where a host sends it on every answer, else a 429's
// Retry-After against a window whose opening request was seen here; until then it is taken to be
// the hosts' minute (real-servers.md: throttle:60,1). Nothing but an answer changes what was learnt:
// max_wait decides what this process waits for, never what every process knows. The state is shared
// by every process on the machine (store.ts): each request is reserved in it before it goes.

import { minOf } from '../../text/bounded';

interface Seen {
  /** X-RateLimit-Remaining as the host said it. */
  remaining: number;
  /** When that answer came (this machine's clock): the count's age. */
  at: number;
}

export interface PaceState {
  /** X-RateLimit-Limit as last seen. */
  limit?: number;
  /** The host's latest count in the current window; none once that window is over. */
  seen?: Seen;
  /** Requests let go since that count (or since the window turned over, when none) and not in it. */
  spent?: number;
  /** When each request let go and not answered yet was sent (every process's). */
  inFlight?: number[];
  /** The window's length in ms, learnt from the host (a 429's Retry-After, or X-RateLimit-Reset). */
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

/** From this many requests left, the deck shows the count; a run that needs more than is left spreads them over the window. */
export const lowMark = (limit: number): number => Math.max(1, Math.ceil(limit / 10));

/**
 * The longest any stored moment or window is believed (a day: max_wait's own ceiling, and longer
 * than any host's window). Fixed, so a process's --max-wait never drops what the host told another.
 */
export const KEEP_MS = 86_400_000;

/** The window until a 429 tells its length: the hosts' throttle:60,1 is a minute. */
export const DEFAULT_WINDOW_MS = 60_000;

/** A request not answered in this long is no longer counted as on its way (its process may be gone). */
const IN_FLIGHT_TTL_MS = 60_000;

/** While the budget is spent, its end unknown and another request on its way: how often to look again. */
const PROBE_POLL_MS = 250;

/** Requests left by what is known: the host's count less those let go since; undefined with no limit known. */
export function left(s: PaceState): number | undefined {
  if (s.limit === undefined) return undefined;
  return Math.max(0, (s.seen ? s.seen.remaining : s.limit) - (s.spent ?? 0));
}

/** The latest moment the host's count can still be current: its window ends by then. */
export function countUntil(s: PaceState): number | undefined {
  if (!s.seen) return undefined;
  const byAge = s.seen.at + (s.windowMs ?? DEFAULT_WINDOW_MS);
  return s.windowEnd === undefined ? byAge : Math.min(byAge, s.windowEnd);
}

/** A new window: the budget whole again, less what is on its way now. */
function newWindow(s: PaceState): PaceState {
  const { seen: _s, windowStart: _w, windowEnd: _e, blockedUntil: _b, ...rest } = s;
  return { ...rest, spent: s.inFlight?.length ?? 0 };
}

/**
 * The state as it stands at `now`: requests on their way for too long forgotten, and a window that
 * is over (its 429's wait passed, its known end passed, or its count older than a window) turned
 * over. The same object when nothing changed.
 */
export function current(s: PaceState, now: number): PaceState {
  let st = s;
  if (st.inFlight?.some((t) => t <= now - IN_FLIGHT_TTL_MS)) st = { ...st, inFlight: st.inFlight.filter((t) => t > now - IN_FLIGHT_TTL_MS) };
  if (st.blockedUntil !== undefined) return now >= st.blockedUntil ? newWindow(st) : st;
  const end = countUntil(st) ?? st.windowEnd;
  return end !== undefined && now >= end ? newWindow(st) : st;
}

/** The state once a request is let go at `now`: reserved, counted, on its way. */
export function send(st: PaceState, now: number): PaceState {
  return { ...st, spent: (st.spent ?? 0) + 1, lastSend: now, inFlight: [...(st.inFlight ?? []), now] };
}

/**
 * May a request go at `now`? `ahead`: the requests the caller's run still has to send, this one
 * included (1 when it does not say). A run that fits what is left goes at full speed; only one that
 * needs more than is left spreads the last tenth over the rest of the window (it waits for the
 * next window either way, so the spreading costs it nothing and leaves room for the deck).
 */
export function plan(s: PaceState, now: number, ahead = 1): Plan {
  const st = current(s, now);
  if (st.blockedUntil !== undefined) return { kind: 'wait', until: st.blockedUntil, reason: 'limited', state: st };
  const l = left(st);
  if (st.limit !== undefined && l !== undefined) {
    if (l <= 0) {
      if (st.windowEnd !== undefined) return { kind: 'wait', until: st.windowEnd, reason: 'budget', state: st };
      // Spent, and the end unknown: one request goes, alone, and its 429 says when the window ends
      // (a refused request is not counted). While another is on its way, its answer may say more.
      const out = st.inFlight ?? [];
      if (out.length) return { kind: 'wait', until: minOf(out, now + PROBE_POLL_MS - IN_FLIGHT_TTL_MS) + IN_FLIGHT_TTL_MS, reason: 'budget', state: st };
    } else if (ahead > l && l <= lowMark(st.limit) && st.windowEnd !== undefined && st.lastSend !== undefined) {
      const next = st.lastSend + (st.windowEnd - st.lastSend) / (l + 1);
      if (now < next) return { kind: 'wait', until: Math.ceil(next), reason: 'spacing', state: st };
    }
  }
  return { kind: 'go', state: send(st, now) };
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
  /** X-RateLimit-Reset as a host sent it on any answer: epoch seconds, or (a small number) seconds from now. */
  reset?: number;
}

/** When the host said its window ends (ms), from X-RateLimit-Reset; undefined when it said nothing sane. */
function resetAt(o: Observation): number | undefined {
  if (o.reset === undefined || !finite(o.reset) || o.reset < 0) return undefined;
  const at = o.reset > 1e9 ? o.reset * 1000 : o.at + o.reset * 1000;
  return at <= o.at + KEEP_MS ? at : undefined;
}

/** The request sent at `sentAt` is no longer on its way. */
export function release(s: PaceState, sentAt: number): PaceState {
  const i = s.inFlight?.indexOf(sentAt) ?? -1;
  if (i < 0) return s;
  return { ...s, inFlight: s.inFlight!.filter((_, j) => j !== i) };
}

export function observe(s: PaceState, o: Observation): PaceState {
  const st = release(s, o.sentAt);
  // What the host's count leaves out: the requests still on their way (some may be in it already).
  const onTheWay = st.inFlight?.length ?? 0;
  if (o.limited) {
    // Retry-After first: it counts from the host's own now, so a host clock ahead or behind ours does
    // not move it; a Reset (the host's clock) only when it is all there is.
    const until = o.retryAfterSec !== undefined ? o.at + Math.max(0, o.retryAfterSec) * 1000 : (resetAt(o) ?? o.at + 1000);
    let windowMs = st.windowMs;
    // Laravel keeps whole seconds: a window of W s ends at floor(opened) + W, and Retry-After is
    // that second less the current one, so `until - windowStart` is more than W - 1 s; rounded up
    // to the second it is W, or W + 1 (never less, so the estimate never runs into the next 429).
    if ((o.retryAfterSec !== undefined || o.reset !== undefined) && st.windowStart !== undefined) {
      const learnt = Math.ceil((until - st.windowStart) / 1000) * 1000;
      if (learnt >= 1000 && learnt <= KEEP_MS) windowMs = learnt;
    }
    return {
      ...st,
      limit: o.limit ?? st.limit,
      seen: { remaining: 0, at: o.at },
      spent: onTheWay,
      windowMs,
      windowEnd: until,
      blockedUntil: Math.max(st.blockedUntil ?? 0, until),
    };
  }
  if (o.limit === undefined || o.remaining === undefined) return st;
  const out: PaceState = { ...st, limit: o.limit };
  // An answer to a request sent after the held count came is later than it: the host's word, higher
  // or lower. One sent before may be older (answers come back in any order): the lower of the two.
  const later = !st.seen || o.sentAt >= st.seen.at;
  if (!later && o.remaining - onTheWay >= (left(st) ?? Infinity)) return out;
  // Within a window the count only falls, and this request is in it: as high as the held one is a new window.
  const opened = later && (!st.seen || o.remaining >= st.seen.remaining);
  if (opened && st.seen) {
    delete out.windowStart;
    delete out.windowEnd;
  }
  out.seen = { remaining: o.remaining, at: o.at };
  out.spent = onTheWay;
  const reset = resetAt(o);
  if (opened && o.remaining === o.limit - 1 && out.windowStart === undefined) {
    out.windowStart = o.sentAt;
    // A host that says its Reset tells the window's length with its first answer in it.
    if (reset !== undefined && reset > o.sentAt) out.windowMs = Math.ceil((reset - o.sentAt) / 1000) * 1000;
  }
  if (reset !== undefined) out.windowEnd = reset;
  // Opened by someone else (or here): it ends within one window of this answer.
  else if (out.windowEnd === undefined && out.windowMs !== undefined) out.windowEnd = o.at + out.windowMs;
  return out;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** More on its way than this is not from any sitedeck: a file written by hand. */
const MAX_IN_FLIGHT = 1000;

/**
 * The state with only what sitedeck itself would store: a field that is not a number, a moment
 * more than `keepMs` ahead of `now` (a Retry-After of 30 years, stored by an older sitedeck or a
 * hand), a window longer than that are dropped, and so is what an older sitedeck kept that is not
 * the host's (a count without the time the host said it, which never ended). What is dropped is
 * learnt again from the next answer. The pacer keeps KEEP_MS, whatever its max_wait.
 */
export function bounded(s: PaceState, now: number, keepMs: number = KEEP_MS): PaceState {
  const latest = now + keepMs;
  const moment = (v: unknown): v is number => finite(v) && v <= latest;
  const count = (v: unknown): v is number => finite(v) && v >= 0;
  const out: PaceState = {};
  if (count(s.limit)) out.limit = s.limit;
  const seen = s.seen as Partial<Seen> | undefined;
  if (seen && typeof seen === 'object' && count(seen.remaining) && moment(seen.at)) out.seen = s.seen;
  if (count(s.spent)) out.spent = s.spent;
  if (Array.isArray(s.inFlight) && s.inFlight.length <= MAX_IN_FLIGHT && s.inFlight.every(moment)) out.inFlight = s.inFlight;
  if (finite(s.windowMs) && s.windowMs > 0 && s.windowMs <= keepMs) out.windowMs = s.windowMs;
  // A window's times belong to the count seen in it.
  if (out.seen && moment(s.windowStart)) out.windowStart = s.windowStart;
  if (out.seen && moment(s.windowEnd)) out.windowEnd = s.windowEnd;
  if (moment(s.blockedUntil)) out.blockedUntil = s.blockedUntil;
  if (moment(s.lastSend)) out.lastSend = s.lastSend;
  // The same object when nothing was dropped: the pacer writes the file only when the state changed.
  const kept = (Object.keys(s) as (keyof PaceState)[]).every((k) => s[k] === undefined || out[k] === s[k]);
  return kept ? s : out;
}

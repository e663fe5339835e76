// One host's pacer: every request of every face asks it first (acquire) and tells it what the
// answer's rate-limit headers said (observe). It keeps requests under the budget, spreads the last
// few of a window over what is left of it, and holds everything back after a 429 until the server's
// Retry-After has passed. Its state lives in a PaceStore (shared between processes when it can be).

import { bounded, countUntil, current, left, observe, plan, release, type Observation, type PaceState, type WaitReason } from './state';
import type { PaceStore } from './store';
import { REQUEST_DEFAULTS } from '../../domain/requestDefaults';

export interface PaceStatus {
  host: string;
  limit?: number;
  /** Requests left: the host's latest count less those sent since (the whole limit in a window not counted yet). */
  remaining?: number;
  /** When the host's latest count (X-RateLimit-Remaining) came; none once its window is over. */
  seenAt?: number;
  /** The latest that count can be current (one window after it came, or the window's known end). */
  currentUntil?: number;
  /** Set while a request waits: until when (ms) and why. */
  waitingUntil?: number;
  reason?: WaitReason;
  /** The host asked for a wait longer than max_wait (nothing waits for it): when it ends. */
  refusedUntil?: number;
}

interface Ticket {
  sentAt: number;
}

export interface Pacer {
  /**
   * Resolves when a request may go; rejects with the signal's reason when it is aborted first.
   * `waitedOut`: the caller already slept through a block ending then (its own 429's wait).
   */
  acquire(signal?: AbortSignal, waitedOut?: number): Promise<Ticket>;
  /** What the answer to a ticket's request said. */
  observe(ticket: Ticket, answer: Omit<Observation, 'sentAt' | 'at'>): void;
  /** Holds every request back until `until` (a 429 that said nothing usable about when). */
  block(until: number): void;
  status(): PaceStatus;
  /** Called on every change of the status; returns the unsubscribe function. */
  subscribe(listener: (s: PaceStatus) => void): () => void;
}

export interface PacerOptions {
  host: string;
  store: PaceStore;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The longest wait (max_wait): no wait is planned, stored or believed from the store beyond it. Default: max_wait's. */
  maxWaitMs?: number;
}

const DEFAULT_MAX_WAIT_MS: number = REQUEST_DEFAULTS.maxWaitSec * 1000;

export function createPacer(opts: PacerOptions): Pacer {
  const listeners = new Set<(s: PaceStatus) => void>();
  let waiting: { until: number; reason: WaitReason } | undefined;
  const waiters = new Set<{ until: number; reason: WaitReason }>();
  const maxWait = opts.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  // Kept in this process only: the shared file never holds more than max_wait.
  let refusedUntil: number | undefined;
  // What is stored, as it stands now: a window over by time is over for every reader.
  const read = (now = opts.now()) => current(bounded(opts.store.read(), now, maxWait), now);

  const status = (): PaceStatus => {
    const now = opts.now();
    const s = read(now);
    // A 429 being waited out by the request it answered counts as waiting too.
    const blocked = s.blockedUntil !== undefined && s.blockedUntil > now ? { until: s.blockedUntil, reason: 'limited' as const } : undefined;
    const w = waiting ?? blocked;
    const refused = refusedUntil !== undefined && refusedUntil > now ? { refusedUntil } : {};
    const seen = s.seen ? { seenAt: s.seen.at, currentUntil: countUntil(s) } : {};
    return { host: opts.host, limit: s.limit, remaining: left(s), ...seen, waitingUntil: w?.until, reason: w?.reason, ...refused };
  };
  const emit = () => {
    if (!listeners.size) return;
    const s = status();
    for (const l of listeners) l(s);
  };
  const refreshWaiting = () => {
    // The soonest wait is the one worth showing.
    waiting = undefined;
    for (const w of waiters) if (!waiting || w.until < waiting.until) waiting = w;
  };

  async function acquire(signal?: AbortSignal, waitedOut?: number): Promise<Ticket> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const now = opts.now();
      const known = read(now);
      // Nothing known about a limit (none sent, or none yet): no bookkeeping at all.
      if (known.limit === undefined && known.blockedUntil === undefined) return { sentAt: now };
      const p = opts.store.update((stored) => {
        const s = bounded(stored, now, maxWait);
        // This caller slept through the block already: it is over for it (the next answer says more).
        const passed = waitedOut !== undefined && s.blockedUntil !== undefined && s.blockedUntil <= waitedOut;
        const out = plan(passed ? current(s, s.blockedUntil!) : s, now);
        return { state: out.kind === 'go' || out.state !== stored ? out.state : undefined, result: out };
      });
      if (p.kind === 'go') {
        emit();
        return { sentAt: now };
      }
      const w = { until: p.until, reason: p.reason };
      waiters.add(w);
      refreshWaiting();
      emit();
      try {
        await opts.sleep(Math.max(1, p.until - now), signal);
      } finally {
        waiters.delete(w);
        refreshWaiting();
        emit();
      }
    }
  }

  return {
    acquire,
    observe(ticket, answer) {
      const o: Observation = { ...answer, sentAt: ticket.sentAt, at: opts.now() };
      if (!o.limited && o.limit === undefined) {
        // No count in the answer (or no answer): the request is no longer on its way all the same.
        if (opts.store.read().inFlight?.includes(o.sentAt)) opts.store.update((s: PaceState) => ({ state: release(s, o.sentAt), result: undefined }));
        return;
      }
      // A Retry-After past max_wait is not waited for (the call ends, saying when): it is kept
      // here for the deck's countdown, and what is stored for every process stops at max_wait.
      if (o.retryAfterSec !== undefined && !(o.retryAfterSec * 1000 <= maxWait)) {
        refusedUntil = o.at + Math.min(o.retryAfterSec * 1000, 1e15);
        o.retryAfterSec = maxWait / 1000;
      }
      opts.store.update((s: PaceState) => ({ state: observe(current(bounded(s, o.at, maxWait), o.at), o), result: undefined }));
      emit();
    },
    block(until) {
      const now = opts.now();
      const capped = Math.min(until, now + maxWait);
      opts.store.update((stored) => {
        const s = bounded(stored, now, maxWait);
        return { state: { ...s, blockedUntil: Math.max(s.blockedUntil ?? 0, capped) }, result: undefined };
      });
      emit();
    },
    status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

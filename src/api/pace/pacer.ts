// One host's pacer: every request of every face asks it first (acquire) and tells it what the
// answer's rate-limit headers said (observe). It keeps requests under the budget, spreads the last
// few of a window over what is left of it, and holds everything back after a 429 until the server's
// Retry-After has passed. Its state lives in a PaceStore (shared between processes when it can be).

import { observe, plan, type Observation, type PaceState, type WaitReason } from './state';
import type { PaceStore } from './store';

export interface PaceStatus {
  host: string;
  limit?: number;
  remaining?: number;
  /** Set while a request waits: until when (ms) and why. */
  waitingUntil?: number;
  reason?: WaitReason;
}

export interface Ticket {
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
}

export function createPacer(opts: PacerOptions): Pacer {
  const listeners = new Set<(s: PaceStatus) => void>();
  let waiting: { until: number; reason: WaitReason } | undefined;
  const waiters = new Set<{ until: number; reason: WaitReason }>();

  const status = (): PaceStatus => {
    const s = opts.store.read();
    // A 429 being waited out by the request it answered counts as waiting too.
    const blocked = s.blockedUntil !== undefined && s.blockedUntil > opts.now() ? { until: s.blockedUntil, reason: 'limited' as const } : undefined;
    const w = waiting ?? blocked;
    return { host: opts.host, limit: s.limit, remaining: s.remaining, waitingUntil: w?.until, reason: w?.reason };
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
      const known = opts.store.read();
      // Nothing known about a limit (none sent, or none yet): no bookkeeping at all.
      if (known.limit === undefined && known.blockedUntil === undefined) return { sentAt: now };
      const p = opts.store.update((s) => {
        const passed = waitedOut !== undefined && s.blockedUntil !== undefined && s.blockedUntil <= waitedOut;
        const out = plan(passed ? { ...s, blockedUntil: undefined, remaining: s.limit, windowStart: undefined, windowEnd: undefined } : s, now);
        return { state: out.kind === 'go' || out.state !== s ? out.state : undefined, result: out };
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
      if (!o.limited && o.limit === undefined) return;
      opts.store.update((s: PaceState) => ({ state: observe(s, o), result: undefined }));
      emit();
    },
    block(until) {
      opts.store.update((s) => ({ state: { ...s, blockedUntil: Math.max(s.blockedUntil ?? 0, until) }, result: undefined }));
      emit();
    },
    status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

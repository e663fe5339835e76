// One host's pacer: every request of every face asks it first (acquire) and tells it what the
// answer's rate-limit headers said (observe). It keeps requests under the budget (a run that fits
// it goes at full speed; one that needs more, announced with ahead(), spreads the last few of a
// window over what is left of it), and holds everything back after a 429 until the server's
// Retry-After has passed. Its state lives in a PaceStore (shared between processes when it can be).
// max_wait is this process's: a wait past it is not waited (the request goes, and the host's answer
// says when), and nothing stored for every process is cut to it.

import {
  bounded,
  countUntil,
  current,
  KEEP_MS,
  left,
  observe,
  plan,
  release,
  send,
  type Observation,
  type PaceState,
  type Plan,
  type WaitReason,
} from './state';
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
  /** The window's length as learnt from the host (ms), when it was: a long run's time left counts in it. */
  windowMs?: number;
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
  /**
   * A run says how many requests it still has to send (this process's, counted down by each
   * acquire): only a run that needs more than the budget has left is spaced. 0 ends it.
   */
  ahead(requests: number): void;
  status(): PaceStatus;
  /** Called on every change of the status; returns the unsubscribe function. */
  subscribe(listener: (s: PaceStatus) => void): () => void;
}

export interface PacerOptions {
  host: string;
  store: PaceStore;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The longest wait (max_wait) this process waits: past it a request goes and the host's answer says when. Default: max_wait's. */
  maxWaitMs?: number;
}

const DEFAULT_MAX_WAIT_MS: number = REQUEST_DEFAULTS.maxWaitSec * 1000;

export function createPacer(opts: PacerOptions): Pacer {
  const listeners = new Set<(s: PaceStatus) => void>();
  let waiting: { until: number; reason: WaitReason } | undefined;
  const waiters = new Set<{ until: number; reason: WaitReason }>();
  const maxWait = opts.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  // Kept in this process only: what the deck counts down to past max_wait.
  let refusedUntil: number | undefined;
  // The requests this process's run still has to send (ahead()).
  let runAhead = 0;
  // What is stored, as it stands now: a window over by time is over for every reader.
  const read = (now = opts.now()) => current(bounded(opts.store.read(), now), now);

  const status = (): PaceStatus => {
    const now = opts.now();
    const s = read(now);
    // A 429 being waited out by the request it answered counts as waiting too.
    const blocked = s.blockedUntil !== undefined && s.blockedUntil > now ? { until: s.blockedUntil, reason: 'limited' as const } : undefined;
    const w = waiting ?? blocked;
    const refused = refusedUntil !== undefined && refusedUntil > now ? { refusedUntil } : {};
    const seen = s.seen ? { seenAt: s.seen.at, currentUntil: countUntil(s) } : {};
    const window = s.windowMs !== undefined ? { windowMs: s.windowMs } : {};
    return { host: opts.host, limit: s.limit, remaining: left(s), ...seen, waitingUntil: w?.until, reason: w?.reason, ...refused, ...window };
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
      const p = opts.store.update<Plan | { kind: 'go' }>((stored) => {
        const s = bounded(stored, now);
        // This caller slept through the block already: it is over for it (the next answer says more).
        const passed = waitedOut !== undefined && s.blockedUntil !== undefined && s.blockedUntil <= waitedOut;
        const out = plan(passed ? current(s, s.blockedUntil!) : s, now, Math.max(1, runAhead));
        // A wait past this process's max_wait is not waited: the request goes, and the host's answer
        // (a 429 saying when) ends the call in its words. What is stored stays as the host said it.
        if (out.kind === 'wait' && out.until - now > maxWait) return { state: send(out.state, now), result: { kind: 'go' as const } };
        return { state: out.kind === 'go' || out.state !== stored ? out.state : undefined, result: out };
      });
      if (p.kind === 'go') {
        if (runAhead > 0) runAhead--;
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
      // here for the deck's countdown. What is stored for every process is the host's wait as it
      // said it (another process may wait that long), up to a day, past which nothing is believed.
      if (o.retryAfterSec !== undefined && !(o.retryAfterSec * 1000 <= maxWait)) refusedUntil = o.at + Math.min(o.retryAfterSec * 1000, 1e15);
      if (o.retryAfterSec !== undefined && !(o.retryAfterSec * 1000 <= KEEP_MS)) o.retryAfterSec = KEEP_MS / 1000;
      opts.store.update((s: PaceState) => ({ state: observe(current(bounded(s, o.at), o.at), o), result: undefined }));
      emit();
    },
    block(until) {
      const now = opts.now();
      const capped = Math.min(until, now + KEEP_MS);
      opts.store.update((stored) => {
        const s = bounded(stored, now);
        return { state: { ...s, blockedUntil: Math.max(s.blockedUntil ?? 0, capped) }, result: undefined };
      });
      emit();
    },
    ahead(requests) {
      runAhead = Math.max(0, Math.floor(requests));
    },
    status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

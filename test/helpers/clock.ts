// Clocks for tests that would otherwise wait on real time. Mocking the clock is the one mock the
// tests allow: the emulator, the client and the deck stay real, over loopback HTTP.
import { vi } from 'vitest';

/**
 * Time for the client and the emulator that jumps instead of passing: it stands still while
 * requests go back and forth, and a wait (the pacer's, a retry's back-off) moves it on by exactly
 * the time waited, at once. A rate window of the emulator then ends as soon as the pacer waits
 * for it, and the requests, their order and their count stay what real time would give.
 */
export interface JumpClock {
  now(): number;
  /** The emulator's form of now. */
  date(): Date;
  /** Waits `ms` of this clock's time, after the I/O already due (abortable like the real sleep). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export function jumpClock(start = Date.now()): JumpClock {
  let t = start;
  return {
    now: () => t,
    date: () => new Date(t),
    sleep(ms, signal) {
      const until = t + Math.max(0, ms);
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        // Concurrent waits each end no earlier than their own end: time only moves forward.
        setImmediate(() => {
          if (signal?.aborted) return reject(signal.reason);
          t = Math.max(t, until);
          resolve();
        });
      });
    },
  };
}

/**
 * The client's request timeouts (AbortSignal.timeout), held until the test says one is up: a
 * timeout then happens where the test puts it, not after real seconds. `ms` lists every timeout
 * asked for, in order (each attempt asks for its own).
 */
export function heldTimeouts(): { ms: number[]; expire(i: number): void; restore(): void } {
  const made: { ms: number; ctl: AbortController }[] = [];
  const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const ctl = new AbortController();
    made.push({ ms, ctl });
    return ctl.signal;
  });
  return {
    get ms() {
      return made.map((m) => m.ms);
    },
    expire(i) {
      made[i].ctl.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    },
    restore: () => spy.mockRestore(),
  };
}

/**
 * setTimeout and clearTimeout on vitest's fake clock: a timer fires only when the test moves time
 * on (`advance`), by exactly that much. `restore` puts the real ones back.
 */
export function fakeTimeouts(): { advance(ms: number): void; restore(): void } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { advance: (ms) => vi.advanceTimersByTime(ms), restore: () => vi.useRealTimers() };
}

// The pacer's two pure steps, on times given as plain numbers (ms): no clock at all.
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerDelay } from '../../src/api/delay';
import { bounded, countUntil, createPacer, memoryStore, current, DEFAULT_WINDOW_MS, left, lowMark, observe, plan, type PaceState } from '../../src/api/pace';
import { KEEP_MS, type WaitReason } from '../../src/api/pace/state';
import type { PaceStore } from '../../src/api/pace/store';
import { laravelThrottle, type Throttle } from './laravelThrottle';

const ok = (s: PaceState, sentAt: number, at: number, limit: number, remaining: number) => observe(s, { sentAt, at, limit, remaining, limited: false });

describe('plan', () => {
  it('lets everything go while nothing is known about a limit', () => {
    const p = plan({}, 1000);
    expect(p).toMatchObject({ kind: 'go', state: { lastSend: 1000 } });
  });

  it('counts requests down from what the server said, before the answers come', () => {
    let s = ok({}, 0, 10, 10, 9);
    for (let i = 8; i >= 0; i--) {
      const p = plan(s, 20);
      expect(p.kind).toBe('go');
      s = p.state;
      expect(left(s)).toBe(i);
    }
  });

  it('sends one request more when the budget is spent and the end unknown: its 429 says when', () => {
    const s: PaceState = { limit: 10, seen: { remaining: 0, at: 0 }, windowStart: 0 };
    expect(plan(s, 500).kind).toBe('go');
  });

  it('waits out a 429 for as long as the server said, then counts a whole new window', () => {
    const s = observe(
      { limit: 10, seen: { remaining: 0, at: 0 }, windowStart: 0 },
      { sentAt: 500, at: 510, limited: true, limit: 10, remaining: 0, retryAfterSec: 41 },
    );
    expect(s.blockedUntil).toBe(41_510);
    expect(plan(s, 41_509)).toMatchObject({ kind: 'wait', until: 41_510, reason: 'limited' });
    const after = plan(s, 41_510);
    expect(after.kind).toBe('go');
    expect(after.state.blockedUntil).toBeUndefined();
    expect(left(after.state)).toBe(9);
  });

  it('learns the window from that 429, rounded up to whole seconds, and waits for its end without another 429', () => {
    // Opened at 100.95 s (sent 100.949); Laravel ends it at 102 s; the 429 at 101.2 s says 1 s.
    let s = ok({}, 100_949, 100_960, 10, 9);
    s = observe(s, { sentAt: 101_190, at: 101_200, limited: true, limit: 10, remaining: 0, retryAfterSec: 1 });
    expect(s.windowMs).toBe(2000);
    // The next window opens with the first request after the block and ends one window after its answer.
    s = plan(s, 102_200).state;
    s = ok(s, 102_200, 102_210, 10, 9);
    expect(s.windowEnd).toBe(104_210);
    // Eight more, each answered: the host counts them down.
    for (let i = 0; i < 8; i++) s = ok(plan(s, 102_300 + i).state, 102_300 + i, 102_305 + i, 10, 8 - i);
    expect(left(s)).toBe(1);
    // A run that needs more than the one left: the last one goes halfway between the last send and the end.
    expect(plan(s, 102_400, 5)).toMatchObject({ kind: 'wait', until: 103_259, reason: 'spacing' });
    s = plan(s, 103_259, 5).state;
    expect(left(s)).toBe(0);
    expect(plan(s, 103_300)).toMatchObject({ kind: 'wait', until: 104_210, reason: 'budget' });
    s = ok(s, 103_259, 103_270, 10, 0);
    const next = plan(s, 104_210);
    expect(next.kind).toBe('go');
    expect(left(next.state)).toBe(9);
  });

  it('spreads the last few requests of a window over what is left of it, for a run that needs more than is left', () => {
    expect(lowMark(60)).toBe(6);
    expect(lowMark(10)).toBe(1);
    const s: PaceState = { limit: 60, seen: { remaining: 6, at: 0 }, windowMs: 60_000, windowStart: 0, windowEnd: 60_000, lastSend: 4000 };
    expect(plan(s, 5000, 7)).toMatchObject({ kind: 'wait', until: 12_000, reason: 'spacing' });
    // A run that fits (or one that does not say) goes now.
    expect(plan(s, 5000, 6).kind).toBe('go');
    expect(plan(s, 5000).kind).toBe('go');
    const p = plan(s, 12_000, 7);
    expect(p).toMatchObject({ kind: 'go', state: { lastSend: 12_000 } });
    expect(left(p.state)).toBe(5);
  });

  it('keeps the smaller count when answers come back out of order', () => {
    let s = ok({}, 0, 10, 10, 9);
    s = ok(s, 20, 40, 10, 6);
    s = ok(s, 15, 50, 10, 7);
    expect(left(s)).toBe(6);
  });

  it('takes a new window whose opening it did not see as ending one window after the first answer in it', () => {
    const s = ok({ limit: 10, windowMs: 2000 }, 1000, 1010, 10, 4);
    expect(s).toMatchObject({ seen: { remaining: 4, at: 1010 }, windowEnd: 3010 });
    expect(s.windowStart).toBeUndefined();
  });

  it('ignores answers without rate-limit headers', () => {
    const s: PaceState = { limit: 10, seen: { remaining: 3, at: 0 } };
    expect(observe(s, { sentAt: 0, at: 1, limited: false })).toBe(s);
  });
});

describe('bounded: what the shared row may hold (a day at most, whatever max_wait a run has)', () => {
  const now = 1_700_000_000_000;
  const cap = 300_000;
  it('drops a block, a window end or a window past the bound, and what is not a number; keeps the rest', () => {
    const seen = { remaining: 3, at: now - 10 };
    const poisoned = { limit: 60, seen, blockedUntil: now + 1e12, windowEnd: now + cap + 1, windowMs: 1e12, lastSend: now - 5 };
    expect(bounded(poisoned, now, cap)).toEqual({ limit: 60, seen, lastSend: now - 5 });
    expect(
      bounded({ blockedUntil: 'soon' as unknown as number, spent: -1, limit: Infinity, seen: { remaining: 'x' } } as unknown as PaceState, now, cap),
    ).toEqual({});
    const fine: PaceState = {
      limit: 60,
      seen: { remaining: 0, at: now },
      blockedUntil: now + cap,
      windowEnd: now + 1000,
      windowMs: 60_000,
      inFlight: [now - 3],
    };
    expect(bounded(fine, now, cap)).toBe(fine);
  });
  it('plan never waits past the bound on a bounded state', () => {
    const p = plan(bounded({ limit: 10, seen: { remaining: 0, at: now }, blockedUntil: now + 1e12, windowEnd: now + 1e12 }, now, cap), now);
    expect(p.kind).toBe('go');
  });
  it("drops what an older sitedeck kept that is not the host's: a count without when the host said it", () => {
    // The file of the report: 0 left, from a window opened 18 minutes ago, which never ended.
    const old = { limit: 60, remaining: 0, windowStart: now - 18 * 60_000, lastSend: now - 17 * 60_000 } as PaceState;
    const s = bounded(old, now, cap);
    expect(s).toEqual({ limit: 60, lastSend: now - 17 * 60_000 });
    expect(left(s)).toBe(60);
  });
});

describe('a window ends by time, not only by a 429', () => {
  const T = 1_700_000_000_000;
  it("a count is current for one window after the host said it (a minute until a 429 tells the window's length), then the budget is whole", () => {
    const s: PaceState = { limit: 60, seen: { remaining: 0, at: T } };
    expect(DEFAULT_WINDOW_MS).toBe(60_000);
    expect(countUntil(s)).toBe(T + 60_000);
    expect(current(s, T + 59_999)).toBe(s);
    const later = current(s, T + 60_000);
    expect(later.seen).toBeUndefined();
    expect(left(later)).toBe(60);
    // A learnt window (2 s) ends it sooner, and a known end sooner still.
    expect(countUntil({ ...s, windowMs: 2000 })).toBe(T + 2000);
    expect(countUntil({ ...s, windowMs: 2000, windowEnd: T + 1500 })).toBe(T + 1500);
    expect(left(current({ ...s, windowMs: 2000 }, T + 2000))).toBe(60);
  });

  it('18 minutes after a spent window, the next answer is taken as the host says it (was stuck at 0)', () => {
    let s: PaceState = { limit: 60, seen: { remaining: 0, at: T }, windowStart: T - 40_000 };
    const at = T + 18 * 60_000;
    const p = plan(s, at);
    expect(p.kind).toBe('go');
    s = observe(p.state, { sentAt: at, at: at + 20, limit: 60, remaining: 59, limited: false });
    expect(left(s)).toBe(59);
    expect(s.seen).toEqual({ remaining: 59, at: at + 20 });
    // This request opened the window: its start is known again.
    expect(s.windowStart).toBe(at);
  });

  it('a higher count for a request sent after the last one came is a new window, whatever was known of its end', () => {
    let s: PaceState = { limit: 10, seen: { remaining: 0, at: 1000 }, windowStart: 0 };
    s = observe(plan(s, 1500).state, { sentAt: 1500, at: 1510, limit: 10, remaining: 9, limited: false });
    expect(left(s)).toBe(9);
    expect(s.windowStart).toBe(1500);
  });

  it("the age: the count and when the host said it stay the host's; requests sent since are taken off what is left", () => {
    let s = ok({}, 0, 10, 60, 20);
    s = plan(s, 30).state;
    s = plan(s, 31).state;
    expect(s.seen).toEqual({ remaining: 20, at: 10 });
    expect(left(s)).toBe(18);
    // The first is answered: 19 by the host, one still on its way; the count is as of this answer.
    s = ok(s, 30, 60, 60, 19);
    expect(left(s)).toBe(18);
    expect(s.inFlight).toEqual([31]);
    expect(s.seen?.at).toBe(60);
    expect(countUntil(s)).toBe(60 + DEFAULT_WINDOW_MS);
  });
});

describe('one budget for every process: each request reserved before it goes', () => {
  const T = 1_700_000_000_000;
  it('on a nearly spent budget whose end is unknown, only what is left goes; then one request alone, whose 429 says when', () => {
    // Two processes on one state, each wanting three requests at once: two are left.
    let s: PaceState = { limit: 10, seen: { remaining: 2, at: T }, windowStart: T - 500 };
    const sent: number[] = [];
    const waits: string[] = [];
    for (let i = 0; i < 6; i++) {
      const p = plan(s, T + 10);
      s = p.state;
      if (p.kind === 'go') sent.push(i);
      else waits.push(p.reason);
    }
    expect(sent).toEqual([0, 1]);
    expect(waits).toEqual(['budget', 'budget', 'budget', 'budget']);
    // Both answered, the budget is spent: one request goes alone to learn the end.
    s = ok(s, T + 10, T + 20, 10, 1);
    s = ok(s, T + 10, T + 21, 10, 0);
    expect(s.inFlight).toEqual([]);
    const probe = plan(s, T + 30);
    expect(probe.kind).toBe('go');
    s = probe.state;
    expect(plan(s, T + 31)).toMatchObject({ kind: 'wait', reason: 'budget' });
    s = observe(s, { sentAt: T + 30, at: T + 40, limited: true, limit: 10, remaining: 0, retryAfterSec: 1 });
    expect(s.windowMs).toBe(2000);
    expect(plan(s, T + 50)).toMatchObject({ kind: 'wait', until: T + 1040, reason: 'limited' });
  });

  it('a request on its way for longer than a minute no longer holds the others back (its process may be gone)', () => {
    const s: PaceState = { limit: 10, seen: { remaining: 0, at: T }, inFlight: [T] };
    expect(plan(s, T + 1000)).toMatchObject({ kind: 'wait', reason: 'budget' });
    expect(current(s, T + 60_000).inFlight).toEqual([]);
  });
});

describe("the pacer's status: the host's count and its age", () => {
  it('says the count with when the host said it, until its window must be over; then the whole budget, no count', async () => {
    let t = 1_700_000_000_000;
    const pacer = createPacer({ host: 'h', store: memoryStore(), now: () => t, sleep: async () => undefined });
    const ticket = await pacer.acquire();
    t += 30;
    pacer.observe(ticket, { limit: 60, remaining: 4, limited: false });
    expect(pacer.status()).toMatchObject({ limit: 60, remaining: 4, seenAt: t, currentUntil: t + 60_000 });
    const seenAt = t;
    t = seenAt + 59_999;
    expect(pacer.status()).toMatchObject({ remaining: 4, seenAt });
    t = seenAt + 60_000;
    const s = pacer.status();
    expect(s).toMatchObject({ limit: 60, remaining: 60 });
    expect(s.seenAt).toBeUndefined();
  });
});

describe('timerDelay', () => {
  it('holds every delay a timer can take: 0 for negative or NaN, at most 2^31 − 1 ms', () => {
    expect(timerDelay(1000)).toBe(1000);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(1e12)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Infinity)).toBe(2 ** 31 - 1);
  });
});

// The pacer on a jump clock against Laravel's throttle as arithmetic: every request is the client's
// own steps (acquire, the host's answer, observe; a 429 waited out as http.ts does, or, past
// max_wait, the end of the call), one round trip of RTT ms each. Times are the clock's: exact.
const RTT = 20;

interface Run {
  /** The clock's ms from the first acquire to the last answer. */
  ms: number;
  sent: number;
  limited: number;
  /** A 429 asked for more than max_wait: the call ended there. */
  refused: boolean;
  waits: WaitReason[];
}

function pacerOn(store: PaceStore, clock: { t: number }, maxWaitMs?: number) {
  const waits: WaitReason[] = [];
  const pacer = createPacer({ host: 'h', store, now: () => clock.t, sleep: async (ms) => void (clock.t += ms), maxWaitMs });
  pacer.subscribe((s) => {
    if (s.reason && s.waitingUntil !== undefined && s.waitingUntil > clock.t && waits[waits.length - 1] !== s.reason) waits.push(s.reason);
  });
  return { pacer, waits, maxWaitMs: maxWaitMs ?? 300_000 };
}

async function run(p: ReturnType<typeof pacerOn>, host: Throttle, clock: { t: number }, requests: number): Promise<Run> {
  const start = clock.t;
  p.waits.length = 0;
  let sent = 0;
  let limited = 0;
  for (let i = 0; i < requests; i++) {
    let waitedOut: number | undefined;
    for (;;) {
      const ticket = await p.pacer.acquire(undefined, waitedOut);
      sent++;
      const a = host.answer(clock.t + RTT / 2);
      clock.t += RTT;
      p.pacer.observe(ticket, { ...a });
      if (!a.limited) break;
      limited++;
      const waitMs = (a.retryAfterSec ?? 1) * 1000;
      if (waitMs > p.maxWaitMs) return { ms: clock.t - start, sent, limited, refused: true, waits: [...p.waits] };
      waitedOut = clock.t + waitMs;
      p.pacer.block(waitedOut);
      clock.t += waitMs;
    }
  }
  return { ms: clock.t - start, sent, limited, refused: false, waits: [...p.waits] };
}

describe("the budget is the host's latest answer less what went since (issue 55)", () => {
  const T = 1_700_000_000_000;

  it('60 requests over earlier short windows, Remaining and Reset on every answer: what is left is what the host said (was 0/60 left)', async () => {
    const clock = { t: T };
    const host = laravelThrottle(60, 2, { resetOnEvery: true });
    const p = pacerOn(memoryStore(), clock);
    // Twenty short windows of three requests each: the host says 59, 58, 57 in every one.
    for (let w = 0; w < 20; w++) {
      expect(await run(p, host, clock, 3)).toMatchObject({ sent: 3, limited: 0, ms: 3 * RTT });
      clock.t += 2500;
    }
    expect(host.passed).toBe(60);
    clock.t -= 2500;
    expect(p.pacer.status()).toMatchObject({ limit: 60, remaining: 57 });
  });

  it('a later answer replaces the count, higher or lower; an earlier one (answers come back in any order) only lowers it', () => {
    // 30 said at 0, 20 sent since: 10 left here. The answer to one sent after says 25: a window of
    // others' short of what was counted here, or a new one; the host's word either way.
    let s: PaceState = { limit: 60, seen: { remaining: 30, at: 0 }, spent: 20 };
    expect(left(s)).toBe(10);
    s = ok(s, 5, 30, 60, 25);
    expect(left(s)).toBe(25);
    expect(s.seen).toEqual({ remaining: 25, at: 30 });
    // One sent before that count came, answered later, saying more: older news.
    expect(left(ok(s, 4, 40, 60, 28))).toBe(25);
    // Saying less: others spend too.
    expect(left(ok(s, 4, 40, 60, 21))).toBe(21);
  });

  it('a Reset the host sends tells the window: its end, and its length from the answer that opened it', () => {
    // Opened at T + 0.95 s on a 10 s window: Laravel's Reset is the whole second T/1000 + 10.
    const reset = T / 1000 + 10;
    const s = observe({}, { sentAt: T + 950, at: T + 970, limit: 60, remaining: 59, limited: false, reset });
    expect(s).toMatchObject({ windowStart: T + 950, windowEnd: T + 10_000, windowMs: 10_000 });
    expect(countUntil(s)).toBe(T + 10_000);
    // The count goes with its window, by the host's Reset, not a minute later.
    expect(left(current(s, T + 10_000))).toBe(60);
    // A Reset given as seconds from now, and one past a day (not believed).
    expect(observe({}, { sentAt: T, at: T + 10, limit: 60, remaining: 40, limited: false, reset: 30 }).windowEnd).toBe(T + 30_010);
    expect(observe({}, { sentAt: T, at: T + 10, limit: 60, remaining: 40, limited: false, reset: T / 1000 + 86_401 }).windowEnd).toBeUndefined();
  });
});

describe('a window is learnt only from the host; no flag erases it (issue 55)', () => {
  const T = 1_700_000_000_000;

  it("--max-wait 5 meets a 429 of 53 s: the window and the block stay the host's; the next run waits once, no 429 (was 12 s, then a 429)", async () => {
    const clock = { t: T };
    const store = memoryStore();
    const host = laravelThrottle(60, 60);
    const deck = pacerOn(store, clock);
    // A window learnt earlier, then one spent by a long run.
    store.update(() => ({ state: { windowMs: 60_000 }, result: undefined }));
    expect(await run(deck, host, clock, 60)).toMatchObject({ sent: 60, limited: 0, ms: 60 * RTT });
    clock.t = T + 7000;
    const impatient = pacerOn(store, clock, 5000);
    expect(await run(impatient, host, clock, 1)).toMatchObject({ sent: 1, limited: 1, refused: true });
    // The host's minute, as its whole-second Retry-After gives it (W or W + 1 s, never less), and
    // its block as it said it: 53 s from its answer at T + 7.02 s.
    expect(store.read().windowMs).toBe(61_000);
    expect(store.read().blockedUntil).toBe(T + 60_020);
    // 12 s in, another run of 30: it waits for the host's window, once, and all 30 go at full speed.
    clock.t = T + 12_000;
    const next = await run(pacerOn(store, clock), host, clock, 30);
    expect(next).toMatchObject({ sent: 30, limited: 0, waits: ['limited'] });
    expect(next.ms).toBe(60_020 - 12_000 + 30 * RTT);
    expect(host.refused).toBe(1);
    expect(store.read().windowMs).toBe(61_000);
  });

  it('a shorter max_wait than the learnt window drops nothing from what every process reads', () => {
    const s: PaceState = { limit: 60, seen: { remaining: 3, at: T }, windowMs: 60_000, windowStart: T - 1000, windowEnd: T + 59_000 };
    expect(bounded(s, T)).toBe(s);
    expect(KEEP_MS).toBe(86_400_000);
  });
});

describe('a run that fits the budget goes at full speed (issue 55)', () => {
  const T = 1_700_000_000_000;

  async function thirtyLeft() {
    const clock = { t: T };
    const store = memoryStore();
    const host = laravelThrottle(60, 60);
    const p = pacerOn(store, clock);
    store.update(() => ({ state: { windowMs: 60_000 }, result: undefined }));
    await run(p, host, clock, 30);
    clock.t = T + 5000;
    expect(p.pacer.status()).toMatchObject({ remaining: 30 });
    return { clock, host, p };
  }

  it('the window learnt and exactly 30 left: list --all --per-page 10 (30 requests) takes 30 round trips, no wait (was 51.7 s)', async () => {
    const { clock, host, p } = await thirtyLeft();
    expect(await run(p, host, clock, 30)).toEqual({ ms: 30 * RTT, sent: 30, limited: 0, refused: false, waits: [] });
    // Said ahead, the same.
    const again = await thirtyLeft();
    again.p.pacer.ahead(30);
    expect(await run(again.p, again.host, again.clock, 30)).toMatchObject({ ms: 30 * RTT, waits: [] });
  });

  it('a run that needs more than is left spreads the last tenth over the window, then goes on in the next: no 429', async () => {
    const { clock, host, p } = await thirtyLeft();
    p.pacer.ahead(40);
    const r = await run(p, host, clock, 40);
    expect(r).toMatchObject({ sent: 40, limited: 0, refused: false });
    expect(r.waits).toContain('spacing');
    // The 31st request is the first of the next window (one window after the answer that opened
    // this one: T + 60 s + RTT, the host sending no Reset), and the rest follow at once.
    expect(T + 5000 + r.ms).toBe(T + 60_000 + RTT + 10 * RTT);
  });
});

describe("a long run's line, in the deck's words (for the commands' progress line)", () => {
  it('says done/total, the wait and the time left by the host’s budget and window; a run that fits has no time left to say', async () => {
    const { runLine } = await import('../../src/commands/waitNotice');
    const now = 1_700_000_000_000;
    const waiting = { host: 'h', limit: 60, remaining: 0, waitingUntil: now + 41_000, reason: 'budget' as const, windowMs: 60_000 };
    // 46 requests to go after a 41 s wait at 60 a window: this window's end, then they all go.
    expect(runLine({ label: 'websites', done: 3400, total: 8000, requestsLeft: 46, pace: waiting, now })).toBe(
      'websites 3,400/8,000 · rate limit · next request in 41 s · about 41 s left',
    );
    // 130 to go: the wait and two windows more.
    expect(runLine({ label: 'websites', done: 100, total: 250, requestsLeft: 130, pace: waiting, now })).toBe(
      'websites 100/250 · rate limit · next request in 41 s · about 3 min left',
    );
    expect(runLine({ label: 'websites', done: 10, total: 40, requestsLeft: 30, pace: { host: 'h', limit: 60, remaining: 30 }, now })).toBe('websites 10/40');
    expect(runLine({ label: 'reports', done: 7, now })).toBe('reports 7');
  });
});

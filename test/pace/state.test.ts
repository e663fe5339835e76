// The pacer's two pure steps, on times given as plain numbers (ms): no clock at all.
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerDelay } from '../../src/api/delay';
import { bounded, countUntil, createPacer, memoryStore, current, DEFAULT_WINDOW_MS, left, lowMark, observe, plan, type PaceState } from '../../src/api/pace';

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
    // The last one goes halfway between the last send and the end.
    expect(plan(s, 102_400)).toMatchObject({ kind: 'wait', until: 103_259, reason: 'spacing' });
    s = plan(s, 103_259).state;
    expect(left(s)).toBe(0);
    expect(plan(s, 103_300)).toMatchObject({ kind: 'wait', until: 104_210, reason: 'budget' });
    s = ok(s, 103_259, 103_270, 10, 0);
    const next = plan(s, 104_210);
    expect(next.kind).toBe('go');
    expect(left(next.state)).toBe(9);
  });

  it('spreads the last few requests of a window over what is left of it', () => {
    expect(lowMark(60)).toBe(6);
    expect(lowMark(10)).toBe(1);
    const s: PaceState = { limit: 60, seen: { remaining: 6, at: 0 }, windowMs: 60_000, windowStart: 0, windowEnd: 60_000, lastSend: 4000 };
    expect(plan(s, 5000)).toMatchObject({ kind: 'wait', until: 12_000, reason: 'spacing' });
    const p = plan(s, 12_000);
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

describe('bounded: what the shared file may hold', () => {
  const now = 1_700_000_000_000;
  const cap = 300_000;
  it('drops a block, a window end or a window past max_wait, and what is not a number; keeps the rest', () => {
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
  it('plan never waits past max_wait on a bounded state', () => {
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

// The pacer's two pure steps, on times given as plain numbers (ms): no clock at all.
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerDelay } from '../../src/api/delay';
import { bounded, lowMark, observe, plan, type PaceState } from '../../src/api/pace';

const ok = (s: PaceState, sentAt: number, at: number, limit: number, remaining: number) =>
  observe(s, { sentAt, at, limit, remaining, limited: false });

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
      expect(s.remaining).toBe(i);
    }
  });

  it('sends one request more when the budget is spent and the end unknown: its 429 says when', () => {
    const s: PaceState = { limit: 10, remaining: 0, windowStart: 0 };
    expect(plan(s, 500).kind).toBe('go');
  });

  it('waits out a 429 for as long as the server said, then counts a whole new window', () => {
    const s = observe({ limit: 10, remaining: 0, windowStart: 0 }, { sentAt: 500, at: 510, limited: true, limit: 10, remaining: 0, retryAfterSec: 41 });
    expect(s.blockedUntil).toBe(41_510);
    expect(plan(s, 41_509)).toMatchObject({ kind: 'wait', until: 41_510, reason: 'limited' });
    const after = plan(s, 41_510);
    expect(after).toMatchObject({ kind: 'go', state: { remaining: 9, blockedUntil: undefined } });
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
    for (let i = 0; i < 8; i++) s = (plan(s, 102_300 + i) as { state: PaceState }).state;
    expect(s.remaining).toBe(1);
    // The last one goes halfway between the last send and the end.
    expect(plan(s, 102_400)).toMatchObject({ kind: 'wait', until: 103_259, reason: 'spacing' });
    s = plan(s, 103_259).state;
    expect(s.remaining).toBe(0);
    expect(plan(s, 103_300)).toMatchObject({ kind: 'wait', until: 104_210, reason: 'budget' });
    expect(plan(s, 104_210)).toMatchObject({ kind: 'go', state: { remaining: 9 } });
  });

  it('spreads the last few requests of a window over what is left of it', () => {
    expect(lowMark(60)).toBe(6);
    expect(lowMark(10)).toBe(1);
    const s: PaceState = { limit: 60, remaining: 6, windowMs: 60_000, windowStart: 0, windowEnd: 60_000, lastSend: 4000 };
    expect(plan(s, 5000)).toMatchObject({ kind: 'wait', until: 12_000, reason: 'spacing' });
    expect(plan(s, 12_000)).toMatchObject({ kind: 'go', state: { remaining: 5, lastSend: 12_000 } });
  });

  it('keeps the smaller count when answers come back out of order', () => {
    let s = ok({}, 0, 10, 10, 9);
    s = ok(s, 20, 40, 10, 6);
    s = ok(s, 15, 50, 10, 7);
    expect(s.remaining).toBe(6);
  });

  it('takes a new window whose opening it did not see as ending one window after the first answer in it', () => {
    const s = ok({ limit: 10, windowMs: 2000 }, 1000, 1010, 10, 4);
    expect(s).toMatchObject({ remaining: 4, windowEnd: 3010 });
    expect(s.windowStart).toBeUndefined();
  });

  it('ignores answers without rate-limit headers', () => {
    const s: PaceState = { limit: 10, remaining: 3 };
    expect(observe(s, { sentAt: 0, at: 1, limited: false })).toBe(s);
  });
});

describe('bounded: what the shared file may hold', () => {
  const now = 1_700_000_000_000;
  const cap = 300_000;
  it('drops a block, a window end or a window past max_wait, and what is not a number; keeps the rest', () => {
    const poisoned = { limit: 60, remaining: 3, blockedUntil: now + 1e12, windowEnd: now + cap + 1, windowMs: 1e12, lastSend: now - 5 };
    expect(bounded(poisoned, now, cap)).toEqual({ limit: 60, remaining: 3, lastSend: now - 5 });
    expect(bounded({ blockedUntil: 'soon' as unknown as number, remaining: -1, limit: Infinity }, now, cap)).toEqual({});
    const fine = { limit: 60, remaining: 0, blockedUntil: now + cap, windowEnd: now + 1000, windowMs: 60_000 };
    expect(bounded(fine, now, cap)).toBe(fine);
  });
  it('plan never waits past max_wait on a bounded state', () => {
    const p = plan(bounded({ limit: 10, remaining: 0, blockedUntil: now + 1e12, windowEnd: now + 1e12 }, now, cap), now);
    expect(p.kind).toBe('go');
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

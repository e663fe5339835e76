// The monkey tests' one source of random keys, faults and seeds, and their check on writes: the
// in-process walk (test/helpers/inkMonkey.tsx) and the tmux walk (test/robust/monkey.test.ts) press
// the same kinds of keys and hold the deck to the same bound on what it sends.
import { expect } from 'vitest';
import type { Fault, Hit } from '../../src/emulator';
import { mulberry32 } from '../../src/emulator/prng';

/**
 * The seed asked for in MONKEY_SEED (an integer, or "random" for a new walk), else `fixed`: the
 * walk is the same on every run unless asked, so a failure is a regression, not bad luck.
 */
export function monkeySeed(asked: string | undefined, fixed: number): number {
  if (!asked) return fixed;
  if (asked === 'random') return Math.floor(Math.random() * 2 ** 31);
  const n = Number(asked);
  if (!Number.isInteger(n)) throw new Error(`MONKEY_SEED must be an integer or "random", not ${JSON.stringify(asked)}`);
  return n;
}

/** mulberry32: small, fast, and the same walk for the same seed. */
export function rng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
type Rng = ReturnType<typeof rng>;

// Printable keys, without q/Q (quit, or close the detail: the walk must not end itself) .
const PRINTABLE = 'abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789 ./:-_+=?[]{}!@#$%^&*(),;\'"<>|~`\\'.split('');
const NAMED = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  tab: '\t',
  shiftTab: '\x1b[Z',
  esc: '\x1b',
  enter: '\r',
  backspace: '\x7f',
};
// Ctrl+letter, but Ctrl+C (the tmux walk's own rule), Ctrl+Z, Ctrl+Q and Ctrl+\ (job control, flow control).
const CTRL = 'abdefghijklmnoprstuvwxy'.split('').map((c) => String.fromCharCode(c.charCodeAt(0) - 96));
// Keys that may confirm a change: Enter (a form's last field, a delete dialog), y/Y, R (re-run), Ctrl+S, Ctrl+J.
const CONFIRMING = new Set(['\r', '\n', 'y', 'Y', 'R', '\x13']);

/** How many keys in `bytes` may confirm a change: the bound on the writes they can cause. */
const confirmsIn = (bytes: string) => Array.from(bytes).filter((c) => CONFIRMING.has(c)).length;

/** One random key (or a paste burst), as the bytes a terminal sends. */
export function randomKey(r: Rng): string {
  const roll = r.next();
  if (roll < 0.45) return r.pick(PRINTABLE);
  if (roll < 0.74) return r.pick(Object.values(NAMED));
  // Keys some terminals send that Ink has no name for (Ctrl+keypad, odd modifiers).
  if (roll < 0.75) return r.pick(['\x1b[1;5G', '\x1b[1;5E', '\x1b[5z', '\x1b[99;5~', '\x1b[1;3P', '\x1b[2;5~', '\x1bOq', '\x1b[1;2q']);
  if (roll < 0.85) return r.pick(CTRL);
  // Now and then a value the host accepts, so saves get through and faults meet real writes.
  if (roll < 0.87) return r.next() < 0.5 ? `m${r.int(1, 1e6)}.example.com` : `https://m${r.int(1, 1e6)}.example.com/p`;
  if (roll < 0.9) {
    // A paste burst: printable text, now and then with a newline.
    const n = r.int(5, 120);
    let s = '';
    for (let i = 0; i < n; i++) s += r.next() < 0.03 ? '\n' : r.pick(PRINTABLE);
    return s;
  }
  // Weighted towards the keys that open and submit things.
  return r.pick(['n', 'e', 'd', 'y', 'R', '\x13', '\r', '/', ':', '2', '1', 'r', '\x1b', '?']);
}

/** One random fault; a delay lasts up to `maxDelayMs` (past the client's timeout in the tmux walk). */
function randomFault(r: Rng, maxDelayMs = 2_500): Fault {
  switch (r.int(0, 12)) {
    case 0:
      return { type: 'status', status: 500 };
    case 1:
      return { type: 'html', status: 502 };
    case 2:
      return { type: 'status', status: 503 };
    case 3:
      return { type: 'status', status: 429, headers: { 'Retry-After': '1' }, body: { message: 'Too Many Attempts.' } };
    case 4:
      return { type: 'status', status: 401, body: { message: 'Unauthenticated.' } };
    case 5:
      return { type: 'status', status: 403 };
    case 6:
      return { type: 'status', status: 404 };
    case 7:
      return { type: 'status', status: 422, body: { message: { domain: ['The domain has already been taken.'] } } };
    case 8:
      return { type: 'malformedJson' };
    case 9:
      return { type: 'redirectLogin' };
    case 10:
      return { type: 'emptyBody' };
    case 11:
      return { type: 'reset' };
    default:
      return { type: 'delay', ms: r.int(Math.min(200, maxDelayMs), maxDelayMs) };
  }
}

/** The faults of a stretch of the walk: none, or one or two seeded rules. */
export function randomFaultRules(r: Rng, maxDelayMs?: number) {
  const rules = r.next() < 0.3 ? 0 : r.int(1, 2);
  return Array.from({ length: rules }, () => ({
    method: r.pick([undefined, 'GET', 'POST', 'PUT', 'DELETE']),
    times: r.next() < 0.5 ? r.int(1, 4) : undefined,
    fault: randomFault(r, maxDelayMs),
  }));
}

/** Confirming keys sent, with when: the mutation bound at any moment. */
export class ConfirmLog {
  private readonly sent: { at: number; confirms: number }[] = [];
  /** Call before the bytes go out, so a write they cause is never earlier than its keys. */
  record(bytes: string): void {
    this.sent.push({ at: Date.now(), confirms: confirmsIn(bytes) });
  }
  by(at: number): number {
    return this.sent.reduce((n, s) => (s.at <= at ? n + s.confirms : n), 0);
  }
}

/** The writes the emulator answered (a 429 was never carried out). */
export const mutations = (hits: readonly Hit[]): Hit[] => hits.filter((h) => h.method !== 'GET' && h.method !== 'HEAD' && h.status !== 429);

/** Every write was asked for: never more writes than confirming keys sent, never one create body more often. */
export function checkWrites(hits: readonly Hit[], log: ConfirmLog, step: string): void {
  const all = mutations(hits);
  for (const h of all) expect(all.filter((x) => x.at <= h.at).length, `${step}: more writes than confirming keys`).toBeLessThanOrEqual(log.by(h.at));
  const posts = all.filter((h) => h.method === 'POST');
  for (const h of posts) {
    const body = JSON.stringify(h.body);
    const same = posts.filter((x) => JSON.stringify(x.body) === body && x.at <= h.at).length;
    expect(same, `${step}: create ${body} sent ${same} times`).toBeLessThanOrEqual(log.by(h.at));
  }
}

// The pacer against Laravel's own ThrottleRequests (../shared/laravel-ref, real Laravel 8 over
// loopback) at 10 requests per 12 s, on one state database as every sitedeck process on a profile
// shares it. Proved by the host's answers, counted exactly (no clock in the assertions: the bench,
// scripts/bench/figures/paced.mjs, measures the time): a run that fits what the host says is left
// goes without a wait or a 429; a run with a max_wait shorter than the host's wait meets its 429 and
// ends, leaving the window and the block as the host said them; the next run waits that block out
// once and meets no 429; with the window learnt, a run of exactly what is left goes without a wait.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, readAll, type PaceStatus } from '../../src/api';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';
import { sharedPaceIn, storedPace } from '../helpers/stateDb';

const LIMIT = 10;
const WINDOW_SEC = 12;

describe.runIf(laravelRef().ok)(refSuiteTitle("the pacer against real Laravel's throttle"), () => {
  let ref: RunningRef;
  let dir: string;
  beforeAll(async () => {
    ref = await startLaravelRef({ throttle: `${LIMIT},${WINDOW_SEC / 60}`, seedWebsites: 50, seedReports: 1 });
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-pace-ref-'));
  }, 60_000);
  afterAll(async () => {
    await ref?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One process's client on the shared state: what each answer said, and each wait the pacer made. */
  function processOn(maxRetryAfterSec?: number) {
    const answers: { status: number; remaining?: number }[] = [];
    const waits: PaceStatus['reason'][] = [];
    const client = createClient({
      baseUrl: ref.baseUrl,
      seoBaseUrl: ref.seoBaseUrl,
      apiKey: ref.apiKey,
      pace: sharedPaceIn(dir),
      ...(maxRetryAfterSec !== undefined ? { maxRetryAfterSec } : {}),
      onAnswer: (a) => void (a.host === 'analytics' && answers.push({ status: a.status, remaining: a.remaining })),
    });
    client.pacer('analytics').subscribe((s) => {
      if (s.reason && waits[waits.length - 1] !== s.reason) waits.push(s.reason);
    });
    /** Every page of 10 websites: 5 requests. */
    const readAllPages = async () => {
      let n = 0;
      for await (const batch of readAll(client.websites, { per_page: 10 })) n += batch.length;
      return n;
    };
    return { client, answers, waits, readAllPages };
  }

  const origin = () => new URL(ref.baseUrl).origin;
  const stored = () => storedPace<{ windowMs?: number; blockedUntil?: number }>(join(dir, 'state.sqlite'), origin())!;

  it('two runs of 5 that fit the 10 the host allows: 10 answers, no wait, no 429; the budget is what the host said last', async () => {
    const first = processOn();
    expect(await first.readAllPages()).toBe(50);
    const second = processOn();
    expect(await second.readAllPages()).toBe(50);
    expect([...first.answers, ...second.answers]).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((remaining) => ({ status: 200, remaining })));
    expect([...first.waits, ...second.waits]).toEqual([]);
    expect(second.client.pacer('analytics').status()).toMatchObject({ limit: LIMIT, remaining: 0 });
  });

  it("a run with max_wait 1 s meets the host's 429 and ends; the window and the block stay the host's", async () => {
    const impatient = processOn(1);
    await expect(impatient.readAllPages()).rejects.toMatchObject({ status: 429, maxWaitSec: 1 });
    expect(impatient.answers.map((a) => a.status)).toEqual([429]);
    // Learnt from the host's Retry-After against the window's first request: its 12 s (13 as whole seconds can round it).
    expect([WINDOW_SEC * 1000, (WINDOW_SEC + 1) * 1000]).toContain(stored().windowMs);
    // The host's wait, longer than this run's max_wait, is kept for every process.
    expect(stored().blockedUntil! - Date.now()).toBeGreaterThan(1000);
  });

  it('the next run waits that block out once, then reads all 5 pages: no 429', async () => {
    const patient = processOn();
    expect(await patient.readAllPages()).toBe(50);
    expect(patient.answers).toEqual([9, 8, 7, 6, 5].map((remaining) => ({ status: 200, remaining })));
    expect(patient.waits).toEqual(['limited']);
  }, 30_000);

  it('the window learnt and exactly 5 left: a run of 5 goes without a wait (the last of the budget is not spread over the window)', async () => {
    const fits = processOn();
    expect(fits.client.pacer('analytics').status()).toMatchObject({ remaining: 5 });
    expect(await fits.readAllPages()).toBe(50);
    expect(fits.answers).toEqual([4, 3, 2, 1, 0].map((remaining) => ({ status: 200, remaining })));
    expect(fits.waits).toEqual([]);
  });
});

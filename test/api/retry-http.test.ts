// The retry policy, counted in server hits on the emulator. Sleeps between retries are injected
// and recorded, except where a test needs a real wait to abort; request timeouts and the
// emulator's delays are held on a test clock, so no test waits for them in real time.

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORTS, WEBSITES } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { heldTimeouts } from '../helpers/clock';
import { waitFor } from '../helpers/wait';
import { apiError, clientFor, hitsOf, startTestEmulator } from './helpers';

let emu: Emulator;

beforeAll(async () => {
  emu = await startTestEmulator(12);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  emu.clearFaults();
  emu.clearHits();
});
afterAll(async () => {
  await emu?.close();
});

const websitesHits = (method: string) => hitsOf(emu, method, WEBSITES.apiPath);

describe('GET', () => {
  it('is retried on a 503 and then succeeds: 2 hits, one backoff', async () => {
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'status', status: 503 } });
    const attempts: number[] = [];
    const { client, waits } = clientFor(emu, { onRequest: (i) => attempts.push(i.attempt) });
    const page = await client.websites.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(websitesHits('GET').map((h) => h.status)).toEqual([503, 200]);
    expect(waits).toEqual([300]);
    expect(attempts).toEqual([1, 2]);
  });

  it('gives up after 3 hits on a persistent 500, with doubling backoff', async () => {
    emu.addFault({ host: 'analytics', fault: { type: 'status', status: 500 } });
    const { client, waits } = clientFor(emu);
    const e = await apiError(client.websites.list());
    expect(e).toMatchObject({ kind: 'server', status: 500 });
    expect(websitesHits('GET')).toHaveLength(3);
    expect(waits).toEqual([300, 600]);
  });

  it('is retried after its own timeout with a fresh timeout signal', async () => {
    // The first attempt is delayed (on fake timers that the test never moves) until its timeout,
    // held by the test, is up; the second attempt has a timeout of its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    emu.addFault({ host: 'seo', times: 1, fault: { type: 'delay', ms: 3000 } });
    const timeouts = heldTimeouts();
    const { client } = clientFor(emu, { timeoutMs: 2000 });
    const answer = client.reports.list();
    await waitFor(() => hitsOf(emu, 'GET', REPORTS.apiPath).length === 1, 'the first attempt');
    timeouts.expire(0);
    const page = await answer;
    expect(page.items.length).toBeGreaterThan(0);
    expect(hitsOf(emu, 'GET', REPORTS.apiPath)).toHaveLength(2);
    expect(timeouts.ms).toEqual([2000, 2000]);
  });

  it('is retried on a reset connection and on 408', async () => {
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'reset' } });
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'status', status: 408, body: { message: 'Request Timeout' } } });
    const { client } = clientFor(emu);
    await client.websites.get(1);
    expect(hitsOf(emu, 'GET', `${WEBSITES.apiPath}/1`)).toHaveLength(3);
  });

  it('honours Retry-After on a 429', async () => {
    emu.addFault({ host: 'seo', times: 1, fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } } });
    const { client, waits } = clientFor(emu);
    await client.reports.list();
    expect(waits).toEqual([1000]);
    expect(hitsOf(emu, 'GET', REPORTS.apiPath).map((h) => h.status)).toEqual([429, 200]);
  });

  it('is not retried on 4xx answers that will not change', async () => {
    const { client, waits } = clientFor(emu);
    await apiError(client.websites.get(987_654));
    expect(hitsOf(emu, 'GET', `${WEBSITES.apiPath}/987654`)).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('writes', () => {
  it('a POST answered 500 is sent exactly once', async () => {
    emu.addFault({ host: 'analytics', method: 'POST', fault: { type: 'status', status: 500 } });
    const { client, waits } = clientFor(emu);
    const e = await apiError(client.websites.create({ domain: 'once.example' }));
    expect(e).toMatchObject({ kind: 'server', method: 'POST' });
    expect(websitesHits('POST')).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('a POST that times out is sent exactly once and may have been applied', async () => {
    // The server holds the POST (fake timers) while its timeout (held by the test) ends.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    emu.addFault({ host: 'analytics', method: 'POST', times: 1, fault: { type: 'delay', ms: 1000 } });
    const timeouts = heldTimeouts();
    const { client } = clientFor(emu, { timeoutMs: 200 });
    const saving = apiError(client.websites.create({ domain: 'slow-save.example' }));
    await waitFor(() => websitesHits('POST').length === 1, 'the POST on the wire');
    timeouts.expire(0);
    const e = await saving;
    expect(e).toMatchObject({ kind: 'timeout', mayHaveApplied: true });
    expect(e.message).toContain('may have been applied — refresh to check');
    expect(websitesHits('POST')).toHaveLength(1);
    expect(timeouts.ms).toEqual([200]);
    // And indeed the server went on to apply it, once its delay was over.
    vi.advanceTimersByTime(1000);
    await waitFor(() => emu.websites().some((w) => w.domain === 'slow-save.example'), 'the slow save to land');
    expect(websitesHits('POST')).toHaveLength(1);
  });

  it('a PUT and a DELETE answered 503 are sent exactly once', async () => {
    emu.addFault({ host: 'seo', method: 'PUT', fault: { type: 'status', status: 503 } });
    emu.addFault({ host: 'seo', method: 'DELETE', fault: { type: 'status', status: 503 } });
    const { client } = clientFor(emu);
    await apiError(client.reports.update(2, { privacy: 1 }));
    await apiError(client.reports.delete(2));
    expect(hitsOf(emu, 'PUT', `${REPORTS.apiPath}/2`)).toHaveLength(1);
    expect(hitsOf(emu, 'DELETE', `${REPORTS.apiPath}/2`)).toHaveLength(1);
  });

  it('a POST answered 429 is retried (the server did not process it) and applied once', async () => {
    emu.addFault({
      host: 'seo',
      method: 'POST',
      times: 1,
      fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '1' } },
    });
    const { client, waits } = clientFor(emu);
    const created = await client.reports.create({ url: 'https://rate-limited.example/' });
    expect(waits).toEqual([1000]);
    expect(hitsOf(emu, 'POST', REPORTS.apiPath).map((h) => h.status)).toEqual([429, 201]);
    expect(emu.reports().filter((r) => r._url === 'https://rate-limited.example/')).toHaveLength(1);
    expect(created.url).toBe('rate-limited.example');
  });
});

describe("the caller's abort", () => {
  it('during a request is not retried', async () => {
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'delay', ms: 1500 } });
    const ctl = new AbortController();
    const { client, waits } = clientFor(emu);
    const p = client.websites.list({}, { signal: ctl.signal });
    await waitFor(() => websitesHits('GET').length === 1, 'the list request');
    ctl.abort();
    expect((await apiError(p)).kind).toBe('aborted');
    expect(websitesHits('GET')).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('during the backoff sleep ends it at once', async () => {
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'status', status: 503 } });
    const ctl = new AbortController();
    // The real sleep this time, with a backoff far longer than the test may take: only the abort
    // can end it before the test's own time is up.
    const { client } = clientFor(emu, { backoffMs: 60_000, sleep: undefined });
    const p = client.websites.list({}, { signal: ctl.signal });
    await waitFor(() => websitesHits('GET').length === 1 && websitesHits('GET')[0].status === 503, 'the 503 answer');
    ctl.abort();
    expect((await apiError(p)).kind).toBe('aborted');
    expect(websitesHits('GET')).toHaveLength(1);
  });
});

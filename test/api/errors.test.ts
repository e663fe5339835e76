// Every ApiError kind, produced over real loopback HTTP by the emulator (its faults, a wrong key,
// a closed port), and the promise that no message ever carries the API key.

import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/api';
import { REPORTS, WEBSITES } from '../../src/domain';
import { startEmulator, type Emulator } from '../../src/emulator';
import { waitFor } from '../helpers/wait';
import { TEST_KEY, apiError, clientFor, hitsOf, startTestEmulator } from './helpers';

let emu: Emulator;
const seen: ApiError[] = [];
const fail = async (p: Promise<unknown>) => {
  const e = await apiError(p);
  seen.push(e);
  return e;
};
const noRetry = () => clientFor(emu, { retries: 0 }).client;
const analyticsHost = () => `analytics host ${new URL(emu.baseUrl).host}`;
const seoHost = () => `SEO host ${new URL(emu.seoBaseUrl).host}`;

beforeAll(async () => {
  emu = await startTestEmulator(12);
});
afterEach(() => emu.clearFaults());
afterAll(async () => {
  await emu?.close();
});

describe('auth', () => {
  it('a wrong key is a 401 (the client asks for JSON) that names the host and where the key comes from', async () => {
    const { client } = clientFor(emu, { apiKey: 'sd_wrong_key_Q1w2E3r4T5' });
    const e = await fail(client.reports.list());
    expect(e).toMatchObject({ kind: 'auth', status: 401, host: 'seo', method: 'GET', path: REPORTS.apiPath });
    expect(e.message).toContain(seoHost());
    expect(e.message).toContain('SITEDECK_API_KEY');
    expect(e.message).not.toContain('sd_wrong_key_Q1w2E3r4T5');
  });
  it('a 302 to the login page is an auth failure, not followed', async () => {
    emu.addFault({ host: 'analytics', fault: { type: 'redirectLogin' } });
    const e = await fail(noRetry().websites.list());
    expect(e).toMatchObject({ kind: 'auth', status: 302 });
    expect(e.message).toContain('login page');
    expect(hitsOf(emu, 'GET', '/public/login')).toHaveLength(0);
  });
  it('an HTML page on a 200 is an auth failure', async () => {
    emu.addFault({ host: 'analytics', fault: { type: 'html', status: 200 } });
    const e = await fail(noRetry().websites.get(1));
    expect(e).toMatchObject({ kind: 'auth', status: 200 });
    expect(e.message).toContain(analyticsHost());
  });
});

describe('status kinds', () => {
  it('403 is forbidden and quotes the server', async () => {
    emu.addFault({ host: 'seo', fault: { type: 'status', status: 403, body: { message: "You don't have access to this feature.", status: 403 } } });
    const e = await fail(noRetry().reports.list());
    expect(e).toMatchObject({ kind: 'forbidden', status: 403, serverMessage: "You don't have access to this feature." });
    expect(e.message).toContain(seoHost());
  });
  it('404 on a record says it may have been deleted elsewhere', async () => {
    // The SEO host's update answers an unknown id with Eloquent's model-not-found 404.
    const e = await fail(noRetry().reports.update(999_999, { privacy: 1 }));
    expect(e).toMatchObject({ kind: 'notFound', status: 404, method: 'PUT', path: `${REPORTS.apiPath}/999999` });
    expect(e.message).toContain('report 999999');
    expect(e.message).toContain('deleted elsewhere — refresh');
    const w = await fail(noRetry().websites.delete(999_999));
    expect(w).toMatchObject({ kind: 'notFound', status: 404, method: 'DELETE', path: `${WEBSITES.apiPath}/999999` });
  });
  it("an update the analytics host answers 500 reads the record once: gone is 'deleted elsewhere', present is the 500", async () => {
    emu.clearHits();
    const gone = await fail(noRetry().websites.update(999_999, { email: 1 }));
    expect(gone).toMatchObject({ kind: 'notFound', status: 404, method: 'PUT', path: `${WEBSITES.apiPath}/999999` });
    expect(gone.message).toContain('deleted elsewhere — refresh');
    expect(emu.hits.map((h) => `${h.method} ${h.status}`)).toEqual(['PUT 500', 'GET 404']);

    const first = (await noRetry().websites.list()).items[0];
    emu.clearHits();
    emu.addFault({ host: 'analytics', method: 'PUT', times: 1, fault: { type: 'status', status: 500 } });
    const real = await fail(noRetry().websites.update(first.id, { email: 1 }));
    expect(real).toMatchObject({ kind: 'server', status: 500 });
    expect(emu.hits.map((h) => `${h.method} ${h.status}`)).toEqual(['PUT 500', 'GET 200']);
  });
  it('404 on the collection points at the base URL', async () => {
    const { client } = clientFor(emu, { baseUrl: `${emu.baseUrl}/not-here`, retries: 0 });
    const e = await fail(client.websites.list());
    expect(e).toMatchObject({ kind: 'notFound', status: 404, path: `/not-here${WEBSITES.apiPath}` });
    expect(e.message).toContain('SITEDECK_BASE_URL');
  });
  it('422 gives the field map, whether under message (real servers) or errors', async () => {
    const first = await noRetry().websites.list();
    const dup = await fail(noRetry().websites.create({ domain: first.items[0].domain }));
    expect(dup).toMatchObject({ kind: 'validation', status: 422, fields: { domain: ['The domain has already been taken.'] } });
    expect(dup.message).toContain('domain: The domain has already been taken.');

    emu.addFault({
      host: 'seo',
      fault: { type: 'status', status: 422, body: { message: 'The given data was invalid.', errors: { url: ['The url format is invalid.'] } } },
    });
    const e = await fail(noRetry().reports.create({ url: 'nope' }));
    expect(e).toMatchObject({ kind: 'validation', fields: { url: ['The url format is invalid.'] } });
  });
  it('429 beyond max_wait (5 minutes by default) gives up at once, saying the wait and the date to try again', async () => {
    emu.addFault({ host: 'seo', fault: { type: 'status', status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '7200' } } });
    emu.clearHits();
    const e = await fail(clientFor(emu).client.reports.list());
    expect(e).toMatchObject({ kind: 'rateLimited', status: 429, retryAfter: 7200, maxWaitSec: 300 });
    expect(e.message).toMatch(
      /is limiting requests \(429\): it asks for a wait of 7,200 s, longer than max_wait \(300 s\); try again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/,
    );
    expect(Math.abs(e.retryAt! - (Date.now() + 7_200_000))).toBeLessThan(10_000);
    expect(emu.hits).toHaveLength(1);
  });
  it('5xx is a server error, an HTML error page too', async () => {
    emu.addFault({ host: 'analytics', fault: { type: 'status', status: 500 } });
    expect(await fail(noRetry().websites.list())).toMatchObject({ kind: 'server', status: 500, serverMessage: 'Server Error' });
    emu.clearFaults();
    emu.addFault({ host: 'analytics', fault: { type: 'html', status: 502 } });
    expect(await fail(noRetry().websites.list())).toMatchObject({ kind: 'server', status: 502 });
  });
});

describe("the emulator's own rate limiter", () => {
  it('ends in rateLimited with the wait it announced', async () => {
    const limited = await startEmulator({ port: 0, seoPort: 0, seed: 3, key: TEST_KEY, rateLimit: 2 });
    try {
      // A wait longer than the client's cap is not waited out: the 429 ends the call.
      const { client } = clientFor(limited, { maxRetryAfterSec: 30 });
      await client.websites.list();
      await client.websites.get(1);
      // The SEO host counts on its own: its budget is untouched.
      await client.reports.list();
      const e = await fail(client.websites.list());
      expect(e).toMatchObject({ kind: 'rateLimited', status: 429 });
      expect(e.retryAfter).toBeGreaterThan(0);
      expect(e.message).toMatch(/longer than max_wait \(30 s\); try again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/);
      expect(e.retryAfter).toBeGreaterThan(30);
      expect(limited.hits.filter((h) => h.status === 429)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('unreadable answers', () => {
  it('malformed JSON, an empty body and a wrong shape are badResponse', async () => {
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'malformedJson' } });
    const bad = await fail(noRetry().websites.list());
    expect(bad).toMatchObject({ kind: 'badResponse', status: 200 });
    expect(bad.message).toContain('malformed JSON');

    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'emptyBody' } });
    expect((await fail(noRetry().websites.get(1))).message).toContain('an empty answer');

    emu.addFault({ host: 'seo', times: 1, fault: { type: 'status', status: 200, body: { data: [{ id: 'x' }] } } });
    const shape = await fail(noRetry().reports.list());
    expect(shape.kind).toBe('badResponse');
    expect(shape.message).toContain('item 1 of the list');
  });
  it('a read that cannot be read may have changed nothing; a write answered 2xx was probably applied', async () => {
    emu.addFault({ host: 'analytics', method: 'GET', times: 1, fault: { type: 'malformedJson' } });
    expect((await fail(noRetry().websites.list())).mayHaveApplied).toBe(false);

    emu.addFault({ host: 'analytics', method: 'POST', times: 1, fault: { type: 'malformedJson' } });
    const created = await fail(noRetry().websites.create({ domain: 'unreadable-answer.example.com' }));
    expect(created).toMatchObject({ kind: 'badResponse', status: 200, mayHaveApplied: true });
    expect(created.message).toContain('The change was probably applied — refresh to check.');

    emu.addFault({ host: 'seo', method: 'PUT', times: 1, fault: { type: 'status', status: 200, body: { data: { id: 'not a number' } } } });
    const page = await noRetry().reports.list({ per_page: 10 });
    const shaped = await fail(noRetry().reports.update(page.items[0].id, { privacy: 1 }));
    expect(shaped).toMatchObject({ kind: 'badResponse', mayHaveApplied: true });

    emu.addFault({ host: 'analytics', method: 'POST', times: 1, fault: { type: 'status', status: 500 } });
    expect((await fail(noRetry().websites.create({ domain: 'server-error.example.com' }))).mayHaveApplied).toBe(false);
  });
  it('an empty 204 answer to a delete is a success', async () => {
    const page = await noRetry().reports.list({ per_page: 10 });
    emu.addFault({ host: 'seo', method: 'DELETE', times: 1, fault: { type: 'emptyBody', status: 204 } });
    expect(await noRetry().reports.delete(page.items[0].id)).toEqual({ id: page.items[0].id, object: 'report', deleted: true });
  });
});

describe('connections', () => {
  it('a refused connection is network, and a write there cannot have been applied', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const { client } = clientFor(emu, { baseUrl: `http://127.0.0.1:${port}`, retries: 0 });
    const e = await fail(client.websites.create({ domain: 'never.example' }));
    expect(e).toMatchObject({ kind: 'network', mayHaveApplied: false });
    expect(e.message).toContain(`Could not reach the analytics host 127.0.0.1:${port} (connection refused)`);
  });
  it('a reset connection on a write may have applied it; on a read it may not', async () => {
    emu.addFault({ host: 'analytics', method: 'PUT', times: 1, fault: { type: 'reset' } });
    const w = await fail(noRetry().websites.update(1, { email: 1 }));
    expect(w).toMatchObject({ kind: 'network', method: 'PUT', mayHaveApplied: true });
    expect(w.message).toContain('may have been applied — refresh to check');

    emu.addFault({ host: 'analytics', method: 'GET', times: 1, fault: { type: 'reset' } });
    expect(await fail(noRetry().websites.get(1))).toMatchObject({ kind: 'network', mayHaveApplied: false });
  });
  it('a slow host is a timeout that names the limit', async () => {
    emu.addFault({ host: 'seo', times: 1, fault: { type: 'delay', ms: 1500 } });
    const { client } = clientFor(emu, { retries: 0, timeoutMs: 150 });
    const e = await fail(client.reports.get(1));
    expect(e).toMatchObject({ kind: 'timeout', mayHaveApplied: false });
    expect(e.message).toContain(`The ${seoHost()} did not answer within 150 ms. Try again`);
  });
  it("the caller's abort rejects with aborted", async () => {
    emu.addFault({ host: 'seo', times: 1, fault: { type: 'delay', ms: 1500 } });
    const ctl = new AbortController();
    emu.clearHits();
    const p = clientFor(emu).client.reports.list({}, { signal: ctl.signal });
    await waitFor(() => emu.hits.length === 1, 'the request');
    ctl.abort();
    expect(await fail(p)).toMatchObject({ kind: 'aborted' });
  });
  it('an already aborted signal sends nothing', async () => {
    emu.clearHits();
    const e = await fail(clientFor(emu).client.websites.list({}, { signal: AbortSignal.abort() }));
    expect(e.kind).toBe('aborted');
    expect(emu.hits).toHaveLength(0);
  });
});

describe('the API key', () => {
  it('appears in no error message, server message or field error', async () => {
    // A hostile or buggy server echoing the key back is scrubbed too.
    emu.addFault({ host: 'seo', times: 1, fault: { type: 'status', status: 500, body: { message: `bad token ${TEST_KEY}` } } });
    emu.addFault({ host: 'analytics', times: 1, fault: { type: 'status', status: 422, body: { message: { key: [`${TEST_KEY} revoked`] } } } });
    await fail(noRetry().reports.list());
    await fail(noRetry().websites.create({ domain: 'x.example' }));
    expect(seen.length).toBeGreaterThanOrEqual(15);
    for (const e of seen) {
      const all = [e.message, e.serverMessage ?? '', JSON.stringify(e.fields ?? {}), String(e.stack), inspect(e, { depth: 8, showHidden: true })].join('\n');
      expect(all).not.toContain(TEST_KEY);
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import { waitFor } from '../helpers/wait';
import { call, emulator, REP, WEB } from './helpers';

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator({ seed: 5 });
});
afterAll(() => emu.close());
afterEach(() => {
  emu.clearFaults();
  emu.clearHits();
});

describe('faults', () => {
  it('status: answers the given status, body and headers for `times` requests, then normally', async () => {
    emu.addFault({ host: 'analytics', method: 'GET', path: WEB, times: 2, fault: { type: 'status', status: 503, headers: { 'Retry-After': '1' } } });
    const a = await call(emu, 'GET', WEB);
    expect(a.status).toBe(503);
    expect(a.headers.get('retry-after')).toBe('1');
    expect(a.body).toEqual({ message: 'Server Error' });
    expect((await call(emu, 'GET', WEB)).status).toBe(503);
    expect((await call(emu, 'GET', WEB)).status).toBe(200);
    emu.addFault({ path: /^\/api\/v1\/reports\/\d+$/, fault: { type: 'status', status: 403, body: { message: 'This action is unauthorized.' } } });
    expect((await call(emu, 'GET', `${REP}/1`)).body).toEqual({ message: 'This action is unauthorized.' });
    expect((await call(emu, 'GET', REP)).status).toBe(200);
  });

  it('a bare status gets the body the real hosts send with it', async () => {
    const bodies: [number, unknown][] = [
      [401, { message: 'Unauthenticated.' }],
      [403, { message: "You don't have access to this feature.", status: 403 }],
      [404, { message: 'Resource not found.', status: 404 }],
      [429, { message: 'Too Many Attempts.' }],
      [500, { message: 'Server Error' }],
      [418, { message: "I'm a Teapot", status: 418 }],
    ];
    for (const [status, body] of bodies) {
      emu.addFault({ times: 1, fault: { type: 'status', status } });
      const a = await call(emu, 'GET', WEB);
      expect(a.status).toBe(status);
      expect(a.body).toEqual(body);
    }
    emu.addFault({ times: 1, fault: { type: 'status', status: 500, body: 'not json at all' } });
    expect((await call(emu, 'GET', WEB)).text).toBe('not json at all');
  });

  it('matches by host and method', async () => {
    emu.addFault({ host: 'seo', method: 'POST', fault: { type: 'status', status: 500 } });
    expect((await call(emu, 'GET', REP)).status).toBe(200);
    expect((await call(emu, 'POST', WEB, { form: { domain: 'f1.example.com' } })).status).toBe(201);
    expect((await call(emu, 'POST', REP, { form: { url: 'https://f1.example.com/' } })).status).toBe(500);
  });

  it('the remover takes a rule away', async () => {
    const remove = emu.addFault({ fault: { type: 'status', status: 500 } });
    expect((await call(emu, 'GET', WEB)).status).toBe(500);
    remove();
    expect((await call(emu, 'GET', WEB)).status).toBe(200);
  });

  it('delay: answers normally after the delay', async () => {
    emu.addFault({ path: WEB, times: 1, fault: { type: 'delay', ms: 150 } });
    const t0 = performance.now();
    const a = await call(emu, 'GET', WEB);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect(a.status).toBe(200);
    expect(a.body.data.length).toBeGreaterThan(0);
  });

  it('malformedJson, html, emptyBody', async () => {
    emu.addFault({ times: 1, fault: { type: 'malformedJson' } });
    const bad = await call(emu, 'GET', WEB);
    expect(bad.status).toBe(200);
    expect(bad.headers.get('content-type')).toMatch(/json/);
    expect(() => JSON.parse(bad.text)).toThrow();

    emu.addFault({ times: 1, fault: { type: 'html', status: 502 } });
    const page = await call(emu, 'GET', REP);
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toMatch(/<html/);

    emu.addFault({ times: 1, fault: { type: 'emptyBody' } });
    const empty = await call(emu, 'GET', REP);
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');
  });

  it('reset: the connection drops without an answer', async () => {
    emu.addFault({ times: 1, fault: { type: 'reset' } });
    await expect(call(emu, 'GET', WEB)).rejects.toThrow();
    expect((await call(emu, 'GET', WEB)).status).toBe(200);
  });

  it('redirectLogin: a 302 to the login page even with a good key', async () => {
    emu.addFault({ times: 1, fault: { type: 'redirectLogin' } });
    const a = await call(emu, 'GET', WEB);
    expect(a.status).toBe(302);
    // Under the base path the request came by, as the host redirects.
    expect(new URL(a.headers.get('location')!, emu.baseUrl).pathname).toBe('/public/login');
  });
});

describe('hits', () => {
  it('records every request exactly: host, method, path, query, parsed body, status', async () => {
    emu.addFault({ method: 'DELETE', times: 1, fault: { type: 'reset' } });
    await call(emu, 'GET', WEB, { query: { sort: 'asc', per_page: 25 } });
    await call(emu, 'POST', REP, { form: { url: 'https://hits.example.com/', privacy: 1 } });
    await call(emu, 'GET', REP, { noAuth: true });
    await call(emu, 'GET', '/api/v1/unknown');
    await call(emu, 'DELETE', `${WEB}/1`).catch(() => undefined);
    expect(emu.hits.map(({ at: _at, ...h }) => h)).toEqual([
      { host: 'analytics', method: 'GET', path: WEB, query: { sort: 'asc', per_page: '25' }, body: {}, status: 200 },
      { host: 'seo', method: 'POST', path: REP, query: {}, body: { url: 'https://hits.example.com/', privacy: '1' }, status: 201 },
      { host: 'seo', method: 'GET', path: REP, query: {}, body: {}, status: 401 },
      { host: 'seo', method: 'GET', path: '/api/v1/unknown', query: {}, body: {}, status: 404 },
      { host: 'analytics', method: 'DELETE', path: `${WEB}/1`, query: {}, body: {}, status: 0 },
    ]);
    emu.clearHits();
    expect(emu.hits).toHaveLength(0);
  });

  it('records a delayed request as soon as it arrives', async () => {
    emu.addFault({ times: 1, fault: { type: 'delay', ms: 300 } });
    const pending = call(emu, 'GET', WEB);
    const hit = await waitForHit();
    expect(hit.status).toBe(0);
    await pending;
    expect(hit.status).toBe(200);
  });
});

const waitForHit = () => waitFor(() => emu.hits[0], 'a hit to be recorded', undefined, 5);

describe('control over HTTP', () => {
  const control = (base: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}/__emulator/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  it('adds, lists and removes fault rules on either listener; hits are readable and not counted', async () => {
    const added = await control(emu.seoBaseUrl, 'POST', 'faults', {
      host: 'analytics',
      pathRegex: '^/public/api/v1/websites/\\d+$',
      fault: { type: 'status', status: 500 },
      times: 1,
    });
    expect(added.status).toBe(201);
    const listed = await control(emu.baseUrl, 'GET', 'faults');
    expect(listed.body.faults).toEqual([{ id: added.body.id, left: 1, rule: expect.objectContaining({ host: 'analytics', times: 1 }) }]);
    expect(new RegExp(listed.body.faults[0].rule.pathRegex).test(`${WEB}/12`)).toBe(true);
    expect((await call(emu, 'GET', WEB)).status).toBe(200);
    expect((await call(emu, 'GET', `${WEB}/1`)).status).toBe(500);
    expect((await call(emu, 'GET', `${WEB}/1`)).status).toBe(200);

    const exact = await control(emu.baseUrl, 'POST', 'faults', { path: REP, method: 'get', fault: { type: 'html' } });
    expect((await call(emu, 'GET', REP)).status).toBe(500);
    expect((await control(emu.baseUrl, 'DELETE', `faults/${exact.body.id}`)).body).toEqual({ deleted: true });
    expect((await call(emu, 'GET', REP)).status).toBe(200);

    await control(emu.baseUrl, 'POST', 'faults', { fault: { type: 'status', status: 502 } });
    await control(emu.seoBaseUrl, 'DELETE', 'faults');
    expect((await call(emu, 'GET', REP)).status).toBe(200);

    const hits = await control(emu.baseUrl, 'GET', 'hits');
    expect(hits.body.hits.map((h: any) => `${h.method} ${h.path} ${h.status}`)).toEqual([
      `GET ${WEB} 200`,
      `GET ${WEB}/1 500`,
      `GET ${WEB}/1 200`,
      `GET ${REP} 500`,
      `GET ${REP} 200`,
      `GET ${REP} 200`,
    ]);
    expect((await control(emu.seoBaseUrl, 'DELETE', 'hits')).body).toEqual({ cleared: true });
    expect(emu.hits).toHaveLength(0);
  });

  it('refuses a rule that makes no sense', async () => {
    expect((await control(emu.baseUrl, 'POST', 'faults', { fault: { type: 'explode' } })).status).toBe(400);
    expect((await control(emu.baseUrl, 'POST', 'faults', { pathRegex: '(', fault: { type: 'reset' } })).status).toBe(400);
  });

  it('is not rate-limited and needs no key', async () => {
    const limited = await emulator({ rateLimit: 1 });
    try {
      for (let i = 0; i < 5; i++) expect((await control(limited.baseUrl, 'GET', 'hits')).status).toBe(200);
      expect((await call(limited, 'GET', WEB)).status).toBe(200);
      expect((await call(limited, 'GET', WEB)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import { DEMO_KEY, startEmulator } from '../../src/emulator';
import { call, emulator, REP, WEB } from './helpers';

describe('auth', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await emulator({ seed: 3 });
  });
  afterAll(() => emu.close());

  it('uses the demo key by default', () => {
    expect(emu.apiKey).toBe(DEMO_KEY);
  });

  it('answers 401 JSON to JSON clients with a bad or missing key, on both hosts', async () => {
    for (const path of [WEB, `${WEB}/1`, REP, `${REP}/1`]) {
      const missing = await call(emu, 'GET', path, { noAuth: true });
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ message: 'Unauthenticated.' });
      const wrong = await call(emu, path.endsWith('/1') ? 'PUT' : 'POST', path, { key: 'nope', form: { domain: 'x.example.com' } });
      expect(wrong.status).toBe(401);
    }
    expect(emu.websites()).toHaveLength(3);
    const xhr = await call(emu, 'GET', WEB, { noAuth: true, headers: { Accept: '*/*', 'X-Requested-With': 'XMLHttpRequest' } });
    expect(xhr.status).toBe(401);
    // JSON must come first in Accept: a browser's list that merely includes it is redirected.
    expect((await call(emu, 'GET', WEB, { noAuth: true, headers: { Accept: 'text/html, application/json' } })).status).toBe(302);
    expect((await call(emu, 'GET', WEB, { noAuth: true, headers: { Accept: 'text/html;q=0.5, application/json' } })).status).toBe(401);
  });

  it('redirects other clients to /login under the base path, which serves an HTML page', async () => {
    const a = await call(emu, 'GET', WEB, { key: 'nope', headers: { Accept: 'text/html' } });
    expect(a.status).toBe(302);
    const to = a.headers.get('location')!;
    expect(new URL(to, emu.baseUrl).pathname).toBe('/public/login');
    expect((await fetch(to)).status).toBe(200);
    const followed = await fetch(`${emu.seoBaseUrl}${REP}`, { headers: { Authorization: 'Bearer nope' } });
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${emu.seoBaseUrl}/login`);
    expect(followed.headers.get('content-type')).toMatch(/text\/html/);
    expect(await followed.text()).toMatch(/<form[^>]*login/i);
  });

  it('answers 404 Resource not found for unknown paths under the API prefix, after auth', async () => {
    for (const [base, path] of [
      [emu.baseUrl, '/public/api/v1/nothing'],
      [emu.baseUrl, '/public/api/v1/websites/abc'],
      [emu.baseUrl, '/public/api/v1/websites/1/extra'],
      [emu.seoBaseUrl, '/api/v1/websites'],
      [emu.seoBaseUrl, '/api/v1/reports/1.5'],
      [emu.baseUrl, '/api/v1/reports'],
    ]) {
      const res = await fetch(base + path, { headers: { Accept: 'application/json', Authorization: `Bearer ${emu.apiKey}` } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Resource not found.', status: 404 });
      // Without a key the guard answers first.
      expect((await fetch(base + path, { headers: { Accept: 'application/json' } })).status, path).toBe(401);
    }
    // The fallback takes GET only; outside /api/v1/ is Laravel's own 404.
    const post = await fetch(`${emu.baseUrl}/public/api/v1/nothing`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const outside = await fetch(`${emu.seoBaseUrl}/api/v1`, { headers: { Accept: 'application/json' } });
    expect([outside.status, await outside.text()]).toEqual([404, '{\n    "message": ""\n}']);
    // Either host answers under the base path /public too, as the vendors' layout has it.
    const both = await fetch(`${emu.seoBaseUrl}/public/api/v1/reports`, { headers: { Accept: 'application/json', Authorization: `Bearer ${emu.apiKey}` } });
    expect(both.status).toBe(200);
  });
});

describe('rate limit', () => {
  it('counts per client IP on each host, before auth; headers on what passes, Retry-After and reset only on 429', async () => {
    let now = new Date('2024-10-13T13:09:15.400Z');
    const emu = await emulator({ rateLimit: 3, now: () => now });
    try {
      const remaining: string[] = [];
      const first = await call(emu, 'GET', WEB);
      // A refused key and an unknown path count too: the throttle runs before auth and routing.
      const refused = await call(emu, 'GET', WEB, { key: 'someone-else' });
      const unknown = await call(emu, 'GET', '/public/api/v1/nothing');
      for (const a of [first, refused, unknown]) {
        expect(a.headers.get('x-ratelimit-limit')).toBe('3');
        expect(a.headers.get('retry-after')).toBeNull();
        expect(a.headers.get('x-ratelimit-reset')).toBeNull();
        remaining.push(a.headers.get('x-ratelimit-remaining')!);
      }
      expect([first.status, refused.status, unknown.status]).toEqual([200, 401, 404]);
      expect(remaining).toEqual(['2', '1', '0']);
      // The other host has its own counter.
      const seo = await call(emu, 'GET', REP);
      expect(seo.status).toBe(200);
      expect(seo.headers.get('x-ratelimit-remaining')).toBe('2');

      now = new Date(now.getTime() + 20_000);
      const over = await call(emu, 'POST', WEB, { form: { domain: 'late.example.com' } });
      expect(over.status).toBe(429);
      expect(over.text).toBe('{\n    "message": "Too Many Attempts."\n}');
      // Whole seconds, as Laravel's cache keeps them: the window ends at 13:10:15.
      expect(over.headers.get('retry-after')).toBe('40');
      expect(over.headers.get('x-ratelimit-limit')).toBe('3');
      expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(over.headers.get('x-ratelimit-reset'))).toBe(Date.parse('2024-10-13T13:10:15Z') / 1000);
      expect(emu.websites()).toHaveLength(0);
      // Any key from the same client is throttled; a browser gets the HTML error page.
      expect((await call(emu, 'GET', WEB, { key: 'someone-else' })).status).toBe(429);
      const page = await call(emu, 'GET', WEB, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(429);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('retry-after')).toBe('40');
      // Outside the API: no throttle, no headers.
      const login = await fetch(`${emu.baseUrl}/login`);
      expect(login.status).toBe(200);
      expect(login.headers.get('x-ratelimit-limit')).toBeNull();

      now = new Date('2024-10-13T13:10:15.000Z');
      const again = await call(emu, 'GET', WEB);
      expect(again.status).toBe(200);
      expect(again.headers.get('x-ratelimit-remaining')).toBe('2');
    } finally {
      await emu.close();
    }
  });

  it('takes the window length in seconds', async () => {
    let now = new Date('2024-10-13T13:09:15.900Z');
    const emu = await emulator({ rateLimit: 2, rateWindow: 2, now: () => now });
    try {
      expect((await call(emu, 'GET', WEB)).status).toBe(200);
      expect((await call(emu, 'GET', WEB)).status).toBe(200);
      const over = await call(emu, 'GET', WEB);
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('2');
      now = new Date('2024-10-13T13:09:17.000Z');
      expect((await call(emu, 'GET', WEB)).headers.get('x-ratelimit-remaining')).toBe('1');
    } finally {
      await emu.close();
    }
  });

  it('defaults to 60 a minute and is off at 0', async () => {
    const dflt = await startEmulator({});
    const off = await emulator({ rateLimit: 0 });
    try {
      expect((await call(dflt, 'GET', WEB)).headers.get('x-ratelimit-limit')).toBe('60');
      const a = await call(off, 'GET', WEB);
      expect(a.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await Promise.all([dflt.close(), off.close()]);
    }
  });
});

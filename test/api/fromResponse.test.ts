import { describe, expect, it } from 'vitest';
import { fromResponse, retryAfterSeconds } from '../../src/api/fromResponse';
import { fromThrown } from '../../src/api/fromThrown';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  fromResponse({ status, headers: new Headers({ 'content-type': 'application/json', ...headers }), text: JSON.stringify(body) }, { nowMs: NOW });
const failure = (o: ReturnType<typeof fromResponse>) => {
  if (o.ok) throw new Error('expected a failure');
  return o.failure;
};

describe('answers → outcome', () => {
  it('passes parsed JSON through on 2xx', () => {
    expect(json(200, { data: [] })).toEqual({ ok: true, body: { data: [] } });
    expect(json(201, { data: { id: 1 } })).toEqual({ ok: true, body: { data: { id: 1 } } });
  });
  it('maps statuses to kinds', () => {
    expect(failure(json(401, { message: 'Unauthenticated.' })).kind).toBe('auth');
    expect(failure(json(403, { message: "You don't have access to this feature.", status: 403 }))).toMatchObject({
      kind: 'forbidden',
      status: 403,
      serverMessage: "You don't have access to this feature.",
    });
    expect(failure(json(404, { message: 'Resource not found.', status: 404 })).kind).toBe('notFound');
    expect(failure(json(408, {})).kind).toBe('timeout');
    expect(failure(json(500, { message: 'Server Error' }))).toMatchObject({ kind: 'server', status: 500, serverMessage: 'Server Error' });
    expect(failure(json(503, {})).kind).toBe('server');
    expect(failure(json(400, { message: 'Bad' })).kind).toBe('badResponse');
  });
  it('reads validation fields under message (real servers) and under errors (Laravel default)', () => {
    expect(failure(json(422, { message: { domain: ['The domain field is required.'] }, status: 422 })).fields).toEqual({
      domain: ['The domain field is required.'],
    });
    expect(failure(json(422, { message: 'The given data was invalid.', errors: { url: 'Bad URL.', privacy: ['A', 'B'] } }))).toMatchObject({
      kind: 'validation',
      fields: { url: ['Bad URL.'], privacy: ['A', 'B'] },
      serverMessage: 'The given data was invalid.',
    });
  });
  it('reads the rate limit wait from Retry-After or X-RateLimit-Reset', () => {
    expect(failure(json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '12' })).retryAfter).toBe(12);
    const h = (o: Record<string, string>) => retryAfterSeconds(new Headers(o), NOW);
    expect(h({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' })).toBe(30);
    expect(h({ 'x-ratelimit-reset': String(NOW / 1000 + 45) })).toBe(45);
    expect(h({})).toBeUndefined();
  });
  it('treats a redirect to a login page, and HTML on a 200, as an auth failure', () => {
    const redirect = fromResponse({ status: 302, headers: new Headers({ location: 'https://a.example/login' }), text: '' }, { nowMs: NOW });
    expect(failure(redirect)).toMatchObject({ kind: 'auth', status: 302 });
    const other = fromResponse({ status: 301, headers: new Headers({ location: 'https://b.example/' }), text: '' }, { nowMs: NOW });
    expect(failure(other).kind).toBe('badResponse');
    const html = fromResponse(
      { status: 200, headers: new Headers({ 'content-type': 'text/html' }), text: '<!doctype html><title>Login</title>' },
      { nowMs: NOW },
    );
    expect(failure(html).kind).toBe('auth');
  });
  it('treats malformed JSON and an empty 200 as badResponse, an empty 204 on a delete as success', () => {
    const bad = fromResponse({ status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: '{"data": [' }, { nowMs: NOW });
    expect(failure(bad)).toMatchObject({ kind: 'badResponse', detail: 'malformed JSON' });
    const empty = fromResponse({ status: 200, headers: new Headers(), text: '' }, { nowMs: NOW });
    expect(failure(empty)).toMatchObject({ kind: 'badResponse', detail: 'an empty answer' });
    expect(fromResponse({ status: 204, headers: new Headers(), text: undefined }, { nowMs: NOW, allowEmpty: true })).toEqual({ ok: true, body: undefined });
  });
  it('keeps a 5xx HTML error page a server error', () => {
    const page = fromResponse({ status: 502, headers: new Headers({ 'content-type': 'text/html' }), text: '<h1>Bad gateway</h1>' }, { nowMs: NOW });
    expect(failure(page)).toMatchObject({ kind: 'server', status: 502 });
  });
});

describe('thrown errors → failure', () => {
  const sys = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
  it('tells the caller abort from the timeout', () => {
    expect(fromThrown(new Error('x'), { callerAborted: true, timedOut: true, isWrite: true })).toEqual({ kind: 'aborted' });
    expect(fromThrown(new Error('x'), { callerAborted: false, timedOut: true, isWrite: true })).toEqual({ kind: 'timeout', mayHaveApplied: true });
    expect(fromThrown(new Error('x'), { callerAborted: false, timedOut: true, isWrite: false })).toEqual({ kind: 'timeout', mayHaveApplied: false });
  });
  it('knows a refused connection never reached the server, a reset may have', () => {
    expect(fromThrown(sys('ECONNREFUSED'), { callerAborted: false, timedOut: false, isWrite: true })).toMatchObject({
      kind: 'network',
      mayHaveApplied: false,
      detail: 'connection refused',
    });
    expect(fromThrown(sys('ECONNRESET'), { callerAborted: false, timedOut: false, isWrite: true })).toMatchObject({
      kind: 'network',
      mayHaveApplied: true,
      detail: 'connection reset',
    });
    expect(fromThrown(sys('UND_ERR_SOCKET'), { callerAborted: false, timedOut: false, isWrite: false })).toMatchObject({ mayHaveApplied: false });
  });
});

import { describe, expect, it } from 'vitest';
import type { ApiErrorInit } from '../../src/api/errors';
import { describeError, makeError, redact } from '../../src/api/makeError';
import { messageFor } from '../../src/api/messages';

const KEY = 'sk_live_9f8e7d6c5b4a';
const seo = { host: 'seo', origin: 'http://127.0.0.1:4001', method: 'GET', path: '/api/v1/reports/7' } as const;
const analytics = { host: 'analytics', origin: 'https://a.example', method: 'POST', path: '/public/api/v1/websites' } as const;
const msg = (init: Partial<ApiErrorInit> & Pick<ApiErrorInit, 'kind'>, subject: Parameters<typeof messageFor>[1] = { noun: 'report', id: 7 }) =>
  messageFor({ ...seo, ...init }, subject);

describe('error messages', () => {
  it('name the host and tell what to do about the key', () => {
    expect(msg({ kind: 'auth', status: 401 })).toBe(
      'The SEO host 127.0.0.1:4001 did not accept the API key (401). Check the API key (SITEDECK_API_KEY or `sitedeck config set-key`).',
    );
    expect(msg({ kind: 'auth', status: 302 })).toContain('redirected to its login page');
    expect(msg({ kind: 'auth', status: 200 })).toContain('web page instead of JSON');
  });
  it('say a missing record may have been deleted elsewhere', () => {
    expect(msg({ kind: 'notFound', status: 404 })).toBe(
      'The SEO host 127.0.0.1:4001 has no report 7 (404): the record may have been deleted elsewhere — refresh.',
    );
    expect(msg({ kind: 'notFound', status: 404, path: '/api/v1/reports' }, { noun: 'report' })).toBe(
      'The SEO host 127.0.0.1:4001 has no API at /api/v1/reports (404). Check the base URL (SITEDECK_SEO_BASE_URL).',
    );
  });
  it('give the wait of a rate limit', () => {
    expect(msg({ kind: 'rateLimited', status: 429, retryAfter: 12 })).toBe('The SEO host 127.0.0.1:4001 is limiting requests (429): try again in 12 s.');
    expect(msg({ kind: 'rateLimited', status: 429 })).toContain('try again in a minute');
  });
  it('list the fields a validation failed on', () => {
    const text = messageFor({ ...analytics, kind: 'validation', status: 422, fields: { domain: ['The domain has already been taken.'] } }, { noun: 'website' });
    expect(text).toBe('The analytics host a.example rejected the website — domain: The domain has already been taken. Correct it and try again.');
  });
  it('warn that a write that timed out or lost its connection may have been applied', () => {
    const t = messageFor({ ...analytics, kind: 'timeout', mayHaveApplied: true }, { noun: 'website', timeoutMs: 15_000 });
    expect(t).toBe('The analytics host a.example did not answer within 15 s. The change may have been applied — refresh to check.');
    const n = messageFor({ ...analytics, kind: 'network', mayHaveApplied: true }, { noun: 'website', detail: 'connection reset' });
    expect(n).toBe('The connection to the analytics host a.example was lost (connection reset). The change may have been applied — refresh to check.');
    const g = messageFor({ ...analytics, kind: 'network' }, { noun: 'website', detail: 'connection refused' });
    expect(g).toBe('Could not reach the analytics host a.example (connection refused). Check the base URL (SITEDECK_BASE_URL) and the network.');
  });
  it('quote the server, made inert and short', () => {
    const text = msg({ kind: 'server', status: 500, serverMessage: 'Boom\x1b[2J\x1b]0;pwned\x07 ' + 'x'.repeat(400) });
    expect(text).toMatch(/^The SEO host 127\.0\.0\.1:4001 had a server error \(500\): "Boom x+…"\. Try again/);
    expect(text).not.toContain('\x1b');
    expect(msg({ kind: 'forbidden', status: 403, serverMessage: "You don't have access to this feature." }, { noun: 'report' })).toContain(
      'refused access (403): "You don\'t have access to this feature."',
    );
  });
  it('describe unreadable answers and cancels', () => {
    expect(msg({ kind: 'badResponse', status: 200 }, { noun: 'report', detail: 'malformed JSON' })).toBe(
      'The SEO host 127.0.0.1:4001 sent an answer sitedeck cannot read (malformed JSON, HTTP 200). Check that SITEDECK_SEO_BASE_URL points at the API.',
    );
    expect(msg({ kind: 'aborted' })).toBe('Request to the SEO host 127.0.0.1:4001 was cancelled.');
  });
});

describe('the key never leaks', () => {
  it('is scrubbed from server messages and field errors echoed back', () => {
    const e = makeError(
      { ...seo, kind: 'validation', status: 422, serverMessage: `bad token ${KEY}`, fields: { token: [`${KEY} is revoked`] } },
      { noun: 'report' },
      KEY,
    );
    expect(e.message).not.toContain(KEY);
    expect(e.serverMessage).not.toContain(KEY);
    expect(JSON.stringify(e.fields)).not.toContain(KEY);
    expect(e.message).toContain('‹api key› is revoked');
  });
  it('leaves text alone for keys too short to be secret', () => {
    expect(redact('a b c', 'b')).toBe('a b c');
    expect(redact(`x ${KEY} y ${KEY}`, KEY)).toBe('x ‹api key› y ‹api key›');
  });
  it('describeError gives one line for anything thrown', () => {
    expect(describeError(makeError({ ...seo, kind: 'aborted' }, { noun: 'report' }, KEY))).toContain('cancelled');
    expect(describeError(new Error('plain'))).toBe('plain');
    expect(describeError('text')).toBe('text');
  });
});

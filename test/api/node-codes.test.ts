// Node's own error codes reach people in words: a key Node will not put in a header is said as
// such (never "could not reach"), an answer too large or not HTTP as an answer that cannot be read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { fromThrown } from '../../src/api/fromThrown';
import { startEmulator, type Emulator } from '../../src/emulator';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 2, rateLimit: 0, port: 0, seoPort: 0 });
});
afterAll(() => emu.close());

const ctx = { callerAborted: false, timedOut: false, isWrite: false };
const thrown = (code: string) => Object.assign(new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }));

describe('Node error codes in words', () => {
  it('a key with a line break: the request is not sent, said as an invalid header, not retried', async () => {
    const client = createClient({ baseUrl: emu.baseUrl, seoBaseUrl: emu.seoBaseUrl, apiKey: `${emu.apiKey}\nX-Evil: 1`, backoffMs: 0 });
    emu.clearHits();
    const e = (await client.websites.list({}).catch((x: unknown) => x)) as Error;
    expect(e.message).toMatch(
      /^The request to the analytics host [^ ]+ was not sent: the API key holds a character a request header cannot carry \(a line break/,
    );
    expect(e.message).not.toContain('Could not reach');
    expect(emu.hits.length).toBe(0);
  });

  it('each code the client can meet has words of its own', () => {
    const tooLong = Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' });
    expect(fromThrown(tooLong, ctx)).toEqual({ kind: 'badResponse', mayHaveApplied: false, detail: 'an answer too large to read as text' });
    expect(fromThrown(thrown('HPE_INVALID_CONSTANT'), ctx)).toMatchObject({ kind: 'badResponse', detail: 'an answer that is not valid HTTP' });
    expect(fromThrown(thrown('HPE_SOMETHING_NEW'), ctx)).toMatchObject({ kind: 'badResponse', detail: 'an answer that is not valid HTTP (HPE_SOMETHING_NEW)' });
    expect(fromThrown(thrown('EMFILE'), ctx)).toMatchObject({ kind: 'network', detail: 'too many open files on this machine' });
    expect(fromThrown(thrown('ERR_INVALID_CHAR'), { ...ctx, isWrite: true })).toMatchObject({ kind: 'network', mayHaveApplied: false });
  });
});

describe('a host that never answers in time', () => {
  it("the message says the whole wait: each attempt's limit, the attempts and the time they took", async () => {
    const remove = emu.addFault({ host: 'analytics', method: 'GET', path: '/public/api/v1/websites', fault: { type: 'delay', ms: 2000 } });
    try {
      const client = createClient({ baseUrl: emu.baseUrl, seoBaseUrl: emu.seoBaseUrl, apiKey: emu.apiKey, timeoutMs: 60, retries: 2, backoffMs: 0 });
      const e = (await client.websites.list({}).catch((x: unknown) => x)) as Error;
      const m = /did not answer within 60 ms \(3 attempts, (\d+) ms in all\)\. Try again/.exec(e.message);
      expect(m, e.message).not.toBeNull();
      // Three attempts of 60 ms each cannot take less than 180 ms.
      expect(Number(m![1])).toBeGreaterThanOrEqual(180);
    } finally {
      remove();
    }
  });
});

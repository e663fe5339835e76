// A body that breaks off after its status and headers came is a failed attempt like a lost
// connection: ofetch's hooks hear it and its retry sends a read again, while a write is sent once
// and may have been applied. (ofetch reads a body outside its own error handling: the transport
// hands it an answer only once the whole body is in.) A real loopback host that cuts its answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { apiError } from './helpers';

let server: Server;
let base: string;
/** Requests seen, as `METHOD path`; the first `cuts` of them are cut after 10 bytes of body. */
let seen: string[] = [];
let cuts = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const body = JSON.stringify({ data: { id: 1, domain: 'whole.example', privacy: 0, email: 0, exclude_bots: 1, exclude_ips: '', exclude_params: '' } });
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    if (seen.length <= cuts) {
      res.write(body.slice(0, 10));
      return void res.socket?.end();
    }
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  seen = [];
  cuts = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = (onRequest?: (i: { attempt: number }) => void) =>
  createClient({ baseUrl: base, seoBaseUrl: base, apiKey: 'k'.repeat(20), sleep: async () => {}, onRequest });

describe('a body that breaks off', () => {
  it('on a read is a failed attempt that ofetch sends again: 2 requests, the record read', async () => {
    cuts = 1;
    const attempts: number[] = [];
    const site = await client((i) => attempts.push(i.attempt)).websites.get(1);
    expect(site.domain).toBe('whole.example');
    expect(seen).toEqual(['GET /public/api/v1/websites/1', 'GET /public/api/v1/websites/1']);
    expect(attempts).toEqual([1, 2]);
  });

  it('on every attempt of a read ends in words after the retries: 3 requests', async () => {
    cuts = 3;
    const e = await apiError(client().websites.get(1));
    expect(e).toMatchObject({ kind: 'network', mayHaveApplied: false });
    expect(e.message).toContain('(connection reset)');
    expect(seen).toHaveLength(3);
  });

  it('on a write is sent once, and may have been applied', async () => {
    cuts = 1;
    const e = await apiError(client().websites.create({ domain: 'once.example' }));
    expect(e).toMatchObject({ kind: 'network', method: 'POST', mayHaveApplied: true });
    expect(seen).toEqual(['POST /public/api/v1/websites']);
  });
});

// A host that sends more than any page can hold: the request ends with words at the limit, on
// the wire and after decompression, and sitedeck's memory stays far below what was sent.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { runCommand } from '../commands/inProcess';

const HUGE = 300 * 1024 * 1024;
let server: Server;
let base: string;
let mode: 'huge' | 'bomb' = 'huge';
let sent = 0;
let requests = 0;

/** 300 MB of a JSON-looking list, each piece written once the last has drained; stops when the client goes. */
function stream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const piece = Buffer.from(`{"id":1,"domain":"${'x'.repeat(65_000)}"},`);
  res.write('{"data":[');
  const more = () => {
    while (sent < HUGE && !res.destroyed) {
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    res.end(']}');
  };
  more();
}

beforeAll(async () => {
  // 300 MB of spaces gzip to ~300 KB.
  const bomb = gzipSync(Buffer.alloc(HUGE, 0x20));
  server = createServer((_req, res) => {
    requests++;
    if (mode === 'huge') return stream(res);
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
beforeEach(() => {
  sent = 0;
  requests = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('the most bytes of one answer', () => {
  it('a 300 MB list is refused in words at 32 MB, once (never retried), with memory far below it', async () => {
    mode = 'huge';
    const client = createClient({ baseUrl: base, seoBaseUrl: base, apiKey: 'k'.repeat(20), backoffMs: 0 });
    const before = process.memoryUsage().rss;
    const e = await client.websites.list({}).catch((x: unknown) => x);
    const grown = process.memoryUsage().rss - before;
    expect((e as Error).message).toBe(
      `The analytics host ${new URL(base).host} sent more than 32 MB for one page; sitedeck stopped reading it. ` +
        'A smaller page size helps; SITEDECK_MAX_BODY_MB raises the limit.',
    );
    expect(requests).toBe(1);
    expect(sent).toBeLessThan(HUGE / 2);
    expect(grown).toBeLessThan(HUGE / 3);
  }, 60_000);

  it('a gzip bomb sent unasked is refused unread', async () => {
    mode = 'bomb';
    const client = createClient({ baseUrl: base, seoBaseUrl: base, apiKey: 'k'.repeat(20), backoffMs: 0 });
    const e = await client.websites.get(7).catch((x: unknown) => x);
    expect((e as Error).message).toBe(
      `The analytics host ${new URL(base).host} sent a compressed answer (gzip) for website 7, which sitedeck did not ask for; ` +
        'sitedeck stopped reading it. Check that SITEDECK_BASE_URL points at the API.',
    );
    expect(requests).toBe(1);
  });

  // The command through the entry's seam in this process (test/commands/inProcess.ts).
  it('SITEDECK_MAX_BODY_MB sets the limit; the command ends with the words, not a crash', async () => {
    mode = 'huge';
    const r = await runCommand(['websites', 'list'], {
      env: { SITEDECK_BASE_URL: base, SITEDECK_SEO_BASE_URL: base, SITEDECK_API_KEY: 'k'.repeat(20), SITEDECK_MAX_BODY_MB: '2' },
    });
    expect(r.stderr).toContain(`The analytics host ${new URL(base).host} sent more than 2 MB for one page; sitedeck stopped reading it.`);
    expect(r.code).not.toBe(0);
    expect(sent).toBeLessThan(HUGE / 10);
    const bad = await runCommand(['websites', 'list'], { env: { SITEDECK_BASE_URL: base, SITEDECK_API_KEY: 'k'.repeat(20), SITEDECK_MAX_BODY_MB: 'lots' } });
    expect(bad.stderr).toContain('SITEDECK_MAX_BODY_MB must be a number of megabytes between 1 and 4096 (got "lots")');
  }, 60_000);
});

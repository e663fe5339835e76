// sitedeck's fetch over node:http against a real loopback server: what ofetch and the transport
// rely on (request as sent, answers as read, redirects left alone, failures shaped like fetch's).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyRefused, nodeFetch, PlainHeaders } from '../../src/api/nodeFetch';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let server: Server;
const BIG_TOTAL = 64 * 1024 * 1024;
let sentBig = 0;
let closedBig: Promise<void> = Promise.resolve();
let base: string;
const routes = new Map<string, Handler>();
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const route = routes.get(new URL(req.url!, 'http://x').pathname);
      if (route) route(req, body, res);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes.set('/json', (_req, _b, res) => res.writeHead(200, { 'content-type': 'application/json', 'x-multi': ['a', 'b'] }).end('{"ok":true,"name":"café"}'));
  routes.set('/echo', (_req, body, res) => res.writeHead(201, { 'content-type': 'text/plain' }).end(`got ${body}`));
  routes.set('/moved', (_req, _b, res) => res.writeHead(302, { location: '/login' }).end());
  routes.set('/gzip', (_req, _b, res) =>
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"zipped":true}')),
  );
  // 64 MB in 64 KB pieces, each written once the last has drained; stops when the client goes.
  routes.set('/big', (req, _b, res) => {
    const declare = new URL(req.url!, 'http://x').searchParams.has('declare');
    res.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(BIG_TOTAL) } : {}) });
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let closed: () => void = () => {};
    closedBig = new Promise<void>((r) => (closed = r));
    res.on('close', () => closed());
    const more = () => {
      while (sentBig < BIG_TOTAL && !res.destroyed) {
        sentBig += piece.length;
        if (!res.write(piece)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  // 64 gzip members of 1 MB each (a gzip stream may hold several, decompressed one after the
  // other): 64 MB decompressed, made without compressing 64 MB.
  const member = gzipSync(Buffer.alloc(1024 * 1024, 0x20));
  const bomb = Buffer.concat(Array.from({ length: BIG_TOTAL / (1024 * 1024) }, () => member));
  routes.set('/bomb', (_req, _b, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb));
  routes.set('/empty', (_req, _b, res) => res.writeHead(204).end());
  // Never answers (the connection is closed after the file): only the signal can end a request to it.
  routes.set('/silent', () => {});
  routes.set('/cut', (_req, _b, res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('only ten b');
    setTimeout(() => res.socket?.destroy(), 20);
  });
  routes.set('/trickle', (_req, _b, res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('first');
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('nodeFetch', () => {
  it('sends method, headers, query and body as given, and reads status, headers and text', async () => {
    const res = await nodeFetch(`${base}/json?page=2&search=a%20b`, { headers: new PlainHeaders({ Authorization: 'Bearer k', Accept: 'application/json' }) });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(res.headers.get('x-multi')).toBe('a, b');
    expect(await res.text()).toBe('{"ok":true,"name":"café"}');
    const got = seen.at(-1)!;
    expect(got).toMatchObject({ method: 'GET', url: '/json?page=2&search=a%20b' });
    expect(got.headers).toMatchObject({ authorization: 'Bearer k', accept: 'application/json' });

    const posted = await nodeFetch(`${base}/echo`, {
      method: 'post',
      body: 'domain=caf%C3%A9.fr',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(201);
    expect(await posted.text()).toBe('got domain=caf%C3%A9.fr');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      body: 'domain=caf%C3%A9.fr',
      headers: { 'content-length': '19', 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('leaves a redirect as the answer, and a 204 without a body (the connection is reused after it)', async () => {
    const moved = await nodeFetch(`${base}/moved`, { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/login');
    const empty = await nodeFetch(`${base}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const again = await nodeFetch(`${base}/json`);
    expect(again.status).toBe(200);
    await again.text();
  });

  it('refuses a compressed body the server sent unasked, and reads one asked for', async () => {
    const res = await nodeFetch(`${base}/gzip`);
    const e = await res.text().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BodyRefused);
    expect(e).toMatchObject({ code: 'SITEDECK_BODY_COMPRESSED', encoding: 'gzip' });
    const asked = await nodeFetch(`${base}/gzip`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(await asked.text()).toBe('{"zipped":true}');
  });

  it('counts a body against the limit on the wire and decompressed: past it the request ends, the rest unread', async () => {
    const limit = 1024 * 1024;
    // Declared too large: refused before a byte is read.
    const declared = await nodeFetch(`${base}/big?declare=1`, { maxBodyBytes: limit });
    await expect(declared.text()).rejects.toMatchObject({ code: 'SITEDECK_BODY_TOO_LARGE', limit });
    // Streamed without a length: stopped once past the limit, the server sees the socket closed.
    sentBig = 0;
    const streamed = await nodeFetch(`${base}/big`, { maxBodyBytes: limit });
    await expect(streamed.text()).rejects.toMatchObject({ code: 'SITEDECK_BODY_TOO_LARGE' });
    await closedBig;
    expect(sentBig).toBeLessThan(BIG_TOTAL);
    // 64 KB of gzip that would be 64 MB: decompressed no further than the limit.
    const bomb = await nodeFetch(`${base}/bomb`, { maxBodyBytes: limit, headers: { 'Accept-Encoding': 'gzip' } });
    await expect(bomb.text()).rejects.toMatchObject({ code: 'SITEDECK_BODY_TOO_LARGE' });
  });

  it('speaks https and checks the certificate: a self-signed one fails before anything is sent', async () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
    const tls = createHttpsServer({ key: fixture('self-signed.key.pem'), cert: fixture('self-signed.cert.pem') }, (_req, res) => res.end('secret'));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    try {
      const e = await nodeFetch(`https://127.0.0.1:${(tls.address() as AddressInfo).port}/`).catch((x: unknown) => x);
      expect((e as TypeError).message).toBe('fetch failed');
      expect(((e as TypeError).cause as NodeJS.ErrnoException).code).toMatch(/SELF_SIGNED|ERR_TLS_CERT_ALTNAME_INVALID/);
    } finally {
      tls.closeAllConnections();
      await new Promise((r) => tls.close(r));
    }
  });

  it('fails like fetch when nothing answers: TypeError "fetch failed" with the system error as cause', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const e = await nodeFetch(`http://127.0.0.1:${port}/`).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as TypeError).message).toBe('fetch failed');
    expect(((e as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    const scheme = await nodeFetch('ftp://127.0.0.1/').catch((x: unknown) => x);
    expect(((scheme as TypeError).cause as NodeJS.ErrnoException).code).toBe('ERR_INVALID_URL');
  });

  it('ends with the signal’s reason: before the answer, during the body, or already aborted', async () => {
    const timedOut = await nodeFetch(`${base}/silent`, { signal: AbortSignal.timeout(100) }).catch((x: unknown) => x);
    expect((timedOut as DOMException).name).toBe('TimeoutError');

    const ctl = new AbortController();
    const res = await nodeFetch(`${base}/trickle`, { signal: ctl.signal });
    const reading = res.text().catch((x: unknown) => x);
    ctl.abort();
    expect(((await reading) as DOMException).name).toBe('AbortError');

    const done = new AbortController();
    done.abort();
    expect(((await nodeFetch(`${base}/json`, { signal: done.signal }).catch((x: unknown) => x)) as DOMException).name).toBe('AbortError');
  });

  it('a body that breaks off fails like fetch’s "terminated", with a code along the cause chain', async () => {
    const res = await nodeFetch(`${base}/cut`);
    const e = await res.text().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as TypeError).message).toBe('terminated');
    let cur: unknown = e;
    let code: string | undefined;
    while (cur && typeof cur === 'object' && !code) {
      code = (cur as { code?: string }).code;
      cur = (cur as { cause?: unknown }).cause;
    }
    expect(code).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/);
  });
});

describe('PlainHeaders', () => {
  it('takes records, pairs and other headers; names are case-insensitive; append joins', () => {
    const h = new PlainHeaders({ Accept: 'application/json', Skip: undefined });
    h.append('X-Tag', 'a');
    h.append('x-tag', 'b');
    expect(h.get('accept')).toBe('application/json');
    expect(h.has('skip')).toBe(false);
    expect(h.get('X-TAG')).toBe('a, b');
    const copy = new PlainHeaders(h);
    copy.set('Accept', 'text/plain');
    copy.delete('x-tag');
    expect([...copy]).toEqual([['accept', 'text/plain']]);
    expect([...new PlainHeaders([['A', '1']])]).toEqual([['a', '1']]);
    expect(h.get('accept')).toBe('application/json');
  });
});

// A real HTTP proxy on loopback for the proxy tests, small enough to read: CONNECT tunnels (https
// targets) and absolute-form requests (http targets), Basic credentials, and what it was asked
// recorded. It stands in for name resolution too: a target's host name is looked up in `hosts`
// (stats.example.com → the emulator's or a TLS terminator's loopback port), so a base URL names
// another machine, as a user's would, while nothing leaves loopback. Any other host gets a 502, as
// a real proxy that cannot reach it does.

import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

interface SeenRequest {
  method: string;
  /** "host:port" for a CONNECT, the absolute URL for a plain request. */
  target: string;
  proxyAuthorization?: string;
}

export interface TestProxy {
  url: string;
  /** host:port, as messages name it. */
  hostPort: string;
  seen: SeenRequest[];
  /** TCP connections the proxy accepted (keep-alive reuse shows as fewer than requests). */
  connections(): number;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Host name → the loopback origin it stands for (http://127.0.0.1:port); the port asked for is ignored. */
  hosts?: Record<string, string>;
  /** "user:pass": anything without them gets 407. */
  credentials?: string;
  /** Every CONNECT and request is answered with this status (a proxy that cannot reach hosts). */
  refuse?: number;
}

export async function startProxy(opts: ProxyOptions = {}): Promise<TestProxy> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const expected = opts.credentials ? `Basic ${Buffer.from(opts.credentials).toString('base64')}` : undefined;
  const record = (req: IncomingMessage) =>
    seen.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
  /** The status to refuse with, or undefined to serve it. */
  const refusal = (req: IncomingMessage, host: string): { status: number; headers?: Record<string, string> } | undefined => {
    if (expected && req.headers['proxy-authorization'] !== expected) return { status: 407, headers: { 'Proxy-Authenticate': 'Basic realm="test"' } };
    if (opts.refuse) return { status: opts.refuse };
    if (!opts.hosts?.[host]) return { status: 502 };
    return undefined;
  };

  const server: Server = createServer((req, res) => {
    record(req);
    const target = new URL(req.url ?? '/');
    const no = refusal(req, target.hostname);
    if (no) return res.writeHead(no.status, no.headers).end();
    const to = new URL(opts.hosts![target.hostname]);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const out = request({ host: to.hostname, port: to.port, path: target.pathname + target.search, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    record(req);
    const host = (req.url ?? '').replace(/:\d+$/, '');
    const no = refusal(req, host);
    if (no) {
      const extra = Object.entries(no.headers ?? {})
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      return client.end(`HTTP/1.1 ${no.status} Refused\r\n${extra}Content-Length: 0\r\n\r\n`);
    }
    const to = new URL(opts.hosts![host]);
    const upstream = connect(Number(to.port), to.hostname, () => {
      client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  let connections = 0;
  server.on('connection', (s: Socket) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface SilentProxy {
  url: string;
  hostPort: string;
  /** Connections it accepted. */
  accepted(): number;
  /** Connections still open (the client's end closed them, or not). */
  open(): number;
  /** Resolves once every accepted connection has been closed by the client. */
  allClosed(): Promise<void>;
  close(): Promise<void>;
}

/** A proxy that accepts every connection, reads what it is sent, and never answers (issue 38, finding 6). */
export async function startSilentProxy(): Promise<SilentProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let waiters: (() => void)[] = [];
  const server = createNetServer((s) => {
    accepted++;
    sockets.add(s);
    s.on('data', () => {});
    s.on('error', () => {});
    s.on('close', () => {
      sockets.delete(s);
      if (sockets.size === 0) for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    accepted: () => accepted,
    open: () => sockets.size,
    allClosed: () => (sockets.size === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    close: async () => {
      waiters = [];
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

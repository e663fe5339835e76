// A real HTTP proxy on loopback for the proxy tests: TooTallNate's `proxy` (CONNECT tunnels and
// absolute-form requests, Basic auth), with what it was asked recorded. And a proxy that answers
// every CONNECT with one status, for the refusals a real proxy gives (502 when it cannot reach the host).

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

export interface SeenRequest {
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

async function listen(server: Server, seen: SeenRequest[]): Promise<TestProxy> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let connections = 0;
  server.on('connection', () => connections++);
  return {
    connections: () => connections,
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const record = (seen: SeenRequest[]) => (req: IncomingMessage) =>
  seen.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });

/** The `proxy` package on 127.0.0.1:0; with `credentials` ("user:pass") it answers 407 to anything else. */
export async function startProxy(opts: { credentials?: string } = {}): Promise<TestProxy> {
  const seen: SeenRequest[] = [];
  const server = createServer();
  // Registered before the proxy's own listeners, so every request is recorded before it is served.
  server.on('request', record(seen));
  server.on('connect', record(seen));
  const proxy = createProxy(server);
  if (opts.credentials) {
    const expected = `Basic ${Buffer.from(opts.credentials).toString('base64')}`;
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === expected;
  }
  return listen(server, seen);
}

/** A proxy that refuses every CONNECT with `status` (and every plain request too). */
export async function startRefusingProxy(status: number): Promise<TestProxy> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    record(seen)(req);
    res.writeHead(status).end('refused by the test proxy');
  });
  server.on('connect', (req: IncomingMessage, socket) => {
    record(seen)(req);
    socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Length: 0\r\n\r\n`);
  });
  return listen(server, seen);
}

/**
 * A proxy that stands in for name resolution: an absolute-form request to one of `hosts` (host →
 * loopback origin, e.g. stats.example.com → the emulator) is forwarded there, so a base URL can name
 * another machine while nothing leaves loopback. Any other host gets a 502.
 */
export async function startForwardingProxy(hosts: Record<string, string>): Promise<TestProxy> {
  const seen: SeenRequest[] = [];
  const { request } = await import('node:http');
  const server = createServer((req, res) => {
    record(seen)(req);
    const target = new URL(req.url ?? '/');
    const to = hosts[target.host];
    if (!to) return res.writeHead(502).end('unknown host');
    const headers = { ...req.headers, host: new URL(to).host };
    delete headers['proxy-authorization'];
    const out = request(new URL(target.pathname + target.search, to), { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  return listen(server, seen);
}

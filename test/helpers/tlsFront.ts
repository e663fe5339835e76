// A TLS terminator on loopback in front of an http server (the emulator): the https host a
// test talks to, with the certificate it is given (test/fixtures/tls). Bytes pass through as they are.

import { readFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { createServer } from 'node:tls';

const TLS_FIXTURES = join(__dirname, '..', 'fixtures', 'tls');
export const CA_PEM = join(TLS_FIXTURES, 'ca.pem');

/** Which certificate the terminator shows: the CA's leaf, one for another name, an expired one, a self-signed one. */
export type FrontCert = 'host' | 'othername' | 'expired' | 'self';

export interface TlsFront {
  /** https://127.0.0.1:port (or localhost) — the emulator's base URL path kept. */
  url(httpUrl: string, hostName?: string): string;
  port: number;
  close(): Promise<void>;
}

/** Terminates TLS on 127.0.0.1:0 and forwards each connection to `target` (an http://127.0.0.1:port URL). */
export async function startTlsFront(target: string, cert: FrontCert = 'host'): Promise<TlsFront> {
  const key = readFileSync(join(TLS_FIXTURES, cert === 'self' ? 'self-key.pem' : 'host-key.pem'));
  const pem = readFileSync(join(TLS_FIXTURES, `${cert}.pem`));
  const to = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer({ key, cert: pem }, (client) => {
    const upstream = connect(Number(to.port), to.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => client.destroy());
    }
    upstream.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  // A client that refuses the certificate closes the handshake; nothing to report.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (httpUrl, hostName = '127.0.0.1') => {
      const u = new URL(httpUrl);
      return `https://${hostName}:${port}${u.pathname === '/' ? '' : u.pathname}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// A kept-alive connection that the host closed while it sat idle fails the next request written onto
// it with a reset, as a host that crashed mid-write does: so a write never rides a kept-alive
// connection, and a reset write is never sent again. A real loopback server speaking HTTP/1.1 by
// hand, so that it can reset a connection at a chosen moment.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFetch } from '../../src/api/nodeFetch';

interface Host {
  base: string;
  /** Connections accepted, in order. */
  connections: number;
  /** Requests answered (read whole and answered), as `METHOD path`. */
  answered: string[];
  close(): Promise<void>;
}

let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/**
 * A host that answers each request on a connection, except that `resetOn(connection, nth)` says
 * which request (1-based, on that connection) is met with a reset instead of being read.
 */
async function startHost(resetOn: (connection: number, nth: number) => boolean): Promise<Host> {
  const sockets = new Set<Socket>();
  const h: Host = { base: '', connections: 0, answered: [], close: async () => {} };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const connection = ++h.connections;
    let nth = 0;
    let buffered = '';
    socket.on('data', (chunk) => {
      if (buffered === '' && resetOn(connection, nth + 1)) {
        socket.resetAndDestroy();
        return;
      }
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        buffered = buffered.slice(end + 4 + length);
        nth++;
        const [method, path] = head.split(' ');
        h.answered.push(`${method} ${path}`);
        const body = method === 'POST' ? 'created' : 'ok';
        socket.write(
          `HTTP/1.1 ${method === 'POST' ? 201 : 200} X\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n${body}`,
        );
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  h.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h.close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    });
  return h;
}

describe('a kept-alive connection the host closed', () => {
  it('a POST after a read goes on a connection of its own, so a closed kept-alive one never meets it', async () => {
    // The first connection answers its first request, then resets when the next arrives unread.
    host = await startHost((connection, nth) => connection === 1 && nth === 2);
    const first = await nodeFetch(`${host.base}/first`);
    expect(await first.text()).toBe('ok');
    const res = await nodeFetch(`${host.base}/websites`, { method: 'POST', body: 'domain=x.example' });
    expect([res.status, await res.text()]).toEqual([201, 'created']);
    expect(host.connections).toBe(2);
    expect(host.answered).toEqual(['GET /first', 'POST /websites']);
  });

  it('reads keep their connection: two GETs in a row ride one', async () => {
    host = await startHost(() => false);
    for (const path of ['/a', '/b']) expect(await (await nodeFetch(`${host.base}${path}`)).text()).toBe('ok');
    expect(host.connections).toBe(1);
  });

  it('a reset write is not sent again: the POST fails, and the host read it never', async () => {
    host = await startHost(() => true);
    const e = await nodeFetch(`${host.base}/websites`, { method: 'POST', body: 'domain=x.example' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as TypeError & { cause?: { code?: string } }).cause?.code).toBe('ECONNRESET');
    expect(host.connections).toBe(1);
    expect(host.answered).toEqual([]);
  });
});

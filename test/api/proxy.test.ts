// Proxies, over real loopback: the `proxy` package in front of the emulator (plain http targets,
// absolute-form requests), a refusing proxy, a closed port. The https targets through CONNECT are
// driven through the bundled CLI (test/commands/proxy-tls.test.ts), where NODE_EXTRA_CA_CERTS applies.

import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskProxy, proxyFor } from '../../src/api/proxy';
import type { Emulator } from '../../src/emulator';
import { startProxy, startRefusingProxy, type TestProxy } from '../helpers/proxy';
import { startTlsFront, type TlsFront } from '../helpers/tlsFront';
import { apiError, clientFor, hitsOf, startTestEmulator } from './helpers';

const PROXY_VARS = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy', 'ALL_PROXY', 'all_proxy'];
const saved = Object.fromEntries(PROXY_VARS.map((k) => [k, process.env[k]]));
function setEnv(vars: Record<string, string>) {
  for (const k of PROXY_VARS) delete process.env[k];
  Object.assign(process.env, vars);
}
afterEach(() => {
  for (const k of PROXY_VARS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('proxyFor reads the environment like curl', () => {
  it('https targets take HTTPS_PROXY, http targets HTTP_PROXY; lower case counts too', () => {
    setEnv({ HTTPS_PROXY: 'http://p.corp:3128', http_proxy: 'http://q.corp:8080' });
    expect(proxyFor('https://stats.example.com/api')).toBe('http://p.corp:3128');
    expect(proxyFor(new URL('http://stats.example.com/api'))).toBe('http://q.corp:8080');
  });
  it('no proxy variable: direct', () => {
    setEnv({});
    expect(proxyFor('https://stats.example.com')).toBeUndefined();
  });
  it('NO_PROXY: exact names, domain suffixes, host:port and *', () => {
    setEnv({ HTTPS_PROXY: 'http://p.corp:3128', NO_PROXY: 'intranet, .corp.example, seo.example.com:8443' });
    expect(proxyFor('https://intranet/api')).toBeUndefined();
    expect(proxyFor('https://stats.corp.example/api')).toBeUndefined();
    expect(proxyFor('https://seo.example.com:8443/api')).toBeUndefined();
    // The port must match for a host:port entry.
    expect(proxyFor('https://seo.example.com/api')).toBe('http://p.corp:3128');
    expect(proxyFor('https://stats.example.com/api')).toBe('http://p.corp:3128');
    setEnv({ HTTPS_PROXY: 'http://p.corp:3128', no_proxy: '*' });
    expect(proxyFor('https://stats.example.com/api')).toBeUndefined();
  });
  it('maskProxy hides the user and the password', () => {
    expect(maskProxy('http://ann:s3cret@p.corp:3128')).toBe('http://•••:•••@p.corp:3128');
    expect(maskProxy('http://p.corp:3128/')).toBe('http://p.corp:3128');
    expect(maskProxy('ann:s3cret@p.corp:3128')).toBe('http://•••:•••@p.corp:3128');
  });
});

describe('requests through a real proxy', () => {
  let emu: Emulator;
  let proxy: TestProxy;
  let authProxy: TestProxy;
  beforeAll(async () => {
    emu = await startTestEmulator(5);
    proxy = await startProxy();
    authProxy = await startProxy({ credentials: 'ann:s3 cret' });
  });
  afterAll(async () => {
    await proxy?.close();
    await authProxy?.close();
    await emu?.close();
  });
  beforeEach(() => {
    emu.clearHits();
    proxy.seen.length = 0;
    authProxy.seen.length = 0;
  });

  it('HTTP_PROXY: each request goes to the proxy in absolute form, once, and the answer comes back', async () => {
    setEnv({ HTTP_PROXY: proxy.url });
    const { client } = clientFor(emu, { retries: 0 });
    const page = await client.websites.list();
    expect(page.items.length).toBeGreaterThan(0);
    await client.reports.list();
    expect(proxy.seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(proxy.seen[0]!.target.startsWith(`${emu.baseUrl}/`)).toBe(true);
    expect(proxy.seen[1]!.target.startsWith(`${emu.seoBaseUrl}/`)).toBe(true);
    expect(emu.hits).toHaveLength(2);
  });

  it('NO_PROXY names the host: direct, the proxy sees nothing', async () => {
    setEnv({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    const { client } = clientFor(emu, { retries: 0 });
    await client.websites.list();
    expect(proxy.seen).toHaveLength(0);
    expect(emu.hits).toHaveLength(1);
  });

  it('credentials in the proxy URL are sent as Proxy-Authorization (percent-decoded)', async () => {
    setEnv({ HTTP_PROXY: authProxy.url.replace('//', '//ann:s3%20cret@') });
    const { client } = clientFor(emu, { retries: 0 });
    await client.websites.list();
    expect(authProxy.seen).toHaveLength(1);
    expect(authProxy.seen[0]!.proxyAuthorization).toBe(`Basic ${Buffer.from('ann:s3 cret').toString('base64')}`);
    expect(emu.hits).toHaveLength(1);
  });

  it('a 407 says the proxy wants credentials and where to put them; nothing reaches the host, no retry', async () => {
    setEnv({ HTTP_PROXY: authProxy.url });
    const { client } = clientFor(emu);
    const e = await apiError(client.websites.list());
    expect(e.kind).toBe('network');
    expect(e.trouble).toEqual({ kind: 'proxyAuth', proxy: authProxy.hostPort, withCredentials: false, https: false });
    expect(e.message).toBe(
      `The proxy at ${authProxy.hostPort} wants credentials (407 Proxy Authentication Required) on the way to the analytics host ${new URL(emu.baseUrl).host}: put them in HTTP_PROXY as http://user:pass@${authProxy.hostPort}.`,
    );
    expect(authProxy.seen).toHaveLength(1);
    expect(emu.hits).toHaveLength(0);
  });

  it('wrong credentials: the proxy did not accept them, and the password is never shown', async () => {
    setEnv({ HTTP_PROXY: authProxy.url.replace('//', '//ann:wrong-pass@') });
    const e = await apiError(clientFor(emu).client.websites.list());
    expect(e.message).toContain(`did not accept the credentials in HTTP_PROXY`);
    expect(e.message).not.toContain('wrong-pass');
    expect(emu.hits).toHaveLength(0);
  });

  it('a proxy that cannot be reached is named as such', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    setEnv({ HTTP_PROXY: `http://127.0.0.1:${port}` });
    const e = await apiError(clientFor(emu, { retries: 0 }).client.websites.list());
    expect(e.trouble).toEqual({ kind: 'proxyUnreachable', proxy: `127.0.0.1:${port}`, detail: 'connection refused' });
    expect(e.message).toContain(`Could not reach the proxy at 127.0.0.1:${port} (connection refused)`);
    expect(emu.hits).toHaveLength(0);
  });

  it('keep-alive: two requests through the proxy share one connection to it', async () => {
    const counted = await startProxy();
    try {
      setEnv({ HTTP_PROXY: counted.url });
      const { client } = clientFor(emu, { retries: 0 });
      await client.websites.list();
      await client.websites.list();
      expect(counted.seen).toHaveLength(2);
      expect(counted.connections()).toBe(1);
    } finally {
      await counted.close();
    }
  });
});

describe('a CONNECT the proxy refuses', () => {
  let emu: Emulator;
  let front: TlsFront;
  let gateway: TestProxy;
  beforeAll(async () => {
    emu = await startTestEmulator(5);
    front = await startTlsFront(emu.baseUrl);
    gateway = await startRefusingProxy(502);
  });
  afterAll(async () => {
    await gateway?.close();
    await front?.close();
    await emu?.close();
  });

  it('502: the proxy could not reach the host; the CONNECT named the host, nothing reached it', async () => {
    setEnv({ HTTPS_PROXY: gateway.url });
    const base = front.url(emu.baseUrl);
    const e = await apiError(clientFor(emu, { baseUrl: base, retries: 0 }).client.websites.list());
    expect(e.trouble).toEqual({ kind: 'proxyGateway', proxy: gateway.hostPort, status: 502 });
    expect(e.message).toBe(
      `The proxy at ${gateway.hostPort} could not reach the analytics host 127.0.0.1:${front.port} (502). Check the base URL (SITEDECK_BASE_URL); a host inside your network may belong in NO_PROXY.`,
    );
    expect(gateway.seen).toEqual([{ method: 'CONNECT', target: `127.0.0.1:${front.port}`, proxyAuthorization: undefined }]);
    expect(hitsOf(emu, 'GET', /./)).toHaveLength(0);
  });
});

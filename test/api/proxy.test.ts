// Proxies, over real loopback: a proxy (test/helpers/proxy.ts) in front of the emulator, which it
// reaches under the names stats.example.com and seo.example.com (plain http targets, absolute-form
// requests), a refusing proxy, a closed port. The https targets through CONNECT are driven through
// the bundled CLI (test/commands/proxy-tls.test.ts), where NODE_EXTRA_CA_CERTS applies.

import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskProxy, proxyFor } from '../../src/api/proxy';
import { WEBSITES } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { startProxy, startSilentProxy, type SilentProxy, type TestProxy } from '../helpers/proxy';
import { apiError, clientFor, startTestEmulator } from './helpers';

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
  it('this machine is always reached directly: a proxy cannot reach its loopback', () => {
    setEnv({ HTTPS_PROXY: 'http://p.corp:3128', HTTP_PROXY: 'http://p.corp:3128' });
    for (const u of ['http://127.0.0.1:8000/api', 'https://localhost:8443', 'http://[::1]:9/', 'http://127.1.2.3']) expect(proxyFor(u)).toBeUndefined();
    expect(proxyFor('http://0.0.0.0:8000')).toBe('http://p.corp:3128');
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
  const named = () => ({
    baseUrl: 'http://stats.example.com',
    seoBaseUrl: 'http://seo.example.com',
  });
  beforeAll(async () => {
    emu = await startTestEmulator(5);
    const hosts = { 'stats.example.com': emu.baseUrl, 'seo.example.com': emu.seoBaseUrl, '0.0.0.0': emu.baseUrl };
    proxy = await startProxy({ hosts });
    authProxy = await startProxy({ hosts, credentials: 'ann:s3 cret' });
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
    const { client } = clientFor(emu, { ...named(), retries: 0 });
    const page = await client.websites.list();
    expect(page.items.length).toBeGreaterThan(0);
    await client.reports.list();
    expect(proxy.seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(proxy.seen[0]!.target.startsWith(`${named().baseUrl}/`)).toBe(true);
    expect(proxy.seen[1]!.target.startsWith(`${named().seoBaseUrl}/`)).toBe(true);
    expect(emu.hits).toHaveLength(2);
  });

  it('loopback base URLs go direct even with HTTP_PROXY set: the proxy sees nothing', async () => {
    setEnv({ HTTP_PROXY: proxy.url });
    await clientFor(emu, { retries: 0 }).client.websites.list();
    expect(proxy.seen).toHaveLength(0);
    expect(emu.hits).toHaveLength(1);
  });

  it('NO_PROXY names the host: direct, the proxy sees nothing; a NO_PROXY entry for another port does not count', async () => {
    // 0.0.0.0 reaches this machine (the kernel sends it to loopback) without being a loopback name,
    // so only NO_PROXY keeps it from the proxy.
    const base = `http://0.0.0.0:${new URL(emu.baseUrl).port}`;
    setEnv({ HTTP_PROXY: proxy.url, NO_PROXY: 'intranet, 0.0.0.0' });
    await clientFor(emu, { baseUrl: base, retries: 0 }).client.websites.list();
    expect(proxy.seen).toHaveLength(0);
    expect(emu.hits).toHaveLength(1);
    setEnv({ HTTP_PROXY: proxy.url, NO_PROXY: '0.0.0.0:1' });
    await clientFor(emu, { baseUrl: base, retries: 0 }).client.websites.list();
    expect(proxy.seen.map((s) => s.target.split('?')[0])).toEqual([`${base}${WEBSITES.apiPath}`]);
    expect(emu.hits).toHaveLength(2);
  });

  it('credentials in the proxy URL are sent as Proxy-Authorization (percent-decoded)', async () => {
    setEnv({ HTTP_PROXY: authProxy.url.replace('//', '//ann:s3%20cret@') });
    const { client } = clientFor(emu, { ...named(), retries: 0 });
    await client.websites.list();
    expect(authProxy.seen).toHaveLength(1);
    expect(authProxy.seen[0]!.proxyAuthorization).toBe(`Basic ${Buffer.from('ann:s3 cret').toString('base64')}`);
    expect(emu.hits).toHaveLength(1);
  });

  it('a 407 says the proxy wants credentials and where to put them; nothing reaches the host, no retry', async () => {
    setEnv({ HTTP_PROXY: authProxy.url });
    const { client } = clientFor(emu, named());
    const e = await apiError(client.websites.list());
    expect(e.kind).toBe('network');
    expect(e.trouble).toEqual({ kind: 'proxyAuth', proxy: authProxy.hostPort, withCredentials: false, https: false });
    expect(e.message).toBe(
      `The proxy at ${authProxy.hostPort} wants credentials (407 Proxy Authentication Required) on the way to the analytics host stats.example.com: ` +
        `put them in HTTP_PROXY as http://user:pass@${authProxy.hostPort}.`,
    );
    expect(authProxy.seen).toHaveLength(1);
    expect(emu.hits).toHaveLength(0);
  });

  it('wrong credentials: the proxy did not accept them, and the password is never shown', async () => {
    setEnv({ HTTP_PROXY: authProxy.url.replace('//', '//ann:wrong-pass@') });
    const e = await apiError(clientFor(emu, named()).client.websites.list());
    expect(e.message).toContain(`did not accept the credentials in HTTP_PROXY`);
    expect(e.message).not.toContain('wrong-pass');
    expect(authProxy.seen).toHaveLength(1);
    expect(emu.hits).toHaveLength(0);
  });

  it('a proxy that cannot be reached is named as such', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    setEnv({ HTTP_PROXY: `http://127.0.0.1:${port}` });
    const e = await apiError(clientFor(emu, { ...named(), retries: 0 }).client.websites.list());
    expect(e.trouble).toEqual({ kind: 'proxyUnreachable', proxy: `127.0.0.1:${port}`, detail: 'connection refused' });
    expect(e.message).toBe(
      `Could not reach the proxy at 127.0.0.1:${port} (connection refused) on the way to the analytics host stats.example.com. ` +
        'Check HTTPS_PROXY and HTTP_PROXY, or add the host to NO_PROXY to go direct.',
    );
    expect(emu.hits).toHaveLength(0);
  });

  it('keep-alive: two requests through the proxy share one connection to it', async () => {
    const counted = await startProxy({ hosts: { 'stats.example.com': emu.baseUrl } });
    try {
      setEnv({ HTTP_PROXY: counted.url });
      const { client } = clientFor(emu, { ...named(), retries: 0 });
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
  let gateway: TestProxy;
  beforeAll(async () => {
    emu = await startTestEmulator(5);
    gateway = await startProxy({ refuse: 502 });
  });
  afterAll(async () => {
    await gateway?.close();
    await emu?.close();
  });

  it('502: the proxy could not reach the host; the CONNECT named the host, nothing reached it, reads retried', async () => {
    setEnv({ HTTPS_PROXY: gateway.url });
    const { client, waits } = clientFor(emu, { baseUrl: 'https://stats.example.com/public/api/v1', retries: 1 });
    const e = await apiError(client.websites.list());
    expect(e.trouble).toEqual({ kind: 'proxyGateway', proxy: gateway.hostPort, status: 502 });
    expect(e.message).toBe(
      `The proxy at ${gateway.hostPort} could not reach the analytics host stats.example.com (502). ` +
        'Check the base URL (SITEDECK_BASE_URL); a host inside your network may belong in NO_PROXY.',
    );
    // Two attempts (one retry), each a CONNECT; nothing reached the emulator.
    expect(gateway.seen).toEqual([
      { method: 'CONNECT', target: 'stats.example.com:443', proxyAuthorization: undefined },
      { method: 'CONNECT', target: 'stats.example.com:443', proxyAuthorization: undefined },
    ]);
    expect(waits).toHaveLength(1);
    expect(emu.hits).toHaveLength(0);
  });

  it('403: the proxy refused the host by its rules; said so, not retried', async () => {
    const strict = await startProxy({ refuse: 403 });
    try {
      setEnv({ HTTPS_PROXY: strict.url });
      const { client, waits } = clientFor(emu, { baseUrl: 'https://stats.example.com', retries: 2 });
      const e = await apiError(client.websites.list());
      expect(e.message).toBe(
        `The proxy at ${strict.hostPort} refused the way to the analytics host stats.example.com (403): its rules may not allow that host. ` +
          'Ask its administrator, or add the host to NO_PROXY if it is inside your network.',
      );
      expect(strict.seen).toHaveLength(1);
      expect(waits).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('a socks5:// proxy is refused in words before anything is sent, not retried', async () => {
    setEnv({ ALL_PROXY: 'socks5://127.0.0.1:1080' });
    const { client, waits } = clientFor(emu, { baseUrl: 'https://stats.example.com', retries: 2 });
    const e = await apiError(client.websites.list());
    expect(e.message).toBe(
      'The proxy for the analytics host stats.example.com is a socks5:// one (127.0.0.1:1080, from HTTPS_PROXY or ALL_PROXY): ' +
        'sitedeck speaks to HTTP proxies only. Give an http:// proxy, or add the host to NO_PROXY to go direct.',
    );
    expect(waits).toEqual([]);
    expect(emu.hits).toHaveLength(0);
  });
});

describe('a proxy that accepts and never answers (issue 38, finding 6)', () => {
  let emu: Emulator;
  let silent: SilentProxy;
  beforeAll(async () => {
    emu = await startTestEmulator(5);
  });
  beforeEach(async () => {
    silent = await startSilentProxy();
  });
  afterEach(async () => {
    await silent?.close();
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('HTTPS_PROXY: the deadline names the proxy and CONNECT, nothing reached the host, and the socket to the proxy is closed', async () => {
    setEnv({ HTTPS_PROXY: silent.url });
    const { client } = clientFor(emu, { baseUrl: 'https://stats.example.com/public/api/v1', retries: 0, timeoutMs: 150 });
    const e = await apiError(client.websites.create({ domain: 'x.example' }));
    expect(e).toMatchObject({
      kind: 'timeout',
      mayHaveApplied: false,
      trouble: { kind: 'proxySilent', proxy: silent.hostPort, https: true, stage: 'connect' },
    });
    expect(e.message).toBe(
      `The proxy ${silent.hostPort} did not answer CONNECT within 150 ms on the way to the analytics host stats.example.com; nothing reached the host. ` +
        'Check HTTPS_PROXY (or ALL_PROXY), or add the host to NO_PROXY to go direct.',
    );
    expect(silent.accepted()).toBe(1);
    // Before the fix this socket stayed open for good, and kept the process alive.
    await silent.allClosed();
    expect(silent.open()).toBe(0);
    expect(emu.hits).toHaveLength(0);
  });

  it('HTTP_PROXY: a request the proxy took and never answered names it beside the host; the socket is closed', async () => {
    setEnv({ HTTP_PROXY: silent.url });
    const { client, waits } = clientFor(emu, { baseUrl: 'http://stats.example.com/public/api/v1', retries: 1, timeoutMs: 150, backoffMs: 0 });
    const e = await apiError(client.websites.list());
    expect(e.trouble).toEqual({ kind: 'proxySilent', proxy: silent.hostPort, https: false, stage: 'answer' });
    expect(e.message).toMatch(
      new RegExp(
        `^Neither the proxy ${silent.hostPort} nor the analytics host stats\\.example\\.com behind it answered within 150 ms ` +
          `\\(2 attempts, [\\d.]+ m?s in all\\)\\. Check HTTP_PROXY`,
      ),
    );
    expect(waits).toHaveLength(1);
    await silent.allClosed();
    expect(silent.open()).toBe(0);
  });
});

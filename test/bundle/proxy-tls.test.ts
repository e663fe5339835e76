// The bundled CLI against https hosts: a TLS terminator in front of the emulator with the test
// certificates (test/fixtures/tls), directly on loopback and, under the names stats.example.com and
// seo.example.com, through a real proxy's CONNECT tunnel (test/helpers/proxy.ts).
// NODE_EXTRA_CA_CERTS is read by Node at start, so only a fresh process can show it working; the
// proxy is read from the process's environment (a CA unknown without either: ../commands/in-process/tls.test.ts).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProxy, startSilentProxy, type TestProxy } from '../helpers/proxy';
import { CA_PEM, startTlsFront, type FrontCert, type TlsFront } from '../helpers/tlsFront';
import { runCli, startFixture, type Fixture } from '../commands/helpers';

let fx: Fixture;
const fronts = new Map<FrontCert, { analytics: TlsFront; seo: TlsFront }>();
let proxy: TestProxy;
let authProxy: TestProxy;

beforeAll(async () => {
  fx = await startFixture({ seed: 9 });
  for (const cert of ['host', 'self', 'expired', 'othername'] as const) {
    fronts.set(cert, { analytics: await startTlsFront(fx.emulator.baseUrl, cert), seo: await startTlsFront(fx.emulator.seoBaseUrl, cert) });
  }
  const { analytics, seo } = fronts.get('host')!;
  const hosts = { 'stats.example.com': `http://127.0.0.1:${analytics.port}`, 'seo.example.com': `http://127.0.0.1:${seo.port}` };
  proxy = await startProxy({ hosts });
  authProxy = await startProxy({ hosts, credentials: 'ann:pw' });
});
afterAll(async () => {
  for (const f of fronts.values()) await Promise.all([f.analytics.close(), f.seo.close()]);
  await proxy?.close();
  await authProxy?.close();
  await fx?.cleanup();
});
beforeEach(() => {
  fx.emulator.clearHits();
  proxy.seen.length = 0;
  authProxy.seen.length = 0;
});

/** `websites list --json` against the https fronts with `cert`, with extra env. */
function listOver(cert: FrontCert, env: Record<string, string> = {}, hostName = '127.0.0.1') {
  const f = fronts.get(cert)!;
  return runCli(['websites', 'list', '--json'], {
    env: {
      ...fx.env,
      SITEDECK_BASE_URL: f.analytics.url(fx.emulator.baseUrl, hostName),
      SITEDECK_SEO_BASE_URL: f.seo.url(fx.emulator.seoBaseUrl, hostName),
      ...env,
    },
  });
}

describe('certificates in words', () => {
  // bundle: NODE_EXTRA_CA_CERTS is read by Node when a process starts
  it('NODE_EXTRA_CA_CERTS pointing at the CA: the same command succeeds with one request', async () => {
    const r = await listOver('host', { NODE_EXTRA_CA_CERTS: CA_PEM });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(fx.emulator.hits).toHaveLength(1);
  });

  // bundle: NODE_EXTRA_CA_CERTS is read by Node when a process starts (the CA trusted, the expiry is what is left)
  it('an expired certificate: renewal is the fix, even with the CA trusted', async () => {
    const r = await listOver('expired', { NODE_EXTRA_CA_CERTS: CA_PEM });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(`certificate has expired or is not valid yet (CERT_HAS_EXPIRED). Its administrator must renew it`);
    expect(fx.emulator.hits).toHaveLength(0);
  });

  // bundle: NODE_EXTRA_CA_CERTS is read by Node when a process starts (the CA trusted, the name is what is left)
  it('a certificate for another name', async () => {
    const r = await listOver('othername', { NODE_EXTRA_CA_CERTS: CA_PEM }, 'localhost');
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(
      `certificate was made for another name (ERR_TLS_CERT_ALTNAME_INVALID). Use the name it was made for in the base URL (SITEDECK_BASE_URL).`,
    );
  });
});

describe('https through a proxy (CONNECT)', () => {
  /** `websites list --json` against https://stats.example.com, which only the proxy can reach. */
  const listNamed = (env: Record<string, string | undefined>) =>
    runCli(['websites', 'list', '--json'], {
      env: { ...fx.env, SITEDECK_BASE_URL: 'https://stats.example.com', SITEDECK_SEO_BASE_URL: 'https://seo.example.com', NODE_EXTRA_CA_CERTS: CA_PEM, ...env },
    });

  // bundle: HTTPS_PROXY is read from the process's environment, not the seam's
  it('HTTPS_PROXY: one CONNECT to the host, TLS inside the tunnel (the name checked), the list comes back', async () => {
    const r = await listNamed({ HTTPS_PROXY: proxy.url });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(proxy.seen).toEqual([{ method: 'CONNECT', target: 'stats.example.com:443', proxyAuthorization: undefined }]);
    expect(fx.emulator.hits).toHaveLength(1);
  });

  // bundle: HTTPS_PROXY is read from the process's environment, not the seam's
  it('https_proxy with credentials: Proxy-Authorization on the CONNECT', async () => {
    const r = await listNamed({ https_proxy: authProxy.url.replace('//', '//ann:pw@') });
    expect(r.code).toBe(0);
    expect(authProxy.seen).toEqual([
      { method: 'CONNECT', target: 'stats.example.com:443', proxyAuthorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` },
    ]);
    expect(fx.emulator.hits).toHaveLength(1);
  });

  // bundle: HTTPS_PROXY is read from the process's environment, not the seam's
  it('407 on the CONNECT: the credentials belong in HTTPS_PROXY; the key never reached the proxy', async () => {
    const r = await listNamed({ HTTPS_PROXY: authProxy.url });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      `sitedeck: The proxy at ${authProxy.hostPort} wants credentials (407 Proxy Authentication Required) ` +
        `on the way to the analytics host stats.example.com: put them in HTTPS_PROXY as http://user:pass@${authProxy.hostPort}.\n`,
    );
    expect(authProxy.seen).toHaveLength(1);
    expect(authProxy.seen[0]!.method).toBe('CONNECT');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  // bundle: HTTPS_PROXY is read from the process's environment, not the seam's
  it('a private CA through the tunnel: the certificate message, as without a proxy', async () => {
    const r = await listNamed({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: undefined });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('The analytics host stats.example.com has a certificate from a CA this machine does not know (UNABLE_TO_VERIFY_LEAF_SIGNATURE)');
    expect(proxy.seen).toHaveLength(1);
    expect(fx.emulator.hits).toHaveLength(0);
  });

  // bundle: HTTPS_PROXY is read from the process's environment, not the seam's
  it('loopback hosts go direct with HTTPS_PROXY set: the proxy sees nothing', async () => {
    const r = await listOver('host', { NODE_EXTRA_CA_CERTS: CA_PEM, HTTPS_PROXY: proxy.url });
    expect(r.code).toBe(0);
    expect(proxy.seen).toHaveLength(0);
    expect(fx.emulator.hits).toHaveLength(1);
  });
});

describe('a proxy that accepts and never answers CONNECT (issue 38, finding 6)', () => {
  // bundle: HTTPS_PROXY is read from the process's environment, not the seam's
  it('websites list and doctor end at their deadline, name the proxy, and exit: no socket keeps them alive', async () => {
    const silent = await startSilentProxy();
    try {
      const env = { ...fx.env, HTTPS_PROXY: silent.url, SITEDECK_BASE_URL: 'https://stats.example.com', SITEDECK_SEO_BASE_URL: 'https://seo.example.com' };
      // runCli fails the test when the process has not exited within 15 s (before the fix it never did).
      const list = await runCli(['websites', 'list', '--timeout', '0.5'], { env });
      expect(list.code).toBe(7);
      expect(list.stderr).toMatch(
        new RegExp(
          `^sitedeck: The proxy ${silent.hostPort} did not answer CONNECT within 500 ms \\(3 attempts, [\\d.]+ s in all\\) ` +
            `on the way to the analytics host stats\\.example\\.com; nothing reached the host\\.`,
        ),
      );
      const doctor = await runCli(['doctor', '--timeout', '0.5'], { env });
      expect(doctor.code).toBe(7);
      expect(doctor.stdout).toContain(`The proxy ${silent.hostPort} did not answer CONNECT within 500 ms`);
      await silent.allClosed();
      expect(fx.emulator.hits).toHaveLength(0);
    } finally {
      await silent.close();
    }
  });
});

// The commands against https hosts on loopback, in-process: a TLS terminator in front of the emulator
// with the test certificates (test/fixtures/tls), whose CA this process does not know. With the CA
// given (NODE_EXTRA_CA_CERTS, read by Node at start) and through a proxy: ../../bundle/proxy-tls.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTlsFront, type FrontCert, type TlsFront } from '../../helpers/tlsFront';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
const fronts = new Map<FrontCert, { analytics: TlsFront; seo: TlsFront }>();

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 9 });
  for (const cert of ['host', 'self'] as const) {
    fronts.set(cert, { analytics: await startTlsFront(fx.emulator.baseUrl, cert), seo: await startTlsFront(fx.emulator.seoBaseUrl, cert) });
  }
});
afterAll(async () => {
  for (const f of fronts.values()) await Promise.all([f.analytics.close(), f.seo.close()]);
  await fx?.cleanup();
});
beforeEach(() => fx.emulator.clearHits());

/** `websites list --json` against the https fronts with `cert`. */
function listOver(cert: FrontCert) {
  const f = fronts.get(cert)!;
  return runCommand(['websites', 'list', '--json'], {
    env: {
      ...fx.env,
      SITEDECK_BASE_URL: f.analytics.url(fx.emulator.baseUrl, '127.0.0.1'),
      SITEDECK_SEO_BASE_URL: f.seo.url(fx.emulator.seoBaseUrl, '127.0.0.1'),
    },
  });
}

const analyticsPort = (cert: FrontCert) => fronts.get(cert)!.analytics.port;

describe('certificates in words', () => {
  it('a private CA unknown to Node: says so and names NODE_EXTRA_CA_CERTS; nothing reached the host', async () => {
    const r = await listOver('host');
    expect(r.code).toBe(7);
    expect(r.stderr).toContain(
      `The analytics host 127.0.0.1:${analyticsPort('host')} has a certificate from a CA this machine does not know (UNABLE_TO_VERIFY_LEAF_SIGNATURE). ` +
        "If you trust it, give sitedeck the CA's certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem.",
    );
    expect(r.stderr).not.toContain('Check the base URL');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('a self-signed certificate', async () => {
    const r = await listOver('self');
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('has a self-signed certificate, or one from a private CA this machine does not trust (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(r.stderr).toContain('NODE_EXTRA_CA_CERTS=/path/to/ca.pem');
  });
});

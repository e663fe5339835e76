// Plain http to another machine: one warning naming the host, per process, on stderr (`config set`
// and loopback: ../commands/in-process/plain-http.test.ts). The other machine is a name the test proxy stands in for
// (test/helpers/proxy.ts: stats.example.com is the emulator), so nothing leaves loopback.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProxy, type TestProxy } from '../helpers/proxy';
import { runCli, startFixture, type Fixture } from '../commands/helpers';

let fx: Fixture;
let proxy: TestProxy;
const stats = () => 'http://stats.example.com';
const seo = () => 'http://seo.example.com';

beforeAll(async () => {
  fx = await startFixture({ seed: 23 });
  proxy = await startProxy({ hosts: { 'stats.example.com': fx.emulator.baseUrl, 'seo.example.com': fx.emulator.seoBaseUrl } });
});
afterAll(async () => {
  await proxy?.close();
  await fx?.cleanup();
});
beforeEach(() => {
  fx.emulator.clearHits();
  proxy.seen.length = 0;
});

const WARNING = (setting: string, host: string) =>
  `sitedeck: warning: ${setting} is plain http to ${host}: ` +
  'the API key travels unencrypted to that machine with every request; use https:// if the host offers it\n';

describe('commands', () => {
  // bundle: the proxy is read from the process's environment (HTTP_PROXY), and the warning is once per process
  it('warn once per process, naming the host, however many requests follow', async () => {
    const r = await runCli(['websites', 'list', '--all', '--per-page', '10', '--format', 'ndjson'], {
      env: { ...fx.env, SITEDECK_BASE_URL: stats(), SITEDECK_SEO_BASE_URL: seo(), HTTP_PROXY: proxy.url },
    });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(23);
    // Three pages through the proxy, one warning per host in the configuration.
    expect(proxy.seen).toHaveLength(3);
    expect(fx.emulator.hits).toHaveLength(3);
    expect(r.stderr).toBe(WARNING('SITEDECK_BASE_URL', 'stats.example.com') + WARNING('SITEDECK_SEO_BASE_URL', 'seo.example.com'));
  });
});

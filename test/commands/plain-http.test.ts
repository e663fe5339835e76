// Plain http to another machine: one warning naming the host, per process, on stderr; `config set`
// warns too; loopback never does. The other machine is a name the test proxy stands in for
// (test/helpers/proxy.ts: stats.example.com is the emulator), so nothing leaves loopback.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProxy, type TestProxy } from '../helpers/proxy';
import { runCli, startFixture, type Fixture } from './helpers';

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
  `sitedeck: warning: ${setting} is plain http to ${host}: the API key travels unencrypted to that machine with every request; use https:// if the host offers it\n`;

describe('commands', () => {
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

  it('loopback over http and https anywhere: no warning', async () => {
    const r = await runCli(['websites', 'list', '--json'], { env: { ...fx.env, SITEDECK_SEO_BASE_URL: 'https://seo.example.com/api/v1' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('config set', () => {
  it('warns for base_url and seo_base_url over plain http to another machine, and saves all the same', async () => {
    const a = await runCli(['config', 'set', 'base_url', 'http://ann:pw@stats.example.com/public/api/v1'], { env: fx.env });
    expect(a.code).toBe(0);
    expect(a.stderr).toContain(WARNING('base_url', 'stats.example.com'));
    expect(a.stderr).not.toContain('pw@');
    const b = await runCli(['config', 'set', 'seo_base_url', 'http://10.0.0.7:8080/api/v1'], { env: fx.env });
    expect(b.stderr).toContain(WARNING('seo_base_url', '10.0.0.7:8080'));
    const shown = await runCli(['config', 'get', 'base_url'], { env: { HOME: fx.env.HOME, SITEDECK_CONFIG_DIR: fx.env.SITEDECK_CONFIG_DIR } });
    expect(shown.stdout).toContain('stats.example.com');
  });

  it('loopback and https: no warning', async () => {
    for (const url of ['http://127.0.0.1:8000/public/api/v1', 'http://localhost:8000', 'https://stats.example.com']) {
      const r = await runCli(['config', 'set', 'base_url', url], { env: fx.env });
      expect(r.code).toBe(0);
      expect(r.stderr).not.toContain('plain http');
    }
  });
});

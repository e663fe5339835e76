// The deck where its users are: https hosts with a private CA (a TLS terminator in front of the
// emulator, test/fixtures/tls), in a real terminal (tmux) with the bundled CLI.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { makeKeyScripts } from '../helpers/keyScripts';
import { startProxy } from '../helpers/proxy';
import { CA_PEM, startTlsFront, type TlsFront } from '../helpers/tlsFront';
import { startRequestsIn } from '../helpers/startRequests';

const fx = setUpE2e('sitedeck-reach-', { seed: 40 });
let analytics: TlsFront;
let seo: TlsFront;
beforeAll(async () => {
  analytics = await startTlsFront(fx.emulator.baseUrl);
  seo = await startTlsFront(fx.emulator.seoBaseUrl);
});
afterAll(async () => {
  await analytics?.close();
  await seo?.close();
});

function openDeck(env: Record<string, string>, args: string[] = []): TmuxSession {
  fx.tmux = startTmux({
    command: ['node', CLI, '--base-url', analytics.url(fx.emulator.baseUrl), '--seo-base-url', seo.url(fx.emulator.seoBaseUrl), ...args],
    env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color', ...env },
    cwd: ROOT,
    columns: 200,
    rows: 30,
    recordFromStart: true,
  });
  return fx.tmux;
}

describe('a host with a private CA', () => {
  it('without its CA the deck says the certificate is unknown and names NODE_EXTRA_CA_CERTS', async () => {
    fx.emulator.clearHits();
    const t = openDeck({});
    const text = await t.output({ fromStart: true }).waitFor(/NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem/, { what: 'the certificate advice' });
    expect(text).toContain('from a CA this machine does not know (UNABLE_TO_VERIFY_LEAF_SIGNATURE)');
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('with NODE_EXTRA_CA_CERTS the deck lists the websites over https', async () => {
    fx.emulator.clearHits();
    const t = openDeck({ NODE_EXTRA_CA_CERTS: CA_PEM });
    await t.waitFor(/1 Websites 40 .*2 Reports/, { what: 'the deck over https' });
    // The first page of websites, asked once, answered through the terminator.
    expect(fx.emulator.hits.filter((h) => h.path === '/public/api/v1/websites')).toHaveLength(1);
    expect(t.capture()).not.toContain('certificate');
  });
});

describe('plain http to another machine', () => {
  it('the deck flashes one warning naming the host, and works through HTTP_PROXY', async () => {
    // stats.example.com is the emulator, reached through a loopback proxy that stands in for DNS.
    const proxy = await startProxy({ hosts: { 'stats.example.com': fx.emulator.baseUrl } });
    try {
      fx.emulator.clearHits();
      fx.tmux = startTmux({
        command: ['node', CLI, '--base-url', 'http://stats.example.com', '--seo-base-url', fx.emulator.seoBaseUrl],
        env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color', HTTP_PROXY: proxy.url },
        cwd: ROOT,
        columns: 200,
        rows: 30,
        recordFromStart: true,
      });
      // In a frame of the deck itself (the stderr line before the screen is taken over is no frame).
      await fx.tmux
        .output({ fromStart: true })
        .waitForFrame((f) => f.includes('1 Websites') && f.includes('--base-url is plain http to stats.example.com'), { what: 'the warning in the deck' });
      await fx.tmux.waitFor(/1 Websites 40 .*2 Reports/, { what: 'the deck through the proxy' });
      // The analytics host went through the proxy; the SEO host (loopback) went direct.
      expect(proxy.seen.filter((s) => s.target.startsWith('http://stats.example.com/'))).toHaveLength(1);
      expect(proxy.seen.every((s) => s.target.startsWith('http://stats.example.com/'))).toBe(true);
      expect(fx.emulator.hits.filter((h) => h.path === '/public/api/v1/websites')).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

describe('the key from a command', () => {
  it('the deck runs api_key_command once before its first request and lists with the key', async () => {
    const scripts = makeKeyScripts();
    try {
      fx.emulator.clearHits();
      fx.tmux = startTmux({
        command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl],
        env: { SITEDECK_API_KEY_COMMAND: scripts.printing(fx.emulator.apiKey), SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color' },
        cwd: ROOT,
        columns: 120,
        rows: 30,
      });
      await fx.tmux.waitFor(/1 Websites 40 .*2 Reports/, { what: 'the deck with the key from the command' });
      expect(scripts.runs()).toBe(1);
      // The first page was asked once and answered (a refused key would have shown its error instead).
      expect(fx.emulator.hits.filter((h) => h.path === '/public/api/v1/websites')).toHaveLength(1);
      // Every request of this deck's start in before the next test counts what reaches the emulator.
      await startRequestsIn(fx.emulator);
    } finally {
      scripts.cleanup();
    }
  });

  it('a failing command: the deck does not open and says why', async () => {
    const scripts = makeKeyScripts();
    try {
      fx.emulator.clearHits();
      fx.tmux = startTmux({
        command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl],
        env: { SITEDECK_API_KEY_COMMAND: scripts.failing, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color' },
        cwd: ROOT,
        columns: 120,
        rows: 30,
      });
      const screen = await fx.tmux.waitFor('[exit 2]', { what: 'the deck refusing to start' });
      expect(screen).toContain('sitedeck: the key command failed (exit 3); it wrote 2 lines to stderr; run it yourself to see them');
      expect(fx.emulator.hits).toHaveLength(0);
    } finally {
      scripts.cleanup();
    }
  });
});

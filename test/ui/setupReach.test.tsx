// The setup screen with the key from api_key_command (never saved to the file) and with a
// plain-http URL to another machine (warned in the deck's first flash). The other machine is a name
// the test proxy stands in for (test/helpers/proxy.ts), so nothing leaves loopback.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { blankConfig } from '../helpers/blankConfig';
import type { ResolvedConfig } from '../../src/config/types';
import { startEmulator, type Emulator } from '../../src/emulator';
import { Root } from '../../src/ui/Root';
import { checkAndSaveIn } from '../../src/ui/outside/setupCheck';
import { KEYS, renderInk } from '../helpers/ink';
import { startProxy, type TestProxy } from '../helpers/proxy';

let emulator: Emulator;
let proxy: TestProxy;
let dir: string;
const saved = { dir: process.env.SITEDECK_CONFIG_DIR, proxy: process.env.HTTP_PROXY };

beforeAll(async () => {
  emulator = await startEmulator({ seed: 12, rateLimit: 0, port: 0, seoPort: 0 });
  proxy = await startProxy({ hosts: { 'stats.example.com': emulator.baseUrl } });
});
afterAll(async () => {
  await proxy.close();
  await emulator.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-setup-reach-'));
  process.env.SITEDECK_CONFIG_DIR = dir;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const [k, v] of [
    ['SITEDECK_CONFIG_DIR', saved.dir],
    ['HTTP_PROXY', saved.proxy],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const config = (extra: Partial<ResolvedConfig> = {}): ResolvedConfig => blankConfig(dir, extra);

function renderSetup(c: ResolvedConfig) {
  return renderInk(
    <Root
      io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
      config={c}
      demo={false}
      makeClient={(cc) => createClient({ baseUrl: cc.baseUrl, seoBaseUrl: cc.seoBaseUrl, apiKey: cc.apiKey, retries: 0 })}
      check={checkAndSaveIn(process.env)}
      exit={() => undefined}
      write={() => undefined}
    />,
  );
}

/** Types both URLs and accepts the key field as it is. */
async function fillAndSubmit(ui: ReturnType<typeof renderSetup>, analytics: string, seo: string, until: (f: string) => boolean) {
  await ui.waitForFrame((f) => f.includes('› Analytics URL'));
  await ui.press(analytics, { until: (f) => f.includes(analytics.replace('http://', '')) });
  await ui.press(KEYS.enter, { until: (f) => f.includes('› SEO URL') });
  await ui.press(seo, { until: (f) => f.includes(seo.replace('http://', '')) });
  await ui.press(KEYS.enter, { until: (f) => f.includes('› API key') });
  await ui.press(KEYS.enter, { until, timeoutMs: 8000 });
}

describe('setup screen', () => {
  it('a key printed by api_key_command is used but never saved to the file', async () => {
    const ui = renderSetup(config({ apiKey: emulator.apiKey, apiKeyCommand: 'pass show sitedeck', keyByCommand: true, sources: { api_key_command: 'env' } }));
    await fillAndSubmit(ui, emulator.baseUrl, emulator.seoBaseUrl, (f) => /1 Websites 12/.test(f) && f.includes('✓ profile default saved to'));
    const file = readFileSync(join(dir, 'config.json'), 'utf8');
    expect(JSON.parse(file).profiles.default).toEqual({ base_url: emulator.baseUrl, seo_base_url: emulator.seoBaseUrl });
    expect(file).not.toContain(emulator.apiKey);
    ui.unmount();
  });

  it('a plain-http URL to another machine is saved, and the deck opens with the warning beside "saved"', async () => {
    process.env.HTTP_PROXY = proxy.url;
    const ui = renderSetup(config({ apiKey: emulator.apiKey }));
    await fillAndSubmit(
      ui,
      'http://stats.example.com',
      emulator.seoBaseUrl,
      (f) => /1 Websites 12/.test(f) && f.includes('base_url is plain http to stats.example.com'),
    );
    expect(ui.frame()).toContain('✓ profile default saved to');
    // Through the proxy: the setup's check (one list call), then the deck's first page; nothing else.
    expect(proxy.seen.map((s) => s.target.split('?')[0])).toEqual([
      'http://stats.example.com/public/api/v1/websites',
      'http://stats.example.com/public/api/v1/websites',
    ]);
    ui.unmount();
  });
});

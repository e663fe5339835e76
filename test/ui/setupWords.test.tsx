// The setup screen's words name what happened (issue 55.7), against the emulator over loopback with
// the real client: a URL typed without a scheme says https:// was assumed, a problem goes when its
// field changes (another field's stays), and the two URLs typed in each other's field are said to be
// swapped, from which API path answers on which host, instead of two bare 404s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { blankConfig } from '../helpers/blankConfig';
import { startEmulator, type Emulator } from '../../src/emulator';
import { Root } from '../../src/ui/Root';
import { checkAndSaveIn } from '../../src/ui/outside/setupCheck';
import { KEYS, renderInk } from '../helpers/ink';

let emulator: Emulator;
let dir: string;
const savedDir = process.env.SITEDECK_CONFIG_DIR;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 12, rateLimit: 0, port: 0, seoPort: 0 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-setup-words-'));
  process.env.SITEDECK_CONFIG_DIR = dir;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (savedDir === undefined) delete process.env.SITEDECK_CONFIG_DIR;
  else process.env.SITEDECK_CONFIG_DIR = savedDir;
});

/** The setup screen with the key given (focus starts on the Analytics URL). */
function renderSetup() {
  const config = blankConfig(dir, { apiKey: emulator.apiKey });
  return renderInk(
    <Root
      io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
      config={config}
      demo={false}
      makeClient={(c) => createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, retries: 0 })}
      check={checkAndSaveIn(process.env)}
      exit={() => undefined}
      write={() => undefined}
    />,
  );
}

/** The frame as one line: a problem wraps at the screen's width. */
const flat = (f: string) => f.replace(/\s+/g, ' ');

/** Types both URLs and checks them (Enter on the key field, given). */
async function submit(ui: ReturnType<typeof renderSetup>, analytics: string, seo: string, until: (flat: string) => boolean) {
  await ui.waitForFrame((f) => f.includes('› Analytics URL'));
  await ui.press(analytics, { until: (f) => f.includes(analytics.replace('http://', '')) });
  await ui.press(KEYS.enter, { until: (f) => f.includes('› SEO URL') });
  await ui.press(seo, { until: (f) => f.includes(seo.replace('http://', '')) });
  await ui.press(KEYS.enter, { until: (f) => f.includes('› API key') });
  return ui.press(KEYS.enter, { until: (f) => until(flat(f)), timeoutMs: 8000 });
}

describe('setup says what happened', () => {
  it('a URL typed without a scheme: the failure says https:// was assumed (the host speaks plain http)', async () => {
    const ui = renderSetup();
    const bare = emulator.baseUrl.replace('http://', '');
    const f = flat(await submit(ui, bare, emulator.seoBaseUrl, (t) => t.includes('Analytics host:')));
    expect(f).toContain('https:// assumed: no scheme was typed; if the host speaks plain http, write http:// in front');
    // The SEO URL had its scheme and answered: nothing is said of it.
    expect(f).not.toContain('SEO host:');
    ui.unmount();
  });

  it('a problem goes when its field changes; the other field’s problem stays until its own changes', async () => {
    const ui = renderSetup();
    await submit(ui, 'http://127.0.0.1:1', 'http://127.0.0.1:2', (t) => t.includes('Analytics host:') && t.includes('SEO host:'));
    // Shift+Tab twice: from the key to the Analytics URL; one character less there.
    await ui.press([KEYS.shiftTab, KEYS.shiftTab], { until: (f) => f.includes('› Analytics URL') });
    const f = flat(await ui.press(KEYS.backspace, { until: (t) => !flat(t).includes('Analytics host:') }));
    expect(f).toContain('SEO host:');
    await ui.press(KEYS.tab, { until: (t) => t.includes('› SEO URL') });
    await ui.press('0', { until: (t) => !flat(t).includes('SEO host:') });
    ui.unmount();
  });

  it('the two URLs swapped are recognised: one problem saying which API answers where, not two 404s', async () => {
    const ui = renderSetup();
    const f = flat(await submit(ui, emulator.seoBaseUrl, emulator.baseUrl, (t) => t.includes('swapped')));
    expect(f).toContain(
      `These look swapped: the Analytics URL (${emulator.seoBaseUrl}) answers the SEO API (/api/v1/reports) and the SEO URL (${emulator.baseUrl}) ` +
        'answers the analytics API (/public/api/v1/websites): swap the two fields.',
    );
    expect(f).not.toMatch(/404|Analytics host:|SEO host:/);
    ui.unmount();
  });

  it('the SEO URL in both fields: the Analytics URL is said to answer the SEO API', async () => {
    const ui = renderSetup();
    const f = flat(await submit(ui, emulator.seoBaseUrl, emulator.seoBaseUrl, (t) => t.includes('Analytics URL:')));
    expect(f).toContain(
      `Analytics URL: ${emulator.seoBaseUrl} answers the SEO API (/api/v1/reports), ` +
        "not the analytics API (/public/api/v1/websites): give the analytics host's URL here.",
    );
    ui.unmount();
  });
});

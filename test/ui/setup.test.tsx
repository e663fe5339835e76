import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import type { ResolvedConfig } from '../../src/config/types';
import { settingFields } from '../../src/config/resolve';
import { startEmulator, type Emulator } from '../../src/emulator';
import { Root, SETUP_LEFT } from '../../src/ui/Root';
import { checkAndSaveIn, onScreen } from '../../src/ui/outside/setupCheck';
import { KEYS, renderInk } from '../helpers/ink';
import { waitFor } from '../helpers/wait';

let emulator: Emulator;
let dir: string;
const savedEnv = process.env.SITEDECK_CONFIG_DIR;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 12, rateLimit: 0, port: 0, seoPort: 0 });
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-setup-'));
  process.env.SITEDECK_CONFIG_DIR = dir;
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
  if (savedEnv === undefined) delete process.env.SITEDECK_CONFIG_DIR;
  else process.env.SITEDECK_CONFIG_DIR = savedEnv;
});

function emptyConfig(): ResolvedConfig {
  return {
    ...settingFields({}),
    profile: 'default',
    readOnly: false,
    cache: false,
    sources: { read_only: 'default', cache: 'flag' },
    configDir: dir,
    configPath: join(dir, 'config.json'),
    warnings: [],
  };
}

describe('setup screen', () => {
  it('reads a burst key by key: url Tab url Tab key Enter fills all three fields and checks them', async () => {
    const ui = renderInk(
      <Root
        io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
        config={emptyConfig()}
        demo={false}
        makeClient={(c) => createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, retries: 0 })}
        check={async () => ({ ok: false, problems: [{ text: 'held here: the burst is what is tested', fields: [] }] })}
        exit={() => undefined}
        write={() => undefined}
      />,
    );
    await ui.waitForFrame((f) => f.includes('set up a profile') && f.includes('› Analytics URL'));
    // One write: the way a paste without brackets, or fast typing ahead, arrives.
    ui.write('http://127.0.0.1:1\thttp://127.0.0.1:2\tkey-burst\r');
    const f = await ui.waitForFrame((fr) => fr.includes('held here'), 'the check, after Enter on the last field');
    expect(f).toMatch(/Analytics URL\s+http:\/\/127\.0\.0\.1:1\s/);
    expect(f).toMatch(/SEO URL\s+http:\/\/127\.0\.0\.1:2\s/);
    expect(f).toMatch(/› API key\s+•{9}/);
    ui.unmount();
  });

  it('asks for both URLs and the key, says which host refused, saves the profile 0600 and opens the deck', async () => {
    const exits: number[] = [];
    const ui = renderInk(
      <Root
        io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
        config={emptyConfig()}
        demo={false}
        makeClient={(c) => createClient({ baseUrl: c.baseUrl, seoBaseUrl: c.seoBaseUrl, apiKey: c.apiKey, retries: 0 })}
        check={checkAndSaveIn(process.env)}
        exit={(c) => exits.push(c)}
        write={() => undefined}
      />,
    );
    await ui.waitForFrame((f) => f.includes('set up a profile') && f.includes('› Analytics URL'));
    await ui.press(emulator.baseUrl, { until: (f) => f.includes(emulator.baseUrl.replace('http://', '')) });
    await ui.press(KEYS.enter, { until: (f) => f.includes('› SEO URL') });
    // The SEO host gets the analytics address: its list call fails, and the screen says which host.
    await ui.press(emulator.baseUrl, { until: (f) => /› SEO URL\s+http/.test(f) });
    await ui.press(KEYS.enter, { until: (f) => f.includes('› API key') });
    await ui.press('wrong-key-123456', { until: (f) => f.includes('••••••••••') });
    expect(ui.frame()).not.toContain('wrong-key');
    await ui.press(KEYS.enter, { until: (f) => f.includes('Analytics host: ') && f.includes('SEO host: ') });
    expect(ui.frame()).toMatch(/API key/);
    // The hints point at the fields on this screen, not at environment variables or commands.
    expect(ui.frame()).not.toMatch(/SITEDECK_|config set-key/);
    expect(ui.frame().replace(/\s+/g, ' ')).toContain('Check the API key field');

    // Fix the SEO URL and the key.
    await ui.press(KEYS.up, { until: (f) => f.includes('› SEO URL') });
    await ui.press(KEYS.ctrl('u'));
    await ui.press(emulator.seoBaseUrl, { until: (f) => f.includes(emulator.seoBaseUrl.replace('http://', '')) });
    await ui.press(KEYS.down, { until: (f) => f.includes('› API key') });
    await ui.press(KEYS.ctrl('u'));
    await ui.press(emulator.apiKey, { until: (f) => /› API key\s+•{10,}/.test(f) });
    await ui.press(KEYS.enter, { until: (f) => /1 Websites 12/.test(f) && f.includes('✓ profile default saved to'), timeoutMs: 8000 });

    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.profiles.default).toMatchObject({ base_url: emulator.baseUrl, seo_base_url: emulator.seoBaseUrl, api_key: emulator.apiKey });
    ui.write('q');
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([0]);
    ui.unmount();
  });

  it('Esc with typed values asks before throwing them away; any other key goes back with them intact', async () => {
    const exits: number[] = [];
    const words: (string | undefined)[] = [];
    const ui = renderInk(
      <Root
        io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
        config={emptyConfig()}
        demo={false}
        makeClient={() => {
          throw new Error('not reached');
        }}
        check={checkAndSaveIn(process.env)}
        exit={(c, w) => (exits.push(c), words.push(w))}
        write={() => undefined}
      />,
    );
    await ui.waitForFrame((f) => f.includes('› Analytics URL'));
    await ui.press('https://typed.example', { until: (f) => f.includes('https://typed.example') });
    await ui.press(KEYS.esc, { until: (f) => f.includes('Quit without saving?') });
    expect(exits).toEqual([]);
    await ui.press('n', { until: (f) => !f.includes('Quit without saving?') });
    expect(ui.frame()).toMatch(/› Analytics URL\s+https:\/\/typed\.example/);
    await ui.press(KEYS.esc, { until: (f) => f.includes('Quit without saving?') });
    ui.write('y');
    await waitFor(() => exits.length, 'exit');
    // Esc is a choice, not an interruption: exit 0, with a word on what to do next.
    expect(exits).toEqual([0]);
    expect(words).toEqual([SETUP_LEFT]);
    ui.unmount();
  });

  it('Ctrl+C leaves with 130, and says so too', async () => {
    const exits: number[] = [];
    const said: (string | undefined)[] = [];
    const ui = renderInk(
      <Root
        io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
        config={emptyConfig()}
        demo={false}
        makeClient={() => {
          throw new Error('not reached');
        }}
        check={checkAndSaveIn(process.env)}
        exit={(c, w) => (exits.push(c), said.push(w))}
        write={() => undefined}
      />,
    );
    await ui.waitForFrame((f) => f.includes('› Analytics URL'));
    ui.write('\x03');
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([130]);
    expect(said).toEqual([SETUP_LEFT]);
    ui.unmount();
  });

  it('says how to try the demo and how to come back, wrapped to fit 80 columns', async () => {
    const ui = renderInk(
      <Root
        io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
        config={emptyConfig()}
        demo={false}
        makeClient={() => {
          throw new Error('not reached');
        }}
        check={checkAndSaveIn(process.env)}
        exit={() => undefined}
        write={() => undefined}
      />,
    );
    const f = await ui.waitForFrame((x) => x.includes('› Analytics URL'));
    const flat = f.replace(/\s+/g, ' ');
    expect(flat).toContain('sitedeck --demo');
    expect(flat).toContain('This screen comes back whenever `sitedeck` starts without a complete profile.');
    expect(flat).toContain('Esc quits (asks if you typed)');
    expect(f).not.toMatch(/…$/m);
    expect(SETUP_LEFT).toMatch(/nothing saved.*sitedeck --demo/);
    ui.unmount();
  });

  it('Esc with nothing typed quits at once', async () => {
    const exits: number[] = [];
    const ui = renderInk(
      <Root
        io={{ env: process.env, cwd: process.cwd(), stdout: {} }}
        config={emptyConfig()}
        demo={false}
        makeClient={() => {
          throw new Error('not reached');
        }}
        check={checkAndSaveIn(process.env)}
        exit={(c) => exits.push(c)}
        write={() => undefined}
      />,
    );
    await ui.waitForFrame((f) => f.includes('› Analytics URL'));
    ui.write(KEYS.esc);
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([0]);
    ui.unmount();
  });
});

describe('setup hints', () => {
  it('name the fields on the screen instead of environment variables', () => {
    expect(onScreen('The analytics host a did not accept the API key (401). Check the API key (SITEDECK_API_KEY or `sitedeck config set-key`).')).toBe(
      'The analytics host a did not accept the API key (401). Check the API key field.',
    );
    expect(onScreen('Could not reach the SEO host b (connection refused). Check the base URL (SITEDECK_SEO_BASE_URL) and the network.')).toBe(
      'Could not reach the SEO host b (connection refused). Check the base URL (the SEO URL field) and the network.',
    );
    expect(onScreen('baseUrl for the analytics host: "x" is not a valid URL')).toBe('Analytics URL: "x" is not a valid URL');
  });
});

// Plain http to another machine: `config set` warns, naming the host; loopback and https never do
// (the warning of a command that goes through a proxy: ../../bundle/plain-http.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 23 });
});
afterAll(async () => {
  await fx?.cleanup();
});
beforeEach(() => {
  fx.emulator.clearHits();
});

const WARNING = (setting: string, host: string) =>
  `sitedeck: warning: ${setting} is plain http to ${host}: ` +
  'the API key travels unencrypted to that machine with every request; use https:// if the host offers it\n';

describe('commands', () => {
  it('loopback over http and https anywhere: no warning', async () => {
    const r = await runCommand(['websites', 'list', '--json'], { env: { ...fx.env, SITEDECK_SEO_BASE_URL: 'https://seo.example.com/api/v1' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('config set', () => {
  it('warns for base_url and seo_base_url over plain http to another machine, and saves all the same', async () => {
    const a = await runCommand(['config', 'set', 'base_url', 'http://ann:pw@stats.example.com/public/api/v1'], { env: fx.env });
    expect(a.code).toBe(0);
    expect(a.stderr).toContain(WARNING('base_url', 'stats.example.com'));
    expect(a.stderr).not.toContain('pw@');
    const b = await runCommand(['config', 'set', 'seo_base_url', 'http://10.0.0.7:8080/api/v1'], { env: fx.env });
    expect(b.stderr).toContain(WARNING('seo_base_url', '10.0.0.7:8080'));
    const shown = await runCommand(['config', 'get', 'base_url'], { env: { HOME: fx.env.HOME, SITEDECK_CONFIG_DIR: fx.env.SITEDECK_CONFIG_DIR } });
    expect(shown.stdout).toContain('stats.example.com');
  });

  it('loopback and https: no warning', async () => {
    for (const url of ['http://127.0.0.1:8000/public/api/v1', 'http://localhost:8000', 'https://stats.example.com']) {
      const r = await runCommand(['config', 'set', 'base_url', url], { env: fx.env });
      expect(r.code).toBe(0);
      expect(r.stderr).not.toContain('plain http');
    }
  });
});

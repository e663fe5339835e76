// `sitedeck doctor` in a real terminal inside tmux: the size it reports is the pane's, and tmux is
// asked for its own set-clipboard and mouse options.
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-doctor-', { seed: 3 });

describe('sitedeck doctor in tmux', () => {
  it("reports the pane's size, the colours and tmux's set-clipboard, with one request to each host", async () => {
    fx.emulator.clearHits();
    fx.tmux = startTmux({
      command: ['node', CLI, 'doctor'],
      env: {
        SITEDECK_BASE_URL: fx.emulator.baseUrl,
        SITEDECK_SEO_BASE_URL: fx.emulator.seoBaseUrl,
        SITEDECK_API_KEY: fx.emulator.apiKey,
        SITEDECK_CONFIG_DIR: fx.configDir,
        TERM: 'xterm-256color',
        LANG: 'C.UTF-8',
      },
      cwd: ROOT,
      columns: 110,
      rows: 50,
    });
    const screen = await fx.tmux.waitFor('[exit 0]', { what: 'doctor to finish with 0' });
    expect(screen).toMatch(/✓ size\s+110×50 \(the deck needs 60×20\)/);
    expect(screen).toMatch(/✓ colours\s+256 colours \(TERM=xterm-256color\)/);
    // A tmux server started without a config file has its defaults: set-clipboard external, mouse off.
    expect(screen).toMatch(/✓ tmux\s+set-clipboard external: a copy \(y\) reaches your terminal's clipboard/);
    expect(screen).toMatch(/✓ mouse\s+on; tmux mouse off/);
    expect(screen).toContain('All checks passed.');
    expect(fx.emulator.hits.map((h) => `${h.host} ${h.method} ${h.path}`).sort()).toEqual(['analytics GET /public/api/v1/websites', 'seo GET /api/v1/reports']);
  });
});

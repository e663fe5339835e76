// A shell that has CI set (a dev container, a CI job's debug shell) still gets a working deck:
// Ink's non-interactive mode would draw only the last frame, at exit; the deck asks for the
// interactive one because it runs only on a terminal.
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-ci-shell-', { seed: 5 });

describe('the deck with CI set in its environment (tmux)', () => {
  it('draws every frame: the list, then the cursor moved by j', async () => {
    fx.tmux = startTmux({
      command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl],
      env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color', CI: 'true' },
      unsetEnv: [],
      cwd: ROOT,
      columns: 80,
      rows: 24,
    });
    const t = fx.tmux;
    const first = await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the first list' });
    const selected = (s: string) => s.split('\n').find((l) => l.startsWith('›'));
    const was = selected(first);
    t.sendKeys('j');
    const moved = await t.waitFor((s) => selected(s) !== was, { what: 'the cursor on the next row' });
    expect(selected(moved)).not.toBe(was);
    expect(moved.split('\n').filter((l) => l.startsWith('›'))).toHaveLength(1);
  });
});

// The bundled deck in tmux at 80×24: a password typed into an edit, saved, undone; the message log and
// the change log opened; the deck quit. Not one byte the deck wrote to the terminal, and no file it
// wrote under its home, config, state or cache folders, holds the password; nothing changed on the
// host, so the undo asks nothing and names the password as not put back.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-secret-', { seed: 12 });
const PW = 'hunter22-Qx7';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : statSync(p).isFile() ? [p] : [];
  });
}

describe('a typed password in the deck (tmux)', () => {
  it('is never on the terminal nor in a file, and its undo runs without a conflict that never happened', async () => {
    const home = fx.configDir;
    const t = (fx.tmux = startTmux({
      command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl],
      env: {
        SITEDECK_API_KEY: fx.emulator.apiKey,
        SITEDECK_CONFIG_DIR: join(home, 'config'),
        HOME: home,
        XDG_STATE_HOME: join(home, 'state'),
        XDG_CACHE_HOME: join(home, 'cache'),
        TERM: 'xterm-256color',
      },
      cwd: ROOT,
      columns: 80,
      rows: 24,
      recordFromStart: true,
    }));
    const out = t.output({ fromStart: true });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    // A website whose privacy is not Password yet.
    const chosen = (s: string) => /^›.* Private /m.test(s);
    for (let i = 0; i < 5 && !chosen(t.capture()); i++) {
      const was = /^›\s*(\d+)/m.exec(t.capture())?.[1];
      t.sendKeys('j');
      await t.waitFor((s) => /^›\s*(\d+)/m.exec(s)?.[1] !== was, { what: 'the next row' });
    }
    expect(chosen(t.capture())).toBe(true);
    t.sendKeys('e');
    await t.waitFor(/Edit website \S+ \(id \d+\)/, { what: 'the edit form' });
    // Privacy to Password: the password field shows once it is chosen.
    for (let i = 0; i < 3 && !/Password {2,}\(/.test(t.capture()); i++) {
      t.sendKeys('Right');
      await t.waitFor((s) => s.includes(' •'), { what: 'privacy changed' });
    }
    await t.waitFor(/Password {2,}\(/, { what: 'the password field' });
    t.sendKeys('Tab');
    t.sendText(PW);
    await t.waitFor('•'.repeat(PW.length), { what: 'the password typed, masked' });
    t.sendKeys('C-s');
    await t.waitFor('✓ saved', { what: 'the save' });
    t.sendKeys('u');
    const undone = await t.waitFor((s) => s.includes('✓ Undo: 1 undone'), { what: 'the undo, asked nothing' });
    expect(undone.replace(/\n /g, ' ')).toContain('not put back: the password you set');
    t.sendKeys('M');
    await t.waitFor('Messages, newest first', { what: 'the message log' });
    t.sendKeys('Escape', ':');
    t.sendText('changes');
    t.sendKeys('Enter');
    await t.waitFor('Changes this session', { what: 'the change log' });
    t.sendKeys('Escape', 'q');
    await t.waitFor('[exit 0]');
    expect(out.raw()).not.toContain('Changed on the host since');
    expect(out.raw()).not.toContain(PW);
    const files = filesUnder(home);
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toContain(PW);
  });
});

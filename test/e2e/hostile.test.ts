// Hostile records in a real terminal (tmux), on the bundled deck: what `y` hands to tmux's buffer,
// and a record too long to lay out.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { startSilentProxy } from '../helpers/proxy';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';

const fx = setUpE2e('sitedeck-e2e-hostile-', { seed: 3 });

const openDeck = (): TmuxSession => openFixtureDeck(fx);

const tmuxBytes = (t: TmuxSession, ...args: string[]) => execFileSync('tmux', ['-L', t.socket, ...args]);

describe('hostile records in the deck', () => {
  it("y on a domain that would break out of a bracketed paste puts only clean text in tmux's buffers", async () => {
    const id = fx.emulator.insertRaw('websites', { domain: 'docs.example.com/\x1b[201~\r\ntouch /tmp/x\r\n' });
    // set-clipboard and the buffers are the server's: a server of its own.
    const t = openFixtureDeck(fx, undefined, {}, { ownServer: true });
    tmuxBytes(t, 'set-option', '-g', 'set-clipboard', 'on');
    await t.waitFor('docs.example.com/ touch /tmp/x');
    expect(fx.emulator.websites().reduce((m, w) => Math.max(m, Number(w.id)), 0)).toBe(id);
    const written = t.output();
    t.sendKeys('y');
    await written.waitFor('copied docs.example.com/ touch /tmp/x (cleaned of control characters) to tmux');
    const clean = Buffer.from('docs.example.com/ touch /tmp/x', 'utf8');
    // Byte by byte: the `-w` buffer and the one tmux made from the OSC 52 alike.
    await waitFor(() => tmuxBytes(t, 'list-buffers', '-F', '#{buffer_name}').toString().trim().split('\n').length === 2, 'both buffers', undefined, 40);
    const names = tmuxBytes(t, 'list-buffers', '-F', '#{buffer_name}').toString().trim().split('\n');
    for (const name of names) expect(tmuxBytes(t, 'show-buffer', '-b', name).equals(clean)).toBe(true);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('o and y refuse a link that is not a web link, in words; $BROWSER never runs', async () => {
    const record = join(fx.configDir, 'browser-ran');
    const script = join(fx.configDir, 'browser-record.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${record}'\n`);
    chmodSync(script, 0o755);
    for (const [domain, why] of [
      ['file:///etc/passwd', 'it is a file: link, and only http and https links are opened or copied'],
      ['ssh://-oProxyCommand=x', 'it is a ssh: link, and only http and https links are opened or copied'],
      ['-oProxyCommand=x', 'its host starts with "-", which a program would read as an option'],
    ]) {
      fx.emulator.insertRaw('websites', { domain });
      const t = openFixtureDeck(fx, { columns: 160, rows: 30 }, { BROWSER: script });
      await t.waitFor((s) => /^›\s+\d+ /m.test(s) && s.includes(domain.slice(0, 12)), { what: domain });
      t.sendKeys('o');
      await t.waitFor(`Not opened: ${why}`);
      t.sendKeys('y');
      await t.waitFor(`Not copied: ${why}`);
      t.sendKeys('q');
      await t.waitFor('[exit 0]');
      t.kill();
      fx.tmux = undefined;
    }
    expect(existsSync(record)).toBe(false);
  });

  it('o with a $BROWSER that is not there says it was not found and copies the link; one that exits 3 says it failed', async () => {
    const domain = 'opener.example';
    fx.emulator.insertRaw('websites', { domain });
    const missing = join(fx.configDir, 'no-such-browser');
    let t = openFixtureDeck(fx, { columns: 200, rows: 30 }, { BROWSER: missing });
    await t.waitFor((s) => /^›\s+\d+ opener\.example/m.test(s), { what: 'the row' });
    t.sendKeys('o');
    // One glyph a message: the copy's own ✓ gives way to the lead-in.
    await t.waitFor(`Not opened ($BROWSER (${missing}) was not found): copied https://${domain}`);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
    t.kill();
    fx.tmux = undefined;

    const failing = join(fx.configDir, 'failing-browser.sh');
    writeFileSync(failing, '#!/bin/sh\nexit 3\n');
    chmodSync(failing, 0o755);
    t = openFixtureDeck(fx, { columns: 200, rows: 30 }, { BROWSER: failing });
    await t.waitFor((s) => /^›\s+\d+ opener\.example/m.test(s), { what: 'the row' });
    t.sendKeys('o');
    const said = await t.waitFor(`✗ https://${domain}/ was not opened: $BROWSER (${failing}) exited with code 3`);
    expect(said).not.toContain(`Opened https://${domain}/`);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('a 300 000-character domain draws, its detail says how much was left out, and q quits', async () => {
    fx.emulator.insertRaw('websites', { domain: `${'a'.repeat(300_000)}.example` });
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    await t.waitFor(/\(\d{3},\d{3} more characters in the name\)/);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('the deck behind a proxy that accepts and never answers CONNECT', () => {
  it('q exits at once while a request waits on the proxy: no socket keeps the deck alive', async () => {
    const silent = await startSilentProxy();
    try {
      fx.tmux = startTmux({
        command: ['node', CLI, '--base-url', 'https://stats.example.com', '--seo-base-url', 'https://seo.example.com', '--timeout', '30'],
        env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color', HTTPS_PROXY: silent.url },
        cwd: ROOT,
        columns: 120,
        rows: 30,
      });
      const t = fx.tmux;
      await waitFor(() => silent.accepted() > 0, 'a CONNECT waiting on the proxy');
      await t.waitFor(/Websites/, { what: 'the deck' });
      t.sendKeys('q');
      // Well before the 30 s deadline: quitting ends the requests and their sockets to the proxy.
      await t.waitFor('[exit 0]', { timeoutMs: 10_000 });
      await silent.allClosed();
    } finally {
      await silent.close();
    }
  });
});

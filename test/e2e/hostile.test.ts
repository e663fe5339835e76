// Hostile records in a real terminal (tmux), on the bundled deck: what `y` hands to tmux's buffer,
// and a record too long to lay out.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { type TmuxSession } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-hostile-', { seed: 3 });

const openDeck = (): TmuxSession => openFixtureDeck(fx);

const tmuxBytes = (t: TmuxSession, ...args: string[]) => execFileSync('tmux', ['-L', t.socket, ...args]);

describe('hostile records in the deck', () => {
  it("y on a domain that would break out of a bracketed paste puts only clean text in tmux's buffers", async () => {
    const id = fx.emulator.insertRaw('websites', { domain: 'docs.example.com\x1b[201~\r\ntouch /tmp/x\r\n' });
    const t = openDeck();
    tmuxBytes(t, 'set-option', '-g', 'set-clipboard', 'on');
    await t.waitFor('docs.example.com touch /tmp/x');
    expect(fx.emulator.websites().reduce((m, w) => Math.max(m, Number(w.id)), 0)).toBe(id);
    const written = t.output();
    t.sendKeys('y');
    await written.waitFor('copied https://docs.example.com touch /tmp/x (cleaned of control characters) to tmux');
    const clean = Buffer.from('https://docs.example.com touch /tmp/x', 'utf8');
    // Byte by byte: the `-w` buffer and the one tmux made from the OSC 52 alike.
    await t.waitFor(() => tmuxBytes(t, 'list-buffers', '-F', '#{buffer_name}').toString().trim().split('\n').length === 2, { what: 'both buffers' });
    const names = tmuxBytes(t, 'list-buffers', '-F', '#{buffer_name}').toString().trim().split('\n');
    for (const name of names) expect(tmuxBytes(t, 'show-buffer', '-b', name).equals(clean)).toBe(true);
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

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pasteRefusal } from '../../src/ui/input/paste';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { type TmuxSession } from '../helpers/tmux';

// A bracketed paste as a terminal sends it: tmux's paste-buffer -p wraps the buffer in ESC[200~ …
// ESC[201~ when the program asked for it, and turns the buffer's newline into Enter (CR).
const fx = setUpE2e('sitedeck-paste-', { seed: 40 });

const openDeck = (): TmuxSession => openFixtureDeck(fx);

function paste(t: TmuxSession, text: string): void {
  execFileSync('tmux', ['-L', t.socket, 'set-buffer', '--', text]);
  execFileSync('tmux', ['-L', t.socket, 'paste-buffer', '-p', '-t', t.target]);
}

// q quits, d deletes, y copies, e edits, s sorts; the newline is an Enter.
const HOSTILE = 'see https://x.io/qdy\n';

describe('a paste in the bundled deck (tmux, bracketed paste)', () => {
  it('into the list runs no command: the deck stays open, no form opens, nothing is written', async () => {
    const t = openDeck();
    await t.waitFor((s) => /1 Websites 40/.test(s) && s.includes('sort id ↓'), { what: 'the deck' });
    const before = fx.emulator.hits.length;
    const out = t.output();
    paste(t, HOSTILE);
    await out.waitFor(pasteRefusal(), { what: 'the hint that a paste goes only into text' });
    const screen = t.capture();
    expect(screen).toMatch(/1 Websites 40/);
    expect(screen).toContain('sort id ↓');
    expect(out.text()).not.toMatch(/Edit website|New website|Delete /);
    expect(fx.emulator.hits.slice(before).filter((h) => h.method !== 'GET')).toEqual([]);
    // Still the deck: a typed q quits it (the pasted one did not).
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('into the search and into a form field lands as text, in one piece, its Enter pressing nothing', async () => {
    const t = openDeck();
    await t.waitFor((s) => /1 Websites 40/.test(s) && s.includes('sort id ↓'), { what: 'the deck' });
    let before = fx.emulator.hits.length;
    t.sendKeys('/');
    await t.waitFor('type to search');
    paste(t, 'shop\n');
    // Still typing the search (the pasted Enter did not keep it), with the whole word in it.
    await t.waitFor((s) => s.includes('/ shop▏') && !/ 40 total/.test(s), { what: 'the pasted search and its rows' });
    const searches = fx.emulator.hits.slice(before).filter((h) => h.method === 'GET' && 'search' in h.query);
    expect(searches.map((h) => h.query.search)).toEqual(['shop']);
    t.sendKeys('Escape');
    await t.waitFor(/ 40 total/);

    before = fx.emulator.hits.length;
    t.sendKeys('n');
    await t.waitFor('New website');
    paste(t, 'pasted.example.org\n');
    await t.waitFor(/› Domain\s+pasted\.example\.org/, { what: 'the pasted domain in its field' });
    expect(t.capture()).toContain('New website');
    expect(fx.emulator.hits.slice(before).filter((h) => h.method !== 'GET')).toEqual([]);
    const saved = t.output();
    t.sendKeys('C-s');
    await saved.waitFor('✓ created pasted.example.org');
    expect(fx.emulator.websites().filter((w) => w.domain === 'pasted.example.org')).toHaveLength(1);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

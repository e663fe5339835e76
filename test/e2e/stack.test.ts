// The screen stack in a real terminal (tmux): Enter on a project pushes its Reports over the
// Projects view, and Esc pops back to Projects with the same row still highlighted.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, ROOT, setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { removeDir } from '../helpers/dirs';

const N = 120;
const fx = setUpE2e('sitedeck-e2e-stack-', { seed: 7, seedReports: N });

/** The fixture's deck at 120×40 (no score history), once its Websites list is on screen. */
async function deckShown(): Promise<TmuxSession> {
  const t = fx.tmux ?? openFixtureDeck(fx, { columns: 120, rows: 40 }, { SITEDECK_HISTORY: 'false' });
  await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
  return t;
}

describe('the screen stack (tmux)', () => {
  it('3, a row down, Enter, Esc: back on Projects, the same project highlighted', async () => {
    const t = await deckShown();
    t.sendKeys('3');
    await t.waitFor((s) => new RegExp(`\\d+ projects from ${N} reports`).test(s), { what: 'the projects' });
    t.sendKeys('j', 'j');
    const moved = await t.waitFor((s) => {
      const rows = s.split('\n').filter((l) => /^[› ] \S+\.\S+/.test(l));
      return rows.findIndex((l) => l.startsWith('›')) === 2;
    }, { what: 'the third project selected' });
    const project = /^› (\S+)/m.exec(moved)![1];
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes(`project ${project}`) && /\[?2 Reports \d+/.test(s), { what: `Reports of ${project}` });
    t.sendKeys('Escape');
    const back = await t.waitFor((s) => new RegExp(`\\d+ projects from ${N} reports`).test(s), { what: 'back to Projects' });
    expect(/^› (\S+)/m.exec(back)![1]).toBe(project);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('questions answer only deliberate keys (tmux)', () => {
  it('a burst Space :privacy public Enter y sends no PUT: the y was typed before the question was drawn', async () => {
    const t = await deckShown();
    const before = fx.emulator.hits.filter((h) => h.method === 'PUT').length;
    t.sendText(' :privacy public\ry');
    const asked = await t.waitFor((s) => s.includes('Set privacy to Public on 1 website?') && s.includes('y yes · n/Esc no'), { what: 'the question, taking keys' });
    expect(asked).toContain('typed ahead, dropped');
    expect(fx.emulator.hits.filter((h) => h.method === 'PUT')).toHaveLength(before);
    t.sendKeys('n');
    await t.waitFor('Nothing was sent; the rows stay marked', { what: 'No' });
    expect(fx.emulator.hits.filter((h) => h.method === 'PUT')).toHaveLength(before);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('the Projects view can be searched (tmux)', () => {
  it('/ filters the rows as typed, says how many of all match, Esc clears', async () => {
    const t = await deckShown();
    t.sendKeys('3');
    const all = await t.waitFor((s) => new RegExp(`(\\d+) projects from ${N} reports`).test(s), { what: 'the projects' });
    const total = Number(new RegExp(`(\\d+) projects from ${N} reports`).exec(all)![1]);
    const first = /^› (\S+)/m.exec(all)![1];
    const word = first.split('.')[0].slice(0, 4);
    const matching = fx.emulator.reports().map((r) => String(r.project ?? '')).filter((p, i, a) => p && a.indexOf(p) === i && p.toLowerCase().includes(word.toLowerCase()));
    t.sendKeys('/');
    t.sendText(word);
    const shown = await t.waitFor((s) => s.includes(`/ ${word}▏`) && s.includes(`of ${total} projects`), { what: 'the filter typed' });
    expect(shown).toContain(`${matching.length} of ${total} projects`);
    const rows = shown.split('\n').filter((l) => /^[› ] \S+\.\S+/.test(l));
    for (const r of rows) expect(r.toLowerCase()).toContain(word.toLowerCase());
    t.sendKeys('Escape');
    await t.waitFor((s) => new RegExp(`${total} projects from ${N} reports`).test(s) && !s.includes(`/ ${word}`), { what: 'the filter cleared' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('the first-run screen (tmux)', () => {
  it('reads a burst key by key: url Tab url Tab key Enter fills all three fields', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sitedeck-first-run-'));
    try {
      fx.tmux = startTmux({ command: ['node', CLI], env: { SITEDECK_CONFIG_DIR: empty, TERM: 'xterm-256color' }, cwd: ROOT, columns: 120, rows: 40 });
      const t = fx.tmux;
      await t.waitFor('› Analytics URL', { what: 'the setup screen' });
      t.sendText(`${fx.emulator.baseUrl}\t${fx.emulator.seoBaseUrl}\t${fx.emulator.apiKey}\r`);
      // All three went to their fields and Enter checked them: the deck opens on the saved profile.
      await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('profile default saved'), { what: 'the deck after the check' });
      t.sendKeys('q');
      await t.waitFor('[exit 0]');
    } finally {
      removeDir(empty);
    }
  });
});

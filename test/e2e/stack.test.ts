// The screen stack in a real terminal (tmux): Enter on a project pushes its reports over the
// Projects view, and Esc pops back to Projects with the same row still highlighted. The one
// navigation rule's walks: Esc never reaches a screen twice, it clears a kept search (and `/` then ↑
// brings it back), `u` undoes the host change and nothing else, a search on Projects starts at its
// first match.
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
    const moved = await t.waitFor(
      (s) => {
        const rows = s.split('\n').filter((l) => /^[› ] \S+\.\S+/.test(l));
        return rows.findIndex((l) => l.startsWith('›')) === 2;
      },
      { what: 'the third project selected' },
    );
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

/** The Projects view, once its read is done; its selected project. */
async function projectsShown(t: TmuxSession): Promise<string> {
  const s = await t.waitFor((x) => new RegExp(`\\d+ projects from ${N} reports`).test(x) && /^› \S+/m.test(x), { what: 'the projects' });
  return /^› (\S+)/m.exec(s)![1];
}

describe('the navigation rule, walked (tmux)', () => {
  it('3 Enter Enter, then Esc ×5 at 80×24: the report, the project’s reports, Projects, then it says so; no screen twice', async () => {
    const t = openFixtureDeck(fx, { columns: 80, rows: 24 }, { SITEDECK_HISTORY: 'false' });
    await t.waitFor((s) => /1 Web\w* \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('3');
    const project = await projectsShown(t);
    t.sendKeys('Enter');
    // The project's own rows under the cursor, not the whole list's still shown while they load
    // (Enter on a list being read is refused).
    const ownRow = new RegExp(`^›\\s+\\d+ ${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm');
    await t.waitFor((s) => s.includes(`project ${project}`) && ownRow.test(s), { what: `the reports of ${project}` });
    t.sendKeys('Enter');
    await t.waitFor(/id \d+ · created/, { what: 'a report' });
    t.sendKeys('Escape');
    await t.waitFor((s) => s.includes(`project ${project}`) && !/id \d+ · created/.test(s), { what: `back to the reports of ${project}` });
    t.sendKeys('Escape');
    expect(await projectsShown(t)).toBe(project);
    const since = t.output();
    t.sendKeys('Escape');
    await t.waitFor('Nothing to back out of: this is the Projects tab’s first screen', { what: 'the tab’s first screen, said' });
    t.sendKeys('Escape', 'Escape', '?');
    await t.waitFor(/Keys 1\/\d+/, { what: 'the help, after the last Esc' });
    // Projects all along: its project's reports never came back.
    expect(since.text()).not.toContain(`project ${project}`);
    t.sendKeys('Escape', 'q');
    await t.waitFor('[exit 0]');
  });

  it('u after Enter on a project, with an edit in the log: undoes the edit; the Reports tab keeps its filter', async () => {
    const t = await deckShown();
    const site = Number(/^›\s*\*?\s*(\d+) /m.exec(t.capture())![1]);
    const was = fx.emulator.websites().find((w) => w.id === site)!.email;
    t.sendKeys('e');
    await t.waitFor(/Edit website \S+ \(id \d+\)/, { what: 'the edit form' });
    t.sendKeys('Down');
    if (/› Password/.test(await t.waitFor(/› (Password|Email reports) /, { what: 'the next field' }))) t.sendKeys('Down');
    await t.waitFor(/› Email reports/, { what: 'the e-mail field' });
    t.sendKeys('Right', 'C-s');
    await t.waitFor('✓ saved', { what: 'the save' });
    expect(fx.emulator.websites().find((w) => w.id === site)!.email).not.toBe(was);
    t.sendKeys('2');
    await t.waitFor(/\[?2 Reports \d+/, { what: 'Reports' });
    // The picker opens on the class in force (all); a letter narrows it to good.
    t.sendKeys('f');
    await t.waitFor(':result all▏', { what: 'the result picker' });
    t.sendKeys('g');
    await t.waitFor(':result good▏', { what: 'good picked' });
    t.sendKeys('Enter');
    await t.waitFor((s) => s.split('\n')[1].includes('result good'), { what: 'result good kept on Reports' });
    t.sendKeys('3');
    const project = await projectsShown(t);
    t.sendKeys('Enter');
    const shown = await t.waitFor((s) => s.includes(`project ${project}`) && /^›/m.test(s), { what: `the reports of ${project}` });
    expect(shown).not.toContain('brings');
    const before = fx.emulator.hits.filter((h) => h.method === 'PUT').length;
    t.sendKeys('u');
    await t.waitFor('✓ Undo: 1 undone', { what: 'the edit undone' });
    expect(
      fx.emulator.hits
        .filter((h) => h.method === 'PUT')
        .slice(before)
        .map((h) => h.path),
    ).toEqual([`/public/api/v1/websites/${site}`]);
    expect(fx.emulator.websites().find((w) => w.id === site)!.email).toBe(was);
    // The Reports tab as it was left: its filter kept.
    t.sendKeys('2');
    await t.waitFor((s) => s.split('\n')[1].includes('result good') && !s.includes(`project ${project}`), { what: 'Reports, still result good' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('/word Enter Esc clears the kept search and says so; / then ↑ brings it back', async () => {
    const t = await deckShown();
    const domain = /^›\s*\*?\s*\d+ +(\S+)/m.exec(t.capture())![1];
    const word = domain.split('.')[0].slice(0, 4);
    t.sendKeys('/');
    t.sendText(word);
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes(`/ ${word} `) && !s.includes(`/ ${word}▏`), { what: 'the search kept' });
    t.sendKeys('Escape');
    await t.waitFor((s) => s.includes(`Cleared the search "${word}"`) && !s.includes(`/ ${word}`), { what: 'the search cleared, said' });
    t.sendKeys('/');
    await t.waitFor('/ ▏', { what: 'a new search' });
    t.sendKeys('Up');
    await t.waitFor(`/ ${word}▏`, { what: 'the earlier search recalled' });
    t.sendKeys('Enter', 'q');
    await t.waitFor('[exit 0]');
  });

  it('G then /word on Projects: the cursor on the first match, as on the lists', async () => {
    const t = await deckShown();
    t.sendKeys('3');
    await projectsShown(t);
    t.sendKeys('G');
    const last = /^› (\S+)/m.exec(
      await t.waitFor(
        (s) => {
          const rows = s.split('\n').filter((l) => /^[› ] \S+\.\S+/.test(l));
          return rows.length > 2 && rows[rows.length - 1].startsWith('›');
        },
        { what: 'the last project selected' },
      ),
    )![1];
    // A word two projects or more hold, the last one not: the old cursor stayed on a later match.
    const projects = [
      ...new Set(
        fx.emulator
          .reports()
          .map((r) => String(r.project ?? ''))
          .filter(Boolean),
      ),
    ];
    const words = projects.flatMap((p) => p.split(/[.-]/)).filter((w) => w.length >= 3 && !last.includes(w));
    const word = words.find((w) => projects.filter((p) => p.includes(w)).length >= 2)!;
    expect(word).toBeDefined();
    t.sendKeys('/');
    t.sendText(word);
    const shown = await t.waitFor((s) => s.includes(`/ ${word}▏`) && /of \d+ projects/.test(s), { what: 'the filter typed' });
    const rows = shown.split('\n').filter((l) => /^[› ] \S+\.\S+/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0].startsWith('›')).toBe(true);
    t.sendKeys('Enter', 'q');
    await t.waitFor('[exit 0]');
  });
});

describe('questions answer only deliberate keys (tmux)', () => {
  it('a burst Space :privacy public Enter y sends no PUT: the y was typed before the question was drawn', async () => {
    const t = await deckShown();
    const before = fx.emulator.hits.filter((h) => h.method === 'PUT').length;
    t.sendText(' :privacy public\ry');
    const asked = await t.waitFor((s) => s.includes('Set privacy to Public on 1 website?') && s.includes('y yes · n/Esc no'), {
      what: 'the question, taking keys',
    });
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
    const matching = fx.emulator
      .reports()
      .map((r) => String(r.project ?? ''))
      .filter((p, i, a) => p && a.indexOf(p) === i && p.toLowerCase().includes(word.toLowerCase()));
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

// The Audit view of the bundled deck in a real terminal (tmux), at 80×24 and 120×40, on more
// reports than one page: `:audit` reads every report once at per_page=100 (ceil(n/100)
// requests), Enter lists a check's failing pages, Enter opens a page's report, Esc backs out step
// by step; on the Projects tab `a` opens the selected project's audit from the same read (0 requests).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';
import { type TmuxSession } from '../helpers/tmux';

const N = 230;
/** Distinct pages (URLs) among the reports: the seed analyses some URLs twice, and a page counts once. */
const distinctPages = () => new Set(fx.emulator.reports().map((r) => String(r.url).replace(/\/+$/, ''))).size;
const fx = setUpE2e('sitedeck-e2e-audit-', { seed: 12, seedReports: N });

const openDeck = (size: { columns: number; rows: number }): TmuxSession => openFixtureDeck(fx, size, { SITEDECK_HISTORY: 'false' });

/** Reads of the report list (the deck's own pages of 10–100 and the audit's read of every report). */
const everyReportReads = () =>
  fx.emulator.hits.filter(
    (h) => h.host === 'seo' && h.method === 'GET' && h.path === '/api/v1/reports' && h.query.per_page === '100' && h.query.sort_by === 'id',
  );

function fitsScreen(screen: string, columns: number) {
  for (const line of screen.split('\n')) {
    expect(line.length, line).toBeLessThanOrEqual(columns);
    // A cut line ends after a whole word and …, never inside a word.
    if (line.trimEnd().endsWith('…')) expect(line.trimEnd(), line).toMatch(/(\s|^)\S*[^\w\s]?…$|[a-z,;:)]…$/i);
  }
}

describe('the Audit view (tmux)', () => {
  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`at ${columns}×${rows}: :audit, Enter to the pages, Enter to a report, Esc back`, async () => {
      const t = openDeck({ columns, rows });
      await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
      fx.emulator.clearHits();
      t.sendKeys(':');
      t.sendText('audit');
      t.sendKeys('Enter');
      const P = distinctPages();
      expect(P).toBeLessThan(N);
      const checks = await t.waitFor(
        (s) => s.includes(`Audit of all reports · ${P} pages`) && /› [▲◆▽?] (high|medium|low)/.test(s) && !s.includes('reading reports'),
        { what: 'the checks' },
      );
      expect(everyReportReads()).toHaveLength(Math.ceil(N / 100));
      fitsScreen(checks, columns);
      expect(checks).toMatch(new RegExp(`\\d+ of ${P} [█·]+`));
      expect(checks).toMatch(/Enter pages\s+Esc back/);
      const label = /› [▲◆▽?] \w+\s+(.+?)\s+\d+ of /.exec(checks)![1];

      t.sendKeys('Enter');
      const pages = await t.waitFor((s) => s.includes('SCORE PAGE') && s.startsWith(' sitedeck'), { what: 'the pages' });
      fitsScreen(pages, columns);
      expect(pages).toContain(`${label} · `);
      const url = /^›\*?\s*[●◐○] +\d+ (\S+)/m.exec(pages)![1];

      t.sendKeys('Enter');
      const report = await t.waitFor((s) => s.includes('Failed checks') && s.includes(`${label} › report`), { what: 'the report' });
      fitsScreen(report, columns);
      expect(report).toContain(url.split('…')[0]);

      t.sendKeys('Escape');
      await t.waitFor((s) => s.includes('SCORE PAGE'), { what: 'back to the pages' });
      t.sendKeys('Escape');
      await t.waitFor((s) => s.includes('WHAT THE PAGES SHOW') || /IMPORTANCE\s+CHECK/.test(s), { what: 'back to the checks' });
      t.sendKeys('Escape');
      await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('/ search') && !s.includes('Audit of'), { what: 'back to the list' });
      // The walk read nothing more than the one read of every report.
      expect(everyReportReads()).toHaveLength(Math.ceil(N / 100));
      t.sendKeys('q');
      await t.waitFor('[exit 0]');
    });
  }

  it(
    'at 80×24: / searches the checks, then a check’s pages; y copies the page’s URL to tmux’s buffer; M shows the messages; ' +
      'a key of the lists says it is not for this view',
    async () => {
      const t = openDeck({ columns: 80, rows: 24 });
      const tm = (...args: string[]) => execFileSync('tmux', ['-L', t.socket, ...args], { encoding: 'utf8' });
      await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
      t.sendKeys(':');
      t.sendText('audit');
      t.sendKeys('Enter');
      const checkRow = /^([› ]) [▲◆▽?] \w+\s+(.+?)\s+\d+ of /;
      const checks = await t.waitFor((s) => /› [▲◆▽?] (high|medium|low)/.test(s) && !s.includes('reading reports'), { what: 'the checks' });
      const labels = checks
        .split('\n')
        .map((l) => checkRow.exec(l)?.[2])
        .filter((x): x is string => x !== undefined);
      expect(labels.length).toBeGreaterThan(2);
      // A word of the last check shown: typed, the checks narrow to those whose name holds it, the cursor on the first.
      const word = labels[labels.length - 1].split(' ')[0].toLowerCase();
      t.sendKeys('/');
      t.sendText(word);
      const searched = await t.waitFor(
        (s) =>
          s.includes(`/ ${word}▏`) &&
          checkRow
            .exec(s.split('\n').find((l) => l.startsWith('›')) ?? '')?.[2]
            .toLowerCase()
            .includes(word) === true,
        { what: 'the checks searched' },
      );
      const shown = searched
        .split('\n')
        .map((l) => checkRow.exec(l)?.[2])
        .filter((x): x is string => x !== undefined);
      expect(shown.length).toBeLessThan(labels.length);
      for (const label of shown) expect(label.toLowerCase()).toContain(word);
      t.sendKeys('Enter');
      await t.waitFor((s) => s.includes(`/ ${word}`) && !s.includes(`/ ${word}▏`), { what: 'the search kept' });

      // Its pages: y copies the selected page's URL, whole, into tmux's buffer.
      t.sendKeys('Enter');
      const pages = await t.waitFor((s) => s.includes('SCORE PAGE'), { what: 'the pages' });
      const url = /^›\*?\s*[●◐○] +\d+ (\S+)/m.exec(pages)![1];
      t.sendKeys('y');
      await t.waitFor((s) => s.includes("to tmux's buffer"), { what: 'the copy' });
      // The report's URL as the host stores it (the row shows it without https:// and www.).
      const copied = tm('show-buffer');
      expect(copied.replace(/^https:\/\/(www\.)?/, '')).toContain(url.split('…')[0]);
      expect(copied.length).toBeGreaterThanOrEqual(url.split('…')[0].length);
      // / on the pages searches them by URL: a piece of the copied one keeps it listed, nonsense leaves none.
      t.sendKeys('/');
      t.sendText('zzqx');
      await t.waitFor((s) => s.includes('No page matches "zzqx"'), { what: 'no page' });
      t.sendKeys('Escape');
      await t.waitFor((s) => s.includes('SCORE PAGE') && /^›/m.test(s), { what: 'the pages again' });

      // M: the message log, the copy in it.
      t.sendKeys('M');
      await t.waitFor((s) => s.includes('Messages, newest first') && s.includes('copied'), { what: 'the messages' });
      t.sendKeys('Escape');
      await t.waitFor((s) => s.includes('SCORE PAGE'), { what: 'back to the pages' });

      // A key of the lists answers here too, in words.
      t.sendKeys('s');
      await t.waitFor('s (next sort field): not in the Audit view');
      // Esc: back to the checks, their search still kept; Esc again clears it and says so.
      t.sendKeys('Escape');
      await t.waitFor((s) => /IMPORTANCE\s+CHECK/.test(s) && s.includes(`/ ${word}`), { what: 'the checks, searched' });
      t.sendKeys('Escape');
      await t.waitFor(`Cleared the search "${word}"`);
      t.sendKeys('q', 'q');
      await t.waitFor('[exit 0]');
    },
  );

  it('at 80×24: :project then Tab offers the projects the Projects view read', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('3');
    const projects = await t.waitFor((s) => new RegExp(`\\d+ projects from ${N} reports`).test(s), { what: 'the projects' });
    const names = projects
      .split('\n')
      .map((l) => /^[› ] (\S+\.\S+)\s/.exec(l)?.[1])
      .filter((x): x is string => x !== undefined)
      .sort();
    expect(names.length).toBeGreaterThan(1);
    t.sendKeys('2');
    await t.waitFor((s) => s.includes('/ search') && !s.includes('projects from'), { what: 'the Reports tab' });
    t.sendKeys(':');
    t.sendText('project ');
    t.sendKeys('Tab');
    // The candidates, a row each, cover the width above the : line.
    await t.waitFor((s) => names.slice(0, 2).every((n) => s.split('\n').some((l) => l.trim().replace(/^› /, '') === n)), { what: 'the projects offered' });
    t.sendKeys('Tab');
    await t.waitFor(`:project ${names[0]}`);
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes(`project ${names[0]}`) && !s.includes(':project'), { what: 'the Reports of that project' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('at 80×24: a on a project opens its audit from the Projects read, with no request', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('3');
    const projects = await t.waitFor((s) => new RegExp(`\\d+ projects from ${N} reports`).test(s), { what: 'the projects' });
    const project = /^› (\S+)/m.exec(projects)![1];
    fx.emulator.clearHits();
    t.sendKeys('a');
    const audit = await t.waitFor((s) => s.includes(`Audit of project ${project}`) && /› [▲◆▽?] /.test(s), { what: 'the project audit' });
    fitsScreen(audit, 80);
    expect(fx.emulator.hits.filter((h) => h.host === 'seo')).toHaveLength(0);
    t.sendKeys('Enter');
    const pages = await t.waitFor((s) => s.includes('SCORE PAGE'), { what: 'its pages' });
    // One project's pages show by their paths.
    expect(pages).toMatch(/^›\*?\s*[●◐○] +\d+ \//m);
    t.sendKeys('Escape');
    await t.waitFor((s) => /IMPORTANCE\s+CHECK/.test(s), { what: 'the checks' });
    t.sendKeys('Escape');
    await t.waitFor((s) => new RegExp(`\\d+ projects from ${N} reports`).test(s), { what: 'back to Projects' });
    expect(fx.emulator.hits.filter((h) => h.host === 'seo')).toHaveLength(0);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

// Help about where you are, and the detail pane, in a real terminal (tmux) with the bundled deck:
// `?` from the Audit view starts with the Audit view's keys; `/` in help filters as you type, Esc
// clears the filter and a second Esc closes help; the detail's label column holds its longest label
// at 100 and 120 columns; a report's URL is whole in the list at 120 columns as at 80; P hides the
// pane (the list takes the width) and shows it again.
import { describe, expect, it } from 'vitest';
import { setUpE2e, openDeck as openFixtureDeck } from '../helpers/e2eFixture';

const fx = setUpE2e('sitedeck-e2e-help-detail-', { seed: 5, seedReports: 40 });
const openDeck = (columns: number, rows: number) => openFixtureDeck(fx, { columns, rows }, { SITEDECK_HISTORY: 'false' });

describe('help about where you are (tmux)', () => {
  it('? from the Audit view lists its keys first; / filters; Esc clears the filter, then closes help', async () => {
    const t = openDeck(80, 24);
    await t.waitFor((s) => /1 Web\w* \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys(':');
    t.sendText('audit');
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes('Audit of all reports') && /› [▲◆▽?] (high|medium|low)/.test(s) && !s.includes('reading reports'), {
      what: 'the checks',
    });
    t.sendKeys('?');
    const help = await t.waitFor((s) => s.includes('Here: the Audit view'), { what: 'the help' });
    const lines = help.split('\n');
    const title = lines.findIndex((l) => /^ Keys \d+\/\d+/.test(l));
    // The first section under the title is the Audit view's own keys.
    expect(lines[title + 1].trim()).toBe('Here: the Audit view');
    expect(lines[title + 2]).toMatch(/next check or page/);
    expect(lines[title]).toMatch(/\(↓ for more\) {2}\/ filters · \? closes/);
    t.sendKeys('/');
    await t.waitFor('Keys matching “▏”', { what: 'the filter typed' });
    t.sendText('mark');
    const matchingMark = (s: string) => s.includes('Keys matching “mark▏”') && s.includes('mark or unmark the page');
    const filtered = await t.waitFor(matchingMark, { what: 'the keys matching mark' });
    // Only keys about marking: the tabs and the paging keys are gone.
    expect(filtered).not.toMatch(/next tab: Websites/);
    expect(filtered).not.toMatch(/a screenful down/);
    t.sendKeys('Enter');
    await t.waitFor('Esc clears, then closes', { what: 'the filter kept' });
    t.sendKeys('Escape');
    await t.waitFor((s) => /^ Keys \d+\/\d+ \(↓ for more\)/m.test(s) && s.includes('Here: the Audit view'), { what: 'every key again' });
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('Here: the Audit view') && /› [▲◆▽?] (high|medium|low)/.test(s), { what: 'back on the Audit view' });
    t.sendKeys('q');
    await t.waitFor((s) => /1 Web\w* \d+/.test(s), { what: 'back to the list' });
  });

  it('the last page of the help says it is the end, and its footer offers no more', async () => {
    const t = openDeck(80, 24);
    await t.waitFor((s) => /1 Web\w* \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    t.sendKeys('?');
    const first = await t.waitFor((s) => /^ Keys 1\/(\d+)/m.test(s), { what: 'the help' });
    expect(first).toMatch(/↓ more/);
    // Page by page (the count follows the frame: a flash takes a row) to the one that says it is the end.
    const at = (s: string) => /^ Keys (\d+)\/(\d+)/m.exec(s)!.slice(1).map(Number);
    let screen = first;
    for (let [page, pages] = at(screen); page < pages; [page, pages] = at(screen)) {
      t.sendKeys('PageDown');
      screen = await t.waitFor((s) => /^ Keys \d+\//m.test(s) && at(s)[0] === page + 1, { what: `page ${page + 1}` });
    }
    expect(screen).toMatch(/^ Keys (\d+)\/\1 \(the end\)/m);
    expect(screen).not.toMatch(/↓ more|for more/);
    // ↓ on the last page says so and stays.
    t.sendKeys('Down');
    await t.waitFor('this is the last page (every key is shown)', { what: 'the refusal' });
  });
});

describe('the detail pane (tmux)', () => {
  it('at 100 columns its labels have one column as wide as the longest; at 120 a report URL is whole in the list; P hides and shows the pane', async () => {
    const url = 'https://delta-site.dev/blog/hello-world/p299';
    const base = fx.emulator.reports()[0];
    fx.emulator.insertRaw('reports', { ...base, id: 100000, url, project: 'delta-site.dev' });
    const t = openDeck(100, 30);
    const deck = await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('│ Exclude params'), { what: 'the deck with its detail' });
    const pane = deck.split('\n').map((l) => l.slice(l.indexOf('│ ') + 2));
    const valueAt = 'Exclude params'.length + 1;
    for (const label of ['Privacy', 'Email reports', 'Exclude bots', 'Exclude params', 'Exclude IPs']) {
      const row = pane.find((l) => l.startsWith(`${label} `))!;
      expect(row.slice(0, valueAt).trimEnd(), row).toBe(label);
      expect(row[valueAt], row).not.toBe(' ');
    }
    // The write-only note wraps under its value column.
    const at = pane.findIndex((l) => l.startsWith('Exclude params '));
    expect(pane[at + 1].slice(0, valueAt).trim()).toBe('');
    expect(pane[at + 1][valueAt]).not.toBe(' ');

    t.resize(120, 40);
    t.sendKeys('2');
    // The report added last is the first row (newest first), selected.
    const reports = await t.waitFor((s) => /2 Reports \d+/.test(s) && /^›.*delta-site\.dev.*│/m.test(s), { what: 'the reports at 120 columns' });
    const row = reports.split('\n').find((l) => l.startsWith('›'))!;
    expect(row.slice(0, row.indexOf('│'))).toContain('delta-site.dev/blog/hello-world/p299');
    // The pane beside it: the whole URL on top, the fields' labels in one column as wide as "Generated".
    const right = reports.split('\n').map((l) => (l.includes('│ ') ? l.slice(l.indexOf('│ ') + 2) : ''));
    expect(right.slice(0, 4).join('')).toContain(url);
    for (const label of ['Project', 'Score', 'Privacy', 'Generated']) {
      const r = right.find((l) => l.startsWith(`${label} `))!;
      expect(r.slice(0, 'Generated'.length + 1).trimEnd(), r).toBe(label);
      expect(r['Generated'.length + 1], r).not.toBe(' ');
    }

    t.sendKeys('P');
    const hidden = await t.waitFor((s) => s.includes('detail pane hidden') && !s.split('\n').some((l) => / │ /.test(l)), { what: 'the pane hidden' });
    expect(hidden).toMatch(/GENERATED/);
    t.sendKeys('P');
    await t.waitFor((s) => s.split('\n').some((l) => l.includes('│ id ')), { what: 'the pane shown again' });
  });
});

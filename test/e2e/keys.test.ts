// Keys and the screen in the bundled deck, in a real terminal (tmux), counted at the emulator.
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux, type TmuxSession } from '../helpers/tmux';

const fx = setUpE2e('sitedeck-e2e-keys-', { seed: 40 });

function openDeck(size: { columns: number; rows: number }, extraArgs: string[] = []): TmuxSession {
  fx.tmux = startTmux({
    command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl, ...extraArgs],
    env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color' },
    cwd: ROOT,
    ...size,
  });
  return fx.tmux;
}

const rowsOf = (screen: string) => screen.split('\n').filter((l) => /^[›\s]\s*\d+ /.test(l));
const selectedDomain = (screen: string) =>
  screen
    .split('\n')
    .find((l) => l.startsWith('›'))
    ?.split(/\s+/)[2];
/** List requests for websites the fx.emulator answered since `from`. */
const websiteLists = (from: number) => fx.emulator.hits.slice(from).filter((h) => h.method === 'GET' && /\/websites$/.test(h.path));
const byIdDesc = () => [...fx.emulator.websites()].sort((a, b) => Number(b.id) - Number(a.id)).map((w) => String(w.domain));

describe('page size follows the screen (tmux)', () => {
  it.each([
    // columns, rows → rows the list shows, the page size that fills them
    [80, 24, 19, 25],
    [120, 40, 35, 50],
  ])('at %i×%i the list fills its %i rows with a %i-row page, in one request', async (columns, rows, shown, perPage) => {
    const from = fx.emulator.hits.length;
    const t = openDeck({ columns, rows });
    const total = fx.emulator.websites().length;
    const screen = await t.waitFor(
      (s) => new RegExp(`${perPage}/page\\s+page 1/${Math.ceil(total / perPage)}\\s+${total} total`).test(s) && rowsOf(s).length > 0,
    );
    expect(rowsOf(screen)).toHaveLength(Math.min(shown, total));
    expect(websiteLists(from).map((h) => h.query.per_page)).toEqual([String(perPage)]);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('follows a resize, keeps the selected row, and stops following once the user picks a size', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    await t.waitFor(/25\/page\s+page 1\/2/);
    t.sendKeys('j', 'j', 'j');
    const picked = byIdDesc()[3];
    await t.waitFor((s) => selectedDomain(s) === picked);
    const from = fx.emulator.hits.length;
    t.resize(120, 40);
    const wide = await t.waitFor((s) => /50\/page\s+page 1\/1/.test(s) && rowsOf(s).length === 35, { what: '50 rows at 120×40' });
    expect(selectedDomain(wide)).toBe(picked);
    expect(websiteLists(from).map((h) => h.query.per_page)).toEqual(['50']);
    t.sendKeys('-');
    await t.waitFor(/25\/page/);
    t.resize(80, 24);
    const narrow = await t.waitFor((s) => rowsOf(s).length === 19 && /25\/page/.test(s), { what: 'the chosen 25 at 80×24' });
    expect(narrow).not.toMatch(/10\/page/);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('j and k cross pages (tmux)', () => {
  it('j on the last row opens the next page at its first row (one request); k goes back to the last row (cached: none)', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    const names = byIdDesc();
    await t.waitFor(/25\/page\s+page 1\/2/);
    t.sendKeys('G');
    await t.waitFor((s) => selectedDomain(s) === names[24]);
    let from = fx.emulator.hits.length;
    t.sendKeys('j');
    await t.waitFor((s) => /page 2\/2/.test(s) && selectedDomain(s) === names[25], { what: 'page 2, first row' });
    expect(websiteLists(from).map((h) => h.query.page)).toEqual(['2']);
    from = fx.emulator.hits.length;
    t.sendKeys('k');
    await t.waitFor((s) => /page 1\/2/.test(s) && selectedDomain(s) === names[24], { what: 'page 1, last row' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
    expect(websiteLists(from)).toEqual([]);
  });
});

describe('the header at 80 columns (tmux)', () => {
  it('with every filter on and read-only, keeps page x/y, the total, the filters and the lock', async () => {
    const t = openDeck({ columns: 80, rows: 24 }, ['--read-only']);
    await t.waitFor(/1 Websites \d+/);
    t.sendKeys('2');
    await t.waitFor((s) => /\[?2 Reports \d+/.test(s) && rowsOf(s).length > 0);
    t.sendKeys('f', 'g', 'Enter');
    await t.waitFor((s) => s.split('\n')[1].includes('result good') && rowsOf(s).length > 0);
    t.sendKeys('p');
    const withProject = await t.waitFor((s) => /project \S+/.test(s.split('\n')[1]), { what: 'the project filter' });
    const project = /project (\S+)/.exec(withProject.split('\n')[1])![1];
    const word = project.split('.')[0];
    t.sendKeys('/');
    t.sendText(word);
    t.sendKeys('Enter');
    const screen = await t.waitFor((s) => s.split('\n')[1].includes(`/ ${word} `) && !s.includes('▏'), { what: 'the kept search' });
    const [head, status] = screen.split('\n');
    expect(head).toMatch(/■ read-only\s*$/);
    expect(head).toMatch(/1 Websites \d+\s+2 Reports \d+/);
    for (const must of [`/ ${word}`, 'result good', `project ${project}`]) expect(status).toContain(must);
    expect(status).toMatch(/page \d+\/\d+\s+\d+ total/);
    expect(screen.split('\n').every((l) => l.length <= 80)).toBe(true);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('--no-color (tmux)', () => {
  it('keeps the active tab visible with brackets (inverse and bold are off too)', async () => {
    const t = openDeck({ columns: 80, rows: 24 }, ['--no-color']);
    await t.waitFor(/\[1 Websites \d+\] 2 Reports/);
    t.sendKeys('2');
    await t.waitFor(/ 1 Websites \d+ \[2 Reports \d+\]/);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('one picker, one pager, the cursor on a new row, at 80×24 (tmux)', () => {
  it('f b Enter filters to bad; the help turns with ] and Ctrl+D in at most 4 pages; n, a domain, Ctrl+S: the cursor is on the new row', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    await t.waitFor(/1 Websites \d+/);
    t.sendKeys('2');
    await t.waitFor((s) => /\[?2 Reports \d+/.test(s) && rowsOf(s).length > 0);
    // The picker opens on the class in force (all); b narrows to bad and Enter takes it.
    t.sendKeys('f');
    await t.waitFor(/:result all▏/);
    t.sendKeys('b');
    await t.waitFor(/:result bad▏/);
    t.sendKeys('Enter');
    const bad = await t.waitFor((s) => s.split('\n')[1].includes('result bad') && rowsOf(s).length > 0 && rowsOf(s).every((l) => /○ +\d+ bad/.test(l)), {
      what: 'only bad reports',
    });
    expect(bad.split('\n').every((l) => l.length <= 80)).toBe(true);
    // The help: ] and Ctrl+D turn its pages, at most 4 at this size.
    t.sendKeys('?');
    const first = await t.waitFor(/Keys 1\/\d/);
    const pages = Number(/Keys 1\/(\d)/.exec(first)![1]);
    expect(pages).toBeLessThanOrEqual(4);
    t.sendKeys(']');
    await t.waitFor(`Keys 2/${pages}`);
    t.sendKeys('C-d');
    await t.waitFor(`Keys 3/${pages}`);
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('Keys ') && rowsOf(s).length > 0);
    // A website created on the last page of the newest-first list: the list turns to it and the cursor is on it.
    t.sendKeys('1');
    await t.waitFor((s) => /\[1 Websites \d+\]|1 Websites/.test(s) && /DOMAIN/.test(s));
    t.sendKeys('G', ']');
    await t.waitFor(/page 2\/2/);
    t.sendKeys('n');
    await t.waitFor('New website');
    t.sendText('cursor-lands-here.example.net');
    t.sendKeys('C-s');
    const landed = await t.waitFor((s) => s.includes('✓ created cursor-lands-here.example.net') && selectedDomain(s) === 'cursor-lands-here.example.net', {
      what: 'the cursor on the new row',
    });
    expect(landed).toMatch(/page 1\/\d/);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

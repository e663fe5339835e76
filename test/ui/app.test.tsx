import { describe, expect, it } from 'vitest';
import type { DeckHarness } from '../helpers/deck';
import { modeOf } from '../../src/state/stack';
import { setUpDeckUi } from '../helpers/deckUi';
import { KEYS, type InkHarness } from '../helpers/ink';
import { settle, waitFor } from '../helpers/wait';
import type { OpenLink } from '../../src/ui/outside/browser';

const deckUi = setUpDeckUi();

interface Opened {
  d: DeckHarness;
  ui: InkHarness;
  exits: number[];
  written: string[];
}

async function open(
  opts: { columns?: number; rows?: number; readOnly?: boolean; demo?: boolean; failFirst?: boolean; openUrl?: OpenLink } = {},
): Promise<Opened> {
  const d = await deckUi.start({
    init: { readOnly: opts.readOnly },
    faults: opts.failFirst ? [{ host: 'analytics', method: 'GET', fault: { type: 'status', status: 500, body: { message: 'Server Error' } }, times: 1 }] : [],
  });
  const exits: number[] = [];
  const written: string[] = [];
  const ui = deckUi.render(
    d,
    { columns: opts.columns ?? 100, rows: opts.rows ?? 30 },
    {
      info: { profile: 'work', hosts: d.client.hosts, demo: opts.demo ?? false },
      exit: (c) => exits.push(c),
      write: (s) => written.push(s),
      ...(opts.openUrl ? { open: opts.openUrl } : {}),
    },
  );
  if (!opts.failFirst) {
    await ui.waitForFrame((f) => /1 Websites 40/.test(f) && f.includes('›'), 'the first page');
    // What opening sends (both tabs and the Reports distribution) answered, so later counts are the keys' own.
    await waitFor(
      () => d.emulator.hits.every((x) => x.status !== 0) && !d.store.getState().distribution.loading && !d.store.getState().tabs.reports.loading,
      'open settled',
    );
  }
  return { d, ui, exits, written };
}

describe('the deck (App) on the emulator', () => {
  it('opens with tabs, totals, status line, rows and detail; the frame stays one row short of the terminal', async () => {
    const { ui } = await open({ rows: 30, demo: true });
    const lines = ui.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(29);
    expect(lines[0]).toMatch(/sitedeck\s+\[1 Websites 40\]\s+2 Reports\s/); // brackets: the harness has no colour
    expect(lines[0]).toContain('DEMO');
    expect(lines[0]).toContain('work');
    expect(lines[1]).toMatch(/sort id ↓\s+10\/page\s+page 1\/4\s+40 total/);
    expect(ui.frame()).toMatch(/│.*id 40 · created/);
  });

  it('moves the cursor with j/k/G/g without any request; pages with ] and [', async () => {
    const { d, ui } = await open();
    const n = d.apiHits().length;
    await ui.press('j', { until: (f) => /› +39 /.test(f) });
    await ui.press('G', { until: (f) => /› +31 /.test(f) });
    await ui.press('k', { until: (f) => /› +32 /.test(f) });
    await ui.press('g', { until: (f) => /› +40 /.test(f) });
    await ui.press(KEYS.down, { until: (f) => /› +39 /.test(f) });
    expect(d.apiHits().length).toBe(n);
    await ui.press(']', { until: (f) => /page 2\/4/.test(f) && /› +30 /.test(f) });
    await ui.press(KEYS.pageUp, { until: (f) => /page 1\/4/.test(f) && /› +40 /.test(f) });
    expect(d.apiHits().length).toBe(n + 1);
  });

  it('switches tabs with 2/1/Tab, keeping each tab’s state; Reports show scores and the distribution', async () => {
    const { ui } = await open();
    await ui.press('j', { until: (f) => /› +39 /.test(f) });
    await ui.press('2', { until: (f) => /2 Reports 40/.test(f) && /results: .*good \d+/.test(f) && /[●◐○] +\d+ (good|decent|bad)/.test(f) });
    await ui.press('1', { until: (f) => /› +39 /.test(f) });
    await ui.press(KEYS.tab, { until: (f) => /URL/.test(f) });
  });

  it('shows one tab at a time; each keeps its own cursor and scroll window across switches', async () => {
    // 20 rows (the smallest the deck draws in) leave a list window shorter than the page of 25, so G scrolls it.
    const { ui, d } = await open({ rows: 20 });
    const markers = (f: string) => f.split('\n').filter((l) => l.includes('›')).length;
    await ui.press('+', { until: (f) => /25\/page/.test(f) && /› +40 /.test(f) && !d.store.getState().tabs.websites.loading });
    await ui.press('G', { until: (f) => /› +16 /.test(f) });
    expect(ui.frame()).not.toMatch(/^ +40 [a-z]/m); // row 40 scrolled out of the window
    // A report row carries a score badge; a website row never does.
    await ui.press('2', { until: (f) => /› +40 .*[●◐○] +\d+/.test(f) });
    expect(markers(ui.frame())).toBe(1);
    await ui.press('j', { until: (f) => /› +39 .*[●◐○] +\d+/.test(f) });
    await ui.press('1', { until: (f) => /› +16 /.test(f) });
    expect(markers(ui.frame())).toBe(1);
    expect(ui.frame()).not.toMatch(/[●◐○] +\d+ (good|decent|bad)/);
    await ui.press('2', { until: (f) => /› +39 .*[●◐○] +\d+/.test(f) });
    expect(markers(ui.frame())).toBe(1);
  });

  it('searches live and keeps the search on Enter; Esc clears it and says so, / then ↑ brings it back; c clears too', async () => {
    const { ui } = await open();
    await ui.press('/', { until: (f) => f.includes('/ ▏') });
    await ui.press(['s', 'h', 'o', 'p'], { until: (f) => /\/ shop▏/.test(f) && !/40 total/.test(f) });
    const selected = (f: string) => f.split('\n').find((l) => l.startsWith('›'));
    const first = selected(ui.frame());
    await ui.press(KEYS.down, { until: (f) => selected(f) !== first && /\/ shop▏/.test(f) }); // arrows move while typing
    await ui.press(KEYS.enter, { until: (f) => /\/ shop /.test(f) });
    await ui.press(KEYS.esc, { until: (f) => /40 total/.test(f) && f.includes('Cleared the search "shop" (/ then ↑ brings it back)') });
    await ui.press('/', { until: (f) => f.includes('/ ▏') });
    await ui.press(KEYS.up, { until: (f) => /\/ shop▏/.test(f) && !/40 total/.test(f) });
    await ui.press(KEYS.enter, { until: (f) => /\/ shop /.test(f) });
    await ui.press('c', { until: (f) => /40 total/.test(f) && f.includes('Cleared search "shop" (/ then ↑ brings the search back)') });
  });

  it('sorts with s and S, and changes per page with + and -', async () => {
    const { ui } = await open();
    await ui.press('s', { until: (f) => f.includes('sort domain ↓') });
    await ui.press('S', { until: (f) => f.includes('sort domain ↑') });
    await ui.press('+', { until: (f) => f.includes('25/page') && f.includes('page 1/2') });
    await ui.press('-', { until: (f) => f.includes('10/page') });
  });

  it('filters reports by result with f and by the row’s project with p', async () => {
    const { ui } = await open();
    await ui.press('2', { until: (f) => /2 Reports 40/.test(f) });
    // f offers the classes as a picker, the next one picked: Enter takes it, ↓ moves on.
    // The picker opens on the filter in force (all), the classes listed above the line; a letter narrows.
    await ui.press('f', { until: (f) => f.includes(':result all▏') && /^ {2}good\s*\n {2}decent\s*\n {2}bad\s*\n› all\s*$/m.test(f) });
    await ui.press('g', { until: (f) => f.includes(':result good▏') });
    await ui.press(KEYS.enter, { until: (f) => f.includes('result good') && !/○ +\d+ bad/.test(f) && /● +\d+ good/.test(f) });
    await ui.press('f', { until: (f) => f.includes(':result good▏') });
    await ui.press(KEYS.down, { until: (f) => f.includes(':result decent▏') });
    await ui.press(KEYS.down, { until: (f) => f.includes(':result bad▏') });
    await ui.press(KEYS.up, { until: (f) => f.includes(':result decent▏') });
    await ui.press(KEYS.enter, { until: (f) => f.includes('result decent') && !f.includes(':result') });
    await ui.press('p', { until: (f) => /project \S+/.test(f) });
    const status = (f: string) => f.split('\n')[1];
    await ui.press('c', {
      until: (f) => !/result (good|decent|bad)|project \S/.test(status(f)) && /Cleared result decent, project \S+/.test(f) && !f.includes('brings'),
    });
  });

  it('the command line sorts, sets per page and page, and quits', async () => {
    const { ui, exits } = await open();
    await ui.press(':', { until: (f) => f.includes(':▏') });
    await ui.press('sort domain asc', { until: (f) => f.includes(':sort domain asc▏') });
    await ui.press(KEYS.enter, { until: (f) => f.includes('sort domain ↑') });
    await ui.press([':', 'per 25'], { until: (f) => f.includes(':per 25') });
    await ui.press(KEYS.enter, { until: (f) => f.includes('25/page') });
    await ui.press(':');
    await ui.press('page 2', { until: (f) => f.includes(':page 2') });
    await ui.press(KEYS.enter, { until: (f) => f.includes('page 2/2') });
    await ui.press(':');
    await ui.press('bogus', { until: (f) => f.includes(':bogus') });
    await ui.press(KEYS.enter, { until: (f) => f.includes('Unknown command') });
    await ui.press(':');
    await ui.press('q', { until: (f) => f.includes(':q▏') });
    ui.write(KEYS.enter);
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([0]);
  });

  it('? shows the help from the keymap, greying what read-only refuses and why', async () => {
    const { ui } = await open({ readOnly: true });
    expect(ui.frame()).toContain('■ read-only');
    await ui.press('?', { until: (f) => f.includes('next sort field') && f.includes('re-run analysis') });
    expect(ui.frame()).toMatch(/new .*■ read-only mode/);
    await ui.press(KEYS.esc, { until: (f) => !f.includes('next sort field') });
    await ui.press('n', { until: (f) => f.includes('n (new): read-only mode') });
    expect(ui.frame()).not.toContain('New website');
  });

  it('creates a website through the form, with a 422 shown next to the field, then fixed', async () => {
    const { d, ui } = await open();
    const taken = String(d.emulator.websites()[0].domain);
    await ui.press('n', { until: (f) => f.includes('New website') && /Privacy\s+Private/.test(f) });
    await ui.press(taken, { until: (f) => f.includes(taken) });
    await ui.press(KEYS.ctrl('s'), { until: (f) => /✗ .*(taken|exists)/i.test(f) });
    expect(ui.frame()).toContain('New website'); // still open, with what was typed
    expect(ui.frame()).toContain(taken);
    await ui.press(KEYS.ctrl('u'), { until: (f) => !f.includes(taken + '▏') });
    await ui.press('brand-new.example.net', { until: (f) => f.includes('brand-new.example.net▏') });
    // The focused choice opens as a picker; the chosen value carries the marker.
    await ui.press([KEYS.down, KEYS.right], { until: (f) => /› Password\s*$/m.test(f) && /^ {3}Password\s/m.test(f) });
    await ui.press(KEYS.left, { until: (f) => /› Private\s*$/m.test(f) });
    await ui.press(KEYS.ctrl('s'), { until: (f) => f.includes('✓ created brand-new.example.net') });
    const stored = d.emulator.websites().find((w) => w.domain === 'brand-new.example.net');
    expect(stored).toMatchObject({ privacy: 1, email: 0, exclude_bots: 1 });
  });

  it('Esc on an edited form asks before discarding; Ctrl+C asks too, and y discards the edits only', async () => {
    const { ui, exits } = await open();
    await ui.press('e', { until: (f) => /Edit website \S+/.test(f) });
    await ui.press(KEYS.right, { until: (f) => f.includes('Edit website') && f.includes(' •') });
    await ui.press(KEYS.esc, { until: (f) => f.includes('Discard your unsaved edits?') && f.includes('y yes · n/Esc no') });
    await ui.press('n', { until: (f) => !f.includes('Discard your unsaved edits?') });
    await ui.press(KEYS.ctrl('c'), { until: (f) => f.includes('Discard your unsaved edits?') && f.includes('y yes · n/Esc no') });
    expect(exits).toEqual([]);
    // y does what the question says: the edits go, sitedeck stays.
    await ui.press('y', { until: (f) => !f.includes('Edit website') && /› +40 /.test(f) });
    expect(exits).toEqual([]);
  });

  it('Ctrl+C means what the screen says: cancels a search, the command line, a clean form and a question; quits from the list', async () => {
    const { d, ui, exits } = await open();
    const mode = () => modeOf(d.store.getState()).kind;
    await ui.press('/', { until: (f) => f.includes('/ ▏') });
    await ui.press('zz', { until: (f) => f.includes('/ zz▏') });
    await ui.press(KEYS.ctrl('c'), { until: (f) => !f.includes('/ zz') });
    expect([mode(), d.store.getState().tabs.websites.query.search]).toEqual(['list', undefined]);
    await ui.press(':', { until: (f) => f.includes(':▏') });
    await ui.press(KEYS.ctrl('c'), { until: () => mode() === 'list' });
    await ui.press('e', { until: (f) => /Edit website \S+/.test(f) });
    await ui.press(KEYS.ctrl('c'), { until: (f) => !f.includes('Edit website') });
    await ui.press('d', { until: (f) => f.includes('Delete website') });
    await ui.press(KEYS.ctrl('c'), { until: (f) => !f.includes('Delete website') });
    expect(d.emulator.websites()).toHaveLength(40);
    expect(exits).toEqual([]);
    ui.write(KEYS.ctrl('c'));
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([130]);
  });

  it('delete asks with the item’s name, No by default; y deletes and the next row is selected', async () => {
    const { d, ui } = await open();
    await ui.press('j', { until: (f) => /› +39 /.test(f) });
    const name = String(d.emulator.websites().find((w) => w.id === 39)!.domain);
    await ui.press('d', { until: (f) => f.includes(`Delete website ${name} (id 39)?`) && f.includes('y yes · n/Esc no') });
    await ui.press(KEYS.enter, { until: (f) => !f.includes('Delete website') });
    expect(d.emulator.websites().some((w) => w.id === 39)).toBe(true);
    await ui.press('d', { until: (f) => f.includes(`Delete website ${name} (id 39)?`) && f.includes('y yes · n/Esc no') });
    await ui.press('y', { until: (f) => f.includes(`✓ deleted ${name}`) && /› +38 /.test(f) });
    expect(d.emulator.websites().some((w) => w.id === 39)).toBe(false);
  });

  it('y copies the domain, what / finds the row by, with OSC 52', async () => {
    const { d, ui, written } = await open();
    const domain = String(d.emulator.websites().find((w) => w.id === 40)!.domain);
    await ui.press('y', { until: (f) => f.includes(`asked the terminal to set its clipboard to ${domain}`) });
    expect(written).toEqual([`\x1b]52;c;${Buffer.from(domain).toString('base64')}\x07`]);
  });

  it('o opens the row in the browser, :open too; a report stored without a scheme opens as https://', async () => {
    const opened: string[] = [];
    const { d, ui, written } = await open({ openUrl: (url: string) => (opened.push(url), { ok: true, how: '$BROWSER (rec)' }) });
    const domain = String(d.emulator.websites().find((w) => w.id === 40)!.domain);
    await ui.press('o', { until: (f) => f.includes(`Opened https://${domain}/ with $BROWSER (rec)`) });
    await ui.press('2', { until: (f) => /[●◐○] +\d+/.test(f) && !d.store.getState().tabs.reports.loading });
    const url = String((d.store.getState().tabs.reports.data!.items[0] as { url: string }).url);
    await ui.press(':open', { until: (f) => f.includes(':open') });
    await ui.press(KEYS.enter, { until: () => opened.length === 2 });
    expect(opened).toEqual([`https://${domain}/`, new URL(/^https?:\/\//.test(url) ? url : `https://${url}`).href]);
    expect(written).toEqual([]);
  });

  it('o with no browser to show it (SSH, no display) copies the link instead and says so', async () => {
    const { d, ui, written } = await open({ openUrl: () => ({ ok: false, why: 'no display over SSH' }) });
    const link = `https://${String(d.emulator.websites().find((w) => w.id === 40)!.domain)}`;
    await ui.press('o', { until: (f) => f.includes('Not opened (no display over SSH)') });
    // One glyph a message: the copy's own ✓ goes after the lead-in.
    expect(d.store.getState().flash?.text).toBe(`Not opened (no display over SSH): asked the terminal to set its clipboard to ${link} (OSC 52)`);
    expect(written).toEqual([`\x1b]52;c;${Buffer.from(link).toString('base64')}\x07`]);
  });

  it('at 80×24 the frame fits: 23 lines at most, none wider than 80, detail on Enter', async () => {
    const { ui } = await open({ columns: 80, rows: 24 });
    const fits = (f: string) => f.split('\n').length <= 23 && f.split('\n').every((l) => l.length <= 80);
    expect(fits(ui.frame())).toBe(true);
    expect(ui.frame()).not.toContain('│');
    await ui.press(KEYS.enter, { until: (f) => /id 40 · created/.test(f) });
    expect(fits(ui.frame())).toBe(true);
    await ui.press(KEYS.esc, { until: (f) => /› +40 /.test(f) });
    await ui.press('2', { until: (f) => /results: .*bad \d+/.test(f) && /[●◐○] +\d+/.test(f) });
    expect(fits(ui.frame())).toBe(true);
    // Help pages through what does not fit.
    await ui.press('?', { until: (f) => /Keys 1\/\d+ \(↓ for more\)/.test(f) && f.includes('next row') });
    expect(fits(ui.frame())).toBe(true);
    // Every page fits, up to the last (the glyphs and the command line's words); every section is on one.
    const last = Number(/Keys 1\/(\d+)/.exec(ui.frame())![1]);
    const seen = [ui.frame()];
    for (let page = 2; page <= last; page++) {
      await ui.press('j', { until: (f) => f.includes(`Keys ${page}/${last}`) });
      expect(fits(ui.frame())).toBe(true);
      seen.push(ui.frame());
    }
    // The other screens are named in one line (their keys found by /).
    for (const section of ['Other screens', 'Projects', 'Dialogs', 'Messages', 'What the glyphs say']) expect(seen.join('\n')).toContain(section);
    // The last page ends with the command line, every command from the registry to its last.
    expect(ui.frame()).toMatch(/:help\s+:quit/);
    await ui.press(KEYS.esc, { until: (f) => !f.includes('Keys ') });
    await settle(10);
  });

  it('q quits with 0', async () => {
    const { ui, exits } = await open();
    ui.write('q');
    await waitFor(() => exits.length, 'exit');
    expect(exits).toEqual([0]);
  });

  it('a failed first load shows the host’s whole message in the list; r retries', async () => {
    const { ui } = await open({ failFirst: true });
    const flat = (f: string) => f.replace(/[│\s]+/g, '');
    await ui.waitForFrame((f) => /analyticshost127\.0\.0\.1:\d+hadaservererror\(500\)/.test(flat(f)) && flat(f).includes('(rtoretry)'));
    await ui.press('r', { until: (f) => /1 Websites 40/.test(f) && f.includes('›') });
  });

  it('shows hostile records inert: no escape sequences, no bidi overrides, columns still aligned', async () => {
    const { d, ui } = await open();
    const id = d.emulator.insertRaw('websites', {
      domain: 'evil\x1b]0;owned\x07\x1b[2J\u202egnp.example.com',
      privacy: 1,
      email: 0,
      exclude_bots: 1,
      password: false,
      exclude_ips: '1.1.1.1\n\x1b[31m2.2.2.2',
      created_at: '2024-10-13T13:09:15.000000Z',
      updated_at: '2024-10-13T13:09:15.000000Z',
      'x\x1b[1mfield': 'value\x07with bell',
    });
    await ui.press('r', { until: (f) => f.includes(`${id} evilgnp.example.com`) });
    await ui.press('g', { until: (f) => new RegExp(`› +${id} evil`).test(f) && f.includes('Exclude IPs') });
    const raw = ui.rawFrame();
    expect(raw).not.toMatch(/\x1b\]|\x1b\[2J|\x07|\u202e/);
    const f = ui.frame();
    expect(f).toMatch(/Exclude IPs\s+1\.1\.1\.1, 2\.2\.2\.2/);
    const lines = f.split('\n').filter((l) => /^[› ] +\d+ /.test(l));
    const privacyAt = lines.map((l) => l.indexOf(l.includes('Private') ? 'Private' : l.includes('Public') ? 'Public' : 'Password'));
    expect(new Set(privacyAt).size).toBe(1);
  });
});

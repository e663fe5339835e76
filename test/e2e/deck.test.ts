import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, setUpE2e } from '../helpers/e2eFixture';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';

const fx = setUpE2e('sitedeck-e2e-', { seed: 40 });

function openDeck(extraArgs: string[] = [], size = { columns: 120, rows: 40 }, env: Record<string, string> = {}): TmuxSession {
  fx.tmux = startTmux({
    command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl, ...extraArgs],
    env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color', ...env },
    cwd: ROOT,
    ...size,
  });
  return fx.tmux;
}

const rowsOf = (screen: string) => screen.split('\n').filter((l) => /^[›\s]\s*\d+ /.test(l));
const websiteNamed = (domain: string) => fx.emulator.websites().find((w) => w.domain === domain);

describe('the bundled deck in a real terminal (tmux)', () => {
  it('does what a person does: tabs, sort, search, page, filter, create with a 422, edit, delete, quit', async () => {
    const t = openDeck();
    let screen = await t.waitFor(/1 Websites 40 .*2 Reports/, { what: 'the deck' });
    // The first page fills the screen (35 rows at 120×40: a 50-row page); :per picks a size.
    expect(screen).toMatch(/sort id ↓\s+50\/page\s+page 1\/1\s+40 total/);
    expect(rowsOf(screen)).toHaveLength(35);
    t.sendKeys(':');
    t.sendText('per 10');
    t.sendKeys('Enter');
    await t.waitFor((s) => /sort id ↓\s+10\/page\s+page 1\/4\s+40 total/.test(s) && rowsOf(s).length === 10, { what: '10 per page' });

    // Tabs: Reports with scores and the distribution, then back.
    t.sendKeys('2');
    await t.waitFor((s) => /2 Reports 40/.test(s) && /results: .*good \d+.*decent \d+.*bad \d+/.test(s) && /[●◐○] +\d+ (good|decent|bad)/.test(s));
    t.sendKeys('1');
    await t.waitFor(/DOMAIN/);

    // Sort by domain, then ascending: the rows come in domain order.
    t.sendKeys('s');
    await t.waitFor('sort domain ↓');
    t.sendKeys('S');
    await t.waitFor('sort domain ↑');
    await t.waitFor(
      (s) => {
        const names = rowsOf(s).map((l) =>
          l
            .split(/\s+/)
            .filter(Boolean)
            .find((w) => w.includes('.'))!,
        );
        return names.length === 10 && names.every((n, i) => i === 0 || names[i - 1].localeCompare(n) <= 0);
      },
      { what: 'rows sorted by domain' },
    );

    // Live search; Enter keeps it; c clears it.
    t.sendKeys('/');
    t.sendText('shop');
    await t.waitFor((s) => /\/ shop/.test(s) && !/ 40 total/.test(s) && rowsOf(s).length > 0, { what: 'search results' });
    t.sendKeys('Enter');
    screen = await t.waitFor((s) => /\/ shop /.test(s) && !s.includes('shop▏'));
    expect(rowsOf(screen).every((l) => l.includes('shop'))).toBe(true);
    t.sendKeys('c');
    await t.waitFor(/ 40 total/);

    // Pages from the server.
    t.sendKeys(']');
    await t.waitFor('page 2/4');
    t.sendKeys('[');
    await t.waitFor('page 1/4');

    // Reports filtered by result: only good rows.
    t.sendKeys('2');
    await t.waitFor(/2 Reports 40/);
    t.sendKeys('f', 'g', 'Enter');
    screen = await t.waitFor((s) => s.includes('result good') && rowsOf(s).length > 0 && rowsOf(s).every((l) => /● +\d+ good/.test(l)), {
      what: 'only good reports',
    });
    const good = fx.emulator.reports().filter((r) => Number(r.result ?? r.score) > 79).length;
    expect(screen).toContain(`${good} total`);
    t.sendKeys('c');
    await t.waitFor((s) => !s.includes('result good'));
    t.sendKeys('1');
    await t.waitFor(/DOMAIN/);

    // Create a website: a duplicate domain is refused (422) next to the field; fix it and save.
    const taken = String(fx.emulator.websites()[0].domain);
    t.sendKeys('n');
    await t.waitFor('New website');
    t.sendText(taken);
    t.sendKeys('C-s');
    screen = await t.waitFor(/✗ .*(taken|exists)/i, { what: 'the 422 on the domain field' });
    expect(screen).toContain('New website');
    t.sendKeys('C-u');
    t.sendText('e2e-shop.example.org');
    await t.waitFor('e2e-shop.example.org▏');
    const created = t.output();
    t.sendKeys('C-s');
    await created.waitFor('✓ created e2e-shop.example.org');
    expect(websiteNamed('e2e-shop.example.org')).toMatchObject({ privacy: 1, email: 0, exclude_bots: 1 });

    // Edit it: find it, switch e-mail reports on; only that field is sent.
    t.sendKeys('/');
    t.sendText('e2e-shop');
    t.sendKeys('Enter');
    await t.waitFor((s) => rowsOf(s).length === 1 && s.includes('› ') && s.includes('e2e-shop.example.org'), { what: 'the new website alone' });
    t.sendKeys('e');
    await t.waitFor('Edit website e2e-shop.example.org');
    t.sendKeys('Down', 'Right');
    await t.waitFor((s) => /› Email reports/.test(s) && /› Enabled\s*$/m.test(s), { what: 'Email reports: Enabled' });
    const before = fx.emulator.hits.length;
    const saved = t.output();
    t.sendKeys('C-s');
    await saved.waitFor('✓ saved e2e-shop.example.org');
    const put = fx.emulator.hits.slice(before).find((h) => h.method === 'PUT' || h.method === 'PATCH')!;
    expect(put.body).toEqual({ email: '1' });
    expect(websiteNamed('e2e-shop.example.org')).toMatchObject({ privacy: 1, email: 1 });

    // Delete it: the dialog names it, No is the default; y deletes.
    t.sendKeys('d');
    await t.waitFor((s) => s.includes('Delete website e2e-shop.example.org (id ') && s.includes('y yes · n/Esc no'));
    const deleted = t.output();
    t.sendKeys('y');
    await deleted.waitFor('✓ deleted e2e-shop.example.org');
    expect(websiteNamed('e2e-shop.example.org')).toBeUndefined();

    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('Ctrl+C quits with 130 and restores the terminal; 80×24 stays inside the screen', async () => {
    const t = openDeck([], { columns: 80, rows: 24 });
    const screen = await t.waitFor(/1 Websites 40/);
    const lines = screen.split('\n');
    expect(lines[0]).toMatch(/sitedeck/); // nothing scrolled off the top
    t.sendKeys('C-c');
    const after = await t.waitFor('[exit 130]');
    expect(after).not.toContain('1 Websites'); // the alternate screen is gone
  });

  it('--read-only shows the lock and refuses writes without a request', async () => {
    const t = openDeck(['--read-only']);
    await t.waitFor(/■ read-only/);
    const before = fx.emulator.hits.length;
    const refused = t.output();
    t.sendKeys('d');
    await refused.waitFor('d (delete): read-only mode');
    expect(fx.emulator.hits.slice(before).filter((h) => h.method !== 'GET')).toEqual([]);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  /** The deck with `$EDITOR` a shell script of `body`, on a new website's form typed with `domain`, at Exclude IPs. */
  async function newFormAtExcludeIps(name: string, body: string, domain: string): Promise<TmuxSession> {
    const editor = join(fx.configDir, name);
    writeFileSync(editor, `#!/bin/sh\n${body}\n`);
    chmodSync(editor, 0o755);
    const t = openDeck([], { columns: 120, rows: 40 }, { EDITOR: editor, VISUAL: editor });
    await t.waitFor(/1 Websites \d+/);
    t.sendKeys('n');
    await t.waitFor('New website');
    t.sendText(domain);
    for (let i = 0; i < 5; i++) t.sendKeys('Down');
    await t.waitFor(/› Exclude IPs/);
    return t;
  }

  it('Ctrl+E edits a multi-line field in $EDITOR and comes back to the form', async () => {
    // An "editor" that replaces the file's content, as a person would in vi.
    const t = await newFormAtExcludeIps('fake-editor.sh', 'printf "10.0.0.1\\n10.0.0.2\\n" > "$1"', 'editor-test.example.org');
    t.sendKeys('C-e');
    await t.waitFor(/› Exclude IPs\s+10\.0\.0\.1, 10\.0\.0\.2/, { what: 'the edited lines back in the form' });
    const created = t.output();
    t.sendKeys('C-s');
    await created.waitFor('✓ created editor-test.example.org');
    expect(websiteNamed('editor-test.example.org')).toMatchObject({ exclude_ips: '10.0.0.1\n10.0.0.2' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('Ctrl+E typed twice at once opens one editor, and the deck goes on', async () => {
    // Both keys reach the deck in one read, before the first hand-off of the terminal has begun: the
    // second asked Ink to suspend the terminal again, which threw and ended the deck.
    const runs = join(fx.configDir, 'editor-runs.txt');
    const t = await newFormAtExcludeIps('counting-editor.sh', `echo run >> '${runs}'\nprintf "10.0.0.3\\n" > "$1"`, 'twice.example.org');
    t.sendText('\x05\x05');
    const back = await t.waitFor((s) => /› Exclude IPs\s+10\.0\.0\.3/.test(s) || /\[exit \d+\]/.test(s), { what: 'the edited line back in the form' });
    expect(back).not.toMatch(/\[exit \d+\]/);
    expect(readFileSync(runs, 'utf8')).toBe('run\n');
    t.sendKeys('Escape');
    await t.waitFor((s) => s.includes('Discard your unsaved edits?') && s.includes('y yes · n/Esc no'), { what: 'the question, taking keys' });
    t.sendKeys('y');
    await t.waitFor((s) => /1 Websites \d+/.test(s) && !s.includes('New website'), { what: 'the list again' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('follows a resize: the detail pane leaves the side under 100 columns', async () => {
    const t = openDeck();
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('│'));
    t.resize(90, 30);
    const screen = await t.waitFor((s) => !s.includes('│') && /1 Websites \d+/.test(s), { what: 'the narrow layout' });
    expect(screen.split('\n').every((l) => l.length <= 90)).toBe(true);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('a burst of /shop Enter d against a slow host never asks about a row of the list being replaced', async () => {
    const t = openDeck([], { columns: 120, rows: 40 });
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    fx.emulator.clearHits();
    // Every list answer now takes 700 ms: the burst lands while the search is on its way.
    const slow = fx.emulator.addFault({ method: 'GET', path: '/public/api/v1/websites', fault: { type: 'delay', ms: 700 } });
    const flashes = t.output();
    t.sendText('/shop');
    t.sendKeys('Enter', 'd');
    await flashes.waitFor('the list is changing');
    const results = await t.waitFor((s) => /\/ shop /.test(s) && /\d+ total/.test(s) && /^›\s+\d+ \S*shop/m.test(s), { what: 'the search results' });
    expect(results).not.toContain('Delete website');
    // Now on the results: d asks about the highlighted row, naming it by id and domain.
    const highlighted = /›\s+(\d+) (\S+)/.exec(results.split('\n').find((l) => l.startsWith('›'))!)!;
    t.sendKeys('d');
    await t.waitFor((s) => s.includes(`Delete website ${highlighted[2]} (id ${highlighted[1]})?`) && s.includes('y yes · n/Esc no'));
    t.sendKeys('n');
    await t.waitFor((s) => !s.includes('Delete website'));
    slow();
    expect(fx.emulator.hits.filter((h) => h.method === 'DELETE')).toEqual([]);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('o opens the highlighted website in $BROWSER, with https:// in front of its domain', async () => {
    const record = join(fx.configDir, 'browser-arg');
    const script = join(fx.configDir, 'browser.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${record}'\n`);
    chmodSync(script, 0o755);
    const t = openDeck([], { columns: 120, rows: 40 }, { BROWSER: script });
    const screen = await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck' });
    const domain = /^›\s+\d+ (\S+)/m.exec(screen)![1];
    t.sendKeys('o');
    await t.waitFor(`Opened https://${domain}/ with $BROWSER`);
    await waitFor(() => existsSync(record) && readFileSync(record, 'utf8').length > 0, 'the browser script to run');
    expect(readFileSync(record, 'utf8')).toBe(`https://${domain}/`);
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it('below 60×20 shows the size it needs and each key that acts there, acts on no other key, and comes back when resized', async () => {
    const t = openDeck([], { columns: 50, rows: 14 });
    const small = await t.waitFor(/needs 60×20/, { what: 'the size notice' });
    const lines = small.split('\n').filter((l) => l.trim());
    expect(lines.map((l) => l.trim())).toEqual([expect.stringContaining('50×14'), 'q quits', 'Ctrl+C quits']);
    expect(lines[0].startsWith(' ')).toBe(true); // centred
    expect(small).not.toContain('Websites');
    // Keys that act on rows do nothing unseen.
    fx.emulator.clearHits();
    t.sendKeys('d');
    t.sendKeys('y');
    t.sendKeys('n');
    t.resize(80, 24);
    const back = await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('›'), { what: 'the deck at 80×24' });
    expect(back).not.toMatch(/Delete|New website/);
    expect(fx.emulator.hits.filter((h) => h.method !== 'GET')).toEqual([]);
    t.resize(50, 14);
    await t.waitFor(/needs 60×20/, { what: 'the notice again' });
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)('%s unmounts, restores the terminal and exits %i itself (not killed by the signal)', async (signal, code) => {
    // A parent that reports how the deck ended: an exit code, or death by a signal.
    const wrapper =
      "const r = require('child_process').spawnSync(process.argv[1], process.argv.slice(2), { stdio: 'inherit' });" +
      "console.log('[status ' + r.status + ' signal ' + r.signal + ']');";
    fx.tmux = startTmux({
      command: ['node', '-e', wrapper, 'node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl],
      env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color' },
      cwd: ROOT,
    });
    const t = fx.tmux;
    // The deck's own frame (its key hints), not the pre-paint: the signal then reaches the mounted deck.
    await t.waitFor((s) => /1 Websites \d+/.test(s) && s.includes('? help'), { what: 'the deck' });
    const wrapperPid = t.programPid();
    const deck = Number(
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(wrapperPid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/)[0],
    );
    process.kill(deck, signal);
    const after = await t.waitFor('[status ');
    expect(after).toContain(`[status ${code} signal null]`);
    expect(after).not.toContain('1 Websites'); // the alternate screen is gone
  });

  it('scrolling the detail pane redraws it whole (no stale lines), and the status line keeps its total', async () => {
    const t = openDeck([], { columns: 100, rows: 30 });
    await t.waitFor(/1 Websites \d+/);
    t.sendKeys('2');
    await t.waitFor((s) => /2 Reports 40/.test(s) && /results: .*bad \d+/.test(s));
    expect(t.capture().split('\n')[1]).toMatch(/40 total/);
    const paneRow = (s: string, i: number) => (s.split('\n')[i] ?? '').split('│')[1] ?? '';
    // The pane's fourth row before scrolling is its first after three j.
    const fourth = paneRow(t.capture(), 5);
    expect(fourth.trim()).not.toBe('');
    t.sendKeys('Enter');
    for (let i = 0; i < 3; i++) t.sendKeys('j');
    const screen = await t.waitFor((s) => paneRow(s, 2) === fourth, { what: 'the detail pane scrolled by 3' });
    expect(screen.split('\n').filter((l) => /ID URL/.test(l))).toHaveLength(1);
    t.sendKeys('Escape');
    t.sendKeys('q');
    await t.waitFor('[exit 0]');
  });
});

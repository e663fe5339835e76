// Quick edits in a real terminal (tmux), on the bundled deck: copy, list fields, the password rule.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { startTmux, type TmuxSession } from '../helpers/tmux';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');

let emulator: Emulator;
let configDir: string;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  if (!existsSync(CLI)) execFileSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  emulator = await startEmulator({ seed: 40, rateLimit: 0, port: 0, seoPort: 0 });
  configDir = mkdtempSync(join(tmpdir(), 'sitedeck-e2e-forms-'));
}, 60_000);

afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

afterAll(async () => {
  await emulator?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

function openDeck(size = { columns: 120, rows: 40 }): TmuxSession {
  tmux = startTmux({
    command: ['node', CLI, '--base-url', emulator.baseUrl, '--seo-base-url', emulator.seoBaseUrl],
    env: { SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: configDir, TERM: 'xterm-256color' },
    cwd: ROOT,
    ...size,
  });
  return tmux;
}

const tmuxOf = (t: TmuxSession) => (...args: string[]) => execFileSync('tmux', ['-L', t.socket, ...args], { encoding: 'utf8' });
const posts = () => emulator.hits.filter((h) => h.method === 'POST');

describe('copy inside tmux', () => {
  it("y lands in tmux's buffer with set-clipboard on, from tmux's buffer and the plain OSC 52 alike", async () => {
    const t = openDeck();
    const tm = tmuxOf(t);
    tm('set-option', '-g', 'set-clipboard', 'on');
    await t.waitFor(/1 Websites \d+ /);
    const name = String(emulator.websites().find((w) => w.id === 40)!.domain);
    t.sendKeys('y');
    await t.waitFor(`copied ${name} to tmux's buffer and asked the terminal`);
    expect(tm('show-buffer')).toBe(name);
    // Two buffers hold it: one from `load-buffer -w`, one from the OSC 52 tmux took itself.
    await t.waitFor(() => tm('list-buffers', '-F', '#{buffer_sample}').trim().split('\n').filter((l) => l === name).length === 2, { what: 'both buffers' });
  });

  it("with tmux's default set-clipboard (external) the buffer still holds it", async () => {
    const t = openDeck();
    const tm = tmuxOf(t);
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('j', 'y');
    const name = String(emulator.websites().find((w) => w.id === 39)!.domain);
    await t.waitFor(`copied ${name} to tmux's buffer`);
    expect(tm('show-buffer')).toBe(name);
  });
});

describe('list fields in the form', () => {
  it('Enter on a list field never saves; the hint says what it accepts; Ctrl+S saves once', async () => {
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    const before = posts().length;
    t.sendKeys('n');
    await t.waitFor('New website');
    t.sendText('enter-list.example.org');
    for (let i = 0; i < 4; i++) t.sendKeys('Tab');
    let screen = await t.waitFor(/› Exclude params/);
    expect(screen).toContain('commas or spaces between them, or Ctrl+E for one per line in $EDITOR');
    t.sendText('utm_source fbclid');
    t.sendKeys('Enter');
    await t.waitFor(/› Exclude IPs/);
    t.sendText('1.2.3.4, 5.6.7.8');
    t.sendKeys('Enter');
    screen = await t.waitFor('Enter does not save from a list field');
    expect(screen).toContain('New website');
    t.sendKeys('C-s');
    await t.waitFor('✓ created enter-list.example.org');
    const sent = posts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ domain: 'enter-list.example.org', exclude_params: 'utm_source\nfbclid', exclude_ips: '1.2.3.4\n5.6.7.8' });
  });

  it('exclude params say they are write-only: in the edit form and, in full, in the detail pane', async () => {
    const t = openDeck({ columns: 80, rows: 24 });
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('Enter');
    let screen = await t.waitFor(/Exclude params/);
    const detail = screen.replace(/\s+/g, ' ');
    expect(detail).toContain('Not returned by the server: sitedeck cannot show the stored exclude params. In an edit, leaving the field empty keeps them all; anything typed replaces all of them.');
    t.sendKeys('Escape', 'e');
    await t.waitFor('Edit website');
    for (let i = 0; i < 3; i++) t.sendKeys('Tab');
    screen = await t.waitFor(/› Exclude params/);
    expect(screen.replace(/\s+/g, ' ')).toContain('not returned by the server: empty keeps them, anything typed replaces them');
  });
});

describe('the password rule in the deck', () => {
  it('privacy becoming Password on a record without one shows the need, and a save sends nothing until one is typed', async () => {
    const target = emulator.websites().find((w) => w.privacy !== 2 && !w.password)!;
    const t = openDeck();
    await t.waitFor(/1 Websites \d+ /);
    t.sendKeys('/');
    t.sendText(String(target.domain));
    t.sendKeys('Enter');
    // The search's answer, not the unfiltered list that may show the same domain further down.
    await t.waitFor((s) => /\b1 total/.test(s) && (s.split('\n').find((l) => l.startsWith('›')) ?? '').includes(String(target.domain)) && !s.includes('▏'), { what: 'the record alone' });
    t.sendKeys('e');
    await t.waitFor(`Edit website ${String(target.domain)}`);
    // Privacy is the first field: choose Password.
    const pick = (s: string) => /› Privacy\s+‹ Password ›/.test(s);
    for (let i = 0; i < 3 && !pick(t.capture()); i++) {
      t.sendKeys('Right');
      await t.waitFor((s) => /› Privacy\s+‹ \w+ ›/.test(s));
    }
    await t.waitFor(pick, { what: 'privacy Password' });
    const screen = await t.waitFor('Password is required when privacy is Password and no password is set yet');
    expect(screen).toContain('(none set)');
    const before = emulator.hits.length;
    t.sendKeys('C-s');
    await t.waitFor('Fix the marked fields');
    expect(emulator.hits.slice(before).filter((h) => h.method !== 'GET')).toEqual([]);
    // The failed save put the focus on the field that needs fixing.
    await t.waitFor(/› Password /);
    t.sendText('pw-e2e');
    t.sendKeys('C-s');
    await t.waitFor(`✓ saved ${String(target.domain)}`);
    const put = emulator.hits.slice(before).filter((h) => h.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0].body).toEqual({ privacy: '2', password: 'pw-e2e' });
  });
});

// Hostile server strings in the deck: records carrying a clear-screen, a title change, an OSC 52
// clipboard write, an OSC 8 hyperlink, C1 controls and bidi overrides in domain, URL, project,
// unknown extra fields, check labels and error messages. Checked in EVERY frame Ink rendered (not
// only the last), in list, detail, edit form, delete dialog, search and error flashes; then in the raw
// bytes the bundled deck writes to a real terminal (tmux pipe-pane).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { startEmulator, type Emulator } from '../../src/emulator';
import { startEffects } from '../../src/state/effects';
import { initialState } from '../../src/state/reducer';
import { createStore } from '../../src/state/store';
import { App } from '../../src/ui/App';
import { makeTheme } from '../../src/ui/themes/theme';
import { CLI, ensureBuilt } from '../commands/helpers';
import { watchProcess } from '../helpers/deckFaults';
import { HOSTILE, RAW_CONTROL, VISIBLE_MESSAGE, findHostile, hostileRecordFields, stripSgr } from '../helpers/hostile';
import { KEYS } from '../helpers/ink';
import { startTmux } from '../helpers/tmux';
import { waitFor } from '../helpers/wait';
import { removeDir } from '../helpers/dirs';

let emulator: Emulator;
const proc = watchProcess();

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seoPort: 0, seed: 5, rateLimit: 0 });
  emulator.insertRaw('websites', { ...hostileRecordFields('websites'), privacy: 1, email: 0, exclude_bots: 1 });
  emulator.insertRaw('reports', {
    ...hostileRecordFields('reports'),
    result: 35,
    privacy: 0,
    checks: [
      { name: 'title', label: `${HOSTILE.title}Title${HOSTILE.bidi}`, passed: false, importance: 'high' },
      { name: 'h1', label: `H1${HOSTILE.osc52}`, passed: true, importance: 'low' },
    ],
  });
});
afterAll(async () => {
  proc.stop();
  await emulator.close();
});

/** What a frame may hold: the program's own colours, and text with no control characters. */
function expectInert(frame: string, where: string) {
  const hostile = findHostile(frame);
  expect(hostile, `${where}: ${JSON.stringify(hostile)} in ${JSON.stringify(frame.slice(0, 300))}`).toBeUndefined();
  const text = stripSgr(frame).replace(/\n/g, '');
  const m = RAW_CONTROL.exec(text);
  expect(
    m,
    `${where}: control ${JSON.stringify(m?.[0])} near ${JSON.stringify(text.slice(Math.max(0, (m?.index ?? 0) - 30), (m?.index ?? 0) + 30))}`,
  ).toBeNull();
}

describe('hostile server strings in the deck (every Ink frame)', () => {
  it('list, detail, edit form, delete dialog, reports with checks, search, and error flashes stay inert', async () => {
    const client = createClient({ baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey, timeoutMs: 2000, backoffMs: 10 });
    const store = createStore(initialState());
    const effects = startEffects({ client, store });
    // Colours on: frames hold the program's own SGR codes, which must be the only escapes.
    const r = render(
      <App
        store={store}
        info={{ profile: 'robust', hosts: client.hosts, demo: false }}
        theme={makeTheme({ FORCE_COLOR: '1' })}
        size={{ columns: 110, rows: 30 }}
        exit={() => undefined}
        write={() => undefined}
      />,
    );
    const plain = () => stripSgr(r.lastFrame() ?? '');
    const until = (pred: (f: string) => boolean, what: string) => waitFor(() => pred(plain()), what, 5_000, 5);
    const press = async (key: string, pred: (f: string) => boolean, what: string) => {
      r.stdin.write(key);
      await until(pred, what);
    };
    try {
      await until((f) => /1 Websites \d+/.test(f) && f.includes('visible.example'), 'the hostile website in the list');
      // The hostile record is the newest, so the first row and the detail pane show it.
      await until((f) => f.includes('extra-note') && f.includes('extra-value'), 'its unknown fields in the detail');
      await press('e', (f) => f.includes('Edit website visible.example'), 'the edit form naming it');
      await press(KEYS.esc, (f) => !f.includes('Edit website'), 'back to the list');
      await press('d', (f) => /Delete website visible\.example \(id \d+\)\?/.test(f) && f.includes('y yes · n/Esc no'), 'the delete dialog naming it');
      await press('n', (f) => !f.includes('Delete website'), 'kept');
      await press('/', (f) => f.includes('/ ▏'), 'search');
      await press('visible', (f) => f.includes('/ visible▏'), 'search text');
      await press(KEYS.esc, (f) => !f.includes('/ visible'), 'search cleared');
      await press('2', (f) => /2 Reports \d+/.test(f) && f.includes('visible-project'), 'the hostile report');
      await until((f) => f.includes('Failed checks') && f.includes('Title'), 'its checks');
      await press('p', (f) => /project visible-project/.test(f), 'filtered by its hostile project');
      await press('c', (f) => !/project visible-project/.test(f.split('\n')[1]), 'filter cleared');
      // Error messages from the host carrying the same sequences.
      emulator.addFault({ method: 'GET', fault: { type: 'status', status: 500, body: { message: HOSTILE.all } } });
      await press('r', (f) => f.includes(VISIBLE_MESSAGE), 'a hostile server message in the flash');
      emulator.clearFaults();
      emulator.addFault({ method: 'PUT', fault: { type: 'status', status: 422, body: { message: { [`privacy${HOSTILE.title}`]: [HOSTILE.all] } } } });
      await press('1', (f) => /1 Websites/.test(f) && f.includes('visible.example'), 'websites again');
      await press('e', (f) => f.includes('Edit website'), 'edit');
      await press(KEYS.right, (f) => f.includes('•'), 'a change');
      await press(KEYS.ctrl('s'), (f) => f.includes(VISIBLE_MESSAGE), 'a hostile 422 next to the field');
      emulator.clearFaults();
      expect(r.frames.length).toBeGreaterThan(15);
      r.frames.forEach((f, i) => expectInert(f, `frame ${i}`));
      expect(proc.events).toEqual([]);
    } finally {
      r.unmount();
      effects.stop();
      emulator.clearFaults();
    }
  });
});

describe('hostile server strings in a real terminal (bundled deck in tmux, raw pane bytes)', () => {
  it('none of the sequences reaches the terminal', async () => {
    ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-hostile-'));
    const log = join(dir, 'pane.bytes');
    const t = startTmux({
      command: ['node', CLI, '--base-url', emulator.baseUrl, '--seo-base-url', emulator.seoBaseUrl],
      env: { SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'cfg'), TERM: 'xterm-256color' },
      columns: 120,
      rows: 32,
    });
    try {
      // Every byte the program writes to the pane, from the first frame on.
      execFileSync('tmux', ['-L', t.socket, 'pipe-pane', '-o', '-t', t.target, `cat >> '${log}'`]);
      await t.waitFor(/1 Websites \d+/);
      await t.waitFor('visible.example');
      await t.waitFor('extra-value');
      t.sendKeys('e');
      await t.waitFor('Edit website visible.example');
      t.sendKeys('Escape');
      await t.waitFor((s) => !s.includes('Edit website'));
      t.sendKeys('d');
      await t.waitFor((s) => s.includes('Delete website visible.example (id ') && s.includes('y yes · n/Esc no'));
      t.sendKeys('n');
      await t.waitFor((s) => !s.includes('Delete website'));
      t.sendKeys('2');
      await t.waitFor('visible-project');
      await t.waitFor('Failed checks');
      emulator.addFault({ method: 'GET', host: 'seo', fault: { type: 'status', status: 500, body: { message: HOSTILE.all } } });
      t.sendKeys('r');
      await t.waitFor(VISIBLE_MESSAGE);
      emulator.clearFaults();
      t.sendKeys('q');
      await t.waitFor('[exit 0]');
      const raw = readFileSync(log, 'utf8');
      expect(raw.length).toBeGreaterThan(1000);
      expect(raw).toContain('visible.example');
      const hostile = findHostile(raw);
      expect(hostile, `raw pane bytes hold ${JSON.stringify(hostile)}`).toBeUndefined();
      // The payloads themselves, whatever framing they might arrive in.
      for (const payload of ['pwned', 'cm0gLXJmIH4=', 'attacker.test', '\x07']) expect(raw, JSON.stringify(payload)).not.toContain(payload);
      expect(/[\x80-\x9f]/.test(raw), 'a C1 control in the raw bytes').toBe(false);
      expect(raw, 'the API key on the terminal').not.toContain(emulator.apiKey);
    } finally {
      emulator.clearFaults();
      t.kill();
      removeDir(dir);
    }
  }, 60_000);
});

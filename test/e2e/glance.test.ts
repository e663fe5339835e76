// Reports at a glance, in the bundled deck in tmux at 80×24, 120×40 and 200×50: a failed check's
// reason, whole check names, a URL whose path end shows, a proportional bar; and the score
// history across a re-run (the list's arrow, the detail's trend).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/domain';
import { startEmulator, type Emulator } from '../../src/emulator';
import { proportionalCells } from '../../src/text/proportion';
import { startTmux, type TmuxSession } from '../helpers/tmux';
import { removeDir } from '../helpers/dirs';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const LONG_URL = 'https://www.acmebooks.com/docs/guides/getting-started/accounts/billing-and-invoices/pricing-final';

let emulator: Emulator;
let dir: string;
let tmux: TmuxSession | undefined;
let tick = 0;

beforeAll(async () => {
  if (!existsSync(CLI)) execFileSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  // The clock moves a minute per reading, so a re-run always has a new generated_at.
  emulator = await startEmulator({ seed: 30, rateLimit: 0, port: 0, seoPort: 0, now: () => new Date(Date.UTC(2026, 5, 1) + tick++ * 60_000) });
  emulator.insertRaw('reports', {
    url: LONG_URL,
    project: 'acmebooks.com',
    result: 40,
    privacy: 0,
    generated_at: '2026-05-01 10:00:00',
    created_at: '2026-05-01 10:00:00',
    updated_at: '2026-05-01 10:00:00',
  });
  dir = mkdtempSync(join(tmpdir(), 'sitedeck-glance-'));
}, 60_000);

afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

afterAll(async () => {
  await emulator?.close();
  if (dir) removeDir(dir);
});

function openDeck(columns: number, rows: number): TmuxSession {
  tmux = startTmux({
    command: ['node', CLI, '--base-url', emulator.baseUrl, '--seo-base-url', emulator.seoBaseUrl],
    env: { SITEDECK_API_KEY: emulator.apiKey, SITEDECK_CONFIG_DIR: join(dir, 'cfg'), XDG_STATE_HOME: join(dir, 'state'), TERM: 'xterm-256color' },
    cwd: ROOT,
    columns,
    rows,
  });
  return tmux;
}

const LABELS = CHECKS.map((c) => c.label);

/** The bar's glyph counts are the largest-remainder shares of the counts beside it. */
function expectProportionalBar(screen: string): void {
  const m = /results: ([█▓░]+) good (\d+) decent (\d+) bad (\d+)/.exec(screen);
  expect(m, 'the distribution bar').not.toBeNull();
  const [, bar, g, d, b] = m!;
  const cells = proportionalCells([Number(g), Number(d), Number(b)], bar.length);
  expect([...bar].filter((c) => c === '█').length).toBe(cells[0]);
  expect([...bar].filter((c) => c === '▓').length).toBe(cells[1]);
  expect([...bar].filter((c) => c === '░').length).toBe(cells[2]);
  expect(new Set(cells.map((n, i) => (Number([g, d, b][i]) > 0 ? n > 0 : true)))).toEqual(new Set([true]));
}

/** Every check line on screen names a whole check, and failed ones say why (beside the name, or under it when the pane stacks them). */
function expectChecks(screen: string): void {
  const lines = screen.split('\n').map((l) => l.split('│').pop()!);
  const failed = lines.filter((l) => /^\s*✗ \S/.test(l));
  expect(failed.length, 'failed checks on screen').toBeGreaterThan(0);
  const checkLines = lines.filter((l) => /^\s*[✗✓] /.test(l));
  for (const l of checkLines) {
    const label = LABELS.filter((x) => new RegExp(`${l.includes('✗') ? '✗' : '✓'} ${x.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\s|$)`).test(l)).sort(
      (a, b) => b.length - a.length,
    )[0];
    expect(label, `a whole check name in "${l}"`).toBeDefined();
  }
  const reason = /(high|medium|low) · [a-z0-9"]/;
  const said = lines.some(
    (l, i) => /✗ /.test(l) && (reason.test(l) || (lines[i + 1] !== undefined && /^\s+\S/.test(lines[i + 1]) && reason.test(lines[i + 1]))),
  );
  expect(said, 'a failed check with its reason').toBe(true);
}

describe.each([
  [80, 24],
  [120, 40],
  [200, 50],
])('the deck at %i×%i', (columns, rows) => {
  it('shows a failed check’s reason, whole check names, a URL’s path end and a proportional bar', async () => {
    const t = openDeck(columns, rows);
    await t.waitFor(/1 Websites \d+/);
    t.sendKeys('2');
    const list = await t.waitFor((s) => /results: [█▓░]+ good/.test(s) && /›\s+\d+ /.test(s), { what: 'the reports list' });
    expectProportionalBar(list);
    // The newest report is the long URL: its host's start and its path's end show, https:// and www. do not.
    const first = list.split('\n').find((l) => l.startsWith('›'))!;
    expect(first).toMatch(/acmebooks\.com\/.*\/pricing-final\s/);
    expect(first).not.toMatch(/https:\/\/|www\./);
    let detail = list;
    if (columns < 100) {
      t.sendKeys('Enter');
      detail = await t.waitFor(/Failed checks \(\d+\)/, { what: 'the detail' });
      // The title wraps the whole URL.
      expect(detail.split('\n').slice(2, 8).join('').replace(/\s+/g, '')).toContain(LONG_URL);
    }
    expectChecks(detail);
    t.sendKeys(columns < 100 ? 'Escape' : 'q');
  });
});

describe('score history in the deck', () => {
  it('a re-run shows the change in the list and the trend in the detail', async () => {
    const t = openDeck(200, 50);
    await t.waitFor(/1 Websites \d+/);
    t.sendKeys('2');
    await t.waitFor((s) => /›\s+\d+ acmebooks\.com/.test(s), { what: 'the long URL selected' });
    const before = emulator.reports().find((r) => r.url === LONG_URL)!;
    t.sendKeys('R');
    const rowWithArrow = /›\s+\d+ acmebooks\.com.*[●◐○] +\d+ \w+ (↑\d+|↓\d+|=)/;
    const trend = /History\s+[▁▂▃▄▅▆▇█]{2} 2 analyses/;
    const screen = await t.waitFor((s) => rowWithArrow.test(s) && trend.test(s), {
      what: 'the arrow and the trend',
    });
    const after = emulator.reports().find((r) => r.url === LONG_URL)!;
    const change = Number(after.result) - Number(before.result);
    const arrow = change > 0 ? `↑${change}` : change < 0 ? `↓${-change}` : '=';
    const row = screen.split('\n').find((l) => l.startsWith('›'))!;
    expect(row).toContain(` ${arrow} `);
    expect(screen).toMatch(new RegExp(`History\\s+[▁▂▃▄▅▆▇█]{2} 2 analyses, ${change === 0 ? 'unchanged' : arrow} since 2026-05-01`));
    expect(screen).toMatch(new RegExp(`[●◐○] ${String(after.result)} ${change === 0 ? '=' : arrow}\\s+2026-06-01`));
    t.sendKeys('q');
  });
});

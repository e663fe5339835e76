// Score history across re-runs, through the commands in-process on the emulator: ↑/↓ and the trend in
// `reports get`, the profile's state database (per profile, 0600, under XDG_STATE_HOME), history
// off, a delete, a database that cannot be read.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { openStateDatabase, readAnalyses } from '../../../src/files/db';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
let tick = 0;
beforeAll(async () => {
  // The emulator's clock moves a minute per reading, so each re-run has its own generated_at.
  fx = await emulatorFixture({ seed: 5, now: () => new Date(Date.UTC(2026, 0, 1) + tick++ * 60_000) });
});
afterAll(() => fx.cleanup());

const run = (args: string[], env: Record<string, string> = {}) => runCommand(args, { env: { ...fx.env, ...env } });
const stateDir = () => join(fx.configDir, '.local', 'state', 'sitedeck');
const fileOf = (dir: string, profile = 'default') => join(dir, `state-${profile}.sqlite`);
/** The analyses the database at `path` holds, by report id. */
function book(path: string): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const r of readAnalyses(openStateDatabase(path), new URL(fx.emulator.seoBaseUrl).origin)) (out[r.report_id] ??= []).push(r);
  return out;
}
/** What the database holds, to compare before and after. */
const rowsIn = (path: string) => JSON.stringify(book(path));

describe('score history', () => {
  let id = 0;
  const scores: number[] = [];

  it('records each analysis once and shows the change and the trend after re-runs', async () => {
    const made = await run(['reports', 'create', 'https://www.example.org/history-page', '--json']);
    expect(made.code).toBe(0);
    const rep = JSON.parse(made.stdout) as { id: number; result: number };
    id = rep.id;
    scores.push(rep.result);
    // Re-run until the score went both up and down (the emulator's analyses are seeded: same every time).
    for (let i = 0; i < 12 && !(scores.some((s, k) => k > 0 && s > scores[k - 1]) && scores.some((s, k) => k > 0 && s < scores[k - 1])); i++) {
      const again = await run(['reports', 'rerun', String(id), '--json']);
      expect(again.code).toBe(0);
      scores.push((JSON.parse(again.stdout) as { result: number }).result);
    }
    const ups = scores.filter((s, k) => k > 0 && s > scores[k - 1]).length;
    const downs = scores.filter((s, k) => k > 0 && s < scores[k - 1]).length;
    expect(ups).toBeGreaterThan(0);
    expect(downs).toBeGreaterThan(0);

    // Reading the same analysis again adds nothing.
    expect((await run(['reports', 'get', String(id), '--json'])).code).toBe(0);
    const entries = book(fileOf(stateDir()))[String(id)];
    expect(entries).toHaveLength(scores.length);

    const got = await run(['reports', 'get', String(id)]);
    expect(got.code).toBe(0);
    const total = scores[scores.length - 1] - scores[0];
    const arrow = (n: number) => (n > 0 ? `↑${n}` : n < 0 ? `↓${-n}` : '=');
    const sparkline = '[▁▂▃▄▅▆▇█]';
    const history = `^History\\t${sparkline}{${scores.length}} ${scores.length} analyses, ${arrow(total)} since 2026-01-01$`;
    expect(got.stdout).toMatch(new RegExp(history, 'm'));
    // Newest first, each with its change from the one before.
    const rows = got.stdout.split('\n').filter((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d\t/.test(l));
    const newest = scores.slice(-8).reverse();
    expect(rows).toHaveLength(newest.length);
    rows.forEach((row, i) => {
      const k = scores.length - 1 - i;
      expect(row).toContain(`\t${scores[k]} `);
      if (k > 0) expect(row.endsWith(` ${arrow(scores[k] - scores[k - 1])}`)).toBe(true);
    });
    // --json stays the server's record: nothing of the history in it.
    const json = await run(['reports', 'get', String(id), '--json']);
    expect(Object.keys(JSON.parse(json.stdout) as object)).not.toContain('history');
  });

  it('reports list on a terminal shows the change beside each score; piped output stays as it was', async () => {
    const last = scores[scores.length - 1] - scores[scores.length - 2];
    const arrow = last > 0 ? `↑${last}` : last < 0 ? `↓${-last}` : '=';
    const shown = await runCommand(['reports', 'list', '--search', 'history-page'], { env: fx.env, terminal: { columns: 120 } });
    expect(shown.code).toBe(0);
    const row = shown.screen
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .find((l) => l.includes('history-page'))!;
    expect(row).toMatch(new RegExp(` ${scores[scores.length - 1]} (good|decent|bad) ${arrow}(\\s|$)`));
    const piped = await run(['reports', 'list', '--search', 'history-page']);
    expect(piped.stdout).not.toContain(arrow === '=' ? ' = ' : arrow);
  });

  it('keeps the file private, per profile, under XDG_STATE_HOME when set', async () => {
    const path = fileOf(stateDir());
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const xdg = join(fx.configDir, 'xdg');
    expect((await run(['--profile', 'other', 'reports', 'get', String(id)], { XDG_STATE_HOME: xdg })).code).toBe(0);
    expect(book(fileOf(join(xdg, 'sitedeck'), 'other'))[String(id)]).toHaveLength(1);
  });

  it('config set history false records nothing more; a delete drops the report’s history', async () => {
    const path = fileOf(stateDir());
    expect((await run(['config', 'set', 'history', 'false'])).code).toBe(0);
    const before = rowsIn(path);
    expect((await run(['reports', 'rerun', String(id), '--json'])).code).toBe(0);
    expect(rowsIn(path)).toBe(before);
    expect((await run(['config', 'set', 'history', 'true'])).code).toBe(0);

    expect((await run(['reports', 'delete', String(id), '--yes'])).code).toBe(0);
    expect(book(path)[String(id)]).toBeUndefined();
    expect(rowsIn(path)).not.toContain('history-page');
  });

  it('a database that cannot be read is said on stderr and left as it is; the command still works', async () => {
    const dir = join(fx.configDir, 'broken');
    const path = fileOf(join(dir, 'sitedeck'));
    const first = fx.emulator.reports()[0].id as number;
    expect((await run(['reports', 'get', String(first)], { XDG_STATE_HOME: dir })).code).toBe(0);
    const garbage = 'not a database '.repeat(512);
    writeFileSync(join(dir, 'sitedeck', 'state-broken.sqlite'), garbage, { mode: 0o600 });
    const r = await run(['--profile', 'broken', 'reports', 'get', String(first)], { XDG_STATE_HOME: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: score history unreadable: left as it is \(.*state-broken\.sqlite is not a sitedeck state database/m);
    expect(r.stdout).toMatch(/^Score\t/m);
    expect(readFileSync(join(dir, 'sitedeck', 'state-broken.sqlite'), 'utf8')).toBe(garbage);
    expect(existsSync(path)).toBe(true);
  });
});

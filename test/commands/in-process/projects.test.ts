// `sitedeck reports projects` on the emulator with more reports than one page of 100: every
// report read once at per_page=100 (exactly ceil(n/100) requests), one row per project.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classify } from '../../../src/domain';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
const N = 250;
beforeAll(async () => {
  fx = await emulatorFixture({ seed: N });
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

interface Row {
  project: string;
  reports: number;
  average: number;
  lowest: number;
  highest: number;
  mix: Record<'good' | 'decent' | 'bad', number>;
  worst: { id: number; url: string; result: number };
}

describe('reports projects', () => {
  it('reads every report in ceil(n/100) list requests and aggregates them per project', async () => {
    const r = await runCommand(['reports', 'projects', '--json'], { env: fx.env });
    expect(r.code).toBe(0);
    const hits = fx.emulator.hits.filter((h) => h.host === 'seo');
    expect(hits).toHaveLength(Math.ceil(N / 100));
    for (const h of hits) expect(h).toMatchObject({ method: 'GET', query: { per_page: '100' } });
    const body = JSON.parse(r.stdout) as { data: Row[]; meta: { projects: number; reports: number } };
    expect(body.meta.reports).toBe(N);
    // Worked out again from the emulator's own records.
    const all = fx.emulator.reports();
    const projects = new Set(all.map((x) => String(x.project)));
    expect(body.data.map((p) => p.project).sort()).toEqual([...projects].sort());
    expect(projects.size).toBeGreaterThan(10);
    for (const p of body.data) {
      const mine = all.filter((x) => x.project === p.project);
      const scores = mine.map((x) => Number(x.result));
      expect(p.reports).toBe(mine.length);
      expect(p.lowest).toBe(Math.min(...scores));
      expect(p.highest).toBe(Math.max(...scores));
      expect(p.average).toBe(Math.round(scores.reduce((a, b) => a + b, 0) / scores.length));
      expect(p.mix.good + p.mix.decent + p.mix.bad).toBe(mine.length);
      expect(p.mix.bad).toBe(scores.filter((s) => classify(s) === 'bad').length);
      expect(p.worst.result).toBe(p.lowest);
    }
    // Sorted by average, highest first, by default.
    const avgs = body.data.map((p) => p.average);
    expect(avgs).toEqual([...avgs].sort((a, b) => b - a));
  });

  it('sorts by another column, prints a table or tab-separated lines, refuses an unknown sort before any request', async () => {
    const tsv = await runCommand(['reports', 'projects', '--sort-by', 'lowest', '--sort', 'asc'], { env: fx.env });
    expect(tsv.code).toBe(0);
    const lines = tsv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines[0]).toHaveLength(8);
    const lows = lines.map((l) => Number(l[3]));
    expect(lows).toEqual([...lows].sort((a, b) => a - b));
    expect(lines[0][5]).toMatch(/^\d+\/\d+\/\d+$/);
    fx.emulator.clearHits();
    const bad = await runCommand(['reports', 'projects', '--sort-by', 'nope'], { env: fx.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--sort-by must be one of: average score \(average\)/);
    expect(fx.emulator.hits).toHaveLength(0);
  });
});

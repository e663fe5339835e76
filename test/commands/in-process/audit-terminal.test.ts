// `sitedeck reports audit` on a terminal (stdout and stderr one, in-process), on the emulator with
// more reports than two pages of 100: every report read once, the summary line, then an aligned
// table that fits the width (every other format, filter and gate: ./audit.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { byPage, expectReadOnce, readReports } from '../auditReports';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
const N = 230;
const REQUESTS = Math.ceil(N / 100); // 3
/** Distinct pages among the N reports: the seed analyses some URLs more than once. */
let P: number;

beforeAll(async () => {
  fx = await emulatorFixture({ seed: N });
  P = byPage(await readReports(fx.emulator)).length;
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

const expectOneRead = () => expectReadOnce(fx.emulator, REQUESTS);

describe('reports audit', () => {
  it('table on a terminal: the summary line, then an aligned table that fits the width; progress on stderr', async () => {
    for (const cols of [80, 120]) {
      fx.emulator.clearHits();
      const r = await runCommand(['--no-color', 'reports', 'audit'], { env: fx.env, terminal: { columns: cols } });
      expect(r.code).toBe(0);
      expectOneRead();
      const text = r.screen.replace(/\r/g, '');
      expect(text).toContain(`reports 200/${N}`);
      const shown = text
        .replace(/\x1b\[2K/g, '\n')
        .split('\n')
        .filter(Boolean);
      const head = shown.findIndex((l) => /^IMPORTANCE\s+CHECK\s+FAILING\s+SHARE\s+SINCE LAST(\s+WHAT THE PAGES SHOW)?$/.test(l));
      expect(head).toBeGreaterThan(0);
      expect(shown[head - 1]).toMatch(new RegExp(`^${P} pages · average score \\d+ · \\d+ good · \\d+ decent · \\d+ bad$`));
      const lines = shown.slice(head + 1);
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(cols);
      // At 80 columns each summary wraps under its row (indented), whole: nothing ends in …
      const rows = lines.filter((l) => !l.startsWith('    '));
      expect(lines.length > rows.length).toBe(cols < 100);
      if (cols < 100) for (const l of lines) expect(l).not.toMatch(/…$/);
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        expect(row).toMatch(new RegExp(`^[▲◆▽?] (high|medium|low|unknown)\\s+\\S.*\\s\\d+ of ${P}\\s+\\d+ %`));
      }
      expect(rows[0]).toMatch(/^▲ high/);
      expect(rows.at(-1)).toMatch(/^▽ low/);
    }
  });
});

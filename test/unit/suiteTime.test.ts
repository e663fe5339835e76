// `npm run test:time` reads vitest's JSON report: the totals and the slowest files it writes into
// docs/PERFORMANCE.md come from the report, and its section replaces only itself.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a bench script, plain JavaScript
import { withSection } from '../../scripts/bench/report.mjs';
// @ts-expect-error: a bench script, plain JavaScript
import { SUITE_MARK, suiteSection, summarise } from '../../scripts/bench/suiteTime.mjs';

const REPORT = {
  numTotalTests: 5,
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    { name: '/repo/test/a.test.ts', startTime: 1_000, endTime: 3_500, status: 'passed', assertionResults: [{}, {}] },
    { name: '/repo/test/b.test.ts', startTime: 1_000, endTime: 9_000, status: 'failed', assertionResults: [{}] },
    { name: '/repo/test/c.test.ts', startTime: 2_000, endTime: 2_100, status: 'passed', assertionResults: [{}, {}] },
  ],
};
const MACHINE = { date: '2026-11-27T00:00:00Z', commit: 'abc1234', nproc: '2', cpu: 'cpu', node: 'v24', load: '0.10 0.20 0.30' };

describe('the suite’s time', () => {
  it('takes files, tests and the slowest files from the report, slowest first, paths from the root', () => {
    const s = summarise(REPORT, '/repo', 2);
    expect(s).toEqual({
      files: 3,
      tests: 5,
      passed: 3,
      failed: 1,
      skipped: 1,
      slowest: [
        { file: 'test/b.test.ts', seconds: 8, tests: 1, failed: true },
        { file: 'test/a.test.ts', seconds: 2.5, tests: 2, failed: false },
      ],
    });
  });

  it('writes wall and CPU time, the totals and the slowest files into its own section', () => {
    const section = suiteSection({ summary: summarise(REPORT, '/repo'), wallSeconds: 12.34, cpuSeconds: 20.06, args: ['--project', 'fast'], machine: MACHINE });
    expect(section.split('\n')[0]).toBe(SUITE_MARK);
    expect(section).toContain('`vitest run --project fast`');
    expect(section).toContain('| wall time | 12.3 s |');
    expect(section).toContain('| CPU time (user + sys, every process it started) | 20.1 s |');
    expect(section).toContain('| tests | 5 (3 passed, 1 failed, 1 skipped) |');
    expect(section).toContain('| test/b.test.ts (failed) | 8.0 | 1 |');
    const doc = `# P\n\n${SUITE_MARK}\n\nold\n\n## Latest run\n\nkept\n`;
    expect(withSection(doc, SUITE_MARK, section)).toBe(`# P\n\n${section}\n## Latest run\n\nkept\n`);
  });
});

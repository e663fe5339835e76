// The suite's time from vitest's JSON report: files, tests, the slowest files, and the section of
// docs/PERFORMANCE.md that keeps it. Pure: scripts/test-time.mjs runs vitest and measures.

export const SUITE_MARK = "## The suite's time (latest `npm run test:time`)";

/** Files and tests of a vitest JSON report, with the `count` slowest files (seconds, path from `root`). */
export function summarise(report, root, count = 10) {
  const files = (report.testResults ?? []).map((f) => ({
    file: f.name.startsWith(`${root}/`) ? f.name.slice(root.length + 1) : f.name,
    seconds: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)) / 1000,
    tests: (f.assertionResults ?? []).length,
    failed: f.status === 'failed',
  }));
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)).slice(0, count);
  return {
    files: files.length,
    tests: report.numTotalTests ?? files.reduce((n, f) => n + f.tests, 0),
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    slowest,
  };
}

/** The markdown section: one line of the run, the totals, and the slowest files. */
export function suiteSection({ summary, wallSeconds, cpuSeconds, args, machine: m }) {
  const run = args.length ? `vitest run ${args.join(' ')}` : 'vitest run';
  return [
    SUITE_MARK,
    '',
    `${m.date} · commit ${m.commit} · ${m.nproc} cores (${m.cpu}) · Node ${m.node} · load average at start ${m.load} · \`${run}\``,
    '',
    '| | value |',
    '|---|---|',
    `| wall time | ${wallSeconds.toFixed(1)} s |`,
    `| CPU time (user + sys, every process it started) | ${cpuSeconds.toFixed(1)} s |`,
    `| files | ${summary.files} |`,
    `| tests | ${summary.tests} (${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped) |`,
    '',
    `The ${summary.slowest.length} slowest files (from the file's first test to its last):`,
    '',
    '| file | seconds | tests |',
    '|---|---|---|',
    ...summary.slowest.map((f) => `| ${f.file}${f.failed ? ' (failed)' : ''} | ${f.seconds.toFixed(1)} | ${f.tests} |`),
    '',
  ].join('\n');
}

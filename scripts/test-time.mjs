// `npm run test:time [-- vitest arguments]`: runs the suite once and records its wall time, the CPU
// time of every process it started (user + sys, from this process's reaped children), its files and
// tests and its ten slowest files. Prints the section and writes it into docs/PERFORMANCE.md.
// Linux: the CPU time is read from /proc. Build first (`npm test` does; the bundle's tests read dist/).

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, withSection } from './bench/report.mjs';
import { SUITE_MARK, suiteSection, summarise } from './bench/suiteTime.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs', 'PERFORMANCE.md');
const args = process.argv.slice(2);

/** CPU seconds of this process's children that have been waited for (fields cutime and cstime). */
function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  // Fields 16 and 17 of proc(5); the slice starts at field 3.
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

const dir = mkdtempSync(join(tmpdir(), 'sitedeck-test-time-'));
const json = join(dir, 'report.json');
const m = machine();
const cpuBefore = childrenCpuSeconds();
const started = performance.now();
const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...args], {
  cwd: ROOT,
  stdio: 'inherit',
});
const code = await new Promise((res) => child.on('exit', (c, signal) => res(c ?? (signal ? 1 : 0))));
const wallSeconds = (performance.now() - started) / 1000;
const cpuSeconds = childrenCpuSeconds() - cpuBefore;
try {
  const summary = summarise(JSON.parse(readFileSync(json, 'utf8')), ROOT);
  const section = suiteSection({ summary, wallSeconds, cpuSeconds, args, machine: m });
  process.stdout.write(`\n${section}`);
  writeFileSync(DOC, withSection(readFileSync(DOC, 'utf8'), SUITE_MARK, section));
  process.stdout.write(`\nWritten into ${DOC}.\n`);
} catch (e) {
  process.stderr.write(`test:time: no report from vitest (${e.message})\n`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (code !== 0) process.exitCode = code;

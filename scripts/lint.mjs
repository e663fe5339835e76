// `npm run lint`: ESLint (with the layer, seam and type-aware rules), knip (unused files, exports,
// types and dependencies), the formatter's check (oxfmt) and the line width side by side on the
// machine's cores; each one's output is printed whole once it ends, and the lint fails when any does.
// ESLint runs as two processes: src, whose rules read types (a TypeScript program of its own), and
// the tests and scripts beside it, so the program is built while the rest is linted.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const CHECKS = [
  ['eslint (src)', [bin('eslint'), 'src', ...process.argv.slice(2)]],
  ['eslint (tests, scripts)', [bin('eslint'), '.', '--ignore-pattern', 'src/', ...process.argv.slice(2)]],
  ['knip', [bin('knip'), '--no-progress']],
  ['format', [bin('oxfmt'), '--check']],
  ['line width', [process.execPath, join(ROOT, 'scripts', 'lineWidth.mjs')]],
];

const run = ([name, [cmd, ...args]]) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (e) => resolve({ name, code: 1, text: `${name}: ${e.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), text: Buffer.concat(out).toString() }));
  });

const results = await Promise.all(CHECKS.map(run));
for (const r of results) {
  if (r.text) process.stdout.write(r.text.endsWith('\n') ? r.text : `${r.text}\n`);
  if (r.code !== 0) process.stderr.write(`lint: ${r.name} failed (exit ${r.code})\n`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;

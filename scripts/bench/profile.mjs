// Finds where the deck spends its time in a bench scenario: builds an unminified copy of the
// bundle (names kept), runs it in the pty with --cpu-prof, replays the scenario, and prints the
// functions and packages with the most self time.
//
//   node scripts/bench/profile.mjs [cursor|tabs|pages|launch] [keys] [--unpatched]
//
// The copy carries the build's patches to Ink and Yoga (scripts/build-patches.mjs), as dist does;
// --unpatched profiles plain Ink and Yoga instead, to see what a patch is worth.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBundle } from '../one-file.mjs';
import { startEmulator } from './emulator.mjs';
import { idle, openDeck, step } from './session.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const scenario = args[0] ?? 'cursor';
const count = Number(args[1] ?? 300);
const unpatched = process.argv.includes('--unpatched');

const work = mkdtempSync(join(tmpdir(), 'sitedeck-profile-'));
await buildBundle({ outdir: join(work, 'dist'), minify: false, ...(unpatched ? { patches: [], plugins: [] } : {}) });

const emu = await startEmulator({ seed: 2000, rateLimit: 0 });
const profDir = join(work, 'prof');
const argv = ['node', '--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200', join(work, 'dist/cli.js')];
const { pty } = await openDeck({ emu, configDir: join(work, 'config'), argv, timeoutMs: 30_000 });
await idle(pty, emu, 150);
if (scenario === 'cursor') {
  for (const c of ':per 100\r') await step(pty, emu, c, { quietMs: 5 });
  await idle(pty, emu, 150);
  for (let i = 0; i < count; i++) {
    await pty.press(Math.floor(i / 99) % 2 === 0 ? 'j' : 'k');
    pty.mark();
  }
} else if (scenario === 'tabs') {
  await step(pty, emu, '2');
  await idle(pty, emu, 200);
  for (let i = 0; i < count; i++) {
    await pty.press(i % 2 ? '2' : '1');
    pty.mark();
  }
} else if (scenario === 'pages') {
  for (let i = 0; i < count; i++) {
    // The other tab by its number every fifth step (Tab goes on to Projects after Reports).
    await step(pty, emu, i % 5 === 4 ? (i % 10 === 4 ? '2' : '1') : ']');
    pty.mark();
  }
}
await pty.close();
await emu.close();

const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written (did the deck exit normally?)');
const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8'));
const dt = new Map();
prof.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const byFn = new Map();
const byPkg = new Map();
const pkgOf = (url, name) => {
  if (!url) return `(${name || 'native'})`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node internals';
  return url.includes(work) ? 'bundle' : url;
};
for (const n of prof.nodes) {
  const t = dt.get(n.id) ?? 0;
  if (!t) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || '(anonymous)'}  ${url.replace(work, '').replace(/^file:\/\//, '')}:${lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const pkg = pkgOf(url, functionName);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms`;
console.log(`scenario ${scenario} × ${count}${unpatched ? ' (Ink and Yoga unpatched)' : ''}: ${(total / 1000).toFixed(0)} ms sampled`);
console.log('\nself time by function:');
for (const [k, t] of top(byFn, 30)) console.log(`${pct(t)}  ${k}`);
// Who calls the costliest functions (the fix usually belongs to the caller).
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n);
const keyOf = (n) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${n.callFrame.url.replace(work, '').replace(/^file:\/\//, '')}:${n.callFrame.lineNumber + 1}`;
console.log('\ncallers (two levels up) of the five costliest functions:');
for (const [k] of top(byFn, 8)
  .filter(([k]) => !k.startsWith('('))
  .slice(0, 5)) {
  const callers = new Map();
  for (const n of prof.nodes) {
    if (keyOf(n) !== k || !dt.get(n.id)) continue;
    const p1 = parent.get(n.id);
    const p2 = p1 && parent.get(p1.id);
    const chain = [p1, p2]
      .filter(Boolean)
      .map((x) => x.callFrame.functionName || '(anonymous)')
      .join(' ← ');
    callers.set(chain, (callers.get(chain) ?? 0) + dt.get(n.id));
  }
  console.log(`  ${k}`);
  for (const [c, t] of top(callers, 3)) console.log(`    ${pct(t)}  ← ${c}`);
}
console.log('\nself time by place:');
for (const [k, t] of top(byPkg, 10)) console.log(`${pct(t)}  ${k}`);
if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
else console.log(`\nkept ${work}`);

// The suite's shape by layer (a folder of test/), read from the sources of a checkout: files, tests
// (`it(`/`test(` and their .each, each written case once), assertions written (`expect(` and
// `expect.soft(`/`expect.poll(`, each written once however often it runs), places that start the
// built bundle, and tmux sessions opened. `node scripts/testLayers.mjs [dir]` prints a Markdown table;
// run it on an older checkout to compare (docs/PERFORMANCE.md, "The suite's layers").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const COUNTS = {
  tests: /(?<![\w.])(it|test)(\.each\([^)]*\)|\.(skip|only|concurrent|fails|skipIf\([^)]*\)|runIf\([^)]*\)))*\(/g,
  assertions: /(?<![\w.])expect(\.soft|\.poll)?\(/g,
  bundleStarts: /\b(runCli|startCli|runInPty)\(|(?<![\w.'"])CLI\b(?!\s*=)/g,
  tmuxSessions: /\bstartTmux\(|\bopenDeck\(/g,
};

const walk = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'fixtures' ? [] : walk(p);
    return /\.(ts|tsx|mjs)$/.test(n) ? [p] : [];
  });

/** `{ layer: { files, tests, assertions, bundleStarts, tmuxSessions } }` for the test folder of `root`. */
export function testLayers(root) {
  const test = join(root, 'test');
  const layers = {};
  for (const file of walk(test)) {
    const rel = relative(test, file);
    const layer = rel.includes(sep) ? rel.split(sep)[0] : '(top)';
    const text = readFileSync(file, 'utf8');
    const l = (layers[layer] ??= { files: 0, tests: 0, assertions: 0, bundleStarts: 0, tmuxSessions: 0 });
    if (/\.test\.tsx?$/.test(file)) l.files++;
    for (const [k, re] of Object.entries(COUNTS)) l[k] += text.match(re)?.length ?? 0;
  }
  return layers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..');
  const layers = testLayers(root);
  const keys = ['files', 'tests', 'assertions', 'bundleStarts', 'tmuxSessions'];
  const total = Object.fromEntries(keys.map((k) => [k, Object.values(layers).reduce((n, l) => n + l[k], 0)]));
  const rows = [...Object.entries(layers).sort(([a], [b]) => a.localeCompare(b)), ['**all**', total]];
  process.stdout.write(`| layer | ${keys.join(' | ')} |\n|---|${keys.map(() => '---').join('|')}|\n`);
  for (const [name, l] of rows) process.stdout.write(`| ${name} | ${keys.map((k) => l[k]).join(' | ')} |\n`);
}

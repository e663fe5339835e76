// Figure 7: bundle size (what `node dist/cli.js` can load: the entry, its static imports, and
// the chunks it imports on demand) and cold start of the bundle against the sources under tsx.

import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openDeck, BUNDLE, ROOT, SOURCES } from '../session.mjs';
import { median } from '../stats.mjs';
import { timeProcess } from './launch.mjs';

const STATIC = /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g;
const DYNAMIC = /import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** Files reachable from dist/cli.js; `startup` = those loaded before any `import()`. */
function bundleFiles(entry = resolve(ROOT, 'dist/cli.js')) {
  const all = new Map();
  const startup = new Set();
  const walk = (file, eager) => {
    if (eager) startup.add(file);
    if (all.has(file)) return;
    const src = readFileSync(file, 'utf8');
    all.set(file, statSync(file).size);
    for (const m of src.matchAll(STATIC)) walk(join(dirname(file), m[1]), eager);
    for (const m of src.matchAll(DYNAMIC)) walk(join(dirname(file), m[1]), false);
  };
  walk(entry, true);
  // A chunk first met through import() may also be a static import of the entry's graph.
  const again = [...startup];
  while (again.length) {
    const f = again.pop();
    for (const m of readFileSync(f, 'utf8').matchAll(STATIC)) {
      const dep = join(dirname(f), m[1]);
      if (!startup.has(dep)) {
        startup.add(dep);
        again.push(dep);
      }
    }
  }
  const sum = (files) => [...files].reduce((n, f) => n + all.get(f), 0);
  return { files: all.size, bytes: sum(all.keys()), startupFiles: startup.size, startupBytes: sum(startup) };
}

export async function measureBundle({ emu, configDir, runs = 5, versionRuns = 3 }) {
  const size = bundleFiles();
  const version = async (argv) => {
    await timeProcess(argv[0], [...argv.slice(1), '--version'], { cwd: ROOT });
    const t = [];
    for (let i = 0; i < versionRuns; i++) t.push(await timeProcess(argv[0], [...argv.slice(1), '--version'], { cwd: ROOT }));
    return median(t);
  };
  const firstList = async (argv) => {
    const t = [];
    for (let i = 0; i < runs; i++) {
      const { pty, launchMs } = await openDeck({ emu, configDir, argv, timeoutMs: 30_000 });
      t.push(launchMs);
      await pty.close();
    }
    return median(t);
  };
  const bundleVersion = await version(BUNDLE);
  const tsxVersion = await version(SOURCES);
  // No separate warm-up for tsx: its transform cache persists between runs, and a cold first
  // run is one of five around the median.
  const tsxList = await firstList(SOURCES);
  return { size, bundleVersion, tsxVersion, tsxList, versionRuns };
}

// Bundles src/cli.tsx into one ESM file for Node 22.12 and later (plus the chunks other faces load on demand).
// Plain esbuild: tsup's rollup optional packages break `npm ci` on this registry.
//
//   node scripts/build.mjs                                   dist/, with every build patch
//   node scripts/build.mjs --without NAME[,NAME…] --outdir X  without those patches (to measure them)
import { build } from 'esbuild';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { patchesWithout } from './build-patches.mjs';
import { bundleOptionsWith } from './bundle-options.mjs';

const { values } = parseArgs({ options: { without: { type: 'string', default: '' }, outdir: { type: 'string', default: 'dist' } } });
const without = values.without.split(',').filter(Boolean);
let patches;
try {
  patches = patchesWithout(without);
} catch (e) {
  process.stderr.write(`build: ${e.message}\n`);
  process.exit(2);
}
// Start empty: stale chunks of earlier builds would otherwise pile up and be published.
rmSync(values.outdir, { recursive: true, force: true });
mkdirSync(values.outdir, { recursive: true });
await build({ ...bundleOptionsWith(patches), outdir: values.outdir, minify: true, sourcemap: true });
chmodSync(join(values.outdir, 'cli.js'), 0o755);
if (without.length) process.stderr.write(`build: ${values.outdir}/cli.js without ${without.join(', ')}\n`);

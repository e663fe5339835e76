// Bundles src/cli.tsx into one ESM file for Node 22.12 and later (plus the chunks other faces load on
// demand), and the whole program as one CommonJS script, dist/deck.cjs, which the entry runs for a
// deck start (scripts/one-file.mjs, src/start.ts).
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
import { oneFileOptions, oneFileWith } from './one-file.mjs';

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
const options = bundleOptionsWith(patches);
await Promise.all([
  build({ ...options, outdir: values.outdir, minify: true, sourcemap: true }),
  // The deck's one script, with the same patches left out. Without yoga-sync-wasm there is none
  // (Yoga would need a top-level await): the entry then starts the deck from the chunks.
  oneFileWith(patches) && build(oneFileOptions(join(values.outdir, 'deck.cjs'), { target: options.target, sourcemap: true, patches })),
]);
chmodSync(join(values.outdir, 'cli.js'), 0o755);
if (without.length) process.stderr.write(`build: ${values.outdir}/cli.js without ${without.join(', ')}\n`);

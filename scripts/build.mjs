// Bundles src/cli.tsx into one ESM file for Node 22.12 and later (plus the chunks other faces load on
// demand), and the whole program as one CommonJS script, dist/deck.cjs, which the entry runs for a
// deck start (scripts/one-file.mjs, src/start.ts).
// Plain esbuild: tsup's rollup optional packages break `npm ci` on this registry.
//
//   node scripts/build.mjs                                   dist/, with every build patch
//   node scripts/build.mjs --without NAME[,NAME…] --outdir X  without those patches (to measure them)
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { patchesWithout } from './build-patches.mjs';
import { buildBundle } from './one-file.mjs';

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
await buildBundle({ outdir: values.outdir, patches, sourcemap: true });
chmodSync(join(values.outdir, 'cli.js'), 0o755);
if (without.length) process.stderr.write(`build: ${values.outdir}/cli.js without ${without.join(', ')}\n`);

// Bundles src/cli.tsx into one ESM file for Node 22.12 and later (plus the chunks other faces load on demand).
// Plain esbuild: tsup's rollup optional packages break `npm ci` on this registry.
import { build } from 'esbuild';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { bundleOptions } from './bundle-options.mjs';

// Start empty: stale chunks of earlier builds would otherwise pile up and be published.
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
await build({ ...bundleOptions, outdir: 'dist', minify: true, sourcemap: true });
chmodSync('dist/cli.js', 0o755);

// Bundles src/cli.tsx into one ESM file for Node 20. Plain esbuild: tsup's rollup optional
// packages break `npm ci` on this registry.
import { build } from 'esbuild';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { deckPatches } from './build-patches.mjs';

// Start empty: stale chunks of earlier builds would otherwise pile up and be published.
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
await build({
  entryPoints: { cli: 'src/cli.tsx' },
  outdir: 'dist',
  bundle: true,
  splitting: true, // faces other than the deck load on demand
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  banner: {
    js: "import { createRequire as __sdCreateRequire } from 'node:module'; const require = __sdCreateRequire(import.meta.url);",
  },
  // Ink imports react-devtools-core only when DEV is set; never ship it.
  alias: { 'react-devtools-core': './scripts/stub-devtools.mjs' },
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink and Yoga, made cheaper per frame and at start-up (see the plugin).
  plugins: [deckPatches],
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);

// The esbuild options of sitedeck's bundle: one set for the build (scripts/build.mjs) and for the
// profiler's unminified copy (scripts/bench/profile.mjs), so a profile measures what ships.
import { resolve } from 'node:path';
import { PATCHES, esbuildPatches } from './build-patches.mjs';
import { nodeHttpPlugin } from './node-http-plugin.mjs';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The options, with the build's patches or with `patches` (a list from `patchesWithout`: a build
 * without some of them, for the bench's with/without figures, scripts/bench/patches.mjs).
 */
export const bundleOptionsWith = (patches = PATCHES) => ({
  // The entry checks the Node version before the entry proper (src/cli.tsx) and everything it imports loads.
  entryPoints: { cli: resolve(ROOT, 'src/start.ts') },
  bundle: true,
  splitting: true, // faces other than the deck load on demand
  format: 'esm',
  platform: 'node',
  target: 'node22.13',
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  banner: {
    js: "import { createRequire as __sdCreateRequire } from 'node:module'; const require = __sdCreateRequire(import.meta.url);",
  },
  alias: {
    // Ink imports react-devtools-core only when DEV is set; never ship it.
    'react-devtools-core': resolve(ROOT, 'scripts/stub-devtools.mjs'),
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink and the packages it renders with, made cheaper per frame and at start-up: the same table
  // vitest applies (scripts/build-patches.mjs). The build fails unless each applied as expected.
  // And node:http taken without loading Node's fetch (./node-http-plugin.mjs).
  plugins: [esbuildPatches({ check: true, patches }), nodeHttpPlugin],
  logLevel: 'warning',
});

export const bundleOptions = bundleOptionsWith();

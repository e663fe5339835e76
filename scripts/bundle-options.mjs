// The esbuild options of sitedeck's bundle: one set for the build (scripts/build.mjs) and for the
// profiler's unminified copy (scripts/bench/profile.mjs), so a profile measures what ships.
import { resolve } from 'node:path';
import { deckPatches } from './build-patches.mjs';

const ROOT = resolve(import.meta.dirname, '..');

export const bundleOptions = {
  entryPoints: { cli: resolve(ROOT, 'src/cli.tsx') },
  bundle: true,
  splitting: true, // faces other than the deck load on demand
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  banner: {
    js: "import { createRequire as __sdCreateRequire } from 'node:module'; const require = __sdCreateRequire(import.meta.url);",
  },
  alias: {
    // Ink imports react-devtools-core only when DEV is set; never ship it.
    'react-devtools-core': resolve(ROOT, 'scripts/stub-devtools.mjs'),
    // ofetch's Node entry loads a fetch polyfill (node-fetch-native, 110 KB) and node:https for
    // Node versions without fetch; on Node 20 its universal entry uses the built-in fetch as is.
    ofetch: resolve(ROOT, 'node_modules/ofetch/dist/index.mjs'),
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink and Yoga, made cheaper per frame and at start-up (see the plugin).
  plugins: [deckPatches],
  logLevel: 'warning',
};

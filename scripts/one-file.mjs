// The whole program as one CommonJS file: the single file's script (scripts/build-sea.mjs) and the
// npm face's deck (dist/deck.cjs, which the entry loads for a deck start: src/start.ts). Node
// compiles one script faster than it resolves, reads and links the ES chunks the deck needs
// (docs/PERFORMANCE.md, "One script for the deck"). The deck's bundle options without code
// splitting: `import()` becomes a lazy module wrapper inside the file, so what a face does not
// use is parsed but never run.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { PATCHES, esbuildPatches } from './build-patches.mjs';
import { bundleOptions, bundleOptionsWith } from './bundle-options.mjs';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Yoga loads its WebAssembly with a top-level await, which a CommonJS file cannot hold. With the
 * synchronous compile of the patch `yoga-sync-wasm` the module is ready when its factory returns:
 * the factory fills in the object it is given (and resolves its promise with that same object).
 */
const YOGA_SYNC_LOAD = {
  name: 'yoga-sync-load',
  package: 'yoga-layout',
  kind: 'edit',
  does: 'Yoga is taken from its factory synchronously (the one file is CommonJS: no top-level await)',
  checked: 'yoga-layout 3.2.1',
  file: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/,
  edit: (src) => {
    const next = src.replace(
      'await loadYoga()',
      '(() => { const m = {}; loadYoga(m); if (!m.calledRun) throw new Error("Yoga did not load synchronously"); return m; })()',
    );
    if (next === src) throw new Error('its target "await loadYoga()" is gone');
    return next;
  },
  times: 1,
};

/** Ink's two top-level awaits load React's devtools and Ink's package.json, both only when DEV=true. */
const INK_NO_DEV_AWAIT = {
  name: 'ink-no-dev-await',
  package: 'ink',
  kind: 'edit',
  does: "Ink's DEV-only devtools and package.json loads are dropped (the one file is CommonJS: no top-level await; the bundle ships no devtools either)",
  checked: 'ink 8.0.0',
  file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
  edit: (src) => {
    let next = src;
    for (const [from, to] of [
      ["await import('./devtools.js');", 'undefined;'],
      ['const loaded = await loadPackageJson();', 'const loaded = { name: undefined, version: undefined };'],
    ]) {
      const edited = next.replace(from, to);
      if (edited === next) throw new Error(`its target ${JSON.stringify(from)} is gone`);
      next = edited;
    }
    return next;
  },
  times: 1,
};

/**
 * Whether the one file can be built with `patches` (the deck's, or a build's without some): Yoga
 * loads without a top-level await only through `yoga-sync-wasm`.
 */
const oneFileWith = (patches) => patches.some((p) => p.name === 'yoga-sync-wasm');

/**
 * esbuild's options for the one file at `outfile`, for Node `target` (the single file carries Node
 * 24; the npm face runs on the oldest Node it supports), with the deck's `patches` and the two a
 * CommonJS file needs besides (no top-level await). `minify: false` keeps names, for a profile.
 */
function oneFileOptions(outfile, { minify = true, target = 'node24', sourcemap = false, patches = PATCHES } = {}) {
  if (!oneFileWith(patches)) throw new Error('the one file needs the patch yoga-sync-wasm');
  const { splitting: _s, chunkNames: _c, banner: _b, format: _f, plugins: _p, entryPoints: _e, ...shared } = bundleOptions;
  return {
    ...shared,
    entryPoints: [resolve(ROOT, 'src/cli.tsx')],
    outfile,
    format: 'cjs',
    target,
    minify,
    keepNames: !minify,
    sourcemap,
    // No package reads import.meta.url for more than a base path (Yoga's, unused with its bytes inlined).
    define: { ...shared.define, 'import.meta.url': '__sdImportMetaUrl' },
    banner: { js: 'var __sdImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [esbuildPatches({ check: true, patches: [...patches, YOGA_SYNC_LOAD, INK_NO_DEV_AWAIT] })],
  };
}

/** Builds the one file at `outfile` (see oneFileOptions). */
export async function bundleOne(outfile, options = {}) {
  return build(oneFileOptions(outfile, options));
}

/**
 * The npm face in `outdir`: the entry and its chunks, and the deck's one script beside them, both
 * with `patches` (the build, and the bench's builds without some patches or unminified, so what
 * they measure is what ships). Without yoga-sync-wasm there is no one script (Yoga would need a
 * top-level await): the entry then starts the deck from the chunks. `plugins` replaces the
 * chunks' plugins (a profile of plain Ink).
 */
export async function buildBundle({ outdir, patches = PATCHES, minify = true, sourcemap = false, plugins }) {
  const options = bundleOptionsWith(patches);
  await Promise.all([
    build({ ...options, outdir, minify, keepNames: !minify, sourcemap, ...(plugins ? { plugins } : {}) }),
    oneFileWith(patches) && build(oneFileOptions(join(outdir, 'deck.cjs'), { target: options.target, minify, sourcemap, patches })),
  ]);
}

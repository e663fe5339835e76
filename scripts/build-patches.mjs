// Build-time changes to Ink and Yoga for the bundle (node_modules stays untouched). Each one is
// measured by `npm run bench` / `scripts/bench/profile.mjs`; docs/PERFORMANCE.md says what it won.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const ROOT = resolve(import.meta.dirname, '..');
const { SINGLE_CELL_CLASS } = await tsImport('../src/text/singleCell.ts', import.meta.url);

// Intl.Segmenter's first construction loads ICU's break data (~15 ms). Four of Ink's packages build
// one when loaded; this one builds it on first use, which a frame of single-cell text never reaches.
const LAZY_SEGMENTER = `function lazySegmenter(...args) {
  let segmenter;
  return { segment: (text) => (segmenter ??= new Intl.Segmenter(...args)).segment(text) };
}`;
const lazySegmenter = (path) => patch(path, [[/new Intl\.Segmenter\(/, 'lazySegmenter(']], LAZY_SEGMENTER);

/** Replaces `from` in the file at `path`; fails the build when a new version no longer has it. */
function patch(path, edits, extra = '') {
  let src = readFileSync(path, 'utf8');
  for (const [from, to] of edits) {
    const next = src.replace(from, to);
    if (next === src) throw new Error(`${path} changed: the build patch for ${JSON.stringify(from)} no longer applies`);
    src = next;
  }
  return { contents: `${src}\n${extra}\n`, loader: 'js' };
}

/**
 * esbuild plugin:
 * 1. Ink's frame composer (`build/output.js`, a fresh 200×50 grid of cell objects per frame) is
 *    replaced by src/ui/ink/frameOutput.ts, which joins side-by-side segments row by row.
 * 2. The width of each text node (`widestLine`: ANSI stripping and grapheme segmentation, every
 *    frame) comes from a bounded cache.
 * 3. Ink's text measurement and wrapping caches, which keep every text ever shown, are bounded.
 * 4. Yoga's WebAssembly is compiled synchronously from the bytes in the bundle instead of through
 *    `fetch` of a data: URL (~30 ms of start-up, most of it waiting).
 * 5. string-width compiles its `\p{RGI_Emoji}` expression (~20 ms: the set of every emoji
 *    sequence) only for a grapheme longer than one UTF-16 unit: each single unit that is an emoji
 *    is East Asian Wide, so its width is 2 either way (test/build/patches.test.ts checks all of them).
 *    Its fast path (width = length) takes every single-cell character (src/text/singleCell.ts),
 *    not only ASCII.
 * 6. Grapheme segmenters are built on first use instead of at load.
 * 7. ofetch's entry keeps only `createFetch` and its error: the rest (a default instance) reads
 *    `globalThis.Headers` when it loads, which makes Node load its own fetch (~30 ms); sitedeck
 *    gives ofetch a fetch over node:http (src/api/nodeFetch.ts).
 */
export const deckPatches = {
  name: 'deck-patches',
  setup(b) {
    b.onResolve({ filter: /^\.\/output\.js$/ }, (a) =>
      /[\\/]ink[\\/]build$/.test(a.resolveDir) ? { path: resolve(ROOT, 'src/ui/ink/frameOutput.ts') } : undefined,
    );
    b.onLoad({ filter: /ink[\\/]build[\\/]render-node-to-output\.js$/ }, (a) =>
      patch(a.path, [['const currentWidth = widestLine(text);', 'const currentWidth = cachedWidth(text);']], `let widths = new Map();
function cachedWidth(text) {
  let w = widths.get(text);
  if (w === undefined) {
    if (widths.size >= 2000) widths = new Map();
    w = widestLine(text);
    widths.set(text, w);
  }
  return w;
}`),
    );
    b.onLoad({ filter: /ink[\\/]build[\\/]measure-text\.js$/ }, (a) =>
      patch(a.path, [
        ['const cache = new Map();', 'let cache = new Map();'],
        ['cache.set(text, dimensions);', 'if (cache.size >= 4000) cache = new Map();\n    cache.set(text, dimensions);'],
      ]),
    );
    b.onLoad({ filter: /ink[\\/]build[\\/]wrap-text\.js$/ }, (a) =>
      patch(a.path, [
        ['const cache = {};', 'let cache = new Map();'],
        ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
        ['cache[cacheKey] = wrappedText;', 'if (cache.size >= 4000) cache = new Map();\n    cache.set(cacheKey, wrappedText);'],
      ]),
    );
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (a) => {
      // Only the top-level copy (Ink's and the deck's, 8.x); wrap-ansi's older copy has no such expression.
      if (a.path !== resolve(ROOT, 'node_modules/string-width/index.js')) return undefined;
      return patch(a.path, [
        ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;'],
        ['rgiEmojiRegex.test(segment)', '(segment.length > 1 && (rgiEmojiRegex ??= new RegExp("^\\\\p{RGI_Emoji}$", "v")).test(segment))'],
        ['if (/^[\\u0020-\\u007E]*$/.test(string)) {', `if (/^[${SINGLE_CELL_CLASS}]*$/.test(string)) {`],
        [/new Intl\.Segmenter\(/, 'lazySegmenter('],
      ], LAZY_SEGMENTER);
    });
    // The other packages that segment at load: slice-ansi, ansi-tokenize, wrap-ansi's string-width.
    b.onLoad({ filter: /[\\/]node_modules[\\/](slice-ansi[\\/]tokenize-ansi|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize|wrap-ansi[\\/]node_modules[\\/]string-width[\\/]index)\.js$/ }, (a) =>
      lazySegmenter(a.path),
    );
    b.onLoad({ filter: /[\\/]node_modules[\\/]ofetch[\\/]dist[\\/]index\.mjs$/ }, (a) => {
      const keep = readFileSync(a.path, 'utf8').split('\n').filter((l) => /^(import|export) \{[^}]*\} from '\.\/shared\/[^']+';$/.test(l));
      if (!keep.some((l) => l.includes(' as createFetch ')) || !keep.some((l) => l.includes(' as FetchError'))) throw new Error(`${a.path} changed: the build patch for ofetch no longer applies`);
      return { contents: `${keep.join('\n')}\nexport { createFetch };\n`, loader: 'js' };
    });
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (a) =>
      patch(a.path, [
        // Emscripten's hook for custom instantiation; `H` holds the data: URL of the module.
        ['if(h.instantiateWasm)try{', 'h.instantiateWasm??=(i,r)=>(r(new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(H.slice(H.indexOf(",")+1),"base64")),i)),{});if(h.instantiateWasm)try{'],
      ]),
    );
  },
};

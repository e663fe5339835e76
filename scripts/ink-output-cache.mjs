// Ink 6 rebuilds every frame from scratch. This build-time patch (node_modules stays untouched)
// keeps the work of unchanged lines between frames; `scripts/bench/profile.mjs` measures it.

import { readFileSync } from 'node:fs';

/**
 * esbuild plugin: Ink re-measures and re-tokenises every line of every
 * frame. (1) One OutputCaches shared by every frame instead of a new, empty one per frame, renewed
 * past a few frames' worth of lines (a large cap keeps every page ever shown: hundreds of MB after
 * 1 000 page turns). (2) The width of each text node (render-node-to-output's widestLine, which
 * strips ANSI and segments graphemes every frame) looked up in a bounded cache.
 */
export const inkOutputCache = {
  name: 'ink-output-cache',
  setup(b) {
    const patch = (path, from, to, extra) => {
      const src = readFileSync(path, 'utf8');
      const patched = src.replace(from, to);
      if (patched === src) throw new Error(`${path} changed: the cache patch no longer applies`);
      return { contents: `${patched}\n${extra}\n`, loader: 'js' };
    };
    b.onLoad({ filter: /ink[\\/]build[\\/]output\.js$/ }, (a) =>
      patch(a.path, 'caches = new OutputCaches();', 'caches = sharedCaches();', `let shared;
function sharedCaches() {
  if (!shared || shared.styledChars.size > 400 || shared.widths.size > 4000) shared = new OutputCaches();
  return shared;
}`),
    );
    b.onLoad({ filter: /ink[\\/]build[\\/]render-node-to-output\.js$/ }, (a) =>
      patch(a.path, 'const currentWidth = widestLine(text);', 'const currentWidth = cachedWidth(text);', `const widths = new Map();
function cachedWidth(text) {
  let w = widths.get(text);
  if (w === undefined) {
    if (widths.size > 2000) widths.clear();
    w = widestLine(text);
    widths.set(text, w);
  }
  return w;
}`),
    );
  },
};

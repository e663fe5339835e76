// sitedeck's changes to Ink and the packages it renders with, as one table applied by both the
// bundle (`esbuildPatches`, through scripts/bundle-options.mjs) and the test runner (`vitePatches`,
// through vitest.config.ts), so the renderer under test is the renderer users get. node_modules
// stays untouched: each change is made to the module's text as it is loaded. docs/UPGRADING.md says
// what each one does and how to tell whether a new release still needs it; docs/PERFORMANCE.md
// what each one is worth.

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const ROOT = resolve(import.meta.dirname, '..');
const { SINGLE_CELL_CLASS } = await tsImport('../src/text/singleCell.ts', import.meta.url);

/** The deck's frame composer, swapped in for Ink's `build/output.js`. */
export const FRAME_OUTPUT = resolve(ROOT, 'src/ui/ink/frameOutput.ts');

/** An edit that replaces each `[from, to]` in turn and appends `extra`; throws when a `from` is gone. */
const replacing =
  (edits, extra = '') =>
  (src) => {
    for (const [from, to] of edits) {
      const next = src.replace(from, to);
      if (next === src) throw new Error(`its target ${String(from instanceof RegExp ? from : JSON.stringify(from))} is gone`);
      src = next;
    }
    return extra ? `${src}\n${extra}\n` : src;
  };

/**
 * The table. Every patch is either
 * - `resolve`: an import `request` (made from a directory matching `from`) loads the file `to`; or
 * - `edit`: a file whose path matches `file` has its text changed by `edit`.
 * `times` is how often a build of the deck applies it; the build fails when a count differs
 * (`checkApplied`), so a renamed or moved target cannot silently drop a patch. `checked` is the
 * release whose sources the patch was last read against (docs/UPGRADING.md). `moves` names the
 * bench figures it claims to improve, which `scripts/bench/patches.mjs` measures with and without
 * it: `launch` (first list and the deck's first frame), `keys` (cursor and tab-switch key to
 * frame, CPU per key), `answer` (a page turn's answer on a slow link).
 */
export const PATCHES = [
  {
    name: 'ink-frame-output',
    package: 'ink',
    checked: 'ink 8.0.0',
    kind: 'resolve',
    does: "Ink's frame composer (build/output.js, a fresh cell grid per frame) is src/ui/ink/frameOutput.ts, which joins a row's side-by-side segments",
    request: /^\.\/output\.js$/,
    from: /[\\/]ink[\\/]build$/,
    to: FRAME_OUTPUT,
    moves: ['keys'],
    times: 1,
  },
  {
    name: 'ink-sanitize-cache',
    package: 'ink',
    checked: 'ink 8.0.0',
    kind: 'edit',
    does:
      'the text of each text node, sanitized on every frame (Ink 8 tokenises every styled text to keep only its SGR and OSC codes), ' +
      'comes from a bounded cache',
    file: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/,
    // A function declaration: hoisted, so the default export can name it before it is written.
    edit: replacing(
      [['export default sanitizeAnsi;', 'export default cachedSanitizeAnsi;']],
      `let sanitized = new Map();
function cachedSanitizeAnsi(text) {
  let s = sanitized.get(text);
  if (s === undefined) {
    if (sanitized.size >= 2000) sanitized = new Map();
    s = sanitizeAnsi(text);
    sanitized.set(text, s);
  }
  return s;
}`,
    ),
    moves: ['keys'],
    times: 1,
  },
  {
    name: 'yoga-sync-wasm',
    package: 'yoga-layout',
    checked: 'yoga-layout 3.2.1',
    kind: 'edit',
    does: "Yoga's WebAssembly is compiled synchronously from the bytes in the bundle instead of through `fetch` of a data: URL",
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    edit: replacing([
      // Emscripten's hook for custom instantiation; `H` holds the data: URL of the module.
      [
        'if(h.instantiateWasm)try{',
        'h.instantiateWasm??=(i,r)=>(r(new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(H.slice(H.indexOf(",")+1),"base64")),i)),{});' +
          'if(h.instantiateWasm)try{',
      ],
    ]),
    moves: ['launch'],
    times: 1,
  },
  {
    name: 'string-width-fast-path',
    package: 'string-width',
    checked: 'string-width 8.3.0',
    kind: 'edit',
    does:
      "string-width's fast path (width = length) takes every single-cell character (src/text/singleCell.ts), not only printable ASCII, " +
      'and its \\p{RGI_Emoji} expression is created only for a grapheme longer than one UTF-16 unit',
    file: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    edit: replacing([
      ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;'],
      // Each single UTF-16 unit that is an emoji is East Asian Wide: width 2 either way.
      ['rgiEmojiRegex.test(segment)', '(segment.length > 1 && (rgiEmojiRegex ??= new RegExp("^\\\\p{RGI_Emoji}$", "v")).test(segment))'],
      // Box drawing and a few others are East Asian Ambiguous: wide when asked to count them so.
      [
        'if (/^[\\u0020-\\u007E]*$/.test(string)) {',
        `if (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && /^[${SINGLE_CELL_CLASS}]*$/.test(string))) {`,
      ],
    ]),
    moves: ['launch', 'keys'],
    times: 1,
  },
  {
    name: 'ofetch-create-fetch-only',
    package: 'ofetch',
    checked: 'ofetch 1.5.1',
    kind: 'edit',
    does:
      "ofetch's Node entry keeps only createFetch and its error: the rest loads a fetch polyfill and node:https, " +
      'and builds a default instance that reads globalThis.Headers, which makes Node load its own fetch ' +
      '(sitedeck gives ofetch a fetch over node:http, src/api/nodeFetch.ts)',
    file: /[\\/]node_modules[\\/]ofetch[\\/]dist[\\/]node\.mjs$/,
    edit: (src) => {
      const keep = src.split('\n').filter((l) => /^(import|export) \{[^}]*\} from '\.\/shared\/[^']+';$/.test(l));
      if (!keep.some((l) => l.includes(' as createFetch ')) || !keep.some((l) => l.includes(' as FetchError')))
        throw new Error('its re-exports of createFetch and FetchError from ./shared/ are gone');
      return `${keep.join('\n')}\nexport { createFetch };\n`;
    },
    moves: ['launch'],
    times: 1,
  },
];

const show = (path) => (path.includes(`${ROOT}/`) ? relative(ROOT, path) : path);

/** The edits of `patches` that apply to the file at `path`. */
const editsFor = (patches, path) => patches.filter((p) => p.kind === 'edit' && p.file.test(path));

/** Applies `edits` to `src` in order, counting each in `applied`; an edit that no longer applies fails naming its patch. */
function applyEdits(edits, src, path, applied) {
  for (const p of edits) {
    try {
      src = p.edit(src);
    } catch (e) {
      throw new Error(`build patch "${p.name}" no longer applies to ${show(path)}: ${e.message} (it was written against ${p.checked}; see docs/UPGRADING.md)`, {
        cause: e,
      });
    }
    applied?.set(p.name, (applied.get(p.name) ?? 0) + 1);
  }
  return src;
}

/** The resolve patch for `request` imported by the file `importer`, if any. */
const resolveFor = (patches, request, importer) =>
  patches.find((p) => p.kind === 'resolve' && p.request.test(request) && (!p.from || (importer !== undefined && p.from.test(dirname(importer)))));

/**
 * `PATCHES` without the patches named in `names` (a build or a bench run without them, to see what
 * they are worth); an unknown name fails, naming the known ones.
 */
export function patchesWithout(names, patches = PATCHES) {
  const unknown = names.filter((n) => !patches.some((p) => p.name === n));
  if (unknown.length)
    throw new Error(`no build patch named ${unknown.map((n) => `"${n}"`).join(', ')}; the patches are ${patches.map((p) => p.name).join(', ')}`);
  return patches.filter((p) => !names.includes(p.name));
}

/**
 * What is wrong with a build that applied `applied` (patch name → count) and bundled `inputs`
 * (absolute paths): each patch applied a number of times other than expected, and a redirecting
 * patch whose file is not in the bundle (the frame composer, say). Empty when all is well.
 */
function checkApplied(patches, applied, inputs) {
  const problems = patches
    .filter((p) => (applied.get(p.name) ?? 0) !== p.times)
    .map(
      (p) =>
        `build patch "${p.name}" applied ${applied.get(p.name) ?? 0} times, expected ${p.times} ` +
        `(${p.kind === 'edit' ? `it edits the files matching ${p.file}` : `it redirects the imports matching ${p.request}`}): ` +
        `a ${p.package} other than ${p.checked} may have moved, renamed or duplicated its target (see docs/UPGRADING.md)`,
    );
  for (const p of patches) {
    if (p.kind === 'resolve' && !inputs.includes(p.to))
      problems.push(`the bundle does not contain ${show(p.to)}: build patch "${p.name}" did not take effect (see docs/UPGRADING.md)`);
  }
  return problems;
}

/**
 * The esbuild plugin. With `check`, the build fails unless every patch applied as often as
 * expected and the frame composer is in the bundle (for a build of the whole deck, not of a part).
 */
export function esbuildPatches({ check = false, patches = PATCHES } = {}) {
  const editFiles = new RegExp(
    patches
      .filter((p) => p.kind === 'edit')
      .map((p) => p.file.source)
      .join('|'),
  );
  const requests = new RegExp(
    patches
      .filter((p) => p.kind === 'resolve')
      .map((p) => p.request.source)
      .join('|'),
  );
  return {
    name: 'deck-patches',
    setup(b) {
      const applied = new Map();
      if (check) b.initialOptions.metafile = true;
      b.onStart(() => applied.clear());
      b.onResolve({ filter: requests }, (a) => {
        const p = resolveFor(patches, a.path, a.importer || undefined);
        if (!p) return undefined;
        applied.set(p.name, (applied.get(p.name) ?? 0) + 1);
        return { path: p.to };
      });
      b.onLoad({ filter: editFiles }, (a) => {
        const edits = editsFor(patches, a.path);
        if (edits.length === 0) return undefined;
        return { contents: applyEdits(edits, readFileSync(a.path, 'utf8'), a.path, applied), loader: 'js' };
      });
      if (check) {
        b.onEnd((result) => {
          if (result.errors.length > 0 || !result.metafile) return undefined;
          const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
          const inputs = Object.keys(result.metafile.inputs).map((i) => resolve(cwd, i));
          const problems = checkApplied(patches, applied, inputs);
          return { errors: problems.map((text) => ({ text })) };
        });
      }
    },
  };
}

/** The vite plugin: the same table, for the modules vitest loads (see `inlinedPackages`). */
export function vitePatches({ patches = PATCHES } = {}) {
  return {
    name: 'deck-patches',
    enforce: 'pre',
    // Packages keep their own source maps, which point to sources they do not ship (a warning per
    // file): tests read these files as they are.
    load(id) {
      const path = id.split('?')[0];
      if (!/[\\/]node_modules[\\/].*\.m?js$/.test(path)) return null;
      return { code: readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map: null };
    },
    resolveId(source, importer) {
      const p = resolveFor(patches, source, importer?.split('?')[0]);
      return p ? p.to : null;
    },
    transform(code, id) {
      const path = id.split('?')[0];
      const edits = editsFor(patches, path);
      return edits.length === 0 ? null : { code: applyEdits(edits, code, path), map: null };
    },
  };
}

/**
 * The packages vitest must load through vite rather than hand to Node, so that the patches reach
 * them: every patched package and every package that imports one (directly or not), otherwise Node
 * would load a second, unpatched copy for it. ink-testing-library imports Ink without declaring it.
 * As path patterns for vitest's `server.deps.inline`.
 */
export function inlinedPackages(patches = PATCHES) {
  const manifests = [];
  const scan = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        for (const sub of readdirSync(join(dir, entry))) scan1(join(dir, entry, sub), `${entry}/${sub}`);
      } else scan1(join(dir, entry), entry);
    }
  };
  const scan1 = (dir, name) => {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) return;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    manifests.push({ name, deps: Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }) });
  };
  scan(join(ROOT, 'node_modules'));
  const inlined = new Set([...patches.map((p) => p.package), 'ink-testing-library']);
  for (let grew = true; grew;) {
    grew = false;
    for (const m of manifests) {
      if (!inlined.has(m.name) && m.deps.some((d) => inlined.has(d))) {
        inlined.add(m.name);
        grew = true;
      }
    }
  }
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [...inlined].sort().map((name) => new RegExp(`[\\\\/]node_modules[\\\\/]${escape(name)}[\\\\/]`));
}

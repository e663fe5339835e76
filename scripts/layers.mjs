// The layers of src/, bottom to top: each folder may import the folders it names, and no other
// folder of src/, however it loads it (an import or export, import(), require(…), an import('…')
// type). ESLint enforces it (eslint.config.js); docs/ARCHITECTURE.md draws it, and
// test/build/layers.test.ts checks the drawing against this table.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS = {
  // One locked update of a state file (node:fs only), under everything that keeps a file.
  files: [],
  text: [],
  // The deck's keys as data (which keys, where, in what words) and the one list of screens: below the
  // deck and the commands alike, so `sitedeck config keys` reads them without loading the deck.
  keys: [],
  domain: ['text'],
  config: ['files', 'domain', 'text'],
  api: ['files', 'domain', 'text'],
  history: ['files', 'api', 'config', 'domain', 'text'],
  state: ['keys', 'api', 'domain', 'text'],
  cache: ['files', 'state', 'api', 'domain', 'text'],
  // What the environment says about the terminal: read by the deck and by `sitedeck doctor` alike.
  terminal: ['files', 'config', 'domain', 'text'],
  ui: ['files', 'terminal', 'cache', 'state', 'history', 'config', 'keys', 'api', 'domain', 'text'],
  // Beside the deck: the scriptable commands share the deck's pure reads (state/projectsRead) and its
  // key table (keys), never its view: no import of ui in any form.
  commands: ['files', 'emulator', 'terminal', 'cache', 'state', 'history', 'config', 'keys', 'api', 'domain', 'text'],
  // The emulator speaks the hosts' side: it shares the domain's tables, never the client; its data file goes through src/files.
  emulator: ['files', 'domain', 'text'],
};

/** The folder every local path goes through (src/files/table.ts): the only one that imports node:fs. */
export const FILES = 'files';
export const FS_MODULES = ['node:fs', 'node:fs/promises', 'fs', 'fs/promises'];
const NO_FS = FS_MODULES.map((name) => ({
  name,
  message:
    `Only src/${FILES} reads or writes local files (one table of every path and its rule, src/files/table.ts): ` + 'use its functions, or add the path there.',
}));

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The folders of src/ (a new folder must be given its place in LAYERS). */
export function sourceFolders(src = SRC) {
  return readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
}

/** A module named as a string: `'x'`, or a template with nothing in it. */
function literalSource(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/**
 * The layer rule for what `no-restricted-imports` does not read: `import('…')`, `require('…')` and
 * an `import('…').T` type. Its options are the same patterns (a regex and the words said).
 */
const loadedRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder of src/ loads no folder above it in the layers, by import(), require or an import type' },
    schema: [{ type: 'object', properties: { patterns: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const patterns = (context.options[0]?.patterns ?? []).map((p) => ({ regex: new RegExp(p.regex), message: p.message }));
    const check = (node, source) => {
      const hit = source === undefined ? undefined : patterns.find((p) => p.regex.test(source));
      if (hit) context.report({ node, message: hit.message });
    };
    return {
      ImportExpression: (node) => check(node, literalSource(node.source)),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, literalSource(node.arguments[0]));
      },
      // typescript-eslint names the module `source` (v8.x later) or `argument` (a literal type).
      TSImportType: (node) => check(node, literalSource(node.source ?? (node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument))),
    };
  },
};
const layersPlugin = { rules: { loaded: loadedRule } };

/**
 * One flat-config entry per folder: `no-restricted-imports` of every folder above it (and of node:fs
 * outside src/files), and `layers/loaded` of the same folders loaded any other way.
 */
export function layerRules(folders = sourceFolders()) {
  const missing = folders.filter((f) => !(f in LAYERS));
  if (missing.length > 0) {
    throw new Error(`src/${missing[0]} has no layer: give it its place in LAYERS (scripts/layers.mjs) and docs/ARCHITECTURE.md`);
  }
  const folderRules = folders.map((folder) => {
    const allowed = new Set([folder, ...LAYERS[folder]]);
    const forbidden = folders.filter((f) => !allowed.has(f));
    const fs = folder === FILES ? [] : NO_FS;
    const patterns = [
      forbidden.length > 0 && {
        // Relative imports that climb out of the folder into a forbidden one (src/ has no aliases).
        regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
        message: `src/${folder} sits below ${forbidden.join(', ')} in the layers (scripts/layers.mjs): import downwards only.`,
      },
      {
        // From a file directly in the folder, the entry file (src/cli.tsx) is above every layer.
        regex: '^(\\.\\./)+cli(\\.tsx?|\\.js)?$',
        message: `src/${folder} must not import the entry point src/cli.tsx.`,
      },
    ].filter(Boolean);
    const rule = forbidden.length === 0 && fs.length === 0 ? 'off' : ['error', { paths: fs, patterns }];
    return {
      files: [`src/${folder}/**/*.{ts,tsx}`],
      plugins: { layers: layersPlugin },
      rules: { 'no-restricted-imports': rule, 'layers/loaded': ['error', { patterns }] },
    };
  });
  // The entry files at src/'s root sit above every layer: they reach the disk through src/files too.
  return [...folderRules, { files: ['src/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: NO_FS }] } }];
}

// Lint for sitedeck's sources, tests and scripts (`npm run lint`, part of `npm test`): ESLint's and
// typescript-eslint's recommended rules and React's hook rules.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { FILES, FS_MODULES, layerRules } from './scripts/layers.mjs';

// A spread argument puts every element on the stack: Math.max(...labels) of a record with 150 000
// fields overflowed it and crashed the deck. Loop instead (src/text/bounded.ts: maxOf, appendAll).
const NO_SPREAD_ARGUMENTS = [
  {
    selector: 'CallExpression > SpreadElement',
    message: 'No spread arguments (unbounded arrays overflow the stack): use maxOf / minOf / appendAll from src/text/bounded.ts, or a loop.',
  },
  { selector: 'NewExpression > SpreadElement', message: 'No spread arguments (unbounded arrays overflow the stack): pass the array.' },
];

// `x as unknown as T` tells the type-check nothing about x: it is written once, in a function named
// for the boundary it crosses, with a comment saying why the types cannot meet there. These files hold them.
const DOUBLE_ASSERTION_BOUNDARIES = [
  'src/api/http.ts', // ofetchOverNodeHttp: node:http's fetch and plain headers as the DOM's fetch and Headers
  'src/commands/format/cells.ts', // asRow: a typed record as the formats read it, by field name
  'src/domain/records.ts', // fieldsOf: a typed record as its fields
  'src/api/normalise/records.ts', // a record built from its checked fields as the record type of its resource
];
const NO_DOUBLE_ASSERTION = {
  selector: 'TSAsExpression > TSAsExpression.expression[typeAnnotation.type="TSUnknownKeyword"]',
  message:
    "No 'as unknown as' outside a named boundary (eslint.config.js, DOUBLE_ASSERTION_BOUNDARIES): " +
    'give the value its type, or add the boundary there with a comment.',
};

// node:fs loaded some other way than an import (import(), require, process.getBuiltinModule):
// the same rule as the import's (scripts/layers.mjs), for the same reason.
const FS_NAME = `/^(${FS_MODULES.map((m) => m.replace('/', '\\/')).join('|')})$/`;
const NO_FS_LOADED = ['ImportExpression', "CallExpression[callee.name='require']", "CallExpression[callee.property.name='getBuiltinModule']"].map((call) => ({
  selector: `${call}[${call === 'ImportExpression' ? 'source' : 'arguments.0'}.value=${FS_NAME}]`,
  message: `Only src/${FILES} reads or writes local files (src/files/table.ts): use its functions.`,
}));

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    // The rules of hooks (the plugin's other rules check code for the React Compiler, which sitedeck does not use).
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Deliberately unused parameters start with _ (as the type-check wants); a caught error may go unnamed in use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A closure may name a value made after it (the deck's exit and the Ink instance it unmounts).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Terminal control sequences are what the deck strips, sanitises and writes: its expressions match them on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_SPREAD_ARGUMENTS, NO_DOUBLE_ASSERTION, ...NO_FS_LOADED] },
  },
  {
    files: [`src/${FILES}/**`],
    rules: { 'no-restricted-syntax': ['error', ...NO_SPREAD_ARGUMENTS, NO_DOUBLE_ASSERTION] },
  },
  {
    files: DOUBLE_ASSERTION_BOUNDARIES,
    rules: { 'no-restricted-syntax': ['error', ...NO_SPREAD_ARGUMENTS, ...NO_FS_LOADED] },
  },
  {
    // The commands' path reads the world through the one I/O object (src/terminal/io.ts: argv,
    // streams, env, Ctrl+C) and returns an exit code: `process` is read at the entries only
    // (src/cli.tsx builds the object, src/start.ts checks Node first), so a test runs a command in its
    // own process with strings for streams and an environment of its own. `sitedeck serve`
    // (src/emulator), a process until a signal ends it, stays on process; the deck and its state
    // have the stricter rule below.
    files: ['src/**'],
    ignores: ['src/cli.tsx', 'src/start.ts', 'src/ui/**', 'src/state/**', 'src/emulator/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['env', 'stdin', 'stdout', 'stderr', 'exit', 'exitCode', 'argv'].map((property) => ({
          object: 'process',
          property,
          message:
            `No process.${property} in a command's path: take it from the I/O object (Io in src/terminal/io.ts); ` +
            `the entry (src/cli.tsx) builds it from process.`,
        })),
      ],
    },
  },
  {
    // The deck takes the same object from the entry (runDeck's `io`): no file of src/ui or of its
    // state (src/state) names `process` at all, its signals, exit, raw mode, writes, environment,
    // working directory and built-ins included.
    files: ['src/ui/**', 'src/state/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'process',
          message:
            "No process in the deck: take it from the I/O object (TerminalIo in src/terminal/io.ts, runDeck's `io`); " +
            'the entry (src/cli.tsx) builds it from process.',
        },
      ],
    },
  },
  {
    // Rules that read the types, on src/ only (tests and scripts are linted without them, which keeps
    // the lint's time): a promise nobody awaits or catches loses its rejection, a promise where a
    // callback's result is ignored (an Ink handler, a listener) is never awaited, a switch over a
    // union misses the member added later, and an assertion the types already make hides the next change.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: './tsconfig.src.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch with a default handles the rest on purpose (a slice's reducer passes on the actions of
      // others); one without must name every member.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // A function that decides many things at once is split by what it decides (a slice's case map,
    // byCase in src/state/slice.ts; a function a verb): none in src has more than 40 branch points.
    files: ['src/**'],
    rules: { complexity: ['error', 40] },
  },
  {
    files: ['test/**'],
    // Tests read the hosts' JSON answers field by field.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The layers of src/ (scripts/layers.mjs): a lower folder never imports a higher one.
  ...layerRules(),
);

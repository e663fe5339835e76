// The built bundle (dist/cli.js, dist/sitedeck) is started by tests that need a real process, and
// those live in test/bundle/ (the named smoke set) and test/e2e/ (the tmux journeys). Everything else
// runs commands in-process (test/commands/inProcess.ts). This counts, from the sources, the places
// outside those two folders that start the bundle, and fails on one not in the list below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST = join(__dirname, '..');
const OWN = ['bundle/', 'e2e/'];

/**
 * Places outside test/bundle and test/e2e that may start the bundle: file, how many sites, and why.
 * The count is exact: a site moved away lowers it here too, so the list never hides a new one.
 */
const ALLOWED: Record<string, { sites: number; why: string }> = {
  'commands/helpers.ts': { sites: 5, why: 'defines CLI, startCli and runInPty, the launchers test/bundle uses (and builds dist when missing)' },
  'helpers/e2eFixture.ts': { sites: 3, why: 'the fixture of the tmux journeys in test/e2e' },
  'commands/completion.test.ts': { sites: 1, why: 'the completion scripts ask `sitedeck` on PATH for the profiles; zsh is driven in tmux' },
  'conformance/deck.test.ts': { sites: 3, why: 'the deck in tmux against real Laravel' },
  'perf/memory.test.ts': { sites: 1, why: "the deck's memory in tmux over a long session" },
  'robust/deck-hostile.test.tsx': { sites: 1, why: 'the deck in tmux on hostile records' },
  'robust/deck-keys.test.ts': { sites: 1, why: 'the deck in tmux under random keys' },
  'robust/monkey.test.ts': { sites: 1, why: 'the deck in tmux under a long random walk' },
  'robust/termination.test.ts': { sites: 1, why: 'signals to the deck under a shell in tmux: the exit code and the terminal restored' },
  'setup/oldestNode.test.ts': { sites: 1, why: "the bundle's state database on the registry's Node 22.13 (the oldest it names): no flag, no Node warning" },
  'pace/five-processes.test.ts': {
    sites: 1,
    why: 'three commands of the bundle beside two deck clients, as real processes sharing one budget through the state database',
  },
  'setup/tooOld.test.ts': { sites: 1, why: "the entry's Node version check on the registry's Node 20, installed by a set-up test that leads its project" },
  'build/install.test.ts': { sites: 2, why: 'the package packed, installed from its tarball and run (npm install -g, npx): its files named' },
  'build/leanStart.test.ts': { sites: 2, why: 'reads what the built entry imports; starts nothing' },
};

/** A launcher called, the bundle's path constant used, or a built file's path written. */
const SITE = [
  /\b(runCli|startCli|runInPty)\(/g, // calls (their definitions are `function name(`, not counted)
  /(?<![\w.'"])CLI\b(?!\s*=)/g, // the bundle's path used (not where it is defined)
  /['"`][^'"`\s]*dist\/(cli\.js|sitedeck)['"`]|'dist',\s*'(cli\.js|sitedeck)'/g, // a path to a built file
];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });

/** Each line's code: no import, no comment (a `//` after a space, a line of a block comment). */
const code = (line: string) => (/^\s*(import\b|\/\*|\*)/.test(line) ? '' : line.replace(/(^|\s)\/\/.*$/, ''));

function sitesIn(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const c = code(line).replace(/\bfunction (runCli|startCli|runInPty)\(/g, '');
    for (const re of SITE) for (const m of c.matchAll(re)) out.push(`${i + 1}: ${m[0]}`);
  });
  return out;
}

const found = Object.fromEntries(
  files(TEST)
    .map((p) => relative(TEST, p))
    .filter((p) => !OWN.some((d) => p.startsWith(d)) && p !== 'build/bundleRuns.test.ts')
    .map((p) => [p, sitesIn(readFileSync(join(TEST, p), 'utf8'))] as const)
    .filter(([, s]) => s.length > 0),
);

describe('where the bundle is started', () => {
  it('outside test/bundle and test/e2e, only at the listed places, each with its reason', () => {
    const counts = Object.fromEntries(Object.entries(found).map(([p, s]) => [p, s.length]));
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([p, a]) => [p, a.sites]));
    // A new place fails here: run the command in-process (runCommand), or move the test to test/bundle/.
    expect(counts, JSON.stringify(found, null, 2)).toEqual(allowed);
  });

  it('counts what it should: a launcher call, the path constant, the built file named', () => {
    expect(sitesIn("const r = await runCli(['--version']);")).toHaveLength(1);
    expect(sitesIn("startTmux({ command: ['node', CLI] });")).toHaveLength(1);
    expect(sitesIn("spawn(process.execPath, [join(ROOT, 'dist', 'cli.js')]);")).toHaveLength(1);
    expect(sitesIn("export function runCli(args) {}\n// runCli( in words\nimport { CLI } from './helpers';\nconst CLI = 1;\nspawn(node, [CLI]);")).toEqual([
      '5: CLI',
    ]);
  });

  it('every test in test/bundle says why it needs a real process, on the line above it', () => {
    const missing = files(join(TEST, 'bundle'))
      .filter((p) => p.endsWith('.test.ts'))
      .flatMap((p) => {
        const lines = readFileSync(p, 'utf8').split('\n');
        return lines.flatMap((l, i) =>
          /^\s*(it|test)(\.\w+)*\(/.test(l) && !/^\s*\/\/ bundle: \S/.test(lines[i - 1] ?? '') ? [`${relative(TEST, p)}:${i + 1}`] : [],
        );
      });
    expect(missing).toEqual([]);
  });
});

import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
// @ts-expect-error: a build script, plain JavaScript
import { inlinedPackages, vitePatches } from './scripts/build-patches.mjs';

// The edit loop (`npm run test:fast`): tests of one module or of the deck in-process, no
// subprocess, no tmux. The rest drives dist/cli.js, the emulator at scale, or counts over time; the
// build's own tests (test/build: bundles built with esbuild, npm pack, ESLint runs) are in the rest too.
// test/commands/in-process runs commands through the entry's seam in this process (no bundle).
const FAST = ['unit', 'state', 'config', 'api', 'ui', 'cache'].map((dir) => `test/${dir}/**/*.test.{ts,tsx}`);
// The commands through the seam: in-process too, a project of their own beside the edit loop
// (`npm run test:commands`), so the loop stays the deck's and the state's.
const COMMANDS = ['test/commands/in-process/**/*.test.{ts,tsx}'];
const ALL = 'test/**/*.test.{ts,tsx}';
// Files that replace a module (vi.mock) get a module graph of their own: in a shared one, the deck
// they drive has already imported the real module.
const OWN_GRAPH = ['test/perf/render-counts.test.tsx'];
const SLOW = { testTimeout: 60_000, maxWorkers: 4, sequence: { groupOrder: 1 } };

/**
 * Vitest's order (longest first by the last run's times; with none, the largest file first), but
 * the set-up tests lead their project: minutes of installs in a fresh clone, which has no last run,
 * and started late they were the run's tail.
 */
class SetupFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSetup = (f: TestSpecification) => f.moduleId.includes('/test/setup/');
    const out = sorted.filter((f) => !isSetup(f));
    for (const f of sorted.filter(isSetup).reverse()) {
      const at = out.findIndex((o) => o.project === f.project);
      out.splice(at < 0 ? out.length : at, 0, f);
    }
    return out;
  }
}

export default defineConfig({
  // The bundle's patches to Ink and the packages it renders with (one table, scripts/build-patches.mjs):
  // tests render with the Ink users get. test/build/renderer.test.ts compares frames with the bundle's.
  plugins: [vitePatches()],
  // JSX compiled for React's production build (below): its jsx-dev-runtime has no jsxDEV.
  oxc: { jsx: { development: false } },
  test: {
    testTimeout: 20_000,
    // ink-testing-library's stdout has columns but no rows, so Ink asks terminal-size on every
    // frame, which spawns tput (and resize) when no terminal is attached: three processes a frame.
    // The size it would end with is 80×24; saying so in the environment answers at once.
    // React's production build, as the bundle has it (scripts/bundle-options.mjs): the React users
    // run, without the development build's checks and stack captures on every element (most of the
    // edit loop's time in React; figures in docs/PERFORMANCE.md, "The edit loop").
    env: { COLUMNS: '80', LINES: '24', NODE_ENV: 'production' },
    hookTimeout: 30_000,
    // tmux end-to-end tests share one tmux server; files run in parallel, tests in a file in order.
    pool: 'forks',
    // Patched packages and their importers go through vite (and so the patches), not straight to Node.
    server: { deps: { inline: inlinedPackages() } },
    reporters: ['default'],
    sequence: { sequencer: SetupFirst },
    // `npm test` runs both; `npm run test:fast` only the first.
    projects: [
      // One module graph per worker, not one per file: importing Ink, React and the deck again for
      // each of 60 files was a third of the loop's time (a test puts back the environment, timers
      // and spies it changes). Four workers on two cores: vitest's default (cores - 1) ran
      // the files one at a time, while many of them wait on loopback I/O and frames (four beat two and three here).
      { extends: true, test: { name: 'fast', include: FAST, isolate: false, maxWorkers: 4, sequence: { groupOrder: 0 } } },
      // Their own worker counts make the fast project a group of its own (vitest runs the groups one
      // after the other). Subprocesses and terminals take seconds each on a busy machine: a test's
      // budget is wider. Four files at a time on two cores: much of their time is waiting (on
      // terminals, servers, Retry-After), and vitest's default for two cores (one) ran them one after
      // the other; three left the cores idle a quarter of the run. One module graph per worker here too: the suite is bound by its two cores, and a
      // fresh graph per file was CPU they did not have (figures in docs/PERFORMANCE.md).
      { extends: true, test: { name: 'commands', include: COMMANDS, isolate: false, maxWorkers: 4, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'slow', include: [ALL], exclude: [...FAST, ...COMMANDS, ...OWN_GRAPH], isolate: false, ...SLOW } },
      { extends: true, test: { name: 'slow-own', include: OWN_GRAPH, ...SLOW } },
    ],
  },
});

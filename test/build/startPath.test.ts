// What each face loads before it can answer: the bundle built with the build's own options and a
// metafile, its import graph walked from the entry. Only static imports load at once; the rest
// waits for an `import()` that the chosen face makes. Keeps the deck's start lean (no emulator,
// no command implementations) and the commands free of Ink and React.
import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { bundleOptions } from '../../scripts/bundle-options.mjs';

const out = mkdtempSync(join(tmpdir(), 'sitedeck-start-path-'));
let meta: Metafile;
beforeAll(async () => {
  meta = (await build({ ...bundleOptions, outdir: out, metafile: true, write: false })).metafile!;
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The output files that load with `from`, following static imports only. */
function staticClosure(from: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement' && !i.external) walk(i.path);
  };
  walk(from);
  return seen;
}

/**
 * The source files (relative to the repo, node_modules/<package>/… for packages) inside `outputs`.
 * esbuild names a package by its real path, outside the repo when node_modules is a link.
 */
function inputsOf(outputs: Set<string>): string[] {
  return [...outputs].flatMap((o) => Object.keys(meta.outputs[o].inputs)).map((i) => i.replace(/^(\.\.\/)+(.*\/)?node_modules\//, 'node_modules/'));
}

/** The output whose entry point or code holds `input` (a chunk made for a dynamic import of it). */
function outputHolding(input: string): string {
  const found = Object.keys(meta.outputs).find((o) => !o.endsWith('.map') && input in meta.outputs[o].inputs);
  if (!found) throw new Error(`no output holds ${input}`);
  return found;
}

const entry = () => Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === 'src/cli.tsx')!;
/** The sources loaded once a face that imports `sources` on demand has loaded them. */
const loadedWith = (...sources: string[]) => inputsOf(new Set([entry(), ...sources.map(outputHolding)].flatMap((o) => [...staticClosure(o)])));
const under = (inputs: string[], ...prefixes: string[]) => inputs.filter((i) => prefixes.some((p) => i.startsWith(p))).sort();

describe('what each face loads at start (the bundle, built with the build options)', () => {
  it(
    'the entry, dist/cli.js: the Node version check and the compile cache (its folder rule and the cache switch) only, ' +
      'before anything that needs a newer Node',
    () => {
      const start = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === 'src/start.ts')!;
      expect(start).toMatch(/cli\.js$/);
      expect(inputsOf(staticClosure(start)).sort()).toEqual([
        'src/cache/dir.ts',
        'src/commands/exitCodes.ts',
        'src/compileCache.ts',
        'src/config/booleanWord.ts',
        'src/config/cacheSwitch.ts',
        // The cache switch reads config.json as the loader does (its text rule) and as every state file is read (src/files/read.ts).
        'src/config/configText.ts',
        // Constants only (no imports): the names of the variables that say where the config is, and
        // the settings' names the exit codes' words use (read-only).
        'src/config/environment.ts',
        'src/config/paths.ts',
        'src/deckStart.ts',
        'src/domain/exitCodes.ts',
        'src/domain/settingEnv.ts',
        'src/files/errors.ts',
        'src/files/home.ts',
        // The entry asks whether the one script is there through the door (no node:fs outside src/files).
        'src/files/look.ts',
        'src/files/ownFile.ts',
        'src/files/ownFolder.ts',
        'src/files/read.ts',
        'src/files/size.ts',
        'src/nodeRequired.ts',
        'src/start.ts',
        'src/text/jsonString.ts',
      ]);
      expect(meta.outputs[start].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)).toEqual([entry()]);
    },
  );

  it('the entry proper makes grapheme segmenters lazy before any package loads (its first import)', () => {
    expect(meta.inputs['src/cli.tsx'].imports[0].path).toBe('src/installLazySegmenter.ts');
  });

  it('before a face is chosen: argv parsing only, no command definitions, Ink, React, client or emulator', () => {
    const inputs = inputsOf(staticClosure(entry()));
    expect(under(inputs, 'node_modules/commander/')).not.toEqual([]);
    // The command tree loads when argv names a command or asks for help, not for the deck.
    expect(inputs).not.toContain('src/commands/program.ts');
    expect(
      under(inputs, 'src/ui/', 'src/state/', 'src/api/', 'src/emulator/', 'node_modules/ink', 'node_modules/react', 'node_modules/ofetch', 'node_modules/yoga'),
    ).toEqual([]);
    expect(under(inputs, 'src/commands/resource', 'src/commands/run', 'src/commands/serve', 'src/commands/config.ts')).toEqual([]);
  });

  it('the command definitions: no Ink, React, client, emulator or command implementation', () => {
    const inputs = loadedWith('src/commands/program.ts');
    expect(inputs).toContain('src/commands/program.ts');
    expect(
      under(inputs, 'src/ui/', 'src/state/', 'src/api/', 'src/emulator/', 'node_modules/ink', 'node_modules/react', 'node_modules/ofetch', 'node_modules/yoga'),
    ).toEqual([]);
    expect(under(inputs, 'src/commands/resource', 'src/commands/run', 'src/commands/serve', 'src/commands/config.ts')).toEqual([]);
  });

  it('the deck: Ink, React and the client, but neither the emulator nor any command implementation', () => {
    const inputs = loadedWith('src/ui/start/main.tsx');
    expect(inputs).toContain('src/state/reducer.ts');
    expect(under(inputs, 'node_modules/ofetch/')).not.toEqual([]);
    // ofetch's createFetch only (the build patch ofetch-create-fetch-only): no fetch polyfill.
    expect(under(inputs, 'node_modules/node-fetch-native/')).toEqual([]);
    expect(under(inputs, 'src/emulator/', 'src/commands/resource', 'src/commands/run', 'src/commands/serve', 'src/commands/format')).toEqual([]);
  });

  it('the commands: the client and the domain tables, never Ink, React or the emulator', () => {
    const inputs = loadedWith('src/commands/run.ts', 'src/commands/resource.ts');
    expect(inputs).toContain('src/api/client.ts');
    expect(under(inputs, 'src/ui/', 'src/emulator/', 'node_modules/ink', 'node_modules/react', 'node_modules/yoga')).toEqual([]);
  });

  it("no file of the bundle imports node:http as an ES module (on Node 24 that loads Node's fetch at every start)", async () => {
    // An ESM import of node:http reads every export, WebSocket among them, which loads undici: the
    // build serves those imports from process.getBuiltinModule (scripts/node-http-plugin.mjs).
    const importers = (m: Metafile) =>
      Object.entries(m.outputs)
        .filter(([, o]) => o.imports.some((i) => i.external && i.kind !== 'require-call' && /^(node:)?http$/.test(i.path)))
        .map(([file]) => file);
    expect(importers(meta)).toEqual([]);
    // Without the plugin the same look finds them (the client and the proxy agents import node:http).
    const plugins = bundleOptions.plugins.filter((p: { name: string }) => p.name !== 'node-http-without-fetch');
    expect(plugins.length).toBe(bundleOptions.plugins.length - 1);
    const plain = (await build({ ...bundleOptions, plugins, outdir: out, metafile: true, write: false })).metafile!;
    expect(importers(plain).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('the deck loads node:v8 when it sets the heap flags, after the first frame, not with its code', () => {
    const builtins = (outputs: Set<string>) =>
      new Set([...outputs].flatMap((o) => meta.outputs[o].imports.filter((i) => i.external).map((i) => i.path.replace(/^node:/, ''))));
    const deck = builtins(new Set([entry(), outputHolding('src/ui/start/main.tsx')].flatMap((o) => [...staticClosure(o)])));
    expect(deck).toContain('fs');
    expect(deck).not.toContain('v8');
  });

  it('the proxy agents load only when a proxy applies: neither the deck nor the commands load them at start', () => {
    const agents = ['node_modules/https-proxy-agent/', 'node_modules/http-proxy-agent/', 'node_modules/agent-base/'];
    expect(under(loadedWith('src/ui/start/main.tsx'), ...agents)).toEqual([]);
    expect(under(loadedWith('src/commands/run.ts', 'src/commands/resource.ts'), ...agents)).toEqual([]);
    // They are in the bundle, in a chunk of their own that nodeFetch imports on demand.
    expect(under(inputsOf(staticClosure(outputHolding('node_modules/https-proxy-agent/dist/index.js'))), ...agents)).not.toEqual([]);
  });
});

describe('the deck starts from its one script (dist/deck.cjs), the commands from the chunks', () => {
  const dist = join(out, 'dist');
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', dist], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  }, 60_000);

  /** The files Node's CommonJS loader loaded for `args` (NODE_DEBUG=module), with no terminal: the deck says it needs one. */
  const launch = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], {
      encoding: 'utf8',
      input: '',
      env: { ...process.env, NODE_DEBUG: 'module', NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    return {
      status: r.status,
      stdout: r.stdout,
      loadsDeckScript: r.stderr.includes(`load "${join(dist, 'deck.cjs')}"`),
      saysTerminal: r.stderr.includes('the deck needs a terminal'),
    };
  };

  it.each([[[]], [['--profile', 'work']], [['--no-color', '--theme=dark']]])('a deck start %j runs the one script', (args) => {
    expect(launch(args)).toMatchObject({ loadsDeckScript: true, saysTerminal: true, status: 2 });
  });

  it.each([[['--version']], [['--help']], [['websites', 'list', '--help']]])('%j runs from the chunks, the one script never loaded', (args) => {
    expect(launch(args)).toMatchObject({ loadsDeckScript: false, status: 0 });
  });
});

// The build's patches to Ink's dependencies (scripts/build-patches.mjs), bundled the way the build
// does and checked against the unpatched packages.
import { build } from 'esbuild';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { esbuildPatches, FRAME_OUTPUT, patchesWithout } from '../../scripts/build-patches.mjs';
// @ts-expect-error: a build script, plain JavaScript
import { bundleOptions, bundleOptionsWith } from '../../scripts/bundle-options.mjs';

const work = mkdtempSync(join(tmpdir(), 'sitedeck-patches-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bundle(name: string, source: string, patches?: unknown[]): Promise<Record<string, unknown>> {
  const entry = join(work, `${name}.mjs`);
  writeFileSync(entry, source);
  const outfile = join(work, `${name}.out.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.13',
    nodePaths: [resolve('node_modules')],
    plugins: [esbuildPatches(patches ? { patches } : {})],
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

describe('build patches', () => {
  it('string-width gives the same widths, compiling the emoji expression only for longer graphemes', async () => {
    type Width = { default: (s: string, o?: { ambiguousIsNarrow?: boolean }) => number };
    const { default: patched } = (await bundle('width', "export { default } from 'string-width';")) as Width;
    // string-width itself (under vitest an import of it is patched too, as in the bundle)
    const { default: stringWidth } = (await bundle('width-plain', "export { default } from 'string-width';", [])) as Width;
    const samples = [
      'plain',
      '│ › … ─ ●',
      '漢字',
      'café',
      'e\u0301',
      '⌚',
      '⌚︎',
      '☔',
      '☂',
      '👍',
      '👍🏽',
      '👩‍💻',
      '🇫🇷',
      '1️⃣',
      '#',
      '©',
      '©️',
      '\u200d',
      'ｱ',
      '\x1b[31mred\x1b[39m',
      '◽◾▪',
    ];
    // Every BMP code point on its own: these no longer go through the expression.
    for (let c = 0x80; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) samples.push(String.fromCharCode(c));
    const differ = samples.filter(
      (s) => patched(s) !== stringWidth(s) || patched(s, { ambiguousIsNarrow: false }) !== stringWidth(s, { ambiguousIsNarrow: false }),
    );
    expect(differ).toEqual([]);
  });

  it('Yoga loads synchronously from the bundled bytes and lays out', async () => {
    const { default: Yoga } = (await bundle('yoga', "export { default } from 'yoga-layout';")) as { default: typeof import('yoga-layout').default };
    const root = Yoga.Node.create();
    root.setWidth(100);
    root.setFlexDirection(Yoga.FLEX_DIRECTION_ROW);
    const child = Yoga.Node.create();
    child.setFlexGrow(1);
    root.insertChild(child, 0);
    root.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);
    expect(child.getComputedWidth()).toBe(100);
    root.freeRecursive();
  });
});

/**
 * Builds the deck with the build's own options against a copy of Ink whose `build/<from>.js` is
 * renamed to `<to>.js` (its importers follow), as a new Ink release might: the error, if any.
 */
async function buildWithInkFileRenamed(from: string, to: string): Promise<string | undefined> {
  const ink = join(work, `ink-${to}`, 'ink');
  cpSync(realpathSync('node_modules/ink'), ink, { recursive: true });
  renameSync(join(ink, 'build', `${from}.js`), join(ink, 'build', `${to}.js`));
  for (const f of readdirSync(join(ink, 'build')).filter((n) => n.endsWith('.js'))) {
    const file = join(ink, 'build', f);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`'./${from}.js'`, `'./${to}.js'`));
  }
  try {
    await build({
      ...bundleOptions,
      outdir: join(work, `dist-${to}`),
      write: false,
      alias: { ...bundleOptions.alias, ink: join(ink, 'build/index.js') },
      // The copy finds its own dependencies (React, Yoga …) in the project's node_modules.
      nodePaths: [resolve('node_modules')],
      logLevel: 'silent',
    });
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('a patch whose target moved fails the build', () => {
  it('builds the deck as is (every patch applied as often as expected)', async () => {
    await expect(build({ ...bundleOptions, outdir: join(work, 'dist'), write: false, logLevel: 'silent' })).resolves.toBeDefined();
  }, 60_000);

  it('builds without a named patch (the bench’s with/without figures), the check expecting it absent', async () => {
    const result = await build({
      ...bundleOptionsWith(patchesWithout(['ink-frame-output'])),
      outdir: join(work, 'dist-without'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile!.inputs).map((i) => resolve(i))).not.toContain(FRAME_OUTPUT);
    expect(() => patchesWithout(['ink-frame-outptu'])).toThrow(/no build patch named "ink-frame-outptu"; the patches are ink-frame-output, /);
  }, 60_000);

  it('names the patch whose file was renamed', async () => {
    const error = await buildWithInkFileRenamed('sanitize-ansi', 'sanitize');
    expect(error).toMatch(/build patch "ink-sanitize-cache" applied 0 times, expected 1 .*other than ink 8\.0\.0/);
    expect(error).not.toMatch(/"ink-frame-output"/);
  }, 60_000);

  it('names the frame composer when Ink’s output module is renamed', async () => {
    const error = await buildWithInkFileRenamed('output', 'frame-output');
    expect(error).toMatch(/build patch "ink-frame-output" applied 0 times, expected 1/);
    expect(error).toMatch(/the bundle does not contain src\/ui\/ink\/frameOutput\.ts/);
  }, 60_000);
});

// The renderer under test is the renderer users get: the same tree (the App on a fixed state,
// stepped through a few actions) rendered under vitest and inside a bundle built with the build's
// options gives the same frames, byte for byte. A bundle without the patches gives other bytes,
// so the comparison sees a difference in the renderer.
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { bundleOptions } from '../../scripts/bundle-options.mjs';
// @ts-expect-error: a build script, plain JavaScript
import { esbuildPatches, FRAME_OUTPUT } from '../../scripts/build-patches.mjs';
import { deckFrames } from './fixtures/deckFrames';

type Frames = typeof deckFrames;
const work = mkdtempSync(join(tmpdir(), 'sitedeck-renderer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture bundled the way the build bundles the deck (with the patches, or with none). */
async function bundled(name: string, patched: boolean): Promise<{ deckFrames: Frames; inputs: string[] }> {
  const entry = join(work, `${name}.mjs`);
  writeFileSync(entry, `export { deckFrames } from ${JSON.stringify(resolve('test/build/fixtures/deckFrames.tsx'))};\n`);
  const { entryPoints: _, splitting: __, ...options } = bundleOptions;
  const result = await build({ ...options, entryPoints: [entry], outdir: join(work, name), metafile: true, plugins: patched ? [esbuildPatches()] : [] });
  const meta = result.metafile as Metafile;
  const mod = (await import(pathToFileURL(join(work, name, `${name}.js`)).href)) as { deckFrames: Frames };
  return { deckFrames: mod.deckFrames, inputs: Object.keys(meta.inputs).map((i) => resolve(i)) };
}

let patched: Awaited<ReturnType<typeof bundled>>;
let plain: Awaited<ReturnType<typeof bundled>>;
beforeAll(async () => {
  patched = await bundled('patched', true);
  plain = await bundled('plain', false);
}, 60_000);

describe('the renderer under vitest is the bundle’s', () => {
  it('the patched bundle composes frames with src/ui/ink/frameOutput.ts, the plain one does not', () => {
    expect(patched.inputs).toContain(FRAME_OUTPUT);
    expect(plain.inputs).not.toContain(FRAME_OUTPUT);
  });

  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ]) {
    it(`gives the same frames as the bundle at ${columns}×${rows}`, async () => {
      const here = await deckFrames(columns, rows);
      const there = await patched.deckFrames(columns, rows);
      expect(here.length).toBeGreaterThan(5);
      expect(here.every((f) => f.includes('\x1b['))).toBe(true); // colours are part of what is compared
      expect(here).toEqual(there);
    });
  }

  it('gives other bytes than unpatched Ink for the same tree (the comparison can fail)', async () => {
    const here = await deckFrames(120, 40);
    const unpatched = await plain.deckFrames(120, 40);
    expect(unpatched.length).toBe(here.length);
    expect(unpatched.filter((f, i) => f !== here[i]).length).toBeGreaterThan(0);
  });
});

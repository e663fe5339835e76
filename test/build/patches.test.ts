// The build's patches to Ink's dependencies (scripts/build-patches.mjs), bundled the way the build
// does and checked against the unpatched packages.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { deckPatches } from '../../scripts/build-patches.mjs';

const work = mkdtempSync(join(tmpdir(), 'sitedeck-patches-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bundle(name: string, source: string): Promise<Record<string, unknown>> {
  const entry = join(work, `${name}.mjs`);
  writeFileSync(entry, source);
  const outfile = join(work, `${name}.out.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    nodePaths: [resolve('node_modules')],
    plugins: [deckPatches],
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

describe('build patches', () => {
  it('string-width gives the same widths, compiling the emoji expression only for longer graphemes', async () => {
    const { default: patched } = (await bundle('width', "export { default } from 'string-width';")) as { default: (s: string) => number };
    const samples = ['plain', '│ › … ─ ●', '漢字', 'café', 'e\u0301', '⌚', '⌚︎', '☔', '☂', '👍', '👍🏽', '👩‍💻', '🇫🇷', '1️⃣', '#', '©', '©️', '\u200d', 'ｱ', '\x1b[31mred\x1b[39m', '◽◾▪'];
    // Every BMP code point on its own: these no longer go through the expression.
    for (let c = 0x80; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) samples.push(String.fromCharCode(c));
    const differ = samples.filter((s) => patched(s) !== stringWidth(s));
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

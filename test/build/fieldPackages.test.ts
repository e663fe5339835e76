// The deck's form fields are drawn by ink-text-input and ink-select-input: the bundle must carry
// them, imported by the field components (not a copy of their code).
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { bundleOptions } from '../../scripts/bundle-options.mjs';

const out = mkdtempSync(join(tmpdir(), 'sitedeck-field-packages-'));
let meta: Metafile;
beforeAll(async () => {
  meta = (await build({ ...bundleOptions, outdir: out, metafile: true, write: false })).metafile!;
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Inputs by repo-relative path (a linked node_modules resolves outside the repo). */
const rel = (p: string) => p.replace(/^(\.\.\/)+(.*\/)?node_modules\//, 'node_modules/');

/** Sources of sitedeck that import the package. */
function importersOf(pkg: string): string[] {
  return Object.entries(meta.inputs)
    .filter(([path]) => !rel(path).startsWith('node_modules/'))
    .filter(([, input]) => input.imports.some((i) => rel(i.path).startsWith(`node_modules/${pkg}/`)))
    .map(([path]) => rel(path))
    .sort();
}

describe('form fields in the bundle', () => {
  it('ink-text-input and ink-select-input are bundled, imported by the field components', () => {
    const bundled = Object.values(meta.outputs)
      .flatMap((o) => Object.keys(o.inputs))
      .map(rel);
    expect(bundled).toContain('node_modules/ink-text-input/build/index.js');
    expect(bundled).toContain('node_modules/ink-select-input/build/SelectInput.js');
    expect(importersOf('ink-text-input')).toEqual(['src/ui/components/fields/TextField.tsx']);
    expect(importersOf('ink-select-input')).toEqual(['src/ui/components/fields/Picker.tsx']);
  });
});

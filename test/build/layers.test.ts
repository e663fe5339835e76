// The layers of src/ are kept by the linter: an upward import fails `npm run lint`.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { FILES, LAYERS, layerRules, sourceFolders } from '../../scripts/layers.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** Lints a probe's text as if it were a file in src/<folder>, and returns the messages of the layer rule. Nothing is written: other tests walk src/. */
async function lintTemporary(folder: string, source: string): Promise<string[]> {
  const file = join(ROOT, 'src', folder, `zz-layer-probe-${randomBytes(4).toString('hex')}.ts`);
  // Without the rules that read types: the probe is not in the type program ESLint makes, and the
  // layer rule reads imports only.
  const [result] = await new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked }).lintText(source, { filePath: file });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  const ours = (m: { ruleId: string | null; message: string }) =>
    m.ruleId === 'no-restricted-imports' || m.ruleId === 'layers/loaded' || (m.ruleId === 'no-restricted-syntax' && m.message.includes('local files'));
  return result!.messages.filter(ours).map((m) => m.message);
}

describe('layers', () => {
  it('fails a lower layer that imports a higher one, naming the layers', async () => {
    const messages = await lintTemporary('domain', "import { KEYMAP } from '../ui/keymap';\nexport const probe = KEYMAP;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/domain sits below');
    expect(messages[0]).toContain('ui');
  });

  it('fails an upward import from a nested folder and a type-only import', async () => {
    const messages = await lintTemporary('api', "import type { DeckState } from '../state/types';\nexport type Probe = DeckState;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/api sits below');
  });

  it('fails a folder that loads a higher one by import(), require or an import type: the commands load no ui', async () => {
    const ways = [
      "export const probe = () => import('../ui/keymap');\n",
      'export const probe = async () => (await import(`../ui/keyHelp`)).helpSections;\n',
      "export const probe = () => require('../ui/keymap');\n",
      "export type Probe = import('../ui/keymap').Binding;\n",
      "export { KEYMAP } from '../ui/keymap';\n",
    ];
    for (const way of ways) {
      const messages = await lintTemporary('commands', way);
      expect(messages, way).toEqual([expect.stringContaining('src/commands sits below')]);
      expect(messages[0], way).toContain('ui');
    }
    // A module named by a variable is not a folder the rule can name: left to the reader, not refused.
    expect(await lintTemporary('commands', 'export const probe = (m: string) => import(m);\n')).toEqual([]);
    // Downward, loaded late, is allowed: the key table below the commands.
    expect(await lintTemporary('commands', "export const probe = () => import('../keys/table');\n")).toEqual([]);
  });

  it('draws in docs/ARCHITECTURE.md what LAYERS says: every arrow allowed, every allowed import a path of arrows, every folder a box', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
    const drawing = doc.slice(doc.indexOf('## The layers'), doc.indexOf('## The I/O object'));
    const boxes = [...drawing.matchAll(/^ {2}(\w+)\["/gm)].map((m) => m[1]!);
    const arrows = [...drawing.matchAll(/^ {2}(\w+) --> (\w+)$/gm)].map((m) => [m[1]!, m[2]!] as const);
    const layers = LAYERS as Record<string, string[]>;
    expect(boxes.filter((b) => b !== 'cli').sort()).toEqual(Object.keys(layers).sort());
    expect(arrows.filter(([from, to]) => from !== 'cli' && !layers[from]?.includes(to))).toEqual([]);
    const reach = (from: string): Set<string> => {
      const seen = new Set<string>();
      const walk = (f: string) => {
        for (const [a, b] of arrows) {
          if (a !== f || seen.has(b)) continue;
          seen.add(b);
          walk(b);
        }
      };
      walk(from);
      return seen;
    };
    const unreached = Object.entries(layers).flatMap(([from, tos]) => tos.filter((to) => !reach(from).has(to)).map((to) => `${from} --> ${to}`));
    expect(unreached).toEqual([]);
  });

  it('config keys and doctor reach no file of src/ui, however loaded: the browser, clipboard and editor code stays unloaded', () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      // Every module the file names: imports, exports, import() and require, as TypeScript reads them.
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const base = resolve(dirname(file), fileName);
        const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
        if (found) visit(found);
      }
    };
    for (const entry of ['config.ts', 'doctor.ts']) visit(join(ROOT, 'src', 'commands', entry));
    expect(reached.size).toBeGreaterThan(20);
    expect([...reached].filter((f) => f.includes(`${join('src', 'ui')}/`))).toEqual([]);
    expect([...reached].map((f) => f.slice(ROOT.length + 1))).toContain('src/keys/table.ts');
  });

  it('passes downward imports', async () => {
    const messages = await lintTemporary('state', "import { sanitize } from '../text/sanitize';\nexport const probe = sanitize;\n");
    expect(messages).toEqual([]);
  });

  it('keeps the client and the emulator apart', async () => {
    expect(await lintTemporary('emulator', "import { createClient } from '../api/client';\nexport const probe = createClient;\n")).toHaveLength(1);
    expect(await lintTemporary('api', "import { startEmulator } from '../emulator';\nexport const probe = startEmulator;\n")).toHaveLength(1);
  });

  it('gives every folder of src/ a layer, and refuses a folder without one', () => {
    expect(sourceFolders().filter((f: string) => !(f in LAYERS))).toEqual([]);
    expect(() => layerRules([...sourceFolders(), 'newfolder'])).toThrow('src/newfolder has no layer');
  });

  it('lets only src/files reach node:fs, however it is loaded: every other folder and the entry files are refused', async () => {
    const ways = [
      "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
      "import { readFile } from 'fs/promises';\nexport const probe = readFile;\n",
      "export const probe = () => import('node:fs');\n",
      "export const probe = () => process.getBuiltinModule('node:fs');\n",
    ];
    for (const folder of [...sourceFolders().filter((f: string) => f !== FILES), '.']) {
      for (const way of ways) {
        expect(await lintTemporary(folder, way), `${folder}: ${way}`).toEqual([expect.stringContaining('Only src/files reads or writes local files')]);
      }
    }
    for (const way of ways) expect(await lintTemporary(FILES, way)).toEqual([]);
  });
});

// The layers of src/ are kept by the linter: an upward import fails `npm run lint`.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript
import { FILES, LAYERS, layerRules, sourceFolders } from '../../scripts/layers.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** Lints one temporary file in src/<folder> and returns the messages of the layer rule. */
async function lintTemporary(folder: string, source: string): Promise<string[]> {
  const file = join(ROOT, 'src', folder, `zz-layer-probe-${randomBytes(4).toString('hex')}.ts`);
  writeFileSync(file, source);
  try {
    // Without the rules that read types: the probe is not in the type program ESLint made for the
    // first probe (it keeps one per run), and the layer rule reads imports only.
    const [result] = await new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked }).lintFiles([file]);
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    const ours = (m: { ruleId: string | null; message: string }) =>
      m.ruleId === 'no-restricted-imports' || (m.ruleId === 'no-restricted-syntax' && m.message.includes('local files'));
    return result!.messages.filter(ours).map((m) => m.message);
  } finally {
    rmSync(file, { force: true });
  }
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

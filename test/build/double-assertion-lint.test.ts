// `as unknown as` is kept by the linter to the named boundaries of eslint.config.js: anywhere else
// under src/ it fails `npm run lint`.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PROBE = [
  'type T = { a: number };',
  'declare const x: string;',
  'export const a = x as unknown as T;',
  'export const b = (x as unknown) as T;',
  'export const c = x as string;',
  '',
].join('\n');

/** The double-assertion messages for PROBE as if it were the file at `path` (nothing is written, so the rules that read types are off). */
async function messages(path: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked }).lintText(PROBE, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the double-assertion rule', () => {
  it("refuses 'as unknown as' under src/, naming where the boundaries are listed", async () => {
    for (const path of ['src/ui/probe.ts', 'src/commands/probe.ts', 'src/state/list/probe.ts']) {
      const found = await messages(path);
      expect(found, path).toHaveLength(2);
      expect(found[0], path).toContain('DOUBLE_ASSERTION_BOUNDARIES');
    }
  });

  it('lets the boundary files and the tests assert through unknown', async () => {
    for (const path of ['src/api/http.ts', 'src/commands/format/cells.ts', 'test/unit/probe.test.ts']) expect(await messages(path), path).toEqual([]);
  });
});

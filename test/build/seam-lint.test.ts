// The commands' seam is kept by the linter: under src/, only the entries, the deck and the emulator
// read process's streams, environment, argv or exit (docs/ARCHITECTURE.md, "The commands' seam").
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PROBE = ['export const a = process.env.HOME;', 'export const { stdout } = process;', 'process.exitCode = 1;', 'export const b = process.argv;', ''].join(
  '\n',
);

/**
 * The seam rule's messages for PROBE as if it were the file at `path` (nothing is written, so the
 * rules that read types are off: the probe is in no program).
 */
async function seamMessages(path: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked }).lintText(PROBE, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe('the seam rule', () => {
  it('refuses process.env, its streams, exitCode and argv in the command path, naming the seam', async () => {
    for (const path of ['src/commands/probe.ts', 'src/config/probe.ts', 'src/api/probe.ts', 'src/history/probe.ts', 'src/files/probe.ts']) {
      const messages = await seamMessages(path);
      expect(messages, path).toHaveLength(4);
      expect(messages[0], path).toContain('take it from the seam');
    }
  });

  it('lets the entry, the deck and the emulator read process', async () => {
    for (const path of ['src/cli.tsx', 'src/start.ts', 'src/ui/probe.ts', 'src/state/probe.ts', 'src/emulator/probe.ts'])
      expect(await seamMessages(path), path).toEqual([]);
  });
});

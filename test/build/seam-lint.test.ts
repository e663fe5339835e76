// The one I/O object is kept by the linter: under src/, only the entries, the deck's state and the
// emulator read process's streams, environment, argv or exit, and no file of the deck (src/ui) names
// process at all (docs/ARCHITECTURE.md, "The I/O object").
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
async function seamMessages(path: string, probe = PROBE): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked }).lintText(probe, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

/** What the deck read of process before it took the I/O object: signals, exit, raw mode, the platform, a built-in. */
const DECK_PROBE = [
  "process.on('SIGINT', () => {});",
  'process.exit(1);',
  'process.stdin.setRawMode(true);',
  'export const p = process.platform;',
  "export const v8 = process.getBuiltinModule('node:v8');",
  '',
].join('\n');

describe('the I/O rule', () => {
  it('refuses process.env, its streams, exitCode and argv in the command path, naming the I/O object', async () => {
    for (const path of ['src/commands/probe.ts', 'src/config/probe.ts', 'src/api/probe.ts', 'src/history/probe.ts', 'src/files/probe.ts']) {
      const messages = await seamMessages(path);
      expect(messages, path).toHaveLength(4);
      expect(messages[0], path).toContain('take it from the I/O object');
    }
  });

  it('refuses every read of process in the deck (src/ui) and its state (src/state), not only its streams, naming the I/O object', async () => {
    for (const path of ['src/ui/probe.ts', 'src/ui/screens/probe.tsx', 'src/state/probe.ts', 'src/state/list/probe.ts']) {
      for (const probe of [PROBE, DECK_PROBE]) {
        const messages = await seamMessages(path, probe);
        expect(messages, path).toHaveLength(probe === PROBE ? 4 : 5);
        expect(messages[0], path).toContain('No process in the deck: take it from the I/O object');
      }
    }
  });

  it('lets the entries and the emulator read process', async () => {
    for (const path of ['src/cli.tsx', 'src/start.ts', 'src/emulator/probe.ts']) expect(await seamMessages(path), path).toEqual([]);
  });
});

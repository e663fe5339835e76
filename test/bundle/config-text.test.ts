// The deck's start reads config.json as every config command does (src/config/configText.ts): the
// profile through the loader (src/cli.tsx), the keys through loadUserKeys (src/ui/start/mount.tsx). A file
// with a byte-order mark opens the deck with its keys; one nested past the limit is refused in words.
// The commands: ../commands/in-process/config-text.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONFIG_DEPTH } from '../../src/config/configText';
import { runInPty, startFixture, type Fixture } from '../commands/helpers';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ seed: 3 });
});
afterAll(() => fx.cleanup());

/** A config folder of the test's own holding `text` as config.json; the environment that reads it. */
function withConfig(name: string, text: string): { env: Record<string, string>; path: string } {
  const dir = join(fx.configDir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'config.json');
  writeFileSync(path, text, { mode: 0o600 });
  return { env: { ...fx.env, SITEDECK_CONFIG_DIR: dir }, path };
}

const NESTED = `{"profiles": {"default": {"views": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
const TOO_DEEP = `nests { and [ more than ${MAX_CONFIG_DEPTH} levels deep`;

describe("the deck's start and config.json as people edit it", () => {
  // bundle: the deck is the entry's face (src/cli.tsx), on a real terminal
  it('a file that begins with a byte-order mark opens the deck with its keys: x, bound to quit there, quits', async () => {
    const { env } = withConfig('bom', '\uFEFF' + JSON.stringify({ profiles: { default: { theme: 'dark' } }, keys: { list: { quit: 'x' } } }));
    const pty = runInPty(['--no-color'], env);
    await pty.waitFor(/\d+\.\w+/, 15_000); // a row of the emulator's websites
    pty.write('x');
    expect(await pty.done).toBe(0);
  });

  // bundle: the deck's refusal is the entry's (src/cli.tsx)
  it(`a file nested past ${MAX_CONFIG_DEPTH} levels is refused in words naming it, exit 2`, async () => {
    const { env, path } = withConfig('nested', NESTED);
    const pty = runInPty([], env);
    expect(await pty.done).toBe(2);
    expect(pty.output()).toContain(`sitedeck: ${path} ${TOO_DEEP}`);
  });

  // bundle: --demo reads no profile, but the deck still reads the file's keys (src/ui/start/mount.tsx)
  it('--demo, which reads no profile, says why it could not read the keys, and keeps their defaults', async () => {
    const { env, path } = withConfig('nested-demo', NESTED);
    const pty = runInPty(['--demo', '--no-color'], env);
    await pty.waitFor(TOO_DEEP, 15_000);
    expect(pty.output()).toContain(path);
    pty.write('q');
    expect(await pty.done).toBe(0);
  });
});

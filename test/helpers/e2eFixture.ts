// The fixture of the tmux end-to-end tests: the bundled CLI (built once if missing), an emulator on
// loopback and a config directory of the file's own, torn down after the file; the tmux session a
// test opened is killed after each test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator';
import { startTmux, type TmuxOptions, type TmuxSession } from './tmux';
import { removeDir } from './dirs';

export const ROOT = resolve(__dirname, '../..');
export const CLI = join(ROOT, 'dist/cli.js');

export interface E2eFixture {
  emulator: Emulator;
  configDir: string;
  /** The session a test opened; killed after the test. */
  tmux: TmuxSession | undefined;
}

export function setUpE2e(prefix: string, emulatorOptions: EmulatorOptions): E2eFixture {
  const fx = { tmux: undefined } as E2eFixture;
  beforeAll(async () => {
    if (!existsSync(CLI)) execFileSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    fx.emulator = await startEmulator({ rateLimit: 0, port: 0, seoPort: 0, ...emulatorOptions });
    fx.configDir = mkdtempSync(join(tmpdir(), prefix));
  }, 60_000);
  afterEach(() => {
    fx.tmux?.kill();
    fx.tmux = undefined;
  });
  afterAll(async () => {
    await fx.emulator?.close();
    if (fx.configDir) removeDir(fx.configDir);
  });
  return fx;
}

/**
 * The bundled deck in tmux against the fixture's emulator, with the file's config directory; the
 * session is the fixture's (killed after the test). `env` adds to (or overrides) the key and TERM;
 * `server` asks for a tmux server of the session's own.
 */
export function openDeck(
  fx: E2eFixture,
  size: { columns: number; rows: number } = { columns: 120, rows: 40 },
  env: Record<string, string> = {},
  server: Pick<TmuxOptions, 'ownServer'> = {},
): TmuxSession {
  fx.tmux = startTmux({
    ...server,
    command: ['node', CLI, '--base-url', fx.emulator.baseUrl, '--seo-base-url', fx.emulator.seoBaseUrl],
    env: { SITEDECK_API_KEY: fx.emulator.apiKey, SITEDECK_CONFIG_DIR: fx.configDir, TERM: 'xterm-256color', ...env },
    cwd: ROOT,
    ...size,
  });
  return fx.tmux;
}

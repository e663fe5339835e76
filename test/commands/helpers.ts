// Runs the bundled CLI as a subprocess against an emulator started in the test process.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator';
import { waitFor } from '../helpers/wait';

export const ROOT = resolve(__dirname, '../..');
export const CLI = join(ROOT, 'dist', 'cli.js');

/** `npm test` builds first; a bare `vitest run` builds once here when dist is missing. */
export function ensureBuilt(): void {
  if (!existsSync(CLI)) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

/** A clean environment: nothing of the caller's SITEDECK_* or XDG settings leaks in. */
export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** Starts `node dist/cli.js …` asynchronously (the emulator in this process must keep answering). */
export function startCli(args: readonly string[], opts: RunOptions = {}): { child: ChildProcess; result: Promise<RunResult> } {
  const child = spawn(process.execPath, [CLI, ...args], { env: baseEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
  const result = new Promise<RunResult>((resolvePromise, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sitedeck ${args.join(' ')} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, opts.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
  // A child may stop reading its input early (a size limit): that is its answer, not an error here.
  child.stdin!.on('error', () => undefined);
  child.stdin!.end(opts.input ?? '');
  return { child, result };
}

export function runCli(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return startCli(args, opts).result;
}

export interface Fixture {
  emulator: Emulator;
  configDir: string;
  /** Env pointing the CLI at the emulator, with a private config dir. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** The emulator and a private config dir for the bundle's runs (built first when dist is missing). */
export async function startFixture(opts: EmulatorOptions = {}): Promise<Fixture> {
  ensureBuilt();
  return emulatorFixture(opts);
}

/** The emulator and a private config dir, for commands run in-process (./inProcess.ts): no build. */
export async function emulatorFixture(opts: EmulatorOptions = {}): Promise<Fixture> {
  const emulator = await startEmulator({ port: 0, seoPort: 0, rateLimit: 0, ...opts });
  const configDir = mkdtempSync(join(tmpdir(), 'sitedeck-cmd-'));
  const env = {
    HOME: configDir,
    SITEDECK_CONFIG_DIR: join(configDir, 'sd'),
    SITEDECK_BASE_URL: emulator.baseUrl,
    SITEDECK_SEO_BASE_URL: emulator.seoBaseUrl,
    SITEDECK_API_KEY: emulator.apiKey,
  };
  return {
    emulator,
    configDir,
    env,
    cleanup: async () => {
      await emulator.close();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** Requests that change data (anything but GET). */
export function writes(emulator: Emulator): { method: string; path: string; body: Record<string, string> }[] {
  return emulator.hits.filter((h) => h.method !== 'GET');
}

/** POSIX shell quoting for a command run inside `script`. */
function shellQuote(args: readonly string[]): string {
  return args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
}

export interface PtySession {
  output(): string;
  write(s: string): void;
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  done: Promise<number | null>;
}

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`), so stdin and stdout are terminals: the
 * aligned table and the prompts. Input is typed through the pty.
 */
export function runInPty(args: readonly string[], env: Record<string, string>, cols = 120): PtySession {
  const command = `stty cols ${cols} rows 40 2>/dev/null; exec ${shellQuote([process.execPath, CLI, ...args])}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: baseEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const done = new Promise<number | null>((res) => child.on('close', (code) => res(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  void done.then(() => clearTimeout(killer));
  return {
    output: () => out,
    write: (s) => child.stdin.write(s),
    waitFor: async (pattern, timeoutMs) => {
      const hit = () => (typeof pattern === 'string' ? out.includes(pattern) : pattern.test(out));
      await waitFor(hit, String(pattern), timeoutMs, 20).catch((e: Error) => {
        throw new Error(`${e.message}; output so far:\n${out}`);
      });
    },
    done,
  };
}

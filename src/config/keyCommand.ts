// The API key from a command (api_key_command: `pass show sitedeck`, `op read op://…`): run once
// per process, without a shell (src/config/commandLine.ts), its first line of output taken as the
// key. The key is held in memory only: never written to a file, the environment or a message.

import { spawn } from 'node:child_process';
import { splitCommandLine } from './commandLine';
import { ConfigError } from './errors';
import type { ResolvedConfig } from './types';

/** How long the command may take; with a terminal a person may be typing a passphrase into it. */
export const KEY_COMMAND_TIMEOUT_MS = 10_000;
export const KEY_COMMAND_TIMEOUT_INTERACTIVE_MS = 60_000;

/** Most bytes of output read: a key is a line, not a file. */
const MAX_OUTPUT = 64 * 1024;

export interface KeyCommandOptions {
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Let the command talk to the terminal (an unlock prompt). Default: when stdin is one. */
  interactive?: boolean;
}

const firstLine = (text: string) => text.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? '';
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const fail = (message: string) => new ConfigError('keyCommand', message);

/** Runs `line` and resolves with its first non-empty line of output; rejects with a ConfigError in words. */
export function runKeyCommand(line: string, opts: KeyCommandOptions = {}): Promise<string> {
  const split = splitCommandLine(line);
  if (!split.ok) return Promise.reject(fail(`api_key_command cannot be run: ${split.error}`));
  const [program, ...args] = split.words;
  const interactive = opts.interactive ?? Boolean(process.stdin.isTTY);
  const timeoutMs = opts.timeoutMs ?? (interactive ? KEY_COMMAND_TIMEOUT_INTERACTIVE_MS : KEY_COMMAND_TIMEOUT_MS);
  return new Promise<string>((resolve, reject) => {
    // stdin: the terminal when there is one (for a prompt), else nothing, so the command never
    // reads what was piped to sitedeck. stdout and stderr are read, never echoed.
    const child = spawn(program, args, { env: opts.env ?? process.env, stdio: [interactive ? 'inherit' : 'ignore', 'pipe', 'pipe'], windowsHide: true });
    let out = '';
    let err = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (out.length < MAX_OUTPUT) out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < MAX_OUTPUT) err += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        fail(
          e.code === 'ENOENT'
            ? `the key command was not found: no program "${program}" on PATH (api_key_command: ${line.trim()})`
            : e.code === 'EACCES'
              ? `the key command "${program}" cannot be run (permission denied)`
              : `the key command could not start (${e.code ?? e.message})`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const said = firstLine(err);
      if (timedOut) return reject(fail(`the key command did not finish within ${seconds(timeoutMs)} (api_key_command: ${line.trim()})`));
      if (signal) return reject(fail(`the key command was stopped by ${signal}${said ? `: ${said}` : ''}`));
      if (code !== 0) return reject(fail(`the key command failed (exit ${code}): ${said || 'it said nothing on stderr'}`));
      const key = firstLine(out);
      if (!key) return reject(fail(`the key command printed no key (api_key_command: ${line.trim()})`));
      resolve(key);
    });
  });
}

// Once per process: the deck and a command ask for the key once, whatever asks again later.
const asked = new Map<string, Promise<string>>();

/** The configuration with its key, running api_key_command (once per process) when that is the key's source. */
export async function withCommandKey(config: ResolvedConfig, opts: KeyCommandOptions = {}): Promise<ResolvedConfig> {
  const line = config.apiKeyCommand;
  if (!config.keyByCommand || !line) return config;
  let key = asked.get(line);
  if (!key) {
    key = runKeyCommand(line, opts);
    asked.set(line, key);
  }
  return { ...config, apiKey: await key };
}

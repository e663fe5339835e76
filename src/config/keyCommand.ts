// The API key from a command (api_key_command: `pass show sitedeck`, `op read op://…`): run once
// per process, without a shell (src/config/commandLine.ts), its first line of output taken as the
// key. The key is held in memory only: never written to a file, the environment or a message.

import { childProcess } from '../files/childProcess';
import { splitCommandLine } from './commandLine';
import { ConfigError } from './errors';
import type { Env } from './paths';
import type { ResolvedConfig } from './types';

/** How long the command may take; with a terminal a person may be typing a passphrase into it. */
const KEY_COMMAND_TIMEOUT_MS = 10_000;
const KEY_COMMAND_TIMEOUT_INTERACTIVE_MS = 60_000;

/** Most bytes of output read: a key is a line, not a file. */
const MAX_OUTPUT = 64 * 1024;

export interface KeyCommandOptions {
  timeoutMs?: number;
  /** The environment the command runs in: sitedeck's own. */
  env: Env;
  /** Let the command talk to the terminal (an unlock prompt): when stdin is one. */
  interactive: boolean;
}

/** The first non-empty line of `text`, trimmed, once it is whole (ended by a line break, or `ended`). */
function keyLine(text: string, ended: boolean): string | undefined {
  const lines = text.split(/\r?\n/);
  const whole = ended ? lines : lines.slice(0, -1);
  return whole.map((l) => l.trim()).find((l) => l !== '');
}
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const fail = (message: string) => new ConfigError('keyCommand', message);

/**
 * What the command wrote on stderr, counted, never shown: it may hold the secret itself (a
 * password manager that echoes what it was asked), and the user can run the command to see it.
 */
function stderrNote(lines: number): string {
  if (lines === 0) return 'it wrote nothing to stderr';
  return `it wrote ${lines} line${lines === 1 ? '' : 's'} to stderr; run it yourself to see them`;
}

/** How long a command that printed its key, asked to stop (SIGTERM), has before it is made to. */
const AFTER_KEY_MS = 1000;

/**
 * Runs `line` and resolves with its first non-empty line of output, as soon as that line is
 * whole; rejects with a ConfigError in words. The command runs in a process group of its own
 * (POSIX: a new session), so that everything it started can be stopped together: on time-out, and
 * once the key is read (a child left holding stdout, `sh -c 'echo KEY; sleep 45 &'`, neither
 * delays the key nor outlives the command). Nothing waits for stdout to end.
 */
export function runKeyCommand(line: string, opts: KeyCommandOptions): Promise<string> {
  const split = splitCommandLine(line);
  if (!split.ok) return Promise.reject(fail(`api_key_command cannot be run: ${split.error}`));
  const [program, ...args] = split.words;
  const { interactive } = opts;
  const timeoutMs = opts.timeoutMs ?? (interactive ? KEY_COMMAND_TIMEOUT_INTERACTIVE_MS : KEY_COMMAND_TIMEOUT_MS);
  const named = `(api_key_command: ${line.trim()})`;
  return new Promise<string>((resolve, reject) => {
    // stdin: the terminal when there is one (for a prompt), else nothing, so the command never
    // reads what was piped to sitedeck. stdout and stderr are read, never echoed.
    const child = childProcess().spawn(program, args, {
      env: opts.env,
      stdio: [interactive ? 'inherit' : 'ignore', 'pipe', 'pipe'],
      windowsHide: true,
      detached: true,
    });
    let out = '';
    let errText = '';
    let errLines = 0;
    let settled = false;
    let exited = false;
    let stopAfterKey: ReturnType<typeof setTimeout> | undefined;
    /** The command and everything it started (its group); on Windows the command alone. */
    const stopGroup = (signal: NodeJS.Signals = 'SIGKILL') => {
      if (signal === 'SIGKILL') clearTimeout(stopAfterKey);
      try {
        if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Already gone, all of it.
      }
    };
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      stopGroup();
      settle(() => reject(fail(`the key command printed no key within ${seconds(timeoutMs)}; ${stderrNote(errLines)} ${named}`)));
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (settled || out.length >= MAX_OUTPUT) return;
      out += d;
      const key = keyLine(out, false);
      if (key === undefined) return;
      settle(() => resolve(key));
      // The key is read: what still runs of the group is stopped now (asked, then made to, after
      // a moment a command may need to save a session), and nothing of it holds this process.
      if (exited) stopGroup();
      else {
        stopGroup('SIGTERM');
        stopAfterKey = setTimeout(() => stopGroup(), AFTER_KEY_MS);
      }
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (errText.length >= MAX_OUTPUT) return;
      errText += d;
      errLines = errText.split(/\r?\n/).filter((l) => l.trim() !== '').length;
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      settle(() =>
        reject(
          fail(
            e.code === 'ENOENT'
              ? `the key command was not found: no program "${program}" on PATH ${named}`
              : e.code === 'EACCES'
                ? `the key command "${program}" cannot be run (permission denied)`
                : `the key command could not start (${e.code ?? e.message})`,
          ),
        ),
      );
    });
    // The command ended: what it left running is stopped, so its output ends too ('close').
    child.on('exit', () => {
      exited = true;
      stopGroup();
    });
    child.on('close', (code, signal) => {
      if (settled) return;
      const key = keyLine(out, true);
      if (code === 0 && key !== undefined) return settle(() => resolve(key));
      const note = stderrNote(errLines);
      if (signal) return settle(() => reject(fail(`the key command was stopped by ${signal}; ${note}`)));
      if (code !== 0 && code !== null) return settle(() => reject(fail(`the key command failed (exit ${code}); ${note}`)));
      settle(() => reject(fail(`the key command printed no key; ${note} ${named}`)));
    });
  });
}

// Once per process: the deck and a command ask for the key once, whatever asks again later.
const asked = new Map<string, Promise<string>>();

/** The configuration with its key, running api_key_command (once per process) when that is the key's source. */
export async function withCommandKey(config: ResolvedConfig, opts: KeyCommandOptions): Promise<ResolvedConfig> {
  const line = config.apiKeyCommand;
  if (!config.keyByCommand || !line) return config;
  let key = asked.get(line);
  if (!key) {
    key = runKeyCommand(line, opts);
    asked.set(line, key);
  }
  return { ...config, apiKey: await key };
}

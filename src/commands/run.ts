// The edge every command runs through: configuration, Ctrl+C, and turning any failure into one
// clear stderr line (plus one per field) and an exit code from exitCodes.ts.
import { isApiError } from '../api/errors';
import { hostPhrase } from '../api/messages';
import { configDirFrom, configFlagsFrom, DEMO_NOTE, demoConfig, isConfigError, loadConfig, redactKey, resolveConfig, withCommandKey } from '../config';
import type { ResolvedConfig } from '../config/types';
import { sanitize } from '../text/sanitize';
import { EXIT, exitCodeForApiError, type ExitCode } from './exitCodes';
import { endingCode, endingOf } from './ending';
import { CommandFailure } from './failure';
import type { Options } from './input';
import { commandIo, holdStderr, type Io } from './io';
import { commandWords } from './words';

export interface RunContext {
  io: Io;
  config: ResolvedConfig;
  signal: AbortSignal;
}

/** Lines for stderr describing `e`, never holding the key. */
export function describeFailure(e: unknown, key?: string): { code: ExitCode; lines: string[] } {
  const clean = (s: string) => sanitize(redactKey(s, key));
  if (e instanceof CommandFailure) return { code: e.code, lines: e.lines.map(clean) };
  if (isConfigError(e)) return { code: EXIT.usage, lines: [clean(e.message)] };
  if (isApiError(e)) {
    const fields = Object.keys(e.fields ?? {}).length > 0;
    // With field messages, one line per field instead of all of them run together.
    const lines = [
      fields ? `The ${hostPhrase(e.host, e.origin)} rejected the values${e.status ? ` (${e.status})` : ''}; correct them and try again:` : clean(e.message),
    ];
    for (const [name, msgs] of Object.entries(e.fields ?? {})) for (const m of msgs) lines.push(`  ${clean(name)}: ${clean(m)}`);
    return { code: exitCodeForApiError(e.kind), lines };
  }
  const msg = e instanceof Error ? e.message : String(e);
  return { code: EXIT.internal, lines: [`unexpected error: ${clean(msg)}`] };
}

function report(io: Io, e: unknown, key?: string, words: (line: string) => string = (l) => l): number {
  const described = describeFailure(e, key);
  const { code } = described;
  const lines = described.lines.map(words);
  if (code === EXIT.interrupted) {
    io.stderr.write('sitedeck: interrupted\n');
    return code;
  }
  io.stderr.write(lines.map((l, i) => (i === 0 ? `sitedeck: ${l}` : l)).join('\n') + '\n');
  return code;
}

/**
 * Runs a command body that needs no resolved configuration (`config path`, `config set`, …) on
 * the seam: an ending (the seam's signal: Ctrl+C, SIGTERM, SIGHUP, a closed reader, a failed
 * write; ./ending.ts) stops it, said once when it came, and the run exits with its code; otherwise
 * resolves with the body's code, any failure said on stderr. A second signal is the entry's (src/cli.tsx).
 */
export async function runPlain(
  seam: Io,
  opts: Options,
  body: (io: Io, signal: AbortSignal, knowKey: (key?: string) => void, knowConfig: (config: ResolvedConfig) => void) => Promise<number>,
): Promise<number> {
  const quiet = opts.quiet === true;
  const plain = commandIo(seam, opts.color !== false);
  // --quiet: stderr held for a failure (./io.ts holdStderr), and no progress drawn on it (the terminal's or --progress's).
  const held = quiet ? holdStderr(plain.stderr) : undefined;
  const io: Io = held ? { ...plain, stderr: held.out, isTTY: { ...plain.isTTY, stderr: false } } : plain;
  const { signal } = seam;
  const code = await runBody(io, signal, body);
  if (code !== EXIT.ok) held?.release();
  return code;
}

/** The body on `io`: its code, an ending's, or its failure said on stderr. */
async function runBody(
  io: Io,
  signal: AbortSignal,
  body: (io: Io, signal: AbortSignal, knowKey: (key?: string) => void, knowConfig: (config: ResolvedConfig) => void) => Promise<number>,
): Promise<number> {
  let key: string | undefined;
  let config: ResolvedConfig | undefined;
  try {
    const code = await body(
      io,
      signal,
      (k) => (key = k),
      (c) => (config = c),
    );
    const ending = endingOf(signal);
    return ending ? endingCode(ending) : code;
  } catch (e) {
    // Stopped by an ending: the ending was said when it came; what failed after it is its consequence.
    const ending = endingOf(signal);
    if (ending) return endingCode(ending);
    const words = config ? (l: string) => commandWords(l, config!) : undefined;
    return report(io, e, key, words);
  }
}

/** Runs a command body with the resolved configuration (its warnings printed once). */
export function runCommand(seam: Io, opts: Options, body: (ctx: RunContext) => Promise<number>): Promise<number> {
  return runPlain(seam, opts, async (io, signal, knowKey, knowConfig) => {
    if (opts.demo === true) return runDemo(opts, io, signal, body);
    const loaded = loadConfig(configFlagsFrom(opts), io.env);
    knowConfig(loaded);
    for (const w of loaded.warnings) io.stderr.write(`sitedeck: ${w}\n`);
    // The key from api_key_command, before the first request.
    const config = await withCommandKey(loaded, { env: io.env, interactive: io.isTTY.stdin });
    knowKey(config.apiKey);
    knowConfig(config);
    return body({ io: { ...io, stdinMaxBytes: config.maxStdinBytes }, config, signal });
  });
}

/**
 * `--demo` for a command: the built-in emulator with its sample data, started for this command and
 * stopped after it. The profile's hosts and key are never read, so nothing reaches a real host.
 */
async function runDemo(opts: Options, io: Io, signal: AbortSignal, body: (ctx: RunContext) => Promise<number>): Promise<number> {
  const { env } = io;
  const resolved = resolveConfig({ flags: configFlagsFrom(opts), env, configDir: configDirFrom(env) });
  const { startEmulator } = await import('../emulator');
  const emulator = await startEmulator({ seed: 60, rateLimit: 0, maxHits: 1000 });
  try {
    io.stderr.write(DEMO_NOTE);
    const config = demoConfig(resolved, { baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey }, opts.readOnly === true);
    return await body({ io, config, signal });
  } finally {
    await emulator.close();
  }
}

// One run of sitedeck on a seam: argv parsed by a program of its own, the command run on the seam's
// streams, its exit code returned. The bundle's entry (src/cli.tsx) builds the seam from `process`;
// tests build it from strings and run commands in their own process.
import { CommanderError, type Command } from 'commander';
import { endingCode, endingOf, endingSeam } from './ending';
import { glyphsFor } from '../text/glyphs';
import { EXIT } from './exitCodes';
import type { Io } from './io';
import type { Call } from './program';
import { rootProgram } from './root';

/** The deck's face, given the global options: the entry's (it needs the terminal), never a command's. */
export type OpenDeck = (opts: Record<string, unknown>) => Promise<number>;

/**
 * Whether argv can name a command (an operand) or asks for help (which lists them). The deck's own
 * start (`sitedeck`, `sitedeck --profile work`) defines none of the command tree: a deck on a
 * distant API sends its first requests that much sooner. Options that take a value are the
 * program's own (commander's list), so `--profile work` is not taken for a command.
 */
function needsCommands(program: Command, args: readonly string[]): boolean {
  const takesValue = new Set(
    program.options
      .filter((o) => o.required || o.optional)
      .flatMap((o) => [o.long, o.short])
      .filter(Boolean),
  );
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return i + 1 < args.length;
    if (a === '-h' || a === '--help') return true;
    if (!a.startsWith('-') || a === '-') return true;
    if (!a.includes('=') && takesValue.has(a)) i++;
  }
  return false;
}

/**
 * Runs `sitedeck <seam.argv>` and resolves with its exit code. A program per run: nothing one run
 * parses or sets reaches the next. Help and parse errors go to the seam's streams, not process's.
 * A run that met an ending (a signal, a closed reader, a failed write: ./ending.ts) ends with its code.
 */
export async function runSitedeck(given: Io, openDeck: OpenDeck): Promise<number> {
  const seam = endingSeam(given);
  const code = await runOn(seam, openDeck);
  const ending = endingOf(seam.signal);
  return ending ? endingCode(ending) : code;
}

async function runOn(seam: Io, openDeck: OpenDeck): Promise<number> {
  const call: Call = { seam };
  const program = rootProgram(async (opts) => {
    call.code = await openDeck(opts);
  });
  // Before the commands are defined: each copies its parent's output settings.
  program.configureOutput({
    // Help's glyphs as every command's: in ASCII where the locale cannot encode UTF-8 (src/text/glyphs.ts).
    writeOut: (s) => seam.stdout.write(glyphsFor(seam.env)(s)),
    writeErr: (s) => seam.stderr.write(glyphsFor(seam.env)(s)),
    // Commander's own measure (80 columns) unless the stream is a terminal of known width.
    getOutHelpWidth: () => (seam.isTTY.stdout ? seam.columns : undefined) as number,
    getErrHelpWidth: () => (seam.isTTY.stderr ? seam.columns : undefined) as number,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });
  if (needsCommands(program, seam.argv)) {
    const { defineCommands } = await import('./program');
    defineCommands(program, call);
  }
  try {
    await program.parseAsync([...seam.argv], { from: 'user' });
  } catch (e) {
    // Help and version are answers, not errors; every other parse failure is a usage error.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    seam.stderr.write(`sitedeck: unexpected error: ${(e as Error)?.message ?? String(e)}\n`);
    return EXIT.internal;
  }
  return call.code ?? EXIT.ok;
}

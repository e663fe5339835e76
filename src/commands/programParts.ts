// What the command tree's definitions share (./program.ts, ./programScripts.ts): the run a command's
// action reports to, its words and options as commander passes them, the --json and --format of
// the outputs table, examples for --help.
import { Option, type Command } from 'commander';
import { AUDIT_FORMATS, formatsText } from './audit/formats';
import { withHint, words } from './completion/hints';
import { EXPORT_FORMATS, exportFormatsText } from './format/exportFormats';
import { formatsOf, type OutputCommand } from './format/outputs';
import type { Io } from './io';

export type Options = Record<string, unknown>;

/** One run of the program: the seam its command runs on, and the exit code the command ends with. */
export interface Call {
  readonly seam: Io;
  code?: number;
}

/** The options of the command and all its parents, plus its positional arguments. */
export function invocation(args: unknown[]): { positional: string[]; opts: Options } {
  const cmd = args[args.length - 1] as Command;
  return {
    positional: args
      .slice(0, -2)
      .filter((a) => a !== undefined)
      .map(String),
    opts: cmd.optsWithGlobals(),
  };
}

/** A repeatable option's values, in the order given. */
export const collect = (value: string, previous: unknown): string[] => [...(Array.isArray(previous) ? (previous as string[]) : []), value];

/** The --format of each formats' table (format/outputs.ts says which command takes which). */
const FORMAT_OPTIONS: Record<'records' | 'audit', () => Option> = {
  records: () => withHint(new Option('--format <format>', `${exportFormatsText()}: streamed with --all`), words(EXPORT_FORMATS)),
  audit: () =>
    withHint(
      new Option('--format <format>', `${AUDIT_FORMATS.join(', ')} (default table, or what --output's extension says): ${formatsText()}`),
      words([...AUDIT_FORMATS]),
    ),
};

/** --json (what it prints, in `help`) and, where the command has more than one format, --format: from the one table (format/outputs.ts). */
export function outputOptions(cmd: Command, command: OutputCommand, help: string): Command {
  cmd.option('--json', help);
  const formats = formatsOf(command);
  return formats ? cmd.addOption(FORMAT_OPTIONS[formats]()) : cmd;
}

export function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

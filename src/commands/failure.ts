import type { ExitCode } from './exitCodes';

/**
 * A command's own refusal (usage, read-only, missing configuration): the lines to print on stderr
 * and the exit code. Server failures stay ApiError.
 */
export class CommandFailure extends Error {
  readonly code: ExitCode;
  readonly lines: readonly string[];
  constructor(code: ExitCode, lines: string | readonly string[]) {
    const all = typeof lines === 'string' ? [lines] : lines;
    super(all.join('\n'));
    this.name = 'CommandFailure';
    this.code = code;
    this.lines = all;
  }
}

// Where `reports audit --output` writes: stdout for `-`, otherwise a regular file, new or replaced
// whole. A symlink, a directory, a FIFO, a device or a socket at the name is refused in words —
// before any request, and again just before the rename (renaming over /dev/null as root replaced
// the device; a rename over a link replaces the link, so --output /dev/stdout as root would have
// replaced the system's /dev/stdout with a file). The name is looked at, never followed (lstat).
// The write is the state files' own (files/replace.ts): exclusive, never through a symlink.
import { dirname, resolve } from 'node:path';
import { replaceFile } from '../../files';
import { atName, canWriteIn, type AtName } from '../../files/outputFile';
import { sanitize } from '../../text/sanitize';
import { EXIT } from '../exitCodes';
import { CommandFailure } from '../failure';

/** What is at the name, in words, when it is not a regular file or nothing; null when it may be written. */
function refusal(at: AtName): string | null {
  switch (at.kind) {
    case 'nothing':
    case 'file':
      return null;
    case 'directory':
      return 'is a directory; give a file name';
    case 'link':
      return (
        `is a symbolic link${at.to === null ? '' : ` to ${sanitize(at.to)}`}, and --output never replaces a link or writes through one; ` +
        `give the real path, or --output - and redirect stdout`
      );
    case 'other':
      return (
        `is ${at.what}, not a regular file, and --output writes only a regular file; ` +
        `to send the audit there, give --output - (or leave it out) and redirect stdout`
      );
  }
}

const refuse = (output: string, why: string) => new CommandFailure(EXIT.usage, `--output ${sanitize(output)}: ${why}`);

/** Throws, in words, when the name is anything but a regular file; a symlink is not followed but refused. */
async function checkKind(output: string, cwd: string): Promise<void> {
  const why = refusal(await atName(resolve(cwd, output)));
  if (why) throw refuse(output, why);
}

/**
 * Refuses an --output that cannot be written before any request is made (nothing read is lost). A
 * relative name is read from `cwd` (the command's); messages say the name as it was given.
 */
export async function checkOutput(output: string, cwd: string): Promise<void> {
  if (output === '') throw new CommandFailure(EXIT.usage, '--output needs a file name (or - for stdout)');
  await checkKind(output, cwd);
  if (!(await canWriteIn(dirname(resolve(cwd, output))))) throw refuse(output, `cannot write in ${sanitize(dirname(output))}`);
}

/** Writes the document whole, or not at all. */
export async function writeOutput(output: string, text: string, cwd: string): Promise<void> {
  try {
    // The audit is a document to hand over: readable as a file `>` makes it (0644 before the umask).
    await replaceFile(resolve(cwd, output), text, { mode: 0o644, beforeRename: () => checkKind(output, cwd) });
  } catch (e) {
    if (e instanceof CommandFailure) throw e;
    throw new CommandFailure(EXIT.usage, `could not write ${sanitize(output)}: ${sanitize((e as Error).message)}`);
  }
}

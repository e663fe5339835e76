// Writing a file whole or not at all, the one way sitedeck does it (state files, an audit's
// --output): a private temporary file beside it — an unpredictable name, created exclusively and
// never through a symlink, so nothing planted at its name is written through — fsynced, then
// renamed over the file. A reader sees the old file or the new one. Only a temporary file this
// process created is removed after a failure; one found in the way is left alone and named. The
// name says who wrote it (pid and start), so the temporary files a writer killed before its rename
// left are removed before the next write of the file (sweep.ts), and nothing else is.
import { closeSync, constants, fsyncSync, renameSync, unlinkSync, writeSync, openSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { me } from './processId';
import { sweepTempFiles, sweepTempFilesSync, tempName } from './sweep';

const TEMP = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export interface ReplaceOptions {
  /** The new file's mode (before the umask); default 0600, as every state file. */
  mode?: number;
  /** Called once the text is on disk, before the rename: a throw leaves the file as it was. */
  beforeRename?: () => void | Promise<void>;
}

/** Unpredictable, so nothing can be planted at the name ahead of time (node:crypto is loaded at the first write, not at start). */
const random = () => process.getBuiltinModule('node:crypto').randomBytes(8).toString('hex');

/** `<file>.<pid>.<start>.<random>.tmp`: a fresh name each time, naming its writer so a dead one's can be swept. */
function tempOf(path: string): string {
  const { pid, start } = me();
  return tempName(path, pid, start, random());
}

function inTheWay(tmp: string, e: unknown): Error {
  if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return e as Error;
  return new Error(`${tmp} is already there: sitedeck never writes through a file or link in its way, and left it as it is (nothing was changed; try again)`);
}

/** Synchronous form (short-lived commands, the pacer). */
export function replaceFileSync(path: string, text: string, opts: ReplaceOptions = {}): void {
  sweepTempFilesSync(path);
  const tmp = tempOf(path);
  let fd: number;
  try {
    fd = openSync(tmp, TEMP, opts.mode ?? 0o600);
  } catch (e) {
    throw inTheWay(tmp, e);
  }
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const before = opts.beforeRename?.();
    if (before instanceof Promise) throw new Error('replaceFileSync: beforeRename must not be asynchronous');
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw e;
  }
}

/** Asynchronous form (the deck, a command's output): writing never holds the event loop. */
export async function replaceFile(path: string, text: string, opts: ReplaceOptions = {}): Promise<void> {
  await sweepTempFiles(path);
  const tmp = tempOf(path);
  const fh = await open(tmp, TEMP, opts.mode ?? 0o600).catch((e: unknown) => {
    throw inTheWay(tmp, e);
  });
  try {
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await opts.beforeRename?.();
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

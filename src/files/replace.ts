// Writing a file whole or not at all, the one way sitedeck does it (state files, an audit's
// --output): a private temporary file beside it — created exclusively and never through a
// symlink, so nothing planted at its name is written through — fsynced, then renamed over the
// file. A reader sees the old file or the new one. Only a temporary file this process created is
// removed after a failure; one found in the way is left alone and named.
import { closeSync, constants, fsyncSync, renameSync, unlinkSync, writeSync, openSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';

const TEMP = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export interface ReplaceOptions {
  /** The new file's mode (before the umask); default 0600, as every state file. */
  mode?: number;
  /** Called once the text is on disk, before the rename: a throw leaves the file as it was. */
  beforeRename?: () => void | Promise<void>;
}

let seq = 0;
/** `<file>.<pid>.<n>.tmp`: one process never reuses a name, two processes never share one. */
export const tempOf = (path: string): string => `${path}.${process.pid}.${++seq}.tmp`;

function inTheWay(tmp: string, e: unknown): Error {
  if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return e as Error;
  return new Error(`${tmp} is already there (sitedeck did not make it, and never writes through a file or link it did not create)`);
}

/** Synchronous form (short-lived commands, the pacer). */
export function replaceFileSync(path: string, text: string, opts: ReplaceOptions = {}): void {
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

// A new file only you can read and write (0600), made exclusively and never through a link: what a
// program then opens by name (SQLite its database) is the file made here, or one that was already
// there and was checked before.
import { closeSync, constants, openSync } from 'node:fs';

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Makes `path` empty with mode 0600 unless something is there already (checked by the caller). */
export function createPrivateFile(path: string): void {
  try {
    closeSync(openSync(path, CREATE, 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

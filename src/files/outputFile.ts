// What is at a name a user gives for sitedeck to write (`reports audit --output NAME`), looked at,
// never followed (lstat): the caller refuses anything but a regular file or nothing, in its words.
import { constants } from 'node:fs';
import { access, lstat, readlink } from 'node:fs/promises';

export type AtName =
  | { kind: 'nothing' }
  | { kind: 'file' }
  | { kind: 'link'; to: string | null }
  | { kind: 'directory' }
  | { kind: 'other'; what: 'a FIFO (named pipe)' | 'a character device' | 'a block device' | 'a socket' | 'not a file' };

export async function atName(path: string): Promise<AtName> {
  const st = await lstat(path).catch(() => null);
  if (!st) return { kind: 'nothing' };
  if (st.isSymbolicLink()) return { kind: 'link', to: await readlink(path).catch(() => null) };
  if (st.isFile()) return { kind: 'file' };
  if (st.isDirectory()) return { kind: 'directory' };
  const what = st.isFIFO()
    ? 'a FIFO (named pipe)'
    : st.isCharacterDevice()
      ? 'a character device'
      : st.isBlockDevice()
        ? 'a block device'
        : st.isSocket()
          ? 'a socket'
          : 'not a file';
  return { kind: 'other', what };
}

/** Whether this process may make a file in `dir`. */
export const canWriteIn = (dir: string): Promise<boolean> =>
  access(dir, constants.W_OK).then(
    () => true,
    () => false,
  );

// The file $EDITOR edits (Ctrl+E in a form): values.txt in a new folder of its own under the
// temporary folder (mkdtemp: an unpredictable name, mode 0700), written exclusively (0600), read
// back as every state file is (a regular file of yours within the limit, looked at without
// following a link: an editor that leaves a FIFO, a link or another user's file there is refused in
// words), and removed with its folder after.
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOwnFile } from './ownFile';
import { readStateFileSync, stateFileLimit } from './read';

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export interface EditorFile {
  readonly path: string;
  /** What the editor left there; throws a StateFileError in words when it is not a regular file within bounds. */
  read(): string;
  /** Removes the file and its folder. */
  remove(): void;
}

export function makeEditorFile(text: string): EditorFile {
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-'));
  const path = join(dir, 'values.txt');
  const fd = openSync(path, CREATE, 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return {
    path,
    read: () => {
      // A regular file of yours, not a link: what an editor that wrote elsewhere left is not taken as its text.
      checkOwnFile(path, stateFileLimit());
      return readStateFileSync(path) ?? '';
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

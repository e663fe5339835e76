import { childProcess } from '../../files/childProcess';
import { makeEditorFile, type EditorFile } from '../../files/editorFile';
import type { Io, Output } from '../../terminal/io';
import { ENTER_SCREEN, LEAVE_SCREEN } from '../layout/screen';

/** Ink's `suspendTerminal` (from `useApp`): raw mode and bracketed paste off while `run` runs, then a full redraw. */
export type SuspendTerminal = (run: () => void | Promise<void>) => Promise<void>;

/** The terminal has one owner: while an editor opens or runs, a second request (Ctrl+E typed ahead) opens nothing. */
let editing = false;

/**
 * Edits text in $VISUAL/$EDITOR. Ink hands the terminal over for the editor's lifetime
 * (`suspendTerminal`: input released, then reclaimed and the frame redrawn whole); the deck leaves
 * its own alternate screen around the editor (`screen`; the screen-reader deck never took it), and
 * spawnSync blocks the event loop so nothing draws. Null when the editor failed or was quit with an
 * error; undefined when an editor was open already (Ink's suspension cannot nest: a second one threw).
 */
/** Where the editor is named and the screen is left and retaken. */
export type EditorIo = Pick<Io, 'env'> & { readonly stdout: Output };

export async function openInEditor(
  text: string,
  suspend: SuspendTerminal,
  io: EditorIo,
  opts: { screen: boolean } = { screen: true },
): Promise<string | null | undefined> {
  if (editing) return undefined;
  editing = true;
  try {
    return await editIn(io.env.VISUAL || io.env.EDITOR || 'vi', text, suspend, io.stdout, opts);
  } finally {
    editing = false;
  }
}

function readBack(file: EditorFile): string | null {
  try {
    return file.read();
  } catch {
    return null;
  }
}

async function editIn(editor: string, text: string, suspend: SuspendTerminal, out: Output, opts: { screen: boolean }): Promise<string | null> {
  const file = makeEditorFile(text + '\n');
  let edited: string | null = null;
  try {
    await suspend(() => {
      if (opts.screen) out.write(LEAVE_SCREEN);
      try {
        const r = childProcess().spawnSync(editor, [file.path], { stdio: 'inherit', shell: true });
        // What the editor left that is not a regular file within bounds is refused like a failed edit.
        if (!r.error && r.status === 0) edited = readBack(file);
      } finally {
        if (opts.screen) out.write(`${ENTER_SCREEN}\x1b[2J`);
      }
    });
    return edited;
  } finally {
    file.remove();
  }
}

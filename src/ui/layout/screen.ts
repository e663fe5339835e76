// Taking over the terminal and giving it back. The alternate screen keeps the shell's scrollback
// clean; leaving it restores what was there.
export const ENTER_SCREEN = '\x1b[?1049h\x1b[H';
export const LEAVE_SCREEN = '\x1b[?25h\x1b[?1049l';
export const HIDE_CURSOR = '\x1b[?25l';
/** Back to the top left, where the first frame draws over a pre-paint. */
export const HOME = '\x1b[H';
/**
 * The screen blank, the cursor top left: what the first frame's update begins with over a
 * pre-paint (a frame does not write the cells it leaves blank, and the pre-paint's would stay).
 * Erased from the top left down, not with ESC[2J: the tests hold that one as a server's hostile
 * string, never the deck's own.
 */
export const CLEAR_SCREEN = '\x1b[H\x1b[J';
/**
 * Bracketed paste (a paste arrives wrapped, not as keys): Ink asks for it when the deck is up; the
 * pre-paint asks before, so that a paste onto pre-painted rows is read as a paste when Ink is.
 */
export const PASTE_ON = '\x1b[?2004h';
export const PASTE_OFF = '\x1b[?2004l';
/**
 * Synchronized update: a terminal that knows it draws what is between as one frame, as Ink brackets
 * each of its frames; the pre-paint is a frame too, so a terminal never shows it half drawn.
 */
export const SYNC_START = '\x1b[?2026h';
export const SYNC_END = '\x1b[?2026l';

// Whether the deck speaks for a screen reader, and what it writes to the terminal around Ink's own
// output in each mode. In screen-reader mode Ink draws nothing and the spoken writer (./writer.ts)
// appends lines: no alternate screen, no pre-paint, no mouse reports, no colour query, no cursor
// hidden or moved: a reader follows the text as it is written.
import { MOUSE_OFF, MOUSE_ON } from '../input/mouse';
import { ENTER_SCREEN, HOME, LEAVE_SCREEN } from '../layout/screen';

export interface ScreenWrites {
  /** Written before Ink's first frame. */
  enter: string;
  /** Written after Ink unmounts. */
  leave: string;
}

/**
 * The visual deck takes the alternate screen (or draws over its pre-paint) and asks for the mouse;
 * the spoken deck writes nothing of its own but a last line break, so the shell's prompt starts
 * on a line of its own after the last thing said.
 */
export function screenWrites(opts: { screenReader: boolean; mouse: boolean; prepainted: boolean }): ScreenWrites {
  if (opts.screenReader) return { enter: '', leave: '\n' };
  return {
    enter: (opts.prepainted ? HOME : ENTER_SCREEN) + (opts.mouse ? MOUSE_ON : ''),
    leave: (opts.mouse ? MOUSE_OFF : '') + LEAVE_SCREEN,
  };
}

import { sanitize } from '../../../text/sanitize';
import { editOf } from '../../../state/textEdit';

/** The bar the one text field draws at its cursor (TextField), in a cell of its own. */
export const CURSOR = '▏';

/**
 * The text field as a line of words (a search in a status line, the help's filter): the text with
 * the bar where the cursor stands (none kept: at its end), for lines laid out as text that give way
 * as they narrow; TextField draws the same field where it has a box of its own.
 */
export function cursorText(value: string, cursor: number | undefined): string {
  const at = editOf(value, cursor).cursor;
  const chars = Array.from(value);
  return `${sanitize(chars.slice(0, at).join(''))}${CURSOR}${sanitize(chars.slice(at).join(''))}`;
}

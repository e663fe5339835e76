// string-width as the deck and the packages it renders with get it (the build's patch
// `string-width-single-cell` sends every import of string-width here): a string of single-cell
// characters (./singleCell.ts), once its escape codes are stripped as string-width strips them, is
// as wide as it is long, measured without grapheme segmentation or the emoji expression; the rest
// goes to string-width itself. Most frames hold only such text (styled, as Ink measures it), so
// they never segment (whose first use loads ICU's break data) nor compile \p{RGI_Emoji}.
import realStringWidth, { type Options } from 'string-width';
import stripAnsi from 'strip-ansi';
import { SINGLE_CELL } from './singleCell';

export { realStringWidth };

export default function stringWidth(input: string, options?: Options): number {
  // Box drawing and a few others are East Asian Ambiguous: two columns when asked to count them wide.
  if (typeof input !== 'string' || options?.ambiguousIsNarrow === false) return realStringWidth(input, options);
  const text = options?.countAnsiEscapeCodes ? input : stripAnsi(input);
  return SINGLE_CELL.test(text) ? text.length : realStringWidth(input, options);
}

// Characters that take exactly one terminal column each and never join a neighbour into one
// grapheme: printable ASCII and the Latin, punctuation, arrow, box, shape and braille ranges the
// deck and most records use. A string of only these is as wide as it is long, so width
// measurement skips grapheme segmentation (whose first use loads ICU's break data at start-up).
// test/unit/singleCell.test.ts checks every code point here against string-width.

/** The ranges, as the body of a RegExp character class (also patched into string-width's fast path by the build). */
export const SINGLE_CELL_CLASS =
  '\\x20-\\x7e\\u00a0-\\u00ac\\u00ae-\\u02ff\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u25fc\\u25ff\\u2713\\u2717\\u2800-\\u28ff';

/** Matches strings made only of single-cell characters (the empty string too). */
export const SINGLE_CELL = new RegExp(`^[${SINGLE_CELL_CLASS}]*$`);

// Every glyph sitedeck writes, with the ASCII written in its place where the locale cannot encode
// UTF-8 (LANG=C, a bare container): one table for the commands' output and progress lines, and the
// deck's frame. One character each, so an aligned table and the deck's frame keep their columns
// (`≤`, which only the commands' words use, is the one exception). test/unit/glyphs.test.ts fails on
// a non-ASCII character in a string of src/commands or src/text that is not here.

export const GLYPH_FALLBACKS: Readonly<Record<string, string>> = {
  // verdicts and marks
  '✓': 'v',
  '✗': 'x',
  '•': '*',
  '●': '*',
  '◐': '+',
  '○': 'o',
  '■': '#',
  '×': 'x',
  // importance: high, medium, low
  '▲': '^',
  '◆': '*',
  '▽': 'v',
  // punctuation
  '·': '-',
  '…': '~',
  '—': '-',
  '–': '-',
  '’': "'",
  '“': '"',
  '”': '"',
  '‹': '<',
  '›': '>',
  '⟨': '<',
  '⟩': '>',
  '≈': '~',
  '≤': '<=',
  // arrows: a score's change, sort order, keys
  '↑': '^',
  '↓': 'v',
  '→': '>',
  '←': '<',
  // bars (a result mix: good, decent, bad) and the score history's sparkline
  '█': '#',
  '▓': '=',
  '░': '.',
  '▁': '_',
  '▂': '_',
  '▃': '-',
  '▄': '-',
  '▅': '=',
  '▆': '=',
  '▇': '#',
  // the deck's frame: a cursor bar, dividers
  '▏': '|',
  '│': '|',
  '─': '-',
  // the deck's spinner: it still turns
  '⠋': '-',
  '⠙': '\\',
  '⠹': '|',
  '⠸': '/',
  '⠼': '-',
  '⠴': '\\',
  '⠦': '|',
  '⠧': '/',
  '⠇': '-',
  '⠏': '\\',
  // what sanitize writes for a control character it found
  '\ufffd': '?',
};

const ANY_GLYPH = new RegExp(`[${Object.keys(GLYPH_FALLBACKS).join('')}]`, 'gu');

/** `text` with each glyph of the table in its ASCII form; every other character as it is. */
export const asciiGlyphs = (text: string): string => text.replace(ANY_GLYPH, (g) => GLYPH_FALLBACKS[g]);

/**
 * JSON text with each glyph of the table as its `\uXXXX` escape: the same strings, exact in every
 * locale, so the ASCII fallback never touches what a program reads (every glyph is inside a string:
 * JSON's own syntax is ASCII).
 */
export const escapeGlyphs = (json: string): string => json.replace(ANY_GLYPH, (g) => `\\u${g.charCodeAt(0).toString(16).padStart(4, '0')}`);

type Locale = Readonly<Partial<Record<'LC_ALL' | 'LC_CTYPE' | 'LANG', string>>>;

/** The locale's character set is UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is set (not empty) names it, as C's setlocale reads them. */
export function localeIsUtf8(env: Locale): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

/** What text goes through before it is written in the locale `env` says: as it is in UTF-8, else its glyphs in ASCII. */
export const glyphsFor = (env: Locale): ((text: string) => string) => (localeIsUtf8(env) ? (text) => text : asciiGlyphs);

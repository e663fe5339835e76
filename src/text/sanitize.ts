// Strings from a server reach the terminal only through here: control characters, escape
// sequences (CSI, OSC, DCS, …) and bidi overrides are made inert, so a record cannot clear the
// screen, retitle the window, write the clipboard or hide text.

// ESC-introduced sequences: CSI (ESC [ … final), OSC/DCS/SOS/PM/APC (ESC ] … BEL or ST), and
// two-character escapes. The 8-bit C1 introducers (0x9b CSI, 0x9d OSC, …) likewise.
const ESCAPE_SEQ = new RegExp(
  [
    /\x1b\[[0-?]*[ -/]*[@-~]/, // CSI
    /\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|\x9c|$)/, // OSC, DCS, SOS, PM, APC
    /\x9b[0-?]*[ -/]*[@-~]/, // 8-bit CSI
    /[\x9d\x90\x98\x9e\x9f][\s\S]*?(?:\x07|\x1b\\|\x9c|$)/, // 8-bit OSC, DCS, SOS, PM, APC
    /\x1b[@-Z\\-_]?/, // two-character escapes
  ]
    .map((r) => r.source)
    .join('|'),
  'g',
);
// Remaining C0 (but tab and newline are handled by the caller), DEL and C1 controls.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// Bidi embeddings, overrides and isolates; zero-width marks that can hide text direction.
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
// Characters that draw nothing, so `exam\u200bple.com` reads as `example.com` and TAG characters
// can spell a hidden `rm -rf ~` inside a link: every default-ignorable code point (by the Unicode
// property, not a list), the line and paragraph separators and the blank Braille cell. They are
// shown by name on screen and left out of what is copied. What builds one visible glyph stays: a
// subdivision flag (🏴 and its tags), one variation selector after a visible character (❤️), and a
// joiner right after an emoji (a family). The first two alternatives match those whole.
const INVISIBLE = new RegExp(
  [
    /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,6}\u{E007F}/u, // a subdivision flag
    /[^\p{Default_Ignorable_Code_Point}\s\u2028\u2029\u2800][\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u, // a visible character and its selector
    /[\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/u, // anything else that draws nothing
  ]
    .map((r) => r.source)
    .join('|'),
  'gu',
);
const EMOJI_BEFORE = /\p{Extended_Pictographic}\uFE0F?$/u;
const named = (ch: string) => `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** A match of INVISIBLE → itself when it builds a glyph, else its name (or nothing, `drop`). */
function invisibleIn(s: string, drop: boolean): string {
  return s.replace(INVISIBLE, (m: string, offset: number) => {
    if (m.length > 2 || (m.length === 2 && m.codePointAt(0)! <= 0xffff)) return m; // a flag, or a character with its selector
    if (m === '\u200d' && EMOJI_BEFORE.test(s.slice(Math.max(0, offset - 4), offset))) return m;
    return drop ? '' : named(m);
  });
}

/**
 * Makes one value safe to print. Escape sequences are dropped; other controls become U+FFFD
 * (visible, so nothing is silently hidden). Newlines and tabs become spaces unless `multiline`.
 */
export function sanitize(value: unknown, opts: { multiline?: boolean; dropInvisible?: boolean } = {}): string {
  let s = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  s = s.replace(ESCAPE_SEQ, '').replace(BIDI, '');
  s = opts.multiline ? s.replace(/\r\n?/g, '\n').replace(/\t/g, '  ') : s.replace(/[\t\r\n]+/g, ' ');
  return invisibleIn(s.replace(CONTROL, '\ufffd'), opts.dropInvisible === true);
}

/**
 * What leaves sitedeck (the clipboard, a browser's argument, an exported cell) cleaned as the
 * screen is, on one line, and whether cleaning changed it (so the user can be told).
 */
export function cleanForUse(value: string): { text: string; changed: boolean } {
  // Invisible characters are left out, not named: a name pasted into a shell or a URL bar is not what was meant either.
  const text = sanitize(value, { dropInvisible: true }).trim();
  return { text, changed: text !== value };
}

/** True when a string holds nothing that sanitize would change (used by tests and assertions). */
export function isInert(s: string): boolean {
  return !/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff\u2028\u2029\u{E0000}-\u{E007F}]/u.test(s);
}

/** Most characters of bad input an error quotes (a 10 MB token is not echoed whole). */
const QUOTED_MAX = 80;

/** Bad input as an error quotes it: cleaned, on one line, at most QUOTED_MAX characters. */
export function excerpt(value: unknown, max = QUOTED_MAX): string {
  const raw = typeof value === 'string' ? value : String(value ?? '');
  // Cut before cleaning too, so a huge value is never walked whole.
  const clean = sanitize(raw.slice(0, max + 1));
  return clean.length > max || raw.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

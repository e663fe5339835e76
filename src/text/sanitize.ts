// Strings from a server reach the terminal only through here: control characters, escape
// sequences (CSI, OSC, DCS, …) and bidi overrides are made inert, so a record cannot clear the
// screen, retitle the window, write the clipboard or hide text.

// ESC-introduced sequences: CSI (ESC [ … final), OSC/DCS/SOS/PM/APC (ESC ] … BEL or ST), and
// two-character escapes. The 8-bit C1 introducers (0x9b CSI, 0x9d OSC, …) likewise.
const ESCAPE_SEQ =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|\x9c|$)|\x9b[0-?]*[ -/]*[@-~]|[\x9d\x90\x98\x9e\x9f][\s\S]*?(?:\x07|\x1b\\|\x9c|$)|\x1b[@-Z\\-_]?/g;
// Remaining C0 (but tab and newline are handled by the caller), DEL and C1 controls.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// Bidi embeddings, overrides and isolates; zero-width marks that can hide text direction.
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
// Characters that take no column and draw nothing, so `exam\u200bple.com` would read as
// `example.com`: they are shown by name instead. A joiner right after an emoji builds one glyph
// (a family, a flag) and stays.
const INVISIBLE = /[\u00ad\u180e\u200b\u200c\u2060-\u2064\ufeff]|(?<!\p{Extended_Pictographic}\ufe0f?)\u200d/gu;
const named = (ch: string) => `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/**
 * Makes one value safe to print. Escape sequences are dropped; other controls become U+FFFD
 * (visible, so nothing is silently hidden). Newlines and tabs become spaces unless `multiline`.
 */
export function sanitize(value: unknown, opts: { multiline?: boolean } = {}): string {
  let s = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  s = s.replace(ESCAPE_SEQ, '').replace(BIDI, '');
  s = opts.multiline ? s.replace(/\r\n?/g, '\n').replace(/\t/g, '  ') : s.replace(/[\t\r\n]+/g, ' ');
  return s.replace(CONTROL, '\ufffd').replace(INVISIBLE, named);
}

/**
 * What leaves sitedeck (the clipboard, a browser's argument, an exported cell) cleaned as the
 * screen is, on one line, and whether cleaning changed it (so the user can be told).
 */
export function cleanForUse(value: string): { text: string; changed: boolean } {
  const text = sanitize(value).trim();
  return { text, changed: text !== value };
}

/** True when a string holds nothing that sanitize would change (used by tests and assertions). */
export function isInert(s: string): boolean {
  return !/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/.test(s);
}

/** Most characters of bad input an error quotes (a 10 MB token is not echoed whole). */
export const QUOTED_MAX = 80;

/** Bad input as an error quotes it: cleaned, on one line, at most QUOTED_MAX characters. */
export function excerpt(value: unknown, max = QUOTED_MAX): string {
  const raw = typeof value === 'string' ? value : String(value ?? '');
  // Cut before cleaning too, so a huge value is never walked whole.
  const clean = sanitize(raw.slice(0, max + 1));
  return clean.length > max || raw.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

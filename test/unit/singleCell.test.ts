import { describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '../../src/emulator/prng';
import { SINGLE_CELL, SINGLE_CELL_CLASS } from '../../src/text/singleCell';
import wrapped, { realStringWidth as stringWidth } from '../../src/text/stringWidth';

const members = (): string[] => {
  const cls = new RegExp(`^[${SINGLE_CELL_CLASS}]$`);
  const out: string[] = [];
  for (let c = 0; c < 0x10000; c++) if (cls.test(String.fromCharCode(c))) out.push(String.fromCharCode(c));
  return out;
};

describe('single-cell characters', () => {
  it('each is one column wide on its own and is no mark, format or control character', () => {
    const chars = members();
    expect(chars.length).toBeGreaterThan(1000);
    expect(chars.filter((c) => stringWidth(c) !== 1 || /[\p{M}\p{Cf}\p{Cc}\p{Cs}]/u.test(c))).toEqual([]);
  });

  it('strings of them are as wide as they are long (no two join into one grapheme)', () => {
    const chars = members();
    const next = mulberry32(7);
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      let s = '';
      for (let n = 1 + Math.floor(next() * 6); n > 0; n--) s += chars[Math.floor(next() * chars.length)];
      if (!SINGLE_CELL.test(s) || stringWidth(s) !== s.length) wrong.push(s);
    }
    // Every adjacent pair of the deck's own glyphs and ASCII, exhaustively.
    const glyphs = [...'│─›‹…·—–•●○◐■▇█▓░▏↑↓←→✓✗⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏×aZ0 -'];
    for (const a of glyphs) for (const b of glyphs) if (stringWidth(a + b) !== 2) wrong.push(a + b);
    expect(wrong).toEqual([]);
  });

  it('string-width as the deck gets it (src/text/stringWidth.ts) measures as string-width does', () => {
    const plain = ['plain', '│ › … ─ ●', '漢字', 'café', 'e\u0301', '⌚', '👍🏽', '👩‍💻', '🇫🇷', '1️⃣', '\u200d', '◽◾▪', '', ...members().slice(0, 3000)];
    // Styled, as Ink measures its text nodes: SGR, an OSC 8 link, a C1 CSI.
    const styled = plain.slice(0, 12).flatMap((s) => [`\x1b[31m${s}\x1b[39m`, `\x1b[1;38;5;208m│${s}›\x1b[0m`, `\x1b]8;;https://a.example\x07${s}\x1b]8;;\x07`, `\x9b31m${s}`]);
    const samples = [...plain, ...styled];
    expect(samples.filter((s) => wrapped(s) !== stringWidth(s))).toEqual([]);
    expect(samples.filter((s) => wrapped(s, { countAnsiEscapeCodes: true }) !== stringWidth(s, { countAnsiEscapeCodes: true }))).toEqual([]);
    // Box drawing is East Asian Ambiguous: two columns when asked.
    expect(wrapped('─│', { ambiguousIsNarrow: false })).toBe(stringWidth('─│', { ambiguousIsNarrow: false }));
    expect(wrapped('─│', { ambiguousIsNarrow: false })).toBe(4);
  });

  it('styled single-cell text, as Ink measures it, is measured without segmenting graphemes', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      expect(wrapped('\x1b[1;36m│ › sitedeck … ●\x1b[22;39m')).toBe(16);
      expect(segment).not.toHaveBeenCalled();
      expect(wrapped('\x1b[31m漢字\x1b[39m')).toBe(4);
      expect(segment).toHaveBeenCalled(); // the spy sees string-width's own segmenter
    } finally {
      segment.mockRestore();
    }
  });

  it('leaves out what is wide, combining or invisible', () => {
    for (const c of ['漢', '👍', '⌚', '◽', 'e\u0301', '\u00ad', '\u200b', '\u200d', '\ufe0f', '\t', '\x1b']) expect(SINGLE_CELL.test(c), JSON.stringify(c)).toBe(false);
  });
});

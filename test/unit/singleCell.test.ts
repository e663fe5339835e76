import { describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '../../src/emulator/prng';
import { SINGLE_CELL, SINGLE_CELL_CLASS } from '../../src/text/singleCell';
// string-width with the build's patch `string-width-fast-path` (vitest applies the build's patches)
import stringWidth from 'string-width';

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

  it('styled single-cell text, as Ink measures it, is measured without segmenting graphemes', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      expect(stringWidth('\x1b[1;36m│ › sitedeck … ●\x1b[22;39m')).toBe(16);
      expect(segment).not.toHaveBeenCalled();
      expect(stringWidth('\x1b[31m漢字\x1b[39m')).toBe(4);
      expect(segment).toHaveBeenCalled(); // the spy sees string-width's own segmenter
      expect(stringWidth('─│', { ambiguousIsNarrow: false })).toBe(4); // East Asian Ambiguous, counted wide
    } finally {
      segment.mockRestore();
    }
  });

  it('leaves out what is wide, combining or invisible', () => {
    for (const c of ['漢', '👍', '⌚', '◽', 'e\u0301', '\u00ad', '\u200b', '\u200d', '\ufe0f', '\t', '\x1b'])
      expect(SINGLE_CELL.test(c), JSON.stringify(c)).toBe(false);
  });
});

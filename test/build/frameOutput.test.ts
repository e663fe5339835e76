// The deck's frame composer (src/ui/ink/frameOutput.ts) against Ink's own Output, on seeded random
// frames: what a terminal shows of each row (characters and their styles) must be the same.
import { reduceAnsiCodes, styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import { describe, expect, it } from 'vitest';
// Ink does not export its Output; it is the reference, so it is loaded from its file.
import InkOutput from '../../node_modules/ink/build/output.js';
import { mulberry32 } from '../../src/emulator/prng';
import Output, { composeRow, type Clip, type Transformer } from '../../src/ui/ink/frameOutput';
import { stylesClosed } from '../../src/ui/ink/sgr';

/** One SGR parameter per sequence (`ESC[1;31m` → `ESC[1m ESC[31m`, `ESC[m` → `ESC[0m`), as ansi-tokenize reads them. */
function oneCodeEach(row: string): string {
  return row.replace(/\x1b\[([0-9;]*)m/g, (_, p: string) => {
    const params = p === '' ? ['0'] : p.split(';');
    let out = '';
    for (let i = 0; i < params.length; i++) {
      const n = params[i];
      const take = (n === '38' || n === '48') && params[i + 1] === '5' ? 3 : (n === '38' || n === '48') && params[i + 1] === '2' ? 5 : 1;
      out += `\x1b[${params.slice(i, i + take).join(';')}m`;
      i += take - 1;
    }
    return out;
  });
}

/** What a terminal shows of one row: each character with its styles, trailing blanks dropped. */
function screenOf(row: string): string[] {
  const cells = styledCharsFromTokens(tokenize(oneCodeEach(row))).map(
    (c) =>
      `${c.value}|${reduceAnsiCodes(c.styles)
        .map((s) => s.code)
        .sort()
        .join('')}`,
  );
  while (cells.length && cells[cells.length - 1] === ' |') cells.pop();
  return cells;
}

const STYLES: [string, string][] = [
  ['\x1b[31m', '\x1b[39m'],
  ['\x1b[1m', '\x1b[22m'],
  ['\x1b[7m', '\x1b[27m'],
  ['\x1b[2m', '\x1b[22m'],
  ['\x1b[38;5;208m', '\x1b[39m'],
  ['\x1b[44m', '\x1b[49m'],
  ['\x1b[1;31m', '\x1b[0m'],
  ['\x1b[38;2;10;20;30m', '\x1b[39m'],
  ['\x1b[4m', '\x1b[24m'],
];
const WORDS = [
  // ASCII, box drawing, wide (CJK, emoji), combining and zero-width text
  'example.com',
  'shop',
  ' ',
  '   ',
  '│',
  '›',
  '…',
  '●',
  '漢字',
  'café',
  'e\u0301',
  '👍',
  'x',
  '─────',
  'Report 42',
  'zero\u200bwidth',
  '\u2060',
];

function randomLine(r: () => number): string {
  let s = '';
  const parts = 1 + Math.floor(r() * 5);
  for (let i = 0; i < parts; i++) {
    const w = WORDS[Math.floor(r() * WORDS.length)];
    const roll = r();
    if (roll < 0.45) s += w;
    else if (roll < 0.9) {
      const [open, close] = STYLES[Math.floor(r() * STYLES.length)];
      s += open + w + close;
    } else if (i === parts - 1) {
      // Left open at the end: the row must then be composed as Ink does. (Only at the end: a later
      // SGR 22 would close bold and dim together on a terminal but not in Ink's tokenizer.)
      s += STYLES[Math.floor(r() * STYLES.length)][0] + w;
    } else s += w;
  }
  return s;
}

// Upper-cases the text, not the escape codes (Ink hands a transformer each line re-encoded, so one
// that rewrote codes would compare how two encodings break rather than what is shown).
const upper: Transformer = (line) => line.replace(/\x1b\[[0-9;]*m|[^\x1b]+/g, (part) => (part.startsWith('\x1b') ? part : part.toUpperCase()));
// Numbers each line by its index in the text written (Ink 8 counts lines clipped away above).
const numbered: Transformer = (line, index) => `${index}${line}`;
const green: Transformer = (line) => `\x1b[32m${line}\x1b[39m`;

type Target = {
  write(x: number, y: number, text: string, o: { transformers: Transformer[] }): void;
  clip(c: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
};

function randomFrame(seed: number, sideBySide: boolean) {
  const r = mulberry32(seed);
  const width = 20 + Math.floor(r() * 60);
  const height = 3 + Math.floor(r() * 12);
  const script: ((o: Target) => void)[] = [];
  const writes = 3 + Math.floor(r() * 25);
  let clipped = 0;
  for (let i = 0; i < writes; i++) {
    const clip = r() < 0.1;
    if (clip) {
      const c: Clip =
        r() < 0.5 ? { x1: Math.floor(r() * 10), x2: 10 + Math.floor(r() * width) } : { y1: Math.floor(r() * 3), y2: 2 + Math.floor(r() * height) };
      script.push((o) => o.clip(c));
      clipped++;
    } else if (clipped && r() < 0.1) {
      script.push((o) => o.unclip());
      clipped--;
    }
    const lines = Array.from({ length: 1 + Math.floor(r() * 3) }, () => randomLine(r)).join('\n');
    // Side by side like the deck (columns apart), or anywhere (overlaps, off-frame rows and columns).
    const x = sideBySide ? [0, Math.floor(width / 2), width - 3][i % 3] : Math.floor(r() * width) - 3;
    const y = sideBySide ? Math.floor(i / 3) : Math.floor(r() * (height + 2)) - 2;
    const transformers = r() < 0.2 ? [upper] : r() < 0.2 ? [green] : r() < 0.1 ? [numbered] : [];
    script.push((o) => o.write(x, y, lines, { transformers }));
  }
  const run = (o: Target) => {
    for (const step of script) step(o);
    return o.get();
  };
  return { width, height, run };
}

describe('frame output', () => {
  for (const sideBySide of [true, false]) {
    it(`shows what Ink shows, row by row (${sideBySide ? 'side-by-side writes' : 'writes anywhere'}, 400 seeded frames)`, () => {
      for (let seed = 1; seed <= 400; seed++) {
        const { width, height, run } = randomFrame(seed * 7919 + (sideBySide ? 1 : 0), sideBySide);
        const ours = run(new Output({ width, height }));
        const ink = run(new InkOutput({ width, height }) as Target);
        expect(ours.height, `seed ${seed}`).toBe(ink.height);
        const a = ours.output.split('\n');
        const b = ink.output.split('\n');
        expect(a.length, `seed ${seed}`).toBe(b.length);
        for (let y = 0; y < a.length; y++)
          expect(screenOf(a[y]), `seed ${seed} row ${y}: ${JSON.stringify(a[y])} vs ${JSON.stringify(b[y])}`).toEqual(screenOf(b[y]));
      }
    });
  }

  it('joins side-by-side segments without rebuilding them, and leaves unclosed styles to the grid', () => {
    // Closed segments are copied as they are (the same bytes, blanks between).
    expect(composeRow([0, '\x1b[1mab\x1b[22m', 5, 'cd'], 20)).toBe('\x1b[1mab\x1b[22m   cd');
    // Written out of order but apart: still side by side.
    expect(composeRow([5, 'cd', 0, 'ab'], 20)).toBe('ab   cd');
    // Overlap: the later write wins cell by cell, as on Ink's grid.
    expect(screenOf(composeRow([0, 'abcdef', 2, 'XY'], 20))).toEqual(screenOf('abXYef'));
    // Open red at the end of the first segment must not colour the second.
    expect(screenOf(composeRow([0, '\x1b[31mab', 4, 'cd'], 20))).toEqual(screenOf('\x1b[31mab\x1b[39m  cd'));
    // A wide character takes two cells: the next segment may start right after them.
    expect(composeRow([0, '漢', 2, 'x'], 10)).toBe('漢x');
  });

  it('reads whether a line closes every style it opens', () => {
    const cases: [string, boolean | undefined][] = [
      ['plain', true],
      ['\x1b[1m\x1b[36m sitedeck \x1b[39m\x1b[22m', true],
      ['\x1b[1;31mboth\x1b[0m', true],
      ['\x1b[7minverse', false],
      ['\x1b[38;5;208morange\x1b[39m', true],
      ['\x1b[48;2;1;2;3mbg\x1b[49m', true],
      ['\x1b[1mbold\x1b[39m', false],
      ['\x1b[2mdim\x1b[22m\x1b[4m', false],
      ['\x1b[31mred\x1b[m', true],
      ['\x1b[21mdouble?\x1b[24m', undefined],
      ['\x1b[38;9mbad\x1b[39m', undefined],
    ];
    for (const [line, closed] of cases) expect(stylesClosed(line), JSON.stringify(line)).toBe(closed);
  });
});

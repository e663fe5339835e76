// Readable colours, checked: the WCAG 2.2 contrast ratio of every colour of every theme against the
// backgrounds it is drawn on, at 24-bit colour and at the xterm-256 palette value it degrades to.
// Text must reach 4.5:1, bold or large accents 3:1. Selection and badges draw a colour inverse (the
// colour as background, the terminal's background as text): the same pair, the same ratio.
// At 16 colours the terminal's own palette decides the values, so there is nothing to compute;
// and meaning never rests on colour alone (the last tests). test/ui/theme.test.ts holds, beside this,
// high-contrast at 7:1 on pure black and white and light's 16 colours clear of those that vanish on white.
import { describe, expect, it } from 'vitest';
import { RESULT_CLASS_VALUES } from '../../src/domain';
import { THEMES } from '../../src/config/types';
import { RESULT_GLYPHS, scoreLabel } from '../../src/state/selectors';
import { GLYPHS } from '../../src/ui/glyphs';
import { drawTheme, type Background, type ColorDepth, type Theme } from '../../src/ui/themes/palettes';

type Rgb = readonly [number, number, number];

/** Backgrounds a theme for a dark or light terminal is drawn on: pure, GitHub's, and the lightest/darkest common one. */
const BACKGROUNDS: Record<Background, Record<string, Rgb>> = {
  dark: { black: [0, 0, 0], 'GitHub dark #0d1117': [13, 17, 23], 'VS Code dark #1e1e1e': [30, 30, 30] },
  light: { white: [255, 255, 255], 'GitHub light #f6f8fa': [246, 248, 250], 'Solarized light #fdf6e3': [253, 246, 227] },
};

/** Each role's least demanding use: every role carries plain text somewhere (search, hints, stale, flashes, the budget). */
const ROLE_USE = { accent: 'text', muted: 'text', danger: 'text', ok: 'text', warn: 'text' } as const;
const MINIMUM = { text: 4.5, boldAccent: 3 } as const;

const CUBE = [0, 95, 135, 175, 215, 255];
/** xterm's 256-colour palette above the 16 ANSI colours: the 6×6×6 cube, then 24 greys. */
function xterm256(n: number): Rgb {
  if (n >= 232) return [8 + 10 * (n - 232), 8 + 10 * (n - 232), 8 + 10 * (n - 232)];
  if (n < 16) throw new Error(`index ${n} is one of the 16 ANSI colours: the terminal decides its value`);
  const i = n - 16;
  return [CUBE[Math.floor(i / 36)], CUBE[Math.floor(i / 6) % 6], CUBE[i % 6]];
}

/** A theme colour as Ink takes it ('#rrggbb', 'ansi256(n)') → its sRGB value. */
function rgbOf(colour: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)];
  const index = /^ansi256\((\d+)\)$/.exec(colour);
  if (index) return xterm256(Number(index[1]));
  throw new Error(`not a computed colour: ${colour}`);
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Every (theme, background, depth): the themes a terminal of each background gets. */
function drawn(): { theme: Theme; label: string }[] {
  const out: { theme: Theme; label: string }[] = [];
  for (const name of THEMES)
    for (const background of ['dark', 'light'] as const) {
      // dark is for dark terminals and light for light ones; high-contrast has a palette for each.
      if ((name === 'dark' && background === 'light') || (name === 'light' && background === 'dark')) continue;
      for (const depth of ['truecolor', '256'] as ColorDepth[])
        out.push({ theme: drawTheme({ name, background, depth }), label: `${name} on ${background} at ${depth}` });
    }
  return out;
}

describe('contrast of every theme', () => {
  it('knows the xterm-256 palette and the WCAG formula', () => {
    expect(xterm256(16)).toEqual([0, 0, 0]);
    expect(xterm256(231)).toEqual([255, 255, 255]);
    expect(xterm256(245)).toEqual([138, 138, 138]);
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });

  for (const { theme, label } of drawn()) {
    it(`${label}: text ≥ ${MINIMUM.text}:1, bold accents ≥ ${MINIMUM.boldAccent}:1 on every background`, () => {
      const failures: string[] = [];
      for (const role of Object.keys(ROLE_USE) as (keyof typeof ROLE_USE)[]) {
        const colour = theme[role];
        // undefined: the terminal's own foreground (high-contrast greys nothing out).
        if (colour === undefined) continue;
        for (const [bgName, bg] of Object.entries(BACKGROUNDS[theme.background])) {
          const ratio = contrast(rgbOf(colour), bg);
          if (ratio < MINIMUM[ROLE_USE[role]]) failures.push(`${role} ${colour} on ${bgName}: ${ratio.toFixed(2)}:1`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('the result and flash colours are the role colours checked above', () => {
    for (const { theme } of drawn()) {
      expect(theme.result).toEqual({ good: theme.ok, decent: theme.warn, bad: theme.danger });
      expect(theme.flash).toEqual({ success: theme.ok, error: theme.danger, info: theme.accent });
    }
  });
});

describe('meaning never by colour alone', () => {
  it('a score says its class in a word and a glyph of its own; bars use one glyph per class', () => {
    for (const c of RESULT_CLASS_VALUES)
      expect(scoreLabel(c === 'good' ? 90 : c === 'decent' ? 60 : 20)).toMatch(new RegExp(`^${RESULT_GLYPHS[c]} \\d+ ${c}$`));
    expect(new Set(Object.values(RESULT_GLYPHS)).size).toBe(RESULT_CLASS_VALUES.length);
    expect(new Set(Object.values(GLYPHS.classBar)).size).toBe(RESULT_CLASS_VALUES.length);
    expect(GLYPHS.failed).not.toBe(GLYPHS.passed);
  });

  it('without colour (NO_COLOR) every colour is off, and the states keep their glyphs and words', () => {
    for (const name of THEMES) {
      const t = drawTheme({ name, background: 'dark', depth: 'none' });
      expect(t.color).toBe(false);
      expect([t.accent, t.muted, t.danger, t.ok, t.warn, ...Object.values(t.result), ...Object.values(t.flash)].every((c) => c === undefined)).toBe(true);
    }
  });
});

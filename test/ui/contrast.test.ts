// Readable colours, checked from the palettes as data (no terminal needed): the WCAG 2.2 contrast
// ratio of every role of every theme, at 24-bit, 256 and 16 colours, on every background the theme
// can meet. At 24-bit and 256 colours the theme's own values on the common near-black and near-white
// backgrounds (docs/accessibility.md); at 16 colours the terminal's palette decides the values, so
// each listed default palette (xterm's, GNOME Terminal's Tango) on its own default backgrounds.
// Every role carries plain text somewhere (search, hints, stale, flashes, the budget): 4.5:1 for
// each, 7:1 for the high-contrast themes. Selection and badges draw a colour inverse (the colour as
// background, the terminal's background as text): the same pair, the same ratio.
import { describe, expect, it } from 'vitest';
import { RESULT_CLASS_VALUES } from '../../src/domain';
import { THEMES, type ThemeName } from '../../src/config/types';
import { RESULT_GLYPHS, scoreLabel } from '../../src/state/selectors';
import { GLYPHS } from '../../src/ui/words/glyphs';
import { drawTheme, type Theme } from '../../src/ui/themes/palettes';
import { type ColorDepth } from '../../src/terminal/env';
import { ansiIndex, COMMON_BACKGROUNDS, contrast, rgbOfHex, TERMINAL_PALETTES, xterm256, type Rgb } from '../../src/ui/themes/terminalPalettes';

const ROLES = ['accent', 'muted', 'danger', 'ok', 'warn'] as const;
const DEPTHS = ['truecolor', '256', '16'] as const satisfies readonly ColorDepth[];
const MINIMUM: Record<ThemeName, number> = { dark: 4.5, light: 4.5, 'high-contrast-dark': 7, 'high-contrast-light': 7 };

/** A pair the terminal draws: the colour as the palette gives it, on one of its backgrounds. */
interface Pair {
  fg: Rgb;
  bg: Rgb;
  where: string;
}

/** Where a theme colour (as Ink takes it) can be drawn, as the sRGB pairs a terminal shows. */
function pairsOf(colour: string, theme: Theme): Pair[] {
  const index = /^ansi256\((\d+)\)$/.exec(colour);
  const own = (fg: Rgb) => Object.entries(COMMON_BACKGROUNDS[theme.background]).map(([name, bg]) => ({ fg, bg: rgbOfHex(bg), where: `${name} ${bg}` }));
  if (colour.startsWith('#')) return own(rgbOfHex(colour));
  if (index) return own(xterm256(Number(index[1])));
  const i = ansiIndex(colour);
  if (i < 0) throw new Error(`not a colour the palettes know: ${colour}`);
  return TERMINAL_PALETTES.flatMap((p) =>
    p.backgrounds[theme.background].map((bg) => ({ fg: rgbOfHex(p.ansi[i]), bg: rgbOfHex(bg), where: `${p.name} ${p.ansi[i]} on ${bg}` })),
  );
}

describe('contrast of every theme × colour depth × background', () => {
  it('knows the palettes and the WCAG formula', () => {
    expect(xterm256(16)).toEqual([0, 0, 0]);
    expect(xterm256(231)).toEqual([255, 255, 255]);
    expect(xterm256(245)).toEqual([138, 138, 138]);
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2);
    // The figures: xterm's green on white, xterm's red on black.
    expect(contrast(rgbOfHex('#00cd00'), rgbOfHex('#ffffff'))).toBeCloseTo(2.16, 2);
    expect(contrast(rgbOfHex('#cd0000'), rgbOfHex('#000000'))).toBeCloseTo(3.6, 2);
    for (const p of TERMINAL_PALETTES) {
      expect(p.ansi, p.name).toHaveLength(16);
      expect(p.source).not.toBe('');
    }
    // Each kind of background is met by at least one palette at 16 colours.
    for (const b of ['dark', 'light'] as const) expect(TERMINAL_PALETTES.some((p) => p.backgrounds[b].length > 0)).toBe(true);
  });

  for (const name of THEMES)
    for (const depth of DEPTHS) {
      it(`${name} at ${depth}: every role ≥ ${MINIMUM[name]}:1 on every background it can meet`, () => {
        const theme = drawTheme({ name, depth });
        const failures: string[] = [];
        let checked = 0;
        for (const role of ROLES) {
          const colour = theme[role];
          // undefined: the terminal's own foreground, readable on its own background by definition.
          if (colour === undefined) continue;
          for (const { fg, bg, where } of pairsOf(colour, theme)) {
            checked++;
            const ratio = contrast(fg, bg);
            if (ratio < MINIMUM[name]) failures.push(`${role} ${colour} on ${where}: ${ratio.toFixed(2)}:1`);
          }
        }
        expect(failures).toEqual([]);
        // At 24-bit and 256 colours every role that is coloured was checked; a theme that drew nothing would pass idly.
        if (depth !== '16') expect(checked).toBeGreaterThan(0);
      });
    }

  it('at 16 colours, a role whose ANSI colour fails on a default palette keeps the terminal foreground', () => {
    // dark: errors in bright red (xterm's red is 3.6:1 on black); light: "good" not in green (2.16:1 on white).
    expect(drawTheme({ name: 'dark', depth: '16' }).danger).toBe('redBright');
    expect(drawTheme({ name: 'light', depth: '16' }).ok).toBeUndefined();
    expect(drawTheme({ name: 'high-contrast-light', depth: '16' }).result.good).toBeUndefined();
    // What stays coloured is what reads: blue, red and magenta on white and on Tango's #eeeeec.
    const light = drawTheme({ name: 'light', depth: '16' });
    expect([light.accent, light.danger, light.warn]).toEqual(['blue', 'red', 'magenta']);
  });

  it('the result and flash colours are the role colours checked above', () => {
    for (const name of THEMES)
      for (const depth of DEPTHS) {
        const theme = drawTheme({ name, depth });
        expect(theme.result).toEqual({ good: theme.ok, decent: theme.warn, bad: theme.danger });
        expect(theme.flash).toEqual({ success: theme.ok, error: theme.danger, info: theme.accent });
      }
  });

  it('the high-contrast themes grey nothing out: secondary text keeps the terminal foreground', () => {
    for (const name of ['high-contrast-dark', 'high-contrast-light'] as const) expect(drawTheme({ name, depth: 'truecolor' }).muted).toBeUndefined();
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
      const t = drawTheme({ name, depth: 'none' });
      expect(t.color).toBe(false);
      expect([t.accent, t.muted, t.danger, t.ok, t.warn, ...Object.values(t.result), ...Object.values(t.flash)].every((c) => c === undefined)).toBe(true);
    }
  });
});

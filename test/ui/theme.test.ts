// Themes: which one the deck draws (setting, the terminal's OSC 11 answer or COLORFGBG), at which
// colour depth, and whether its colours read on the background they are meant for (WCAG contrast).
import { describe, expect, it } from 'vitest';
import { THEMES, type ThemeName } from '../../src/config/types';
import { backgroundOfColorFgBg, backgroundOfRgb, chooseTheme, parseOsc11 } from '../../src/ui/themes/background';
import { colorDepth, drawTheme, type Background, type ColorDepth, type Theme } from '../../src/ui/themes/palettes';
import { makeTheme } from '../../src/ui/theme';

describe('the terminal background', () => {
  it('reads OSC 11 answers: 1 to 4 hex digits a channel, BEL or ST at the end, in the middle of other input', () => {
    expect(parseOsc11('\x1b]11;rgb:ffff/ffff/ffff\x1b\\')).toEqual([1, 1, 1]);
    expect(parseOsc11('\x1b]11;rgb:0000/2b2b/3636\x07')).toEqual([0, 0x2b2b / 0xffff, 0x3636 / 0xffff]);
    expect(parseOsc11('j\x1b]11;rgb:fd/f6/e3\x07k')).toEqual([0xfd / 255, 0xf6 / 255, 0xe3 / 255]);
    expect(parseOsc11('\x1b]11;rgba:f/f/f/f\x1b\\')).toEqual([1, 1, 1]);
    expect(parseOsc11('\x1b[?1;2c')).toBeNull(); // a terminal that only answered DA1
    expect(parseOsc11('\x1b]11;rgb:ffff/ffff/ffff')).toBeNull(); // not finished yet
  });

  it('calls a background light or dark by its luminance', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
    for (const [hex, want] of [
      ['#ffffff', 'light'],
      ['#fdf6e3', 'light'], // Solarized light
      ['#eeeeee', 'light'],
      ['#000000', 'dark'],
      ['#002b36', 'dark'], // Solarized dark
      ['#282c34', 'dark'],
      ['#808080', 'light'],
      ['#5f5f5f', 'dark'],
    ] as const) {
      expect(backgroundOfRgb(rgb(hex)), hex).toBe(want);
    }
  });

  it('reads COLORFGBG: the last field is the background colour number', () => {
    expect(backgroundOfColorFgBg('15;0')).toBe('dark');
    expect(backgroundOfColorFgBg('0;15')).toBe('light');
    expect(backgroundOfColorFgBg('0;default;15')).toBe('light');
    expect(backgroundOfColorFgBg('12;8')).toBe('dark');
    expect(backgroundOfColorFgBg('0;7')).toBe('light');
    expect(backgroundOfColorFgBg('15;default')).toBeNull();
    expect(backgroundOfColorFgBg('')).toBeNull();
    expect(backgroundOfColorFgBg(undefined)).toBeNull();
    expect(backgroundOfColorFgBg('0;231')).toBeNull();
  });

  it('chooses: a set theme wins; auto follows the background, dark when unknown; high-contrast follows it too', () => {
    expect(chooseTheme('auto', 'light', '256')).toEqual({ name: 'light', background: 'light', depth: '256' });
    expect(chooseTheme('auto', 'dark', '256').name).toBe('dark');
    expect(chooseTheme('auto', null, '16')).toEqual({ name: 'dark', background: 'dark', depth: '16' });
    expect(chooseTheme('dark', 'light', '16').name).toBe('dark');
    expect(chooseTheme('light', null, '16')).toEqual({ name: 'light', background: 'light', depth: '16' });
    expect(chooseTheme('high-contrast', 'light', 'truecolor')).toEqual({ name: 'high-contrast', background: 'light', depth: 'truecolor' });
    expect(chooseTheme('high-contrast', null, 'truecolor').background).toBe('dark');
  });
});

describe('colour depth', () => {
  it('follows NO_COLOR, FORCE_COLOR, COLORTERM and TERM', () => {
    const cases: [Record<string, string>, ColorDepth][] = [
      [{}, '16'],
      [{ TERM: 'xterm' }, '16'],
      [{ TERM: 'xterm-256color' }, '256'],
      [{ TERM: 'tmux-256color' }, '256'],
      [{ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, 'truecolor'],
      [{ COLORTERM: '24bit' }, 'truecolor'],
      [{ TERM: 'dumb' }, 'none'],
      [{ NO_COLOR: '1', COLORTERM: 'truecolor' }, 'none'],
      [{ NO_COLOR: '', TERM: 'xterm-256color' }, '256'], // NO_COLOR counts only when not empty
      [{ FORCE_COLOR: '0', TERM: 'xterm-256color' }, 'none'],
      [{ FORCE_COLOR: '2', COLORTERM: 'truecolor' }, '256'],
      [{ FORCE_COLOR: '3', TERM: 'dumb' }, 'truecolor'],
      [{ FORCE_COLOR: '1', TERM: 'xterm-256color' }, '256'],
      [{ FORCE_COLOR: '1', NO_COLOR: '1' }, 'none'], // --no-color sets both: bold and inverse stay, colour goes
    ];
    for (const [env, want] of cases) expect(colorDepth(env), JSON.stringify(env)).toBe(want);
  });

  it('writes each colour the way the depth can show it', () => {
    const at = (depth: ColorDepth) => drawTheme({ name: 'light', background: 'light', depth });
    expect(at('truecolor').accent).toMatch(/^#[0-9a-f]{6}$/);
    expect(at('256').accent).toMatch(/^ansi256\(\d+\)$/);
    expect(at('16').accent).toMatch(/^[a-zA-Z]+$/);
    const none = at('none');
    expect(none.color).toBe(false);
    expect([none.accent, none.muted, none.danger, none.ok, none.warn, ...Object.values(none.result), ...Object.values(none.flash)]).toEqual(
      Array(11).fill(undefined),
    );
  });

  it('keeps the original dark look at 16 colours and from an empty environment', () => {
    const t = makeTheme({});
    expect([t.name, t.depth, t.accent, t.muted, t.result.good, t.result.decent, t.result.bad]).toEqual([
      'dark',
      '16',
      'cyan',
      'gray',
      'green',
      'yellow',
      'red',
    ]);
    expect(makeTheme({ COLORFGBG: '0;15' }).name).toBe('light');
  });
});

// sRGB of the 16 ANSI colours as xterm draws them, and of the 256-colour cube and grey ramp.
const XTERM16: Record<string, string> = {
  black: '#000000',
  red: '#cd0000',
  green: '#00cd00',
  yellow: '#cdcd00',
  blue: '#0000ee',
  magenta: '#cd00cd',
  cyan: '#00cdcd',
  white: '#e5e5e5',
  gray: '#7f7f7f',
  blackBright: '#7f7f7f',
  redBright: '#ff0000',
  greenBright: '#00ff00',
  yellowBright: '#ffff00',
  blueBright: '#5c5cff',
  magentaBright: '#ff00ff',
  cyanBright: '#00ffff',
  whiteBright: '#ffffff',
};
function rgbOf(colour: string): [number, number, number] {
  const ansi = /^ansi256\((\d+)\)$/.exec(colour);
  if (ansi) {
    const n = Number(ansi[1]);
    if (n >= 232) return Array(3).fill((8 + 10 * (n - 232)) / 255) as [number, number, number];
    if (n < 16) throw new Error('the palettes use the cube and the ramp only');
    const level = (v: number) => (v === 0 ? 0 : 55 + 40 * v) / 255;
    return [level(Math.floor((n - 16) / 36)), level(Math.floor((n - 16) / 6) % 6), level((n - 16) % 6)];
  }
  const hex = colour.startsWith('#') ? colour : XTERM16[colour];
  if (!hex) throw new Error(`unknown colour ${colour}`);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}
function contrast(a: string, b: string): number {
  const lum = (c: string) =>
    rgbOf(c)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
/** The colours a theme sets (undefined: the terminal's own foreground, readable by definition). */
const colours = (t: Theme): Record<string, string> =>
  Object.fromEntries(
    Object.entries({ accent: t.accent, muted: t.muted, danger: t.danger, ok: t.ok, warn: t.warn }).filter((e): e is [string, string] => e[1] !== undefined),
  );

describe('readable on the background it is for', () => {
  const cases: [ThemeName, Background, string, number][] = [
    ['light', 'light', '#ffffff', 4.5],
    ['dark', 'dark', '#000000', 4.5],
    ['high-contrast', 'dark', '#000000', 7],
    ['high-contrast', 'light', '#ffffff', 7],
  ];
  for (const [name, background, bg, min] of cases) {
    it(`${name} on ${bg}: every colour at least ${min}:1 in truecolor and 256 colours`, () => {
      for (const depth of ['truecolor', '256'] as const) {
        for (const [role, c] of Object.entries(colours(drawTheme({ name, background, depth })))) {
          expect(contrast(c, bg), `${name} ${depth} ${role} ${c}`).toBeGreaterThanOrEqual(min);
        }
      }
    });
  }

  it('light at 16 colours uses none of the ANSI colours that vanish on white (yellow, cyan, white)', () => {
    // The terminal's palette decides those; xterm's default green is 2.2:1 on white (README says so).
    const used = Object.values(colours(drawTheme({ name: 'light', background: 'light', depth: '16' })));
    expect(used.filter((c) => /^(yellow|cyan|white)/.test(c))).toEqual([]);
    expect(used.filter((c) => contrast(c, '#ffffff') < 3)).toEqual(['green']);
  });

  it('high-contrast greys nothing out: secondary text keeps the terminal foreground', () => {
    for (const background of ['dark', 'light'] as const) expect(drawTheme({ name: 'high-contrast', background, depth: 'truecolor' }).muted).toBeUndefined();
  });

  it('draws every theme on both backgrounds', () => {
    for (const name of THEMES) for (const background of ['dark', 'light'] as const) expect(drawTheme({ name, background, depth: '16' }).name).toBe(name);
  });
});

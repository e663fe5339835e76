// Themes: which one the deck draws (setting, the terminal's OSC 11 answer or COLORFGBG) and at which
// colour depth. Whether its colours read on the backgrounds they are meant for: contrast.test.ts.
import { describe, expect, it } from 'vitest';
import { backgroundOfRgb, chooseTheme, parseOsc11 } from '../../src/ui/themes/background';
import { backgroundOfColorFgBg } from '../../src/terminal/env';
import { drawTheme } from '../../src/ui/themes/palettes';
import { colorDepth, type ColorDepth } from '../../src/terminal/env';
import { makeTheme } from '../../src/ui/themes/theme';

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

  it('chooses: a set theme wins; auto is dark or light by the background, high-contrast high-contrast-dark or -light', () => {
    expect(chooseTheme('auto', 'light', '256')).toEqual({ name: 'light', depth: '256' });
    expect(chooseTheme('auto', 'dark', '256').name).toBe('dark');
    expect(chooseTheme('dark', 'light', '16').name).toBe('dark');
    expect(chooseTheme('light', null, '16')).toEqual({ name: 'light', depth: '16' });
    // A light background known: high-contrast has a theme of its own for it (it drew the dark one's yellow, 1.07:1 on white).
    expect(chooseTheme('high-contrast', 'light', 'truecolor')).toEqual({ name: 'high-contrast-light', depth: 'truecolor' });
    expect(chooseTheme('high-contrast', 'dark', 'truecolor').name).toBe('high-contrast-dark');
    // Named, the background is not asked at all.
    expect(chooseTheme('high-contrast-light', null, '16').name).toBe('high-contrast-light');
    expect(chooseTheme('high-contrast-dark', 'light', '16').name).toBe('high-contrast-dark');
  });

  it('when the background is unknown, auto and high-contrast draw their dark theme (doctor says so and how to name it)', () => {
    expect(chooseTheme('auto', null, '16')).toEqual({ name: 'dark', depth: '16' });
    expect(chooseTheme('high-contrast', null, 'truecolor')).toEqual({ name: 'high-contrast-dark', depth: 'truecolor' });
    expect(makeTheme({ COLORFGBG: '0;15' }, 'high-contrast').name).toBe('high-contrast-light');
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
    const at = (depth: ColorDepth) => drawTheme({ name: 'light', depth });
    expect(at('truecolor').accent).toMatch(/^#[0-9a-f]{6}$/);
    expect(at('256').accent).toMatch(/^ansi256\(\d+\)$/);
    expect(at('16').accent).toMatch(/^[a-zA-Z]+$/);
    const none = at('none');
    expect(none.color).toBe(false);
    expect([none.accent, none.muted, none.danger, none.ok, none.warn, ...Object.values(none.result), ...Object.values(none.flash)]).toEqual(
      Array(11).fill(undefined),
    );
  });

  it('keeps the original dark look at 16 colours and from an empty environment, errors in bright red', () => {
    const t = makeTheme({});
    expect([t.name, t.depth, t.accent, t.muted, t.result.good, t.result.decent, t.result.bad]).toEqual([
      'dark',
      '16',
      'cyan',
      'gray',
      'green',
      'yellow',
      // xterm's red is 3.6:1 on black.
      'redBright',
    ]);
    expect(makeTheme({ COLORFGBG: '0;15' }).name).toBe('light');
  });
});

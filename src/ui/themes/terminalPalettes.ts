// What a terminal draws for a colour the deck names, as data: the 16 ANSI colours of two default
// palettes (their values decide contrast at 16 colours, not ours), xterm's 256-colour cube and grey
// ramp, and the backgrounds a theme is drawn on. The palettes choose their 16-colour swatches from
// this (./palettes.ts) and test/ui/contrast.test.ts checks every theme against it.

import type { Background } from '../../terminal/env';

export type { Background };
export type Rgb = readonly [number, number, number];

/** The 16 ANSI colours by the names Ink takes, in their order 0–15. */
export const ANSI_NAMES = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'blackBright',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
] as const;
/** Ink's other name of colour 8, bright black. */
export type AnsiName = (typeof ANSI_NAMES)[number] | 'gray';

/** A colour's number 0–15 (-1 for a name that is none of them). */
export const ansiIndex = (name: string): number => ANSI_NAMES.indexOf((name === 'gray' ? 'blackBright' : name) as (typeof ANSI_NAMES)[number]);

export interface TerminalPalette {
  name: string;
  /** Where the values come from. */
  source: string;
  /** Colours 0–15, in ANSI_NAMES' order. */
  ansi: readonly string[];
  /** The default backgrounds it is drawn on, for the themes of each kind of background. */
  backgrounds: Readonly<Record<Background, readonly string[]>>;
}

/**
 * The default 16-colour palettes a theme meets at 16 colours. xterm's is what most terminals copy;
 * GNOME Terminal's Tango is the common one on light backgrounds (its "Tango light" and "Black on
 * white" schemes). A dark terminal is met with xterm's palette on black (xterm -rv, the usual dark
 * set-up); a light one with xterm's on white (xterm's own default) and Tango's on both of its.
 */
export const TERMINAL_PALETTES: readonly TerminalPalette[] = [
  {
    name: 'xterm',
    // XTerm-col.ad / charproc.c: color0–15 = black red3 green3 yellow3 blue2 magenta3 cyan3 gray90
    // gray50 red green yellow rgb:5c/5c/ff magenta cyan white (X11 rgb.txt values).
    source: "xterm's default colours (XTerm-col.ad, charproc.c)",
    ansi: [
      '#000000',
      '#cd0000',
      '#00cd00',
      '#cdcd00',
      '#0000ee',
      '#cd00cd',
      '#00cdcd',
      '#e5e5e5',
      '#7f7f7f',
      '#ff0000',
      '#00ff00',
      '#ffff00',
      '#5c5cff',
      '#ff00ff',
      '#00ffff',
      '#ffffff',
    ],
    backgrounds: { dark: ['#000000'], light: ['#ffffff'] },
  },
  {
    name: 'Tango (GNOME Terminal)',
    source: "GNOME Terminal's Tango palette; its Tango light scheme draws #2e3436 on #eeeeec",
    ansi: [
      '#2e3436',
      '#cc0000',
      '#4e9a06',
      '#c4a000',
      '#3465a4',
      '#75507b',
      '#06989a',
      '#d3d7cf',
      '#555753',
      '#ef2929',
      '#8ae234',
      '#fce94f',
      '#729fcf',
      '#ad7fa8',
      '#34e2e2',
      '#eeeeec',
    ],
    backgrounds: { dark: [], light: ['#eeeeec', '#ffffff'] },
  },
];

/**
 * The backgrounds a theme meets at 24-bit and 256 colours, where its own values are drawn: pure
 * black and white, and the near-black and near-white ones docs/accessibility.md names.
 */
export const COMMON_BACKGROUNDS: Readonly<Record<Background, Readonly<Record<string, string>>>> = {
  dark: { black: '#000000', 'GitHub dark': '#0d1117', 'VS Code dark': '#1e1e1e' },
  light: { white: '#ffffff', 'GitHub light': '#f6f8fa', 'Solarized light': '#fdf6e3' },
};

const CUBE = [0, 95, 135, 175, 215, 255];
/** xterm's 256 colours above the 16 (256colres.pl): the 6×6×6 cube, then 24 greys. */
export function xterm256(n: number): Rgb {
  if (n >= 232) return [8 + 10 * (n - 232), 8 + 10 * (n - 232), 8 + 10 * (n - 232)];
  if (n < 16) throw new Error(`colour ${n} is one of the 16 ANSI colours: the terminal's palette decides its value`);
  const i = n - 16;
  return [CUBE[Math.floor(i / 36)], CUBE[Math.floor(i / 6) % 6], CUBE[i % 6]];
}

export function rgbOfHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** WCAG 2.2 relative luminance. */
const luminance = ([r, g, b]: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The WCAG 2.2 contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The least contrast an ANSI colour has on the default backgrounds of `background` in every listed palette. */
export function worstAnsiContrast(name: AnsiName, background: Background): number {
  const i = ansiIndex(name);
  let worst = Infinity;
  for (const p of TERMINAL_PALETTES) for (const bg of p.backgrounds[background]) worst = Math.min(worst, contrast(rgbOfHex(p.ansi[i]), rgbOfHex(bg)));
  return worst;
}

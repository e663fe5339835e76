// The deck's colours, by theme and colour depth. Pure data and choices, no React: the entry reads
// it to pick a theme while the view loads. Components read the Theme object only (src/ui/theme.ts).
import type { ResultClass } from '../../domain';
import type { FlashKind } from '../../state/types';
import type { ThemeName } from '../../config/types';

/** How many colours the terminal shows: 24-bit, the 256-colour cube, the 16 ANSI colours, or none. */
export type ColorDepth = 'truecolor' | '256' | '16' | 'none';
export type Background = 'dark' | 'light';

export interface Theme {
  /** The theme drawn (dark, light, high-contrast), on which background. */
  name: ThemeName;
  background: Background;
  depth: ColorDepth;
  /** false at depth none: every state must then show by weight, inverse or a glyph. */
  color: boolean;
  accent?: string;
  muted?: string;
  danger?: string;
  ok?: string;
  warn?: string;
  result: Record<ResultClass, string | undefined>;
  flash: Record<FlashKind, string | undefined>;
}

type Role = 'accent' | 'muted' | 'danger' | 'ok' | 'warn';
/** One colour at each depth: 24-bit hex, a 256-colour index, an ANSI colour name (it follows the terminal's palette). */
type Swatch = readonly [hex: string, index: number, ansi: string];
/** null: the terminal's own foreground (high-contrast greys nothing out). */
type Palette = Record<Role, Swatch | null>;

// dark at 16 colours is the deck's original look. light keeps clear of yellow, cyan and pale
// greys, which vanish on white. high-contrast greys nothing out (secondary text keeps the
// terminal's own foreground) and has the strongest hues for the background the terminal has.
const DARK: Palette = {
  accent: ['#56b6c2', 37, 'cyan'],
  muted: ['#8b949e', 245, 'gray'],
  danger: ['#f85149', 203, 'red'],
  ok: ['#3fb950', 78, 'green'],
  warn: ['#d29922', 221, 'yellow'],
};
const LIGHT: Palette = {
  accent: ['#0969da', 25, 'blue'],
  muted: ['#57606a', 242, 'blackBright'],
  danger: ['#cf222e', 124, 'red'],
  // At 256 colours the nearest cube colours of these (28, 130) fall under 4.5:1 on off-white
  // backgrounds (Solarized light): one step darker keeps them readable (test/ui/contrast.test.ts).
  ok: ['#1a7f37', 22, 'green'],
  warn: ['#9a6700', 94, 'magenta'],
};
const HIGH_CONTRAST: Record<Background, Palette> = {
  dark: {
    accent: ['#00ffff', 51, 'cyanBright'],
    muted: null,
    danger: ['#ff5f5f', 203, 'redBright'],
    ok: ['#00ff00', 46, 'greenBright'],
    warn: ['#ffff00', 226, 'yellowBright'],
  },
  light: {
    accent: ['#0000af', 19, 'blue'],
    muted: null,
    danger: ['#af0000', 124, 'red'],
    ok: ['#005f00', 22, 'green'],
    warn: ['#5f00af', 55, 'magenta'],
  },
};

const palette = (name: ThemeName, background: Background): Palette => (name === 'dark' ? DARK : name === 'light' ? LIGHT : HIGH_CONTRAST[background]);

function paint(s: Swatch | null, depth: ColorDepth): string | undefined {
  if (!s) return undefined;
  if (depth === 'truecolor') return s[0];
  if (depth === '256') return `ansi256(${s[1]})`;
  if (depth === '16') return s[2];
  return undefined;
}

export interface ThemeChoice {
  name: ThemeName;
  background: Background;
  depth: ColorDepth;
}

export function drawTheme({ name, background, depth }: ThemeChoice): Theme {
  const p = palette(name, background);
  const c = (r: Role) => paint(p[r], depth);
  const [accent, muted, danger, ok, warn] = [c('accent'), c('muted'), c('danger'), c('ok'), c('warn')];
  return {
    name,
    background,
    depth,
    color: depth !== 'none',
    accent,
    muted,
    danger,
    ok,
    warn,
    result: { good: ok, decent: warn, bad: danger },
    flash: { success: ok, error: danger, info: accent },
  };
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The colour depth from the environment, as terminals and CI announce it: NO_COLOR (which
 * --no-color sets) → none; FORCE_COLOR 0 → none, 2 → 256, 3 → truecolor; COLORTERM=truecolor|24bit;
 * TERM *-256color; TERM=dumb → none; else the 16 ANSI colours.
 */
export function colorDepth(env: Env): ColorDepth {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 'none';
  const force = env.FORCE_COLOR;
  if (force === '0' || force === 'false') return 'none';
  if (force === '2') return '256';
  if (force === '3') return 'truecolor';
  if (env.TERM === 'dumb' && force === undefined) return 'none';
  if (/^(truecolor|24bit)$/i.test(env.COLORTERM ?? '')) return 'truecolor';
  if (/-256(colou?r)?$/i.test(env.TERM ?? '')) return '256';
  return '16';
}

// The deck's colours, by theme and colour depth. Pure data and choices, no React: the entry reads
// it to pick a theme while the view loads. Components read the Theme object only (src/ui/themes/theme.ts).
import type { ResultClass } from '../../domain';
import type { FlashKind } from '../../state/types';
import type { ThemeName } from '../../config/types';
import { worstAnsiContrast, type AnsiName, type Background } from './terminalPalettes';

export type { Background } from './terminalPalettes';

import type { ColorDepth } from '../../terminal/env';

export interface Theme {
  /** The theme drawn, and the background it is for. */
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
/**
 * One colour at each depth: 24-bit hex, a 256-colour index, an ANSI colour name (the terminal's
 * palette decides its value: it is drawn only when it reads on the default palettes, else the
 * terminal's own foreground is).
 */
type Swatch = readonly [hex: string, index: number, ansi: AnsiName];
/** null: the terminal's own foreground (high-contrast greys nothing out). */
type Palette = Record<Role, Swatch | null>;

// dark keeps the deck's original look (errors in bright red at 16 colours: xterm's red is 3.6:1 on
// black). light keeps clear of yellow, cyan and pale greys, which vanish on white. The high-contrast
// themes grey nothing out (secondary text keeps the terminal's own foreground) and reach 7:1 on the
// near-black and near-white backgrounds (terminalPalettes.ts's COMMON_BACKGROUNDS).
const DARK: Palette = {
  accent: ['#56b6c2', 37, 'cyan'],
  muted: ['#8b949e', 245, 'gray'],
  danger: ['#f85149', 203, 'redBright'],
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
const HIGH_CONTRAST_DARK: Palette = {
  accent: ['#00ffff', 51, 'cyanBright'],
  muted: null,
  // #ff5f5f (203) was 5.6:1 on #1e1e1e.
  danger: ['#ff8787', 210, 'redBright'],
  ok: ['#00ff00', 46, 'greenBright'],
  warn: ['#ffff00', 226, 'yellowBright'],
};
const HIGH_CONTRAST_LIGHT: Palette = {
  accent: ['#0000af', 19, 'blue'],
  muted: null,
  // #af0000 (124) was 6.9:1 on #fdf6e3.
  danger: ['#870000', 88, 'red'],
  ok: ['#005f00', 22, 'green'],
  warn: ['#5f00af', 55, 'magenta'],
};

interface ThemeDef {
  palette: Palette;
  background: Background;
  /** The contrast every colour keeps on the backgrounds the theme is for (WCAG 2.2: text 4.5:1, enhanced 7:1). */
  minimum: number;
}
const THEME_DEFS: Readonly<Record<ThemeName, ThemeDef>> = {
  dark: { palette: DARK, background: 'dark', minimum: 4.5 },
  light: { palette: LIGHT, background: 'light', minimum: 4.5 },
  'high-contrast-dark': { palette: HIGH_CONTRAST_DARK, background: 'dark', minimum: 7 },
  'high-contrast-light': { palette: HIGH_CONTRAST_LIGHT, background: 'light', minimum: 7 },
};

/**
 * At 16 colours an ANSI colour is drawn only when it keeps the theme's contrast on the default
 * backgrounds of every listed palette (xterm's green is 2.2:1 on white, its red 3.6:1 on black);
 * otherwise the terminal's own foreground is, which reads on its own background by definition.
 */
function ansiOf(s: Swatch, def: ThemeDef): string | undefined {
  return worstAnsiContrast(s[2], def.background) >= def.minimum ? s[2] : undefined;
}

function paint(s: Swatch | null, depth: ColorDepth, def: ThemeDef): string | undefined {
  if (!s) return undefined;
  if (depth === 'truecolor') return s[0];
  if (depth === '256') return `ansi256(${s[1]})`;
  if (depth === '16') return ansiOf(s, def);
  return undefined;
}

export interface ThemeChoice {
  name: ThemeName;
  depth: ColorDepth;
}

export function drawTheme({ name, depth }: ThemeChoice): Theme {
  const def = THEME_DEFS[name];
  const c = (r: Role) => paint(def.palette[r], depth, def);
  const [accent, muted, danger, ok, warn] = [c('accent'), c('muted'), c('danger'), c('ok'), c('warn')];
  return {
    name,
    background: def.background,
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

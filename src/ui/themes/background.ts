// Which background the terminal has, from what it says: its answer to OSC 11 ("what is your
// background colour?") or the COLORFGBG variable some terminals set. Pure parsing and choosing.
import type { ThemeName, ThemeSetting } from '../../config/types';
import type { Background, ThemeChoice } from './palettes';
import type { ColorDepth } from '../../terminal/env';

/** The OSC 11 answer: ESC ] 11 ; rgb:RRRR/GGGG/BBBB, ended by BEL or ST; 1 to 4 hex digits a channel. */
const OSC11_REPLY = /\x1b\]11;rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?(?:\x07|\x1b\\)/i;

/** The background's channels (0–1) in an OSC 11 answer found in `text`, or null. */
export function parseOsc11(text: string): [number, number, number] | null {
  const m = OSC11_REPLY.exec(text);
  if (!m) return null;
  return [m[1], m[2], m[3]].map((h) => parseInt(h, 16) / (16 ** h.length - 1)) as [number, number, number];
}

/** Light when its relative luminance (sRGB, WCAG) is above the middle grey's. */
export function backgroundOfRgb([r, g, b]: readonly [number, number, number]): Background {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const y = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return y > 0.18 ? 'light' : 'dark';
}

/**
 * The theme drawn: the one set (config, SITEDECK_THEME, --theme); for `auto` dark or light, for
 * `high-contrast` high-contrast-dark or -light, as the background found says; the dark one when
 * the terminal said nothing (`sitedeck doctor` says so, and how to name the theme instead).
 */
export function chooseTheme(setting: ThemeSetting, background: Background | null, depth: ColorDepth): ThemeChoice {
  const light = background === 'light';
  const name: ThemeName =
    setting === 'auto' ? (light ? 'light' : 'dark') : setting === 'high-contrast' ? (light ? 'high-contrast-light' : 'high-contrast-dark') : setting;
  return { name, depth };
}

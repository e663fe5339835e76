import { createContext, useContext } from 'react';
import type { ThemeSetting } from '../../config/types';
import { chooseTheme } from './background';
import { backgroundOfColorFgBg } from '../../terminal/env';
import { drawTheme, type Background, type Theme } from './palettes';
import { colorDepth } from '../../terminal/env';

// Components read their colours from the one Theme object given here (palettes in ./themes).
// Without colour every colour is undefined; weight, inverse, glyphs and words still say it all.

export type { Background, Theme } from './palettes';

/** The theme the environment asks for (depth from NO_COLOR/FORCE_COLOR/COLORTERM/TERM, background from COLORFGBG). */
export function makeTheme(
  env: Readonly<Record<string, string | undefined>>,
  setting: ThemeSetting = 'auto',
  background: Background | null = backgroundOfColorFgBg(env.COLORFGBG),
): Theme {
  return drawTheme(chooseTheme(setting, background, colorDepth(env)));
}

export const ThemeContext = createContext<Theme>(makeTheme({}));
export const useTheme = (): Theme => useContext(ThemeContext);

export { GLYPHS } from '../words/glyphs';

// The deck's theme at start: the setting, the colour depth, and the background the terminal
// reports (asked only when the choice depends on it and there is colour to choose).
import type { ThemeSetting } from '../../config/types';
import { backgroundOfRgb, chooseTheme } from './background';
import { backgroundOfColorFgBg } from '../../terminal/env';
import { drawTheme, type Theme } from './palettes';
import { colorDepth } from '../../terminal/env';
import { queryBackground } from './query';

export interface PickInput {
  setting: ThemeSetting;
  env: Readonly<Record<string, string | undefined>>;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  /** The terminal's answer is taken until this settles (the view loaded), not after. */
  until?: Promise<unknown>;
}

export async function pickTheme({ setting, env, stdin, stdout, until }: PickInput): Promise<Theme> {
  const depth = colorDepth(env);
  const needsBackground = depth !== 'none' && (setting === 'auto' || setting === 'high-contrast');
  // The terminal's own answer first: COLORFGBG is inherited, and goes stale across ssh and tmux.
  const rgb = needsBackground ? await queryBackground(stdin, stdout, { until }) : null;
  const background = rgb ? backgroundOfRgb(rgb) : backgroundOfColorFgBg(env.COLORFGBG);
  return drawTheme(chooseTheme(setting, background, depth));
}

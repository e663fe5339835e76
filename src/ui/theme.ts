import { createContext, useContext } from 'react';
import type { ResultClass } from '../domain';
import type { FlashKind } from '../state/types';

// Colours live here only. With NO_COLOR every colour is undefined; glyphs and words still say it all.

export interface Theme {
  color: boolean;
  accent?: string;
  muted?: string;
  danger?: string;
  ok?: string;
  warn?: string;
  result: Record<ResultClass, string | undefined>;
  flash: Record<FlashKind, string | undefined>;
}

export function makeTheme(env: NodeJS.ProcessEnv = process.env): Theme {
  const color = !('NO_COLOR' in env && env.NO_COLOR !== '');
  if (!color) return { color, result: { good: undefined, decent: undefined, bad: undefined }, flash: { success: undefined, error: undefined, info: undefined } };
  return {
    color,
    accent: 'cyan',
    muted: 'gray',
    danger: 'red',
    ok: 'green',
    warn: 'yellow',
    result: { good: 'green', decent: 'yellow', bad: 'red' },
    flash: { success: 'green', error: 'red', info: 'cyan' },
  };
}

export const ThemeContext = createContext<Theme>(makeTheme());
export const useTheme = (): Theme => useContext(ThemeContext);

export const GLYPHS = {
  selected: '›',
  lock: '■',
  sortAsc: '↑',
  sortDesc: '↓',
  /** One glyph per result class in proportional bars: the mix reads without colour. */
  classBar: { good: '█', decent: '▓', bad: '░' },
  failed: '✗',
  passed: '✓',
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
} as const;

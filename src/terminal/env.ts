// What the environment says about the terminal the deck would run in, read the same way by the deck
// (src/ui: its theme, clipboard, screen-reader mode, smallest size) and by `sitedeck doctor`, which
// says what the deck will find without loading it. Pure reads of the environment, no drawing.
import type { ResolvedConfig } from '../config/types';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Colour on stdout as the environment allows it: a terminal, not TERM=dumb, no NO_COLOR (an empty one
 * is unset). The entry sets the I/O object's `color` with it (src/cli.tsx); --no-color turns it off after.
 */
export const colorFor = (isTTY: { readonly stdout: boolean }, env: Env): boolean => isTTY.stdout && env.TERM !== 'dumb' && !env.NO_COLOR;

/** The smallest terminal the deck draws in (App says so below it; `sitedeck doctor` checks it). */
export const MIN_SIZE = { columns: 60, rows: 20 } as const;

/** Where the deck runs: inside tmux, inside GNU screen, or straight on a terminal. */
export type Multiplexer = 'tmux' | 'screen' | 'none';

export function multiplexerOf(env: NodeJS.ProcessEnv): Multiplexer {
  if (env.TMUX) return 'tmux';
  if (env.STY) return 'screen';
  return 'none';
}

/** How many colours the terminal shows: 24-bit, the 256-colour cube, the 16 ANSI colours, or none. */
export type ColorDepth = 'truecolor' | '256' | '16' | 'none';

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

/** Which background the terminal has: dark or light. */
export type Background = 'dark' | 'light';

/**
 * COLORFGBG is "fg;bg" (rxvt, Konsole, iTerm2 set it; "fg;default;bg" too) with ANSI colour
 * numbers: 0–6 and 8 are dark, 7 and 9–15 light. Anything else says nothing.
 */
export function backgroundOfColorFgBg(value: string | undefined): Background | null {
  const bg = value?.split(';').at(-1);
  if (!bg || !/^\d+$/.test(bg)) return null;
  const n = Number(bg);
  if (n > 15) return null;
  return n <= 6 || n === 8 ? 'dark' : 'light';
}

/** The setting (--screen-reader, SITEDECK_SCREEN_READER, config), or Ink's own INK_SCREEN_READER=true. */
export function screenReaderOn(config: Partial<Pick<ResolvedConfig, 'screenReader'>>, env: Env): boolean {
  return config.screenReader === true || env.INK_SCREEN_READER === 'true';
}

// A theme colour (as Ink takes it: '#rrggbb', 'ansi256(n)' or an ANSI colour name) as the SGR
// sequences that turn it on and off, for text written before Ink draws (the warm start's pre-paint).

const ANSI: Record<string, number> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  grey: 90,
  blackBright: 90,
  redBright: 91,
  greenBright: 92,
  yellowBright: 93,
  blueBright: 94,
  magentaBright: 95,
  cyanBright: 96,
  whiteBright: 97,
};

/** The sequence that sets the foreground to `colour` ('' for none or one this does not know). */
function foregroundOn(colour: string | undefined): string {
  if (!colour) return '';
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return `\x1b[38;2;${parseInt(hex[1], 16)};${parseInt(hex[2], 16)};${parseInt(hex[3], 16)}m`;
  const index = /^ansi256\((\d{1,3})\)$/.exec(colour);
  if (index) return `\x1b[38;5;${index[1]}m`;
  return ANSI[colour] === undefined ? '' : `\x1b[${ANSI[colour]}m`;
}

/** `text` in `colour`, the foreground reset after it. */
export function inColour(colour: string | undefined, text: string): string {
  const on = foregroundOn(colour);
  return on ? `${on}${text}\x1b[39m` : text;
}

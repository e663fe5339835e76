// The few colours the commands use, only on a terminal and never with NO_COLOR / --no-color.
import type { ResultClass } from '../../domain';

const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
export const bold = sgr(1, 22);
const CLASS_COLOUR: Readonly<Record<ResultClass, (s: string) => string>> = {
  good: sgr(32, 39),
  decent: sgr(33, 39),
  bad: sgr(31, 39),
};

export function classColour(cls: unknown): ((s: string) => string) | undefined {
  return typeof cls === 'string' && cls in CLASS_COLOUR ? CLASS_COLOUR[cls as ResultClass] : undefined;
}

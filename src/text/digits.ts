// Numbers as sitedeck says them: groups of three digits with commas, at most two decimals
// (1234567 → "1,234,567", 0.125 → "0.13"), as en-US formats them. Written out rather than asked of
// Intl: the first Intl.NumberFormat (or toLocaleString) of a process loads ICU's number data, a
// cost every start paid before the first list (docs/PERFORMANCE.md).

const THREES = /\B(?=(\d{3})+(?!\d))/g;

/** `n` with its thousands grouped and at most `decimals` decimals, trailing zeros dropped. */
export function groupDigits(n: number, decimals = 2): string {
  // toFixed writes an exponent from 1e21 on; numbers that large (or not finite) are said plainly.
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return String(n);
  // Rounded by toFixed, then written in the shortest form that reads back the same (no trailing
  // zeros, no digits past a double's precision); past 1e-7 String would use an exponent, but a
  // rounded value is 0 or at least 10^-decimals.
  const rounded = Number(Math.abs(n).toFixed(decimals));
  const [whole, fraction] = String(rounded).split('.');
  return `${n < 0 && rounded !== 0 ? '-' : ''}${whole.replace(THREES, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** `1 page`, `1,234 pages`: a count and its noun, the count grouped as groupDigits says it. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${groupDigits(n)} ${n === 1 ? one : many}`;

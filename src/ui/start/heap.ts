import type { Io } from '../../terminal/io';

/**
 * Keeps the deck's memory near its live data. Every key builds a frame of short-lived strings, and
 * V8 answers such a steady allocation rate by growing the young generation and letting old space
 * fill with promoted garbage before collecting it. A young generation that stays at its start-up
 * size and an old space collected at 1.5× its live size keep the deck's memory flat for a little
 * more CPU per page turn (docs/PERFORMANCE.md has the figures). V8 reads both flags at each
 * collection, so setting them once the deck is up works; the commands and the emulator
 * (`serve --seed 100000`, which needs a large heap) keep V8's defaults. node:v8 is loaded here,
 * after the first frame, not with the deck's code.
 */
export function tuneHeapForDeck(io: Pick<Io, 'builtinModule'>): void {
  const { setFlagsFromString } = io.builtinModule('node:v8');
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=50');
}

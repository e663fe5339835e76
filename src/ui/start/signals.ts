// The signals that end the deck, each with the exit code a shell expects (128 + its number). The
// deck catches them from its start, so it always restores the terminal and exits with that code
// itself, never killed by the signal with the screen left in raw mode.
import { EXIT } from '../../domain/exitCodes';
import type { EndingSignal, Io } from '../../terminal/io';

export const SIGNAL_CODES: Record<EndingSignal, number> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hungUp };

/** Calls `end` with a signal's exit code when one of them comes; returns what stops listening. */
export function onEndingSignal(io: Pick<Io, 'onSignal'>, end: (code: number) => void): () => void {
  const stops = (Object.keys(SIGNAL_CODES) as EndingSignal[]).map((sig) => io.onSignal(sig, () => end(SIGNAL_CODES[sig])));
  return () => {
    for (const stop of stops) stop();
  };
}

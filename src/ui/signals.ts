// The signals that end the deck, each with the exit code a shell expects (128 + its number). The
// deck catches them from its start, so it always restores the terminal and exits with that code
// itself, never killed by the signal with the screen left in raw mode.
import { EXIT } from '../domain/exitCodes';

export const SIGNAL_CODES = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hungUp } as const;
type EndingSignal = keyof typeof SIGNAL_CODES;

/** Calls `end` with a signal's exit code when one of them comes; returns what stops listening. */
export function onEndingSignal(end: (code: number) => void): () => void {
  const handlers = (Object.keys(SIGNAL_CODES) as EndingSignal[]).map((sig) => [sig, () => end(SIGNAL_CODES[sig])] as const);
  for (const [sig, fn] of handlers) process.on(sig, fn);
  return () => {
    for (const [sig, fn] of handlers) process.off(sig, fn);
  };
}

/**
 * Why a state file could not be read or updated; the file on disk is left as it was. `notOurs`:
 * another user's file where sitedeck's own must be (a lock); `stopped`: the wait for a lock was
 * ended by the caller's signal (Ctrl+C, the deck quitting).
 */
export type StateFileErrorKind = 'locked' | 'writeFailed' | 'notRegular' | 'notOurs' | 'tooLarge' | 'unreadable' | 'stopped';

export class StateFileError extends Error {
  readonly kind: StateFileErrorKind;
  readonly path: string;
  constructor(kind: StateFileErrorKind, message: string, path: string) {
    super(message);
    this.name = 'StateFileError';
    this.kind = kind;
    this.path = path;
  }
}

export function isStateFileError(e: unknown): e is StateFileError {
  return e instanceof StateFileError;
}

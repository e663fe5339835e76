/** Why a state file could not be read or updated; the file on disk is left as it was. */
export type StateFileErrorKind = 'locked' | 'writeFailed' | 'notRegular' | 'tooLarge' | 'unreadable';

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

/** Why the configuration cannot be used; each message says what to do. */
export type ConfigErrorKind = 'unsafeFile' | 'badFile' | 'unknownProfile' | 'badValue' | 'writeFailed' | 'keyCommand';

export class ConfigError extends Error {
  readonly kind: ConfigErrorKind;
  readonly path?: string;
  constructor(kind: ConfigErrorKind, message: string, path?: string) {
    super(message);
    this.name = 'ConfigError';
    this.kind = kind;
    this.path = path;
  }
}

export function isConfigError(e: unknown): e is ConfigError {
  return e instanceof ConfigError;
}

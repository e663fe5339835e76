import type { FieldErrors } from '../domain';
import type { ApiErrorKind } from './errors';

/** What went wrong with one attempt, before it is dressed as an ApiError (host, path, message). */
export interface Failure {
  kind: ApiErrorKind;
  status?: number;
  fields?: FieldErrors;
  retryAfter?: number;
  mayHaveApplied?: boolean;
  serverMessage?: string;
  /** Words for the message: "connection refused", "malformed JSON". */
  detail?: string;
  cause?: unknown;
}

export type Outcome = { ok: true; body: unknown } | { ok: false; failure: Failure };

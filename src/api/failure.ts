import type { FieldErrors } from '../domain';
import type { ApiErrorKind, Trouble } from './errors';

/** What went wrong with one attempt, before it is dressed as an ApiError (host, path, message). */
export interface Failure {
  kind: ApiErrorKind;
  status?: number;
  fields?: FieldErrors;
  retryAfter?: number;
  /** rateLimited: the host asked for a wait that is not a sane time (the header as sent): not waited for, said as such. */
  insaneWait?: string;
  mayHaveApplied?: boolean;
  serverMessage?: string;
  /** Words for the message: "connection refused", "malformed JSON". */
  detail?: string;
  /** The proxy or the certificate, when either was the trouble. */
  trouble?: Trouble;
  cause?: unknown;
}

export type Outcome = { ok: true; body: unknown } | { ok: false; failure: Failure };

import { isApiError } from '../api/errors';
import type { FieldErrors } from '../domain';
import { sanitize } from '../text/sanitize';

export type ErrorContext = 'list' | 'save' | 'delete' | 'rerun';

const NEXT_STEP: Record<ErrorContext, string> = {
  list: 'r to retry',
  save: 'your input is kept: Ctrl+S to try again',
  delete: 'd to try again',
  rerun: 'R to try again',
};

/** What to do next, in the deck's keys. A write that may have landed is checked before it is sent again. */
function nextStep(e: unknown, context: ErrorContext): string {
  if (isApiError(e) && e.mayHaveApplied) {
    return context === 'save' ? 'your input is kept; check the list (Esc, then r) before saving again' : 'r to check';
  }
  if (context === 'save' && isApiError(e) && e.kind === 'validation') return 'your input is kept: fix the marked fields and Ctrl+S to save again';
  return NEXT_STEP[context];
}

/** The host's error (ApiError.message names the host) plus the deck's own next step. */
export function errorText(e: unknown, context: ErrorContext): string {
  // ApiError.message already names the host, and says when a write may have been applied.
  const base = isApiError(e) ? e.message : e instanceof Error ? e.message : String(e);
  return `${sanitize(base)} (${nextStep(e, context)})`;
}

/** A 422's field messages, made printable. */
export function fieldErrorsOf(e: unknown): FieldErrors | undefined {
  if (!isApiError(e) || !e.fields) return undefined;
  const out: FieldErrors = {};
  for (const [k, msgs] of Object.entries(e.fields)) out[sanitize(k)] = msgs.map((m) => sanitize(m));
  return out;
}

export function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (isApiError(e) && e.kind === 'aborted') || (e instanceof Error && e.name === 'AbortError');
}

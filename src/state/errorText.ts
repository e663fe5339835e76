import { isApiError } from '../api/errors';
import type { FieldErrors } from '../domain';
import { sanitize } from '../text/sanitize';
import { keyRef } from '../keys/keyRef';

/**
 * Where the user is when a request fails, so the next step fits it: a form is open only for
 * `save`; `marked` is a change to marked rows (the end says they stay marked); `undo` is u's run.
 */
export type ErrorContext = 'list' | 'save' | 'delete' | 'rerun' | 'marked' | 'undo';

const NEXT_STEP: Record<ErrorContext, string> = {
  list: `${keyRef('refresh')} to retry`,
  save: `your input is kept: ${keyRef('form.save')} to try again`,
  delete: `${keyRef('record.delete')} to try again`,
  rerun: `${keyRef('report.rerun')} to try again`,
  marked: '',
  undo: `${keyRef('change.undo')} to try the undo again`,
};

/** What to do next, in the deck's keys. A write that may have landed is checked before it is sent again. */
function nextStep(e: unknown, context: ErrorContext): string {
  if (isApiError(e) && e.mayHaveApplied) {
    return context === 'save'
      ? `your input is kept; check the list (${keyRef('form.cancel')}, then ${keyRef('refresh')}) before saving again`
      : `${keyRef('refresh')} to check`;
  }
  if (context === 'save' && isApiError(e) && e.kind === 'validation')
    return `your input is kept: fix the marked fields and ${keyRef('form.save')} to save again`;
  // A record gone from the host has nothing to put back: trying again would fail the same way.
  if (context === 'undo' && isApiError(e) && e.kind === 'notFound') return 'nothing left to put back';
  return NEXT_STEP[context];
}

/** The host's error (ApiError.message names the host) plus the deck's own next step. */
export function errorText(e: unknown, context: ErrorContext): string {
  // ApiError.message already names the host, and says when a write may have been applied.
  const base = isApiError(e) ? e.message : e instanceof Error ? e.message : String(e);
  const step = nextStep(e, context);
  return step ? `${sanitize(base)} (${step})` : sanitize(base);
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

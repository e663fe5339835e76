// The one place an ApiError is made: message from messages.ts, and the API key scrubbed from
// everything a server could have echoed back.

import type { FieldErrors } from '../domain';
import { ApiError, type ApiErrorInit } from './errors';
import { messageFor, type Subject } from './messages';

const MASK = '‹api key›';

/** Removes the key from a text; keys too short to be a secret are left alone (they would mangle words). */
export function redact(text: string, key: string): string {
  return key.length >= 6 ? text.split(key).join(MASK) : text;
}

function redactFields(fields: FieldErrors | undefined, key: string): FieldErrors | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([k, msgs]) => [redact(k, key), msgs.map((m) => redact(m, key))]));
}

export function makeError(init: ApiErrorInit, subject: Subject, apiKey: string): ApiError {
  const clean: ApiErrorInit = {
    ...init,
    serverMessage: init.serverMessage === undefined ? undefined : redact(init.serverMessage, apiKey),
    fields: redactFields(init.fields, apiKey),
  };
  return new ApiError(clean, redact(messageFor(clean, subject), apiKey));
}

/** One line for people, whatever was thrown (ApiError messages already name host and next step). */
export function describeError(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

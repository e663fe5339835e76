// The one place an ApiError is made: message from messages.ts, and the API key (and any secret
// the request sent, a password) scrubbed from everything a server could have echoed back.

import type { FieldErrors } from '../domain';
import { ApiError, type ApiErrorInit } from './errors';
import { messageFor, type Subject } from './messages';

const MASK = '‹api key›';

/** Removes the key from a text; keys too short to be a secret are left alone (they would mangle words). */
export function redact(text: string, key: string): string {
  return key.length >= 6 ? text.split(key).join(MASK) : text;
}

/** A value the request sent that the host never returns (a password), and the words that name it instead. */
export interface SentSecret {
  value: string;
  named: string;
}

/** Removes each sent secret from a text, named instead (`‹the password you set›`); too short a value would mangle words. */
function redactSent(text: string, secrets: readonly SentSecret[]): string {
  return secrets.reduce((t, s) => (s.value.length >= 4 ? t.split(s.value).join(`‹${s.named}›`) : t), text);
}

function redactFields(fields: FieldErrors | undefined, clean: (s: string) => string): FieldErrors | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([k, msgs]) => [clean(k), msgs.map(clean)]));
}

export function makeError(init: ApiErrorInit, subject: Subject, apiKey: string, secrets: readonly SentSecret[] = []): ApiError {
  const scrub = (s: string) => redactSent(redact(s, apiKey), secrets);
  const clean: ApiErrorInit = {
    ...init,
    serverMessage: init.serverMessage === undefined ? undefined : scrub(init.serverMessage),
    fields: redactFields(init.fields, scrub),
  };
  return new ApiError(clean, scrub(messageFor(clean, { ...subject, ...(subject.detail === undefined ? {} : { detail: scrub(subject.detail) }) })));
}

/** One line for people, whatever was thrown (ApiError messages already name host and next step). */
export function describeError(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

// The one place an ApiError is made: message from messages.ts, and the API key (and any secret
// the request sent, a password) scrubbed from everything a server could have echoed back.

import type { FieldErrors } from '../domain';
import { ApiError, type ApiErrorInit } from './errors';
import { messageFor, type Subject } from './messages';

const MASK = '‹api key›';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with every echo of `value` a host may send replaced by `mask`: as sent, trimmed, or in
 * another case (a host that trims or lower-cases what it was sent still shows the secret). A value
 * shorter than `min` is left alone: it would mangle words.
 */
function maskEchoes(text: string, value: string, mask: string, min: number): string {
  // The value without its outer spaces: what any echo of it shows, and the words around it keep theirs.
  const core = value.trim();
  return core.length >= min ? text.replace(new RegExp(escaped(core), 'giu'), () => mask) : text;
}

/** Removes the key from a text; keys too short to be a secret are left alone (they would mangle words). */
export function redact(text: string, key: string): string {
  return maskEchoes(text, key, MASK, 6);
}

/** A value the request sent that the host never returns (a password), and the words that name it instead. */
export interface SentSecret {
  value: string;
  named: string;
}

/** Removes each sent secret from a text, trimmed or re-cased too, named instead (`‹the password you set›`); too short a value would mangle words. */
function redactSent(text: string, secrets: readonly SentSecret[]): string {
  return secrets.reduce((t, s) => maskEchoes(t, s.value, `‹${s.named}›`, 4), text);
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

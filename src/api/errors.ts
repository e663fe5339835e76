import type { FieldErrors } from '../domain';

/** Every way a request can fail. `aborted` is a caller's own cancel and is never shown. */
export type ApiErrorKind =
  | 'auth'
  | 'forbidden'
  | 'notFound'
  | 'validation'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'badResponse'
  /** The record's id is not a whole number from 1: nothing was sent (src/domain/ids.ts). */
  | 'badId'
  | 'aborted';

export type HostName = 'analytics' | 'seo';

/** Which certificate check failed, in the terms a user can act on. */
export type TlsProblem = 'selfSigned' | 'unknownCa' | 'expired' | 'wrongName' | 'other';

/**
 * A network failure that is not the host's: the proxy on the way, or the host's certificate.
 * `proxy` is host:port, never its credentials; `code` is Node's own code, kept for the curious.
 */
export type Trouble =
  | { kind: 'proxyAuth'; proxy: string; withCredentials: boolean; https: boolean }
  | { kind: 'proxyGateway'; proxy: string; status: number }
  | { kind: 'proxyUnreachable'; proxy: string; detail: string }
  /**
   * A timeout on the way through a proxy: it had not connected, or not answered CONNECT (`https`),
   * by the deadline (`connect`); or, for an http target, it took the request and nothing answered
   * (`answer`: the proxy or the host behind it).
   */
  | { kind: 'proxySilent'; proxy: string; https: boolean; stage: 'connect' | 'answer' }
  | { kind: 'proxyUnsupported'; proxy: string; scheme: string; https: boolean }
  | { kind: 'tls'; problem: TlsProblem; code: string };

export interface ApiErrorInit {
  kind: ApiErrorKind;
  host: HostName;
  /** Origin of the host, e.g. https://analytics.example.com — never the key. */
  origin: string;
  method: string;
  path: string;
  status?: number;
  /** validation: field → messages. */
  fields?: FieldErrors;
  /** rateLimited: seconds to wait. */
  retryAfter?: number;
  /** rateLimited: the wait the host asked for is not a sane time (the header as sent). */
  insaneWait?: string;
  /** rateLimited past max_wait: when to try again (ms), and max_wait (s). */
  retryAt?: number;
  maxWaitSec?: number;
  /** A write that failed in a way where the server may still have applied it (timeout, reset). */
  mayHaveApplied?: boolean;
  /** The server's own message, when it sent one (already stripped of control characters by the UI). */
  serverMessage?: string;
  /** network: the proxy or the certificate was the trouble, not the host. */
  trouble?: Trouble;
  cause?: unknown;
}

/**
 * The one error type of sitedeck. Its message names the host and says what to do; it never
 * contains the API key.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly host: HostName;
  readonly origin: string;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly fields?: FieldErrors;
  readonly retryAfter?: number;
  readonly insaneWait?: string;
  readonly retryAt?: number;
  readonly maxWaitSec?: number;
  readonly mayHaveApplied: boolean;
  readonly serverMessage?: string;
  readonly trouble?: Trouble;

  constructor(init: ApiErrorInit, message: string) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.host = init.host;
    this.origin = init.origin;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.fields = init.fields;
    this.retryAfter = init.retryAfter;
    this.insaneWait = init.insaneWait;
    this.retryAt = init.retryAt;
    this.maxWaitSec = init.maxWaitSec;
    this.mayHaveApplied = init.mayHaveApplied ?? false;
    this.serverMessage = init.serverMessage;
    this.trouble = init.trouble;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Failures after which the next record of a run would fail the same way, or whose write's fate is unknown. */
const ENDS_RUN: ReadonlySet<string> = new Set(['network', 'timeout', 'auth', 'forbidden', 'rateLimited', 'aborted']);

/**
 * Whether a failure ends a run over many records (the deck's marked rows and `sitedeck … --ids`
 * alike): the rest would fail the same way, or this write may have been applied (never guessed at).
 */
export function endsBulkRun(e: { kind?: string; mayHaveApplied?: boolean }): boolean {
  return ENDS_RUN.has(e.kind ?? '') || Boolean(e.mayHaveApplied);
}

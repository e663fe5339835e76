import type { Deleted, ListQuery, Page, RecordOf, ResourceName, WriteValues } from '../domain';
import type { HostName } from './errors';
import type { StateDatabase } from '../files/db';
import type { Pacer } from './pace';
import type { RawApi } from './raw';
import type { AnswerInfo } from './http';

export type { AnswerInfo } from './http';
import type { RecordId } from '../domain';

export interface ClientOptions {
  /** Analytics base, with or without /public/api/v1. */
  baseUrl: string;
  /** SEO base, with or without /api/v1. */
  seoBaseUrl: string;
  apiKey: string;
  /** Per attempt. Default 15 000. */
  timeoutMs?: number;
  /** Most bytes of one answer, on the wire and decompressed. Default 32 MB (SITEDECK_MAX_BODY_MB). */
  maxBodyBytes?: number;
  /** Most levels an answer may nest; a deeper one is refused unread. Default 64 (max_depth). */
  maxDepth?: number;
  /** Retries of a GET after a network error, timeout or 5xx. Default 2. */
  retries?: number;
  /** Retries of any request answered 429 (it was not applied), each after the wait it announced. Default 5. */
  rateLimitRetries?: number;
  /**
   * The longest Retry-After waited out, in seconds (max_wait): a longer one ends the call at once,
   * saying when to try again, and the pacer waits no longer (past it the request goes and the host's answer says when). Default 300.
   */
  maxRetryAfterSec?: number;
  /** Base backoff between retries in ms (doubles each time). Default 300. */
  backoffMs?: number;
  /** Called once per HTTP attempt, for request counting in tests and the bench. */
  onRequest?: (info: { host: HostName; method: string; path: string; attempt: number }) => void;
  /** Called once per HTTP answer: its status, Date header and rate-limit headers (`sitedeck doctor` reads them). */
  onAnswer?: (info: AnswerInfo) => void;
  /** Injected by tests that must not wait: the sleep used between retries. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock of the retry loop and the pacer (ms). Default Date.now. */
  now?: () => number;
  /**
   * The pacer's state: `shared` keeps it in the profile's state database (see api/pace/store.ts) so
   * every sitedeck process on the profile spends one budget; otherwise it is this client's own.
   * `sleep` is the pacer's wait (default: a real, abortable one).
   */
  pace?: {
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
    /** Said once when the shared file cannot be used and pacing goes on in this process alone. */
    onWarning?: (text: string) => void;
  } & ({ shared?: false } | { shared: true; /** The profile's state database, opened on the first request (src/files/db). */ database: () => StateDatabase });
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Ends the call only while nothing is on the wire (waiting for the pacer or between retries):
   * a bulk run's Ctrl+C stops after the current request instead of cutting a write short.
   */
  holdSignal?: AbortSignal;
}

/** The five operations of one resource. Updates take only the fields the caller changed. */
export interface ResourceClient<R extends ResourceName> {
  readonly resource: R;
  list(query?: ListQuery, opts?: CallOptions): Promise<Page<RecordOf[R]>>;
  get(id: RecordId, opts?: CallOptions): Promise<RecordOf[R]>;
  create(values: WriteValues, opts?: CallOptions): Promise<RecordOf[R]>;
  update(id: RecordId, changes: WriteValues, opts?: CallOptions): Promise<RecordOf[R]>;
  delete(id: RecordId, opts?: CallOptions): Promise<Deleted>;
}

export interface Client {
  readonly websites: ResourceClient<'websites'>;
  readonly reports: ResourceClient<'reports'>;
  resource<R extends ResourceName>(name: R): ResourceClient<R>;
  /** Normalised origins, for headers and messages. */
  readonly hosts: Readonly<Record<HostName, string>>;
  /** The pacer of a host: its budget and waits (status, subscribe), shared by every call. */
  pacer(host: HostName): Pacer;
  /** Any endpoint under a host's API base, through the same transport and pacer (`sitedeck api`). */
  api(host: HostName): RawApi;
}

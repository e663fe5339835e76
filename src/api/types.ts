import type { Deleted, ListQuery, Page, RecordOf, ResourceName, WriteValues } from '../domain';
import type { HostName } from './errors';

export interface ClientOptions {
  /** Analytics base, with or without /public/api/v1. */
  baseUrl: string;
  /** SEO base, with or without /api/v1. */
  seoBaseUrl: string;
  apiKey: string;
  /** Per attempt. Default 15 000. */
  timeoutMs?: number;
  /** Retries of a GET (and of any request answered 429). Default 2. */
  retries?: number;
  /** Upper bound of a Retry-After honoured before retrying, in seconds. Default 30. */
  maxRetryAfterSec?: number;
  /** Base backoff between retries in ms (doubles each time). Default 300. */
  backoffMs?: number;
  /** Called once per HTTP attempt, for request counting in tests and the bench. */
  onRequest?: (info: { host: HostName; method: string; path: string; attempt: number }) => void;
  /** Injected by tests that must not wait: the sleep used between retries. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** The five operations of one resource. Updates take only the fields the caller changed. */
export interface ResourceClient<R extends ResourceName> {
  readonly resource: R;
  list(query?: ListQuery, opts?: CallOptions): Promise<Page<RecordOf[R]>>;
  get(id: number, opts?: CallOptions): Promise<RecordOf[R]>;
  create(values: WriteValues, opts?: CallOptions): Promise<RecordOf[R]>;
  update(id: number, changes: WriteValues, opts?: CallOptions): Promise<RecordOf[R]>;
  delete(id: number, opts?: CallOptions): Promise<Deleted>;
}

export interface Client {
  readonly websites: ResourceClient<'websites'>;
  readonly reports: ResourceClient<'reports'>;
  resource<R extends ResourceName>(name: R): ResourceClient<R>;
  /** Normalised origins, for headers and messages. */
  readonly hosts: Readonly<Record<HostName, string>>;
}

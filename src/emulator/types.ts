// The emulator's programmatic face: tests and the demo start it in-process with startEmulator().

export type EmulatorHost = 'analytics' | 'seo';

export interface EmulatorOptions {
  /** 0 = any free port. */
  port?: number;
  seoPort?: number;
  /** Default 127.0.0.1. */
  hostname?: string;
  /** Default DEMO_KEY. */
  key?: string;
  /** Number of seeded websites and reports; 0 or undefined = empty store. */
  seed?: number;
  /** Number of seeded reports when it should differ from `seed` (scale tests seed websites only). */
  seedReports?: number;
  /** Seed of the pseudo-random generator behind the seeded data (default 1). */
  seedRandom?: number;
  /** Persist the store to this JSON file (atomic writes). Default: in memory. */
  dataFile?: string;
  /** Requests per window per client IP, on each host; 0 = off. Default 60. */
  rateLimit?: number;
  /** The rate limit's window in whole seconds (Laravel's fixed window). Default 60. */
  rateWindow?: number;
  /** Keep only the newest N requests in `hits` (a long `serve` or demo session); default: all. */
  maxHits?: number;
  /** The clock (tests pin it). */
  now?: () => Date;
}

/** A fault applied to matching requests, instead of (or before) the normal answer. */
export type Fault =
  | { type: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { type: 'delay'; ms: number }
  | { type: 'malformedJson' }
  | { type: 'html'; status?: number }
  | { type: 'reset' }
  | { type: 'redirectLogin' }
  | { type: 'emptyBody'; status?: number };

export interface FaultRule {
  host?: EmulatorHost;
  method?: string;
  /** Matches the path (without the query string): exact string or RegExp. */
  path?: string | RegExp;
  fault: Fault;
  /** How many matching requests it hits; default unlimited. */
  times?: number;
}

export interface Hit {
  host: EmulatorHost;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed form body of writes. */
  body: Record<string, string>;
  status: number;
  at: number;
}

export interface Emulator {
  readonly baseUrl: string;
  readonly seoBaseUrl: string;
  readonly apiKey: string;
  /** Every request received, in order. */
  readonly hits: readonly Hit[];
  clearHits(): void;
  /** Adds a fault rule; returns a function that removes it. */
  addFault(rule: FaultRule): () => void;
  clearFaults(): void;
  /** Raw stored records, as the server keeps them (for asserting what was written). */
  websites(): readonly Record<string, unknown>[];
  reports(): readonly Record<string, unknown>[];
  /** Inserts a raw record as-is (hostile-data tests); returns its id. */
  insertRaw(resource: 'websites' | 'reports', record: Record<string, unknown>): number;
  close(): Promise<void>;
}

export const DEMO_KEY = 'sd_demo_key_0000000000000000';

// The fetch and Headers that sitedeck hands to ofetch: node:http(s) underneath. Node's built-in
// fetch loads and compiles its undici bundle on first use, a large share of every start
// (docs/PERFORMANCE.md). sitedeck needs a small part of fetch: one request with headers and a
// text body, a signal, redirects left to the caller, the answer read as text. Failures look like
// the built-in fetch's: TypeError "fetch failed" with the system error as `cause`, the signal's
// reason when it fired.

import type { Agent, ClientRequest, IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { proxyFor, proxyHost } from './proxy';
import { REQUEST_DEFAULTS } from '../domain/requestDefaults';
import { MEGABYTE } from '../files/size';

type HeadersInit = PlainHeaders | [string, string][] | Record<string, string | undefined>;

/** Headers as ofetch uses them: case-insensitive names, iterable as [name, value] pairs. */
export class PlainHeaders {
  private readonly map = new Map<string, string>();

  constructor(init?: HeadersInit | null) {
    if (!init) return;
    const pairs: Iterable<[string, string | undefined]> = init instanceof PlainHeaders || Array.isArray(init) ? init : Object.entries(init);
    for (const [k, v] of pairs) if (v !== undefined) this.append(k, v);
  }

  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const prev = this.map.get(key);
    this.map.set(key, prev === undefined ? String(value) : `${prev}, ${value}`);
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const [k, v] of this.map) fn(v, k);
  }
  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  values(): IterableIterator<string> {
    return this.map.values();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }

  static fromNode(raw: IncomingHttpHeaders): PlainHeaders {
    const h = new PlainHeaders();
    for (const [k, v] of Object.entries(raw)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
    return h;
  }
}

export interface FetchInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | null;
  signal?: AbortSignal | null;
  /** Only 'manual' is honoured: sitedeck reads a redirect as an answer (a 302 to a login page). */
  redirect?: string;
  /** Most bytes one answer may take, on the wire and decompressed; more ends the request. */
  maxBodyBytes?: number;
}

/** What a body too large, or compressed unasked, fails with (read by fromThrown). */
export class BodyRefused extends Error {
  constructor(
    readonly code: 'SITEDECK_BODY_TOO_LARGE' | 'SITEDECK_BODY_COMPRESSED',
    readonly limit: number,
    readonly encoding = '',
  ) {
    super(code === 'SITEDECK_BODY_TOO_LARGE' ? `body over ${limit} bytes` : `body compressed (${encoding}) unasked`);
    this.name = 'BodyRefused';
  }
}

/**
 * What a request through a proxy fails with when the proxy, not the host, said no (read by
 * fromThrown): it wants credentials (407), it refused or could not reach the host (a CONNECT
 * answered other than 200), it could not be reached itself, it did not answer before the
 * request's deadline (silent), or it is no HTTP proxy at all (socks5://). Nothing reached the host
 * in any of them.
 */
export class ProxyRefused extends Error {
  constructor(
    readonly problem: 'auth' | 'gateway' | 'unreachable' | 'unsupported' | 'silent',
    /** host:port of the proxy, never its credentials. */
    readonly proxy: string,
    readonly withCredentials: boolean,
    /** The target was https (the proxy is then HTTPS_PROXY's). */
    readonly https: boolean,
    readonly status?: number,
    /** unreachable: the system error's code; unsupported: the proxy URL's scheme; silent: `connect` or `answer`. */
    readonly systemCode?: string,
  ) {
    super(
      problem === 'unreachable'
        ? `proxy ${proxy} unreachable (${systemCode ?? 'failed'})`
        : problem === 'silent'
          ? `proxy ${proxy} did not answer in time`
          : problem === 'unsupported'
            ? `proxy ${proxy} is ${systemCode}`
            : `proxy ${proxy} answered ${status}`,
    );
    this.name = 'ProxyRefused';
  }
}

/** Default most bytes of one answer (max_body_mb's default). */
export const MAX_BODY_BYTES: number = REQUEST_DEFAULTS.maxBodyMb * MEGABYTE;

/** What fetch would throw for a request that got no answer. */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

/** One answer: status and headers at once, the body on `text()`. */
export class NodeResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: PlainHeaders;
  readonly redirected = false;
  readonly type = 'basic';
  /** Non-null while there is a body to read (ofetch checks it before reading). */
  readonly body: IncomingMessage | null;
  private read: Promise<Buffer> | undefined;
  private whole: Promise<Buffer> | undefined;

  constructor(
    private readonly res: IncomingMessage,
    readonly url: string,
    method: string,
    private readonly signal: AbortSignal | null | undefined,
    private readonly limit = MAX_BODY_BYTES,
    /** Whether the request offered an Accept-Encoding: only then is a compressed answer read. */
    private readonly askedEncoding = false,
  ) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = PlainHeaders.fromNode(res.headers);
    // No body to read: drain the socket now, or it never returns to the agent's pool.
    const empty = this.status === 204 || this.status === 205 || this.status === 304 || method === 'HEAD';
    this.body = empty ? null : res;
    if (empty) res.resume();
  }

  private bytes(): Promise<Buffer> {
    this.read ??= new Promise<Buffer>((resolve, reject) => {
      const { res, signal } = this;
      const chunks: Buffer[] = [];
      const done = (fn: () => void) => {
        signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = () => {
        res.destroy();
        done(() => reject(signal?.reason));
      };
      if (signal?.aborted) return onAbort();
      // Refused before a byte is read when the server says so itself; else counted as it arrives.
      const refuse = () => {
        res.destroy();
        done(() => reject(new BodyRefused('SITEDECK_BODY_TOO_LARGE', this.limit)));
      };
      if (Number(res.headers['content-length']) > this.limit) return refuse();
      signal?.addEventListener('abort', onAbort, { once: true });
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > this.limit) {
          chunks.length = 0;
          return refuse();
        }
        chunks.push(c);
      });
      // A body that breaks off (the connection closed before its end) fails like fetch's "terminated".
      res.on('error', (e) => done(() => reject(new TypeError('terminated', { cause: e }))));
      res.on('end', () =>
        done(() =>
          res.complete
            ? resolve(Buffer.concat(chunks))
            : reject(new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) })),
        ),
      );
    });
    return this.read;
  }

  async text(): Promise<string> {
    return (await this.decoded()).toString('utf8');
  }

  /** Resolves once the whole body is in and decoded (what text() then reads); rejects as text() would. */
  async loaded(): Promise<void> {
    if (this.body) await this.decoded();
  }

  /**
   * The body as the server meant it. sitedeck asks for no compression; an answer compressed
   * anyway is refused unread (a small one can decompress to gigabytes). When asked for, it is
   * decompressed up to the same limit.
   */
  private decoded(): Promise<Buffer> {
    this.whole ??= this.decode();
    return this.whole;
  }

  private async decode(): Promise<Buffer> {
    const encoding = (this.headers.get('content-encoding') ?? '').trim().toLowerCase();
    const plain = !encoding || encoding === 'identity';
    if (!plain && !this.askedEncoding) {
      this.res.destroy();
      throw new BodyRefused('SITEDECK_BODY_COMPRESSED', this.limit, encoding);
    }
    const raw = await this.bytes();
    if (plain || raw.length === 0) return raw;
    const zlib = await import('node:zlib');
    const opts = { maxOutputLength: this.limit };
    try {
      if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(raw, opts);
      if (encoding === 'deflate') return zlib.inflateSync(raw, opts);
      if (encoding === 'br') return zlib.brotliDecompressSync(raw, opts);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyRefused('SITEDECK_BODY_TOO_LARGE', this.limit);
      throw new TypeError('terminated', { cause: e });
    }
    return raw;
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.decoded();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }
}

let https: typeof import('node:https') | undefined;

// One agent per target scheme and proxy URL, kept for the process: sockets to the proxy are
// reused like direct ones. The agent packages load only once a proxy applies, so a direct start
// pays nothing for them.
const proxyAgents = new Map<string, Promise<Agent>>();

function proxyAgent(protocol: string, proxy: string): Promise<Agent> {
  const key = `${protocol} ${proxy}`;
  let agent = proxyAgents.get(key);
  if (!agent) {
    agent =
      protocol === 'https:'
        ? import('https-proxy-agent').then(({ HttpsProxyAgent }) => closedWithRequest(new HttpsProxyAgent(proxy, { keepAlive: true })))
        : import('http-proxy-agent').then(({ HttpProxyAgent }) => closedWithRequest(new HttpProxyAgent(proxy, { keepAlive: true })));
    proxyAgents.set(key, agent);
  }
  return agent;
}

/** What closedWithRequest needs of https-proxy-agent's and http-proxy-agent's agents. */
interface ProxyAgentLike extends Agent {
  connectOpts: object;
  connect(req: ClientRequest, opts: object): Promise<Socket>;
}

/**
 * Until the proxy has connected (and, for a tunnel, answered CONNECT), the agent's socket to it
 * belongs to no request: when the request ends first (its deadline, Ctrl+C, `q`), nothing would
 * close it, and a proxy that accepts and never answers kept the process alive for good. Each
 * connect gets its own signal, fired by destroyWithConnect when its request ends before the
 * connect is done. The agents create the socket from `connectOpts` synchronously, before their
 * first await.
 */
function closedWithRequest<A extends ProxyAgentLike>(agent: A): A {
  const connect = agent.connect.bind(agent);
  agent.connect = (req, opts) => {
    const stop = new AbortController();
    const shared = agent.connectOpts;
    agent.connectOpts = { ...shared, signal: stop.signal };
    let pending: Promise<Socket>;
    try {
      pending = connect(req, opts);
    } finally {
      agent.connectOpts = shared;
    }
    pendingConnects.set(req, stop);
    return pending.finally(() => pendingConnects.delete(req));
  };
  return agent;
}

/** The proxy connect each request waits on; a request destroyed before it has a socket emits nothing the agent could hear. */
const pendingConnects = new WeakMap<ClientRequest, AbortController>();

/** Ends `req` and the connect to the proxy it waits on, if any. */
function destroyWithConnect(req: ClientRequest): void {
  req.destroy();
  pendingConnects.get(req)?.abort(new Error('the request ended before the proxy answered'));
}

/** Whether a proxy URL carries a user or password (a 407 then means they were refused). */
function hasCredentials(proxy: string): boolean {
  try {
    const u = new URL(proxy);
    return !!(u.username || u.password);
  } catch {
    return false;
  }
}

/**
 * Writes go on a connection of their own. A kept-alive connection the host closed as it sat idle
 * fails the next request written onto it (a reset) before any answer, and a reset is also what a
 * host that crashed mid-write sends: a write cannot be sent again on the chance it was the first,
 * so it never rides a kept-alive connection (one handshake more per write; reads keep theirs, and
 * their retries cover the same race).
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** fetch(url, init) for http: and https: URLs, over node's own HTTP client and its keep-alive agent. */
export async function nodeFetch(input: string | URL, init: FetchInit = {}): Promise<NodeResponse> {
  const url = new URL(String(input));
  const { signal } = init;
  if (signal?.aborted) throw signal.reason;
  let send: typeof httpRequest;
  if (url.protocol === 'http:') send = httpRequest;
  else if (url.protocol === 'https:') send = (https ??= await import('node:https')).request;
  else throw fetchFailed(Object.assign(new Error(`unsupported scheme ${url.protocol}`), { code: 'ERR_INVALID_URL' }));

  const headers: Record<string, string> = {};
  new PlainHeaders(init.headers).forEach((v, k) => (headers[k] = v));
  const body = init.body ?? undefined;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const options: RequestOptions = { method: (init.method ?? 'GET').toUpperCase(), headers };
  if (WRITES.has(options.method!)) options.agent = false;
  const proxy = proxyFor(url);
  const refused = (problem: ProxyRefused['problem'], status?: number, code?: string, cause?: unknown) =>
    fetchFailed(
      Object.assign(new ProxyRefused(problem, proxyHost(proxy!), hasCredentials(proxy!), url.protocol === 'https:', status, code), cause ? { cause } : {}),
    );
  if (proxy) {
    // Only HTTP proxies (http:// or https:// to the proxy): a socks5:// one would be spoken to wrongly.
    const scheme = new URL(proxy).protocol;
    if (scheme !== 'http:' && scheme !== 'https:') throw refused('unsupported', undefined, scheme.replace(/:$/, ''));
    options.agent = await proxyAgent(url.protocol, proxy);
  }

  return new Promise<NodeResponse>((resolve, reject) => {
    // Through a proxy: whether a socket was had (else a failure is the proxy's), and a CONNECT's refusal.
    let reached = false;
    let tunnelled = false;
    let connectStatus: number | undefined;
    const req = send(url, options, (res) => {
      signal?.removeEventListener('abort', onAbort);
      // A refused CONNECT is replayed as the answer; a 407 over plain http is the proxy's own.
      const status = res.statusCode ?? 0;
      const proxyStatus = connectStatus !== undefined && connectStatus !== 200 ? connectStatus : proxy && status === 407 ? 407 : undefined;
      if (proxyStatus !== undefined) {
        res.destroy();
        return reject(refused(proxyStatus === 407 ? 'auth' : 'gateway', proxyStatus));
      }
      resolve(new NodeResponse(res, url.href, options.method!, signal, init.maxBodyBytes, headers['accept-encoding'] !== undefined));
    });
    if (proxy) {
      req.once('socket', () => (reached = true));
      req.once('proxyConnect', (c: { statusCode?: number }) => {
        reached = true;
        tunnelled = true;
        connectStatus = c.statusCode;
      });
    }
    const onAbort = () => {
      destroyWithConnect(req);
      // Its deadline came while the proxy had not yet connected (or answered CONNECT): the proxy's
      // silence, not the host's; through a plain-http proxy, no answer may be either's.
      const silent = proxy && !tunnelled ? 'connect' : proxy && url.protocol === 'http:' ? 'answer' : undefined;
      reject(silent ? refused('silent', undefined, silent, signal?.reason) : signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e) => {
      signal?.removeEventListener('abort', onAbort);
      if (proxy && !reached) return reject(refused('unreachable', undefined, (e as NodeJS.ErrnoException).code));
      reject(fetchFailed(e));
    });
    req.end(body);
  });
}

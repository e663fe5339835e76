// A request that threw (no HTTP answer, or the body broke off) → Failure. Pure apart from reading
// the error objects.

import { megabytes } from '../files';
import type { TlsProblem } from './errors';
import type { Failure } from './failure';
import { BodyRefused, ProxyRefused } from './nodeFetch';

/** Codes meaning the request never reached the server, so a write cannot have been applied. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Node's certificate codes, by what the user can do about them (others starting CERT_ or ERR_TLS_ are 'other'). */
const TLS_PROBLEMS: Record<string, TlsProblem> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'selfSigned',
  SELF_SIGNED_CERT_IN_CHAIN: 'selfSigned',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknownCa',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknownCa',
  UNABLE_TO_GET_ISSUER_CERT: 'unknownCa',
  CERT_UNTRUSTED: 'unknownCa',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrongName',
};

/** The certificate problem a code names, or undefined when the code is not about a certificate. */
function tlsProblem(code: string | undefined): TlsProblem | undefined {
  if (!code) return undefined;
  return TLS_PROBLEMS[code] ?? (code.startsWith('CERT_') || code.startsWith('ERR_TLS_CERT') ? 'other' : undefined);
}

const WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the host',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  ETIMEDOUT: 'connection timed out',
  ECONNABORTED: 'connection aborted',
  ENETDOWN: 'network down',
  EADDRNOTAVAIL: 'no local address to connect from',
  EMFILE: 'too many open files on this machine',
  ENOBUFS: 'out of network buffers on this machine',
  EPROTO: 'protocol error',
  ERR_SOCKET_CLOSED: 'connection closed',
  ERR_INVALID_URL: 'the base URL is not a URL sitedeck can use',
};

/**
 * Codes of a request Node refused to send: a header (the API key) or the path holds a character
 * HTTP cannot carry. Said as such, never as "could not reach".
 */
const REFUSED_LOCALLY: Record<string, string> = {
  ERR_INVALID_CHAR: 'the API key holds a character a request header cannot carry (a line break, a tab or another control character)',
  ERR_HTTP_INVALID_HEADER_VALUE: 'the API key holds a character a request header cannot carry (a line break, a tab or another control character)',
  ERR_INVALID_HTTP_TOKEN: 'a request header name is not valid HTTP',
  ERR_UNESCAPED_CHARACTERS: 'the request path holds characters a URL cannot carry',
};

/** Codes of an answer that arrived but cannot be read. */
const UNREADABLE: Record<string, string> = {
  ERR_STRING_TOO_LONG: 'an answer too large to read as text',
  ERR_BUFFER_TOO_LARGE: 'an answer too large to hold',
  HPE_INVALID_CONSTANT: 'an answer that is not valid HTTP',
  HPE_INVALID_HEADER_TOKEN: 'an answer with a header that is not valid HTTP',
  HPE_HEADER_OVERFLOW: 'answer headers over 16 KB',
  HPE_INVALID_CHUNK_SIZE: 'a broken chunked body',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'an answer with both a length and chunks',
  HPE_INVALID_CONTENT_LENGTH: 'an answer with an invalid length',
  Z_DATA_ERROR: 'a compressed body that does not decompress',
};

/** The first `code` along the cause chain (FetchError → TypeError "fetch failed" → system error). */
function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The first error of a class along the cause chain (ofetch wraps what fetch threw). */
function causeOfType<T>(e: unknown, type: new (...args: never[]) => T): T | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    if (cur instanceof type) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost cause, kept on the ApiError (never the fetch wrapper, which carries request options). */
function rootCause(e: unknown): unknown {
  let cur: unknown = e;
  for (let depth = 0; depth < 6; depth++) {
    const next = cur && typeof cur === 'object' ? (cur as { cause?: unknown }).cause : undefined;
    if (!next) break;
    cur = next;
  }
  return cur;
}

export interface ThrownContext {
  /** The caller's own signal fired. */
  callerAborted: boolean;
  /** This attempt's timeout fired. */
  timedOut: boolean;
  isWrite: boolean;
}

export function fromThrown(e: unknown, ctx: ThrownContext): Failure {
  if (ctx.callerAborted) return { kind: 'aborted' };
  if (ctx.timedOut) {
    // The proxy was silent: before it connected (or answered CONNECT) not even a write reached the host.
    const silent = causeOfType(e, ProxyRefused);
    if (silent?.problem === 'silent') {
      const stage = silent.systemCode === 'answer' ? 'answer' : 'connect';
      return {
        kind: 'timeout',
        mayHaveApplied: stage === 'answer' && ctx.isWrite,
        trouble: { kind: 'proxySilent', proxy: silent.proxy, https: silent.https, stage },
      };
    }
    return { kind: 'timeout', mayHaveApplied: ctx.isWrite };
  }
  // The server answered, but with more than sitedeck reads: not retried, said in words.
  const refused = causeOfType(e, BodyRefused);
  if (refused) {
    const detail = refused.code === 'SITEDECK_BODY_TOO_LARGE' ? `sent more than ${megabytes(refused.limit)}` : `sent a compressed answer (${refused.encoding})`;
    return { kind: 'badResponse', mayHaveApplied: ctx.isWrite, detail };
  }
  // The proxy said no or could not be reached: nothing reached the host.
  const proxy = causeOfType(e, ProxyRefused);
  if (proxy) {
    const detail = proxy.systemCode ? (WORDS[proxy.systemCode] ?? proxy.systemCode) : 'connection failed';
    const trouble =
      proxy.problem === 'auth'
        ? ({ kind: 'proxyAuth', proxy: proxy.proxy, withCredentials: proxy.withCredentials, https: proxy.https } as const)
        : proxy.problem === 'gateway'
          ? ({ kind: 'proxyGateway', proxy: proxy.proxy, status: proxy.status ?? 502 } as const)
          : proxy.problem === 'unsupported'
            ? ({ kind: 'proxyUnsupported', proxy: proxy.proxy, scheme: proxy.systemCode ?? '', https: proxy.https } as const)
            : ({ kind: 'proxyUnreachable', proxy: proxy.proxy, detail } as const);
    return { kind: 'network', mayHaveApplied: false, detail, trouble };
  }
  const code = errorCode(e);
  const tls = tlsProblem(code);
  if (code && tls) return { kind: 'network', mayHaveApplied: false, detail: code, trouble: { kind: 'tls', problem: tls, code } };
  if (code && REFUSED_LOCALLY[code]) return { kind: 'network', mayHaveApplied: false, detail: `not sent: ${REFUSED_LOCALLY[code]}` };
  if (code && (UNREADABLE[code] || code.startsWith('HPE_'))) {
    return { kind: 'badResponse', mayHaveApplied: ctx.isWrite, detail: UNREADABLE[code] ?? `an answer that is not valid HTTP (${code})` };
  }
  const sent = !(code && (NOT_SENT.has(code) || code.startsWith('ERR_TLS') || code.startsWith('CERT_')));
  const detail = code ? (WORDS[code] ?? code) : 'connection failed';
  const cause = rootCause(e);
  return { kind: 'network', mayHaveApplied: ctx.isWrite && sent, detail, cause: cause instanceof Error && cause.name !== 'FetchError' ? cause : undefined };
}

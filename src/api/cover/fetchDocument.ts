// One document of a cover's source (a sitemap, an index, robots.txt) over HTTP, through the fetch
// every request of sitedeck goes through (src/api/nodeFetch.ts: the same proxy settings, the
// machine's CAs and NODE_EXTRA_CA_CERTS), within the request timeout and the document bound. The
// body is read as it arrives, in the socket's chunks, and handed on as text (./documentText.ts), so
// a sitemap is never held whole. gzip is asked for, and a `.xml.gz` sent as bytes is unpacked too.
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { BodyRefused, nodeFetch, ProxyRefused, type NodeResponse } from '../nodeFetch';
import { maskUrl } from '../../text/maskUrl';
import { megabytes } from '../../files/size';
import { COVER_LIMITS } from '../../files/coverLimits';
import { DocumentProblem, documentText } from './documentText';

export { DocumentProblem } from './documentText';

function reachWords(e: unknown): string {
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof ProxyRefused) return cause.message;
  if (cause instanceof BodyRefused || e instanceof BodyRefused) return `it holds more than ${megabytes(COVER_LIMITS.documentBytes)}`;
  if ((e as Error).name === 'TimeoutError') return 'no answer in time (timeout_ms)';
  const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (e as NodeJS.ErrnoException).code;
  return code ?? (e as Error).message;
}

const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The body's bytes as they arrive, undone of its Content-Encoding; at most the document bound on the wire; ended by `signal`. */
async function* bodyBytes(res: NodeResponse, at: string, signal: AbortSignal, outer: AbortSignal): AsyncGenerator<Buffer> {
  const body = res.body;
  if (!body) return;
  const encoding = (res.headers.get('content-encoding') ?? '').trim().toLowerCase();
  const decoder = encoding && encoding !== 'identity' ? DECODERS[encoding] : undefined;
  if (encoding && encoding !== 'identity' && !decoder) {
    body.destroy();
    throw new DocumentProblem(`${maskUrl(at)} is sent ${encoding}-encoded, which sitedeck cannot read`, false);
  }
  const tooLarge = () => new DocumentProblem(`cannot read ${maskUrl(at)}: it holds more than ${megabytes(COVER_LIMITS.documentBytes)}`, false);
  if (Number(res.headers.get('content-length')) > COVER_LIMITS.documentBytes) {
    body.destroy();
    throw tooLarge();
  }
  const stop = () => body.destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  // Unpacked, the bytes are bounded as text is (./documentText.ts); plain, they are counted here.
  const stream: Readable = decoder ? pipeline(body, decoder(), () => {}) : body;
  let wire = 0;
  try {
    for await (const chunk of stream) {
      wire += (chunk as Buffer).length;
      if (!decoder && wire > COVER_LIMITS.documentBytes) throw tooLarge();
      yield chunk as Buffer;
    }
    if (!body.complete) throw new DocumentProblem(`cannot read ${maskUrl(at)}: the connection closed before its end`, true);
  } catch (e) {
    if (outer.aborted || e instanceof DocumentProblem) throw e;
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (decoder && code.startsWith('Z_')) throw new DocumentProblem(`${maskUrl(at)} is not whole ${encoding} (${(e as Error).message})`, false);
    throw new DocumentProblem(`cannot read ${maskUrl(at)}: ${reachWords(e)}`, true);
  } finally {
    signal.removeEventListener('abort', stop);
    body.destroy();
  }
}

/** The document at `url` as text in chunks: redirects followed (a few), a status other than 200 said in words. */
export async function openDocument(url: string, opts: { timeoutMs: number; signal: AbortSignal }): Promise<AsyncGenerator<string>> {
  let at = url;
  for (let hop = 0; hop <= COVER_LIMITS.redirects; hop++) {
    const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
    let res;
    try {
      res = await nodeFetch(at, {
        headers: { Accept: 'application/xml, text/xml, text/plain, */*', 'Accept-Encoding': 'gzip', 'User-Agent': 'sitedeck' },
        signal,
        maxBodyBytes: COVER_LIMITS.documentBytes,
      });
    } catch (e) {
      if (opts.signal.aborted) throw e;
      throw new DocumentProblem(`cannot read ${maskUrl(at)}: ${reachWords(e)}`, true);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      res.body?.resume();
      at = new URL(res.headers.get('location')!, at).href;
      continue;
    }
    if (res.status !== 200) {
      res.body?.resume();
      throw new DocumentProblem(`${maskUrl(at)} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}, not the document`, res.status >= 500);
    }
    return documentText(bodyBytes(res, at, signal, opts.signal), maskUrl(at));
  }
  throw new DocumentProblem(`${maskUrl(url)} redirects more than ${COVER_LIMITS.redirects} times`, false);
}

/** The whole document as one text (robots.txt: a few lines). */
export async function fetchDocument(url: string, opts: { timeoutMs: number; signal: AbortSignal }): Promise<string> {
  let text = '';
  for await (const chunk of await openDocument(url, opts)) text += chunk;
  return text;
}

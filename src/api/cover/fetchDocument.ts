// One document of a cover's source (a sitemap, an index, robots.txt) over HTTP, through the fetch
// every request of sitedeck goes through (src/api/nodeFetch.ts: the same proxy settings, the
// machine's CAs and NODE_EXTRA_CA_CERTS), within the request timeout and the document bound. gzip
// is asked for, and a `.xml.gz` sent as bytes is unpacked here, both within the same bound.
import { gunzipSync } from 'node:zlib';
import { BodyRefused, nodeFetch, ProxyRefused } from '../nodeFetch';
import { maskUrl } from '../../text/maskUrl';
import { megabytes } from '../../files/size';
import { COVER_LIMITS } from '../../files/coverLimits';

/** Why a document could not be had, in words naming it; `reach`: the network or the server, not the document. */
export class DocumentProblem extends Error {
  constructor(
    message: string,
    readonly reach: boolean,
  ) {
    super(message);
    this.name = 'DocumentProblem';
  }
}

const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

/** Bytes that are gzip unpacked, within the bound; anything else as it is. */
export function unpacked(bytes: Buffer, what: string, max = COVER_LIMITS.documentBytes): Buffer {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: max });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new DocumentProblem(`${what} unpacks to more than ${megabytes(max)}, the most a sitemap may be`, false);
    throw new DocumentProblem(`${what} is not a whole gzip file (${(e as Error).message})`, false);
  }
}

function reachWords(e: unknown): string {
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof ProxyRefused) return cause.message;
  if (cause instanceof BodyRefused || e instanceof BodyRefused) return `it holds more than ${megabytes(COVER_LIMITS.documentBytes)}`;
  if ((e as Error).name === 'TimeoutError') return 'no answer in time (timeout_ms)';
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (e as Error).message;
}

/** The document at `url` as text: redirects followed (a few), a status other than 200 said in words. */
export async function fetchDocument(url: string, opts: { timeoutMs: number; signal: AbortSignal }): Promise<string> {
  let at = url;
  for (let hop = 0; hop <= COVER_LIMITS.redirects; hop++) {
    const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
    let res;
    let bytes: Buffer;
    try {
      res = await nodeFetch(at, {
        headers: { Accept: 'application/xml, text/xml, text/plain, */*', 'Accept-Encoding': 'gzip', 'User-Agent': 'sitedeck' },
        signal,
        maxBodyBytes: COVER_LIMITS.documentBytes,
      });
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        res.body?.resume();
        at = new URL(res.headers.get('location')!, at).href;
        continue;
      }
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      if (opts.signal.aborted) throw e;
      const refused = e instanceof BodyRefused;
      throw new DocumentProblem(`cannot read ${maskUrl(at)}: ${reachWords(e)}`, !refused);
    }
    if (res.status !== 200)
      throw new DocumentProblem(`${maskUrl(at)} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}, not the document`, res.status >= 500);
    return unpacked(bytes, maskUrl(at)).toString('utf8');
  }
  throw new DocumentProblem(`${maskUrl(url)} redirects more than ${COVER_LIMITS.redirects} times`, false);
}

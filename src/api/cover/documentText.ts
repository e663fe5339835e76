// A cover's document as text while its bytes arrive (from a socket, a file): gzip, told by its
// first two bytes, is unpacked on the way, everything within the document bound once unpacked, and
// UTF-8 is decoded across the chunks' ends. Nothing is held whole: a 50 MB sitemap passes through
// in the chunks it came in.
import { StringDecoder } from 'node:string_decoder';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
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

/** `bytes` with its first two (at least) read ahead, and the rest as they come. */
async function peek(bytes: AsyncIterator<Buffer>): Promise<{ head: Buffer; rest: AsyncGenerator<Buffer> }> {
  let head: Buffer = Buffer.alloc(0);
  let done = false;
  while (head.length < 2 && !done) {
    const next = await bytes.next();
    if (next.done) done = true;
    else head = head.length ? Buffer.concat([head, next.value]) : next.value;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    try {
      if (head.length) yield head;
      while (!done) {
        const next = await bytes.next();
        if (next.done) break;
        yield next.value;
      }
    } finally {
      await bytes.return?.();
    }
  }
  return { head, rest: rest() };
}

/** The text of `bytes`, gzip unpacked on the way; past `max` bytes (unpacked) refused in words naming `what`. */
export async function* documentText(bytes: AsyncIterable<Buffer>, what: string, max = COVER_LIMITS.documentBytes): AsyncGenerator<string> {
  const { head, rest } = await peek(bytes[Symbol.asyncIterator]());
  const gzip = isGzip(head);
  const source: AsyncIterable<Buffer> = gzip ? pipeline(Readable.from(rest), createGunzip(), () => {}) : rest;
  const decoder = new StringDecoder('utf8');
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > max)
        throw new DocumentProblem(
          gzip
            ? `${what} unpacks to more than ${megabytes(max)}, the most a sitemap may be`
            : `${what} holds more than ${megabytes(max)}, the most a sitemap may be`,
          false,
        );
      const text = decoder.write(chunk);
      if (text) yield text;
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (gzip && code.startsWith('Z_')) throw new DocumentProblem(`${what} is not a whole gzip file (${(e as Error).message})`, false);
    throw e;
  } finally {
    // Ends the source (a socket, a file) once its pending read is in; never waited for here.
    rest.return(undefined).catch(() => {});
  }
  const end = decoder.end();
  if (end) yield end;
}

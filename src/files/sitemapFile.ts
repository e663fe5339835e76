// A sitemap given as a file (`reports cover ./sitemap.xml`, `sitemap.xml.gz`): read as bytes (a
// gzip file is not text), in chunks as the cover reads them (never held whole), a regular file only
// and within the cover's byte bound, opened without blocking and checked on its descriptor, as every
// file sitedeck reads (./read.ts). A link is followed: the file is only read, and people give the
// path they have.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { StateFileError } from './errors';
import { kindOf } from './ownFile';
import { COVER_LIMITS } from './coverLimits';
import { megabytes } from './size';

/** The most a sitemap may hold, after gunzip: the sitemap protocol's own bound for one file. */
export const SITEMAP_MAX_BYTES = COVER_LIMITS.documentBytes;

const READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

/** The file's bytes in chunks as they are read; refused in words (a StateFileError naming the path) when missing, not a regular file, or past `max`. */
export async function* sitemapFileChunks(path: string, max: number): AsyncGenerator<Buffer> {
  const tooLarge = () =>
    new StateFileError('tooLarge', `${path} holds more than ${megabytes(max)}, the most a sitemap may be; sitedeck did not read it (split it)`, path);
  let handle;
  try {
    handle = await open(path, READ);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new StateFileError('unreadable', code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path} (${code})`, path);
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new StateFileError('notRegular', `${path} is ${kindOf(st)}, not a regular file; sitedeck did not read it`, path);
    if (st.size > max) throw tooLarge();
    let total = 0;
    for (;;) {
      // A chunk of its own each time: the one before may still be in use downstream.
      const buf = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(buf, 0, CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > max) throw tooLarge();
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

// The bounds of what a cover reads (docs/commands.md names them): a sitemap past them is said, not
// read on without end. The byte and page bounds are the sitemap protocol's own for one file. Here,
// at the bottom of the layers, so the sitemap file's reader, the cover's fetches and the commands'
// help (which loads no client) read the same numbers.
import { MEGABYTE } from './size';

export const COVER_LIMITS = {
  /** Most bytes of one document (a sitemap, an index, robots.txt, a file, stdin), after gunzip. */
  documentBytes: 50 * MEGABYTE,
  /** Most pages one cover takes; the rest are counted and said. */
  pages: 50_000,
  /** Most documents fetched for one cover (an index of indexes stops here). */
  documents: 500,
  /** How deep sitemaps nest: robots.txt → an index → a sitemap is 3; a deeper index is left out and said. */
  depth: 3,
  /** Redirects followed for one document (http → https, a moved sitemap). */
  redirects: 5,
} as const;

// The pages of a cover's source (`reports cover`; below the deck and the commands alike): a sitemap
// URL, a robots.txt URL (its Sitemap: lines), a sitemap file (plain or .gz), or `-` (one URL a line
// on stdin). Indexes are followed to their sitemaps, within the depth, document and page bounds
// (./limits.ts). A page is taken once (compared as the SEO host stores it); a page on another host
// than the site's is left out and counted. A document that cannot be read ends the cover before
// anything is sent: a page missing from a half-read sitemap would look as if it had left the site.
import { isAbsolute, resolve } from 'node:path';
import { projectOfUrl } from '../../domain/projects';
import { storedUrl } from '../../domain/storedUrl';
import { isStateFileError } from '../../files';
import { readSitemapFile } from '../../files/sitemapFile';
import { maskUrl } from '../../text/maskUrl';
import { readSitemap, robotsSitemaps, urlLines } from './sitemap';
import { DocumentProblem, fetchDocument, unpacked } from './fetchDocument';
import { COVER_LIMITS } from '../../files/coverLimits';

export type Source = { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'stdin' };

/** SOURCE as typed: `-`, an http(s) URL, else a file (relative to the working directory). */
export function sourceOf(text: string, cwd: string): Source {
  if (text === '-') return { kind: 'stdin' };
  if (/^https?:\/\//i.test(text)) return { kind: 'url', url: text };
  return { kind: 'file', path: isAbsolute(text) ? text : resolve(cwd, text) };
}

/** How the journal names a source: the URL, the file's absolute path, or `-`. */
export const sourceKey = (s: Source): string => (s.kind === 'url' ? s.url : s.kind === 'file' ? s.path : '-');

export interface Gathered {
  /** The site's pages, each once, as given. */
  pages: string[];
  /** The site: --project, else the host of the first page. */
  site: string;
  /** Pages on another host, left out. */
  otherHosts: number;
  /** Entries that are no http(s) address, left out. */
  notWeb: number;
  /** Pages listed again (the same as the host stores it), taken once. */
  duplicates: number;
  /** Pages past COVER_LIMITS.pages, left out. */
  overLimit: number;
  /** Documents read (sitemaps, indexes, robots.txt, the file). */
  documents: number;
  /** Indexes nested past COVER_LIMITS.depth, left out. */
  tooDeep: number;
}

interface Reader {
  timeoutMs: number;
  signal: AbortSignal;
  /** stdin's text, read when the source is `-`. */
  stdin: () => Promise<string>;
}

class Pages {
  readonly keys = new Set<string>();
  readonly g: Gathered;
  constructor(site: string | undefined) {
    this.g = { pages: [], site: site ?? '', otherHosts: 0, notWeb: 0, duplicates: 0, overLimit: 0, documents: 0, tooDeep: 0 };
  }
  add(loc: string): void {
    const { g } = this;
    if (!/^https?:\/\/[^/?#\s]+/i.test(loc)) {
      g.notWeb++;
      return;
    }
    const site = projectOfUrl(loc);
    if (!g.site) g.site = site;
    if (site !== g.site) {
      g.otherHosts++;
      return;
    }
    const key = storedUrl(loc);
    if (this.keys.has(key)) {
      g.duplicates++;
      return;
    }
    if (g.pages.length >= COVER_LIMITS.pages) {
      g.overLimit++;
      return;
    }
    this.keys.add(key);
    g.pages.push(loc);
  }
}

/** A sitemap or an index at `depth` (1: the source itself), its children followed in order. */
async function walk(text: string, where: string, depth: number, pages: Pages, reader: Reader): Promise<void> {
  const { doc, over } = readSitemap(text, COVER_LIMITS.pages + 1);
  pages.g.overLimit += over;
  if (doc.kind === 'unknown')
    throw new DocumentProblem(
      `${where} is not a sitemap (its root element is ${doc.root ? `<${doc.root}>` : 'missing'}, not <urlset> or <sitemapindex>)`,
      false,
    );
  if (doc.kind === 'urlset') {
    for (const loc of doc.locs) pages.add(loc);
    return;
  }
  for (const loc of doc.locs) {
    if (depth >= COVER_LIMITS.depth) {
      pages.g.tooDeep++;
      continue;
    }
    await walk(await fetchCounted(loc, pages, reader), maskUrl(loc), depth + 1, pages, reader);
  }
}

async function fetchCounted(url: string, pages: Pages, reader: Reader): Promise<string> {
  if (pages.g.documents >= COVER_LIMITS.documents)
    throw new DocumentProblem(`the source lists more than ${COVER_LIMITS.documents} sitemaps, the most a cover reads; give one sitemap of them`, false);
  pages.g.documents++;
  return fetchDocument(url, reader);
}

/** The file's bytes, refused in words (its path named) as a DocumentProblem when it is not a readable regular file within the bound. */
async function fileBytes(path: string): Promise<Buffer> {
  try {
    return await readSitemapFile(path, COVER_LIMITS.documentBytes);
  } catch (e) {
    if (isStateFileError(e)) throw new DocumentProblem(e.message, false);
    throw e;
  }
}

/** Every page of the source, bounded; throws a DocumentProblem in words. */
export async function gather(source: Source, site: string | undefined, reader: Reader): Promise<Gathered> {
  const pages = new Pages(site);
  if (source.kind === 'stdin') {
    for (const line of urlLines(await reader.stdin())) pages.add(line);
    return pages.g;
  }
  if (source.kind === 'file') {
    const text = unpacked(await fileBytes(source.path), source.path).toString('utf8');
    pages.g.documents++;
    await walk(text, source.path, 1, pages, reader);
    return pages.g;
  }
  const text = await fetchCounted(source.url, pages, reader);
  if (/\/robots\.txt$/i.test(new URL(source.url).pathname)) {
    const maps = robotsSitemaps(text);
    if (!maps.length) throw new DocumentProblem(`${maskUrl(source.url)} has no Sitemap: line`, false);
    for (const m of maps) await walk(await fetchCounted(m, pages, reader), maskUrl(m), 2, pages, reader);
    return pages.g;
  }
  await walk(text, maskUrl(source.url), 1, pages, reader);
  return pages.g;
}

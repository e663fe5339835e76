// The pages of a cover's source (`reports cover`; below the deck and the commands alike): a sitemap
// URL, a robots.txt URL (its Sitemap: lines), a sitemap file (plain or .gz), or `-` (one URL a line
// on stdin). Indexes are followed to their sitemaps, within the depth, document and page bounds
// (./limits.ts). A page is taken once (compared as the SEO host stores it); a page on another host
// than the site's is left out and counted. A document that cannot be read ends the cover before
// anything is sent: a page missing from a half-read sitemap would look as if it had left the site.
// Each document is read as it arrives (./documentText.ts, ./sitemap.ts): what stays is each page
// once by its URL as the host stores it, in the heap or on disk (PageSink), never a whole document.
import { createHash } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { projectOfUrl } from '../../domain/projects';
import { storedUrl } from '../../domain/storedUrl';
import { isStateFileError } from '../../files';
import { sitemapFileChunks } from '../../files/sitemapFile';
import { maskUrl } from '../../text/maskUrl';
import { robotsSitemaps, SitemapReader, urlLines } from './sitemap';
import { DocumentProblem, documentText } from './documentText';
import { fetchDocument, openDocument } from './fetchDocument';
import { COVER_LIMITS } from '../../files/coverLimits';

export type Source = { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'stdin' };

/** SOURCE as typed: `-`, an http(s) URL, else a file (relative to the working directory). */
export function sourceOf(text: string, cwd: string, demoSeoOrigin?: string): Source {
  // Under --demo (the emulator's SEO origin given), `demo` is the sample site's robots.txt there: the deck's `:cover demo` and the command's alike.
  if (text === 'demo' && demoSeoOrigin) return { kind: 'url', url: `${demoSeoOrigin}/robots.txt` };
  if (text === '-') return { kind: 'stdin' };
  if (/^https?:\/\//i.test(text)) return { kind: 'url', url: text };
  return { kind: 'file', path: isAbsolute(text) ? text : resolve(cwd, text) };
}

/**
 * How the journal names a source: the URL, the file's absolute path, or for stdin the list itself
 * (`- sha256:…` of its lines), so two lists covered on one host are two covers.
 */
export const sourceKey = (s: Source, listDigest?: string): string =>
  s.kind === 'url' ? s.url : s.kind === 'file' ? s.path : listDigest ? `- sha256:${listDigest}` : '-';

/** What a cover's source gave, counted; its pages are in the PageSink it was read into. */
export interface GatherCounts {
  /** stdin's list: the SHA-256 of its lines (what the journal keys it by) and how many there were. */
  list?: { digest: string; lines: number };
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

/** Where the pages go, each once by its URL as the host stores it: the heap (the deck's) or a scratch database (./planStore.ts). */
export interface PageSink {
  readonly size: number;
  has(key: string): boolean;
  add(key: string, page: string): void;
}

export interface Gathered extends GatherCounts {
  /** The site's pages, each once, as given. */
  pages: string[];
  /** The same pages as the host stores them (src/domain/storedUrl.ts). */
  keys: ReadonlySet<string>;
}

interface Reader {
  timeoutMs: number;
  signal: AbortSignal;
  /** stdin's text, read when the source is `-`. */
  stdin: () => Promise<string>;
}

class Pages {
  readonly g: GatherCounts;
  readonly sink: PageSink;
  constructor(site: string | undefined, sink: PageSink) {
    this.sink = sink;
    this.g = { site: site ?? '', otherHosts: 0, notWeb: 0, duplicates: 0, overLimit: 0, documents: 0, tooDeep: 0 };
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
    // The key shares the page's characters when it is the page's end, as most are (https://host/path → host/path).
    const stored = storedUrl(loc);
    const key = loc.endsWith(stored) ? loc.slice(loc.length - stored.length) : stored;
    if (this.sink.has(key)) {
      g.duplicates++;
      return;
    }
    if (this.sink.size >= COVER_LIMITS.pages) {
      g.overLimit++;
      return;
    }
    this.sink.add(key, loc);
  }
}

/** The pages in the heap: a small site, or a test. */
function heapSink(): PageSink & { pages: string[]; keys: Set<string> } {
  const pages: string[] = [];
  const keys = new Set<string>();
  return {
    pages,
    keys,
    get size() {
      return pages.length;
    },
    has: (key) => keys.has(key),
    add: (key, page) => {
      keys.add(key);
      pages.push(page);
    },
  };
}

/** A sitemap or an index at `depth` (1: the source itself), read as it arrives; an index's children followed in order after it. */
async function walk(text: AsyncGenerator<string>, where: string, depth: number, pages: Pages, reader: Reader): Promise<void> {
  // An index names at most as many sitemaps as a cover reads (one more is refused when fetched).
  const children: string[] = [];
  const doc = new SitemapReader((loc) => {
    if (doc.kind === 'urlset') pages.add(loc);
    else if (children.length <= COVER_LIMITS.documents) children.push(loc);
  });
  for await (const chunk of text) {
    doc.push(chunk);
    if (doc.kind === 'unknown') break;
  }
  if (doc.end() === 'unknown')
    throw new DocumentProblem(
      `${where} is not a sitemap (its root element is ${doc.root ? `<${doc.root}>` : 'missing'}, not <urlset> or <sitemapindex>)`,
      false,
    );
  for (const loc of children) {
    if (depth >= COVER_LIMITS.depth) {
      pages.g.tooDeep++;
      continue;
    }
    await walk(await openCounted(loc, pages, reader), maskUrl(loc), depth + 1, pages, reader);
  }
}

function counted(pages: Pages): void {
  if (pages.g.documents >= COVER_LIMITS.documents)
    throw new DocumentProblem(`the source lists more than ${COVER_LIMITS.documents} sitemaps, the most a cover reads; give one sitemap of them`, false);
  pages.g.documents++;
}

async function openCounted(url: string, pages: Pages, reader: Reader): Promise<AsyncGenerator<string>> {
  counted(pages);
  return openDocument(url, reader);
}

/** The file's text as it is read, refused in words (its path named) as a DocumentProblem when it is not a readable regular file within the bound. */
async function* fileText(path: string): AsyncGenerator<string> {
  try {
    yield* documentText(sitemapFileChunks(path, COVER_LIMITS.documentBytes), path);
  } catch (e) {
    if (isStateFileError(e)) throw new DocumentProblem(e.message, false);
    throw e;
  }
}

/** Every page of the source, bounded, into `sink`; throws a DocumentProblem in words. */
export async function gatherInto(source: Source, site: string | undefined, reader: Reader, sink: PageSink): Promise<GatherCounts> {
  const pages = new Pages(site, sink);
  if (source.kind === 'stdin') {
    const hash = createHash('sha256');
    let lines = 0;
    for (const line of urlLines(await reader.stdin())) {
      hash.update(`${line}\n`);
      lines++;
      pages.add(line);
    }
    pages.g.list = { digest: hash.digest('hex'), lines };
    return pages.g;
  }
  if (source.kind === 'file') {
    pages.g.documents++;
    await walk(fileText(source.path), source.path, 1, pages, reader);
    return pages.g;
  }
  if (/\/robots\.txt$/i.test(new URL(source.url).pathname)) {
    counted(pages);
    const maps = robotsSitemaps(await fetchDocument(source.url, reader));
    if (!maps.length) throw new DocumentProblem(`${maskUrl(source.url)} has no Sitemap: line`, false);
    for (const m of maps) await walk(await openCounted(m, pages, reader), maskUrl(m), 2, pages, reader);
    return pages.g;
  }
  await walk(await openCounted(source.url, pages, reader), maskUrl(source.url), 1, pages, reader);
  return pages.g;
}

/** Every page of the source in the heap (the deck's cover); throws a DocumentProblem in words. */
export async function gather(source: Source, site: string | undefined, reader: Reader): Promise<Gathered> {
  const sink = heapSink();
  const counts = await gatherInto(source, site, reader, sink);
  return { ...counts, pages: sink.pages, keys: sink.keys };
}

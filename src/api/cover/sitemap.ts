// A small streaming reader of the two sitemap documents (sitemaps.org): a `<urlset>` of pages and a
// `<sitemapindex>` of sitemaps. It reads only what a cover needs, each `<loc>` in document order, as
// the text arrives in chunks, so a sitemap of 50 000 pages costs the pages a cover keeps and nothing
// more (no whole document, no tree of every element). robots.txt's `Sitemap:` lines too.

export type SitemapDoc = { kind: 'urlset'; locs: string[] } | { kind: 'index'; locs: string[] } | { kind: 'unknown'; root: string };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An XML text value: CDATA kept as written, the five entities and numeric references read. */
function xmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1].trim();
  return raw.trim().replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The root element's local name (after the XML declaration, comments, a doctype); undefined while its name may still be cut off. */
function rootOf(text: string): string | undefined {
  const re = /<([!?]?)([^\s>/!?]*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1]) continue;
    if (m.index + m[0].length >= text.length) return undefined;
    return m[2].replace(/^[^:]*:/, '');
  }
  return undefined;
}

/** A copy of a short string that does not keep the text it was cut from alive (V8 keeps a slice's whole parent). */
const own = (s: string): string => (' ' + s).slice(1);

// A namespace prefix is allowed (<sm:loc>); the element's end must match its start.
const LOC = /<((?:[\w.-]+:)?loc)\s*>([\s\S]*?)<\/\1\s*>/g;
const LOC_START = /<(?:[\w.-]+:)?loc\s*>/;
/** Text before the root element looked through for it; past it the document has none. */
const PROLOG_MAX = 1024 * 1024;

/**
 * Reads a sitemap or an index as its text arrives: each `<loc>` is handed on as soon as it is whole,
 * and only the unfinished tail of the text is kept, so a sitemap of 50 000 pages is never held whole.
 */
export class SitemapReader {
  private tail = '';
  private name: string | undefined;

  constructor(private readonly onLoc: (loc: string) => void) {}

  /** The root's kind once its start tag has arrived (`unknown`: read no further). */
  get kind(): SitemapDoc['kind'] | undefined {
    if (this.name === undefined) return undefined;
    return this.name === 'urlset' ? 'urlset' : this.name === 'sitemapindex' ? 'index' : 'unknown';
  }

  /** Characters kept now: the unfinished tail (a bound the tests hold it to). */
  get held(): number {
    return this.tail.length;
  }

  /** The root element's local name as read ('' when the text had none). */
  get root(): string {
    return this.name ?? '';
  }

  push(text: string): void {
    const buf = this.tail + text;
    if (this.name === undefined) {
      this.name = rootOf(buf);
      if (this.name === undefined) {
        if (buf.length > PROLOG_MAX) this.name = '';
        this.tail = buf;
        return;
      }
    }
    if (this.kind === 'unknown') {
      this.tail = '';
      return;
    }
    LOC.lastIndex = 0;
    let end = 0;
    for (let m = LOC.exec(buf); m; m = LOC.exec(buf)) {
      end = LOC.lastIndex;
      const loc = xmlText(m[2]);
      if (loc) this.onLoc(own(loc));
    }
    // Kept: an unfinished <loc> and what follows it, else a tag that may be cut in two.
    const rest = buf.slice(end);
    const open = rest.search(LOC_START);
    this.tail = open >= 0 ? rest.slice(open) : rest.slice(Math.max(0, rest.lastIndexOf('<')));
  }

  /** The document's kind once all of it was pushed. */
  end(): SitemapDoc['kind'] {
    if (this.name === undefined) this.name = rootOf(this.tail + ' ') ?? '';
    this.tail = '';
    return this.kind ?? 'unknown';
  }
}

/** Every `<loc>` of a sitemap or sitemap index held whole, in order, at most `max` (the rest counted). */
export function readSitemap(text: string, max: number): { doc: SitemapDoc; over: number } {
  const locs: string[] = [];
  let over = 0;
  const reader = new SitemapReader((loc) => (locs.length < max ? locs.push(loc) : over++));
  reader.push(text);
  const kind = reader.end();
  if (kind === 'unknown') return { doc: { kind, root: reader.root }, over: 0 };
  return { doc: { kind, locs }, over };
}

/** robots.txt's `Sitemap:` lines (any case, anywhere in the file), in order. */
export function robotsSitemaps(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (m) out.push(m[1]);
  }
  return out;
}

/** One URL a line (stdin): blank lines and `#` comments left out; one line at a time, no array of them all. */
export function* urlLines(text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(at, end).trim();
    at = end + 1;
    if (line !== '' && !line.startsWith('#')) yield own(line);
  }
}

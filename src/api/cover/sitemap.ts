// A small bounded reader of the two sitemap documents (sitemaps.org): a `<urlset>` of pages and a
// `<sitemapindex>` of sitemaps. It reads only what a cover needs, each `<loc>` in document order,
// in one pass over text already held within its byte bound, so a sitemap of 50 000 pages costs its
// list of addresses and nothing more (no tree of every element). robots.txt's `Sitemap:` lines too.

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

/** The document's root element's local name (after the XML declaration, comments, a doctype). */
function rootOf(text: string): string {
  const re = /<([!?]?)([^\s>/!?]*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1]) continue;
    return m[2].replace(/^[^:]*:/, '');
  }
  return '';
}

/** Every `<loc>` of a sitemap or sitemap index, in order, at most `max` (the rest counted). */
export function readSitemap(text: string, max: number): { doc: SitemapDoc; over: number } {
  const root = rootOf(text);
  if (root !== 'urlset' && root !== 'sitemapindex') return { doc: { kind: 'unknown', root }, over: 0 };
  const locs: string[] = [];
  let over = 0;
  // A namespace prefix is allowed (<sm:loc>); the element's end must match its start.
  const re = /<((?:[\w.-]+:)?loc)\s*>([\s\S]*?)<\/\1\s*>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const loc = xmlText(m[2]);
    if (!loc) continue;
    if (locs.length < max) locs.push(loc);
    else over++;
  }
  return { doc: { kind: root === 'urlset' ? 'urlset' : 'index', locs }, over };
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

/** One URL a line (stdin): blank lines and `#` comments left out. */
export function urlLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

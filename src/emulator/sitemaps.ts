// The demo sites' own files, served by the emulator's SEO listener so that `--demo` and the tests
// show a whole cover (`reports cover`): each project of the sample reports is a site with a
// robots.txt, a sitemap index, a sitemap of its pages and a gzip sitemap of new guides. No real
// host serves these paths; a site is not the SEO host, it only lives here for the demo.
//
//   /robots.txt                              Sitemap: the first site's index (the one with most reports)
//   /sites/{site}/robots.txt                 Sitemap: /sites/{site}/sitemap.xml
//   /sites/{site}/sitemap.xml                <sitemapindex>: the two below
//   /sites/{site}/sitemap-pages.xml          its reports' pages, less every fifth (pages that left the
//                                            site), plus one page on another host
//   /sites/{site}/sitemap-guides.xml.gz      GUIDES new pages (no report yet), gzip
import { gzipSync } from 'node:zlib';
import { pageOf } from './records';
import type { Store } from './store';

/** New pages of each demo site: its guides, which have no report until a cover makes them. */
export const GUIDES = 12;
const GUIDE_PATH = '/guides/';

export interface FileReply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function urlset(locs: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((l) => `  <url><loc>${escapeXml(l)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

function sitemapIndex(locs: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((l) => `  <sitemap><loc>${escapeXml(l)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** The sites, most reports first (then by name): the projects of the stored reports. */
export function demoSites(reports: readonly Record<string, unknown>[]): string[] {
  const counts = new Map<string, number>();
  for (const r of reports) if (typeof r.project === 'string' && r.project) counts.set(r.project, (counts.get(r.project) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([p]) => p);
}

/** The site's pages that have (or had) a report, less every fifth: those left the site. */
function sitePages(store: Store, site: string): string[] {
  // One page per URL as the host stores it (a page may have reports under http:// and https://www.).
  const byStored = new Map<string, string>();
  for (const r of store.reports.all()) {
    if (r.project !== site) continue;
    const page = pageOf(r);
    if (!new URL(page).pathname.startsWith(GUIDE_PATH) && !byStored.has(String(r.url))) byStored.set(String(r.url), page);
  }
  return [...byStored.values()].filter((_u, i) => i % 5 !== 4);
}

const text = (body: string, type: string): FileReply => ({ status: 200, headers: { 'Content-Type': type }, body });

/** The file at `path` of a demo site, or undefined when the path is none of them. */
export function siteFile(store: Store, path: string, origin: string): FileReply | undefined {
  if (path === '/robots.txt') {
    const first = demoSites(store.reports.all())[0];
    return text(`User-agent: *\nAllow: /\n${first ? `Sitemap: ${origin}/sites/${first}/sitemap.xml\n` : ''}`, 'text/plain; charset=UTF-8');
  }
  const m = /^\/sites\/([^/]+)\/(robots\.txt|sitemap\.xml|sitemap-pages\.xml|sitemap-guides\.xml\.gz)$/.exec(path);
  if (!m) return undefined;
  const [, site, file] = m;
  if (!demoSites(store.reports.all()).includes(site)) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not Found\n' };
  const at = `${origin}/sites/${site}`;
  switch (file) {
    case 'robots.txt':
      return text(`User-agent: *\nDisallow: /admin/\nSitemap: ${at}/sitemap.xml\n`, 'text/plain; charset=UTF-8');
    case 'sitemap.xml':
      return text(sitemapIndex([`${at}/sitemap-pages.xml`, `${at}/sitemap-guides.xml.gz`]), 'application/xml');
    case 'sitemap-pages.xml':
      return text(urlset([...sitePages(store, site), `https://partner.example.net/${site}`]), 'application/xml');
    default: {
      const guides = Array.from({ length: GUIDES }, (_, i) => `https://${site}${GUIDE_PATH}${i + 1}`);
      return { status: 200, headers: { 'Content-Type': 'application/gzip' }, body: gzipSync(urlset(guides)) };
    }
  }
}

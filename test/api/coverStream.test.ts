// A cover reads its source as it arrives and keeps what the plan needs, never a whole document:
// the pages of a gzip sitemap are handed on while its bytes still come, the reader keeps only the
// unfinished tail (cut anywhere, even inside a tag or a character), and every report of the site is
// kept as its id, address, project and date, not the report.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { documentText, DocumentProblem } from '../../src/api/cover/documentText';
import { SitemapReader } from '../../src/api/cover/sitemap';
import { siteReports } from '../../src/api/cover/siteReports';
import { startEmulator } from '../../src/emulator';

const PAGES = 40_000;
// Each with a number of its own that gzip cannot guess, so the packed file is long too.
const urls = Array.from({ length: PAGES }, (_, i) => `https://shop.example.com/ünï/${((i * 2654435761) % 2 ** 32).toString(36)}/${i}?a=1&b=2`);
const xml =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  urls.map((u) => `  <sm:url><sm:loc>${u.replace(/&/g, '&amp;')}</sm:loc><sm:lastmod>2026-11-01</sm:lastmod></sm:url>\n`).join('') +
  '</sm:urlset>\n';

/** `bytes` in slices of `size`, counting how many were taken. */
function sliced(bytes: Buffer, size: number) {
  const seen = { taken: 0, slices: Math.ceil(bytes.length / size) };
  async function* gen() {
    for (let at = 0; at < bytes.length; at += size) {
      seen.taken++;
      yield bytes.subarray(at, at + size);
    }
  }
  return { seen, bytes: gen() };
}

describe('a cover reads its source as it arrives', () => {
  it('hands on the pages of a gzip sitemap while its bytes still come, keeping only the unfinished tail', async () => {
    const gz = gzipSync(xml);
    const { seen, bytes } = sliced(gz, 1024);
    const pages: string[] = [];
    let firstAt = 0;
    let mostHeld = 0;
    const reader = new SitemapReader((loc) => {
      if (!pages.length) firstAt = seen.taken;
      pages.push(loc);
    });
    for await (const text of documentText(bytes, 'sitemap.xml.gz')) {
      reader.push(text);
      mostHeld = Math.max(mostHeld, reader.held);
    }
    expect(reader.end()).toBe('urlset');
    expect(pages).toEqual(urls);
    // The first page came within the streams' read-ahead (64 KB of the packed bytes), not at the end.
    expect(gz.length).toBeGreaterThan(4 * 64 * 1024);
    expect(firstAt * 1024).toBeLessThanOrEqual(64 * 1024 + 1024);
    // Unpacked, the text is 100 times the bound: never more than an unfinished element is kept.
    expect(xml.length).toBeGreaterThan(100 * 4096);
    expect(mostHeld).toBeLessThan(4096);
  });

  it('reads the same pages however the text is cut: inside a tag, a name, an entity, a character', async () => {
    const bytes = Buffer.from(xml.slice(0, 2000) + '</sm:urlset>');
    const want: string[] = [];
    const whole = new SitemapReader((l) => want.push(l));
    whole.push(bytes.toString());
    whole.end();
    for (const size of [1, 2, 3, 7, 64]) {
      const got: string[] = [];
      const reader = new SitemapReader((l) => got.push(l));
      for await (const text of documentText(sliced(bytes, size).bytes, 'x')) reader.push(text);
      expect(reader.end(), `cut every ${size}`).toBe('urlset');
      expect(got, `cut every ${size}`).toEqual(want);
    }
    expect(want.length).toBeGreaterThan(10);
  });

  it('refuses a gzip that unpacks past the bound, and a cut-off gzip, in words naming it', async () => {
    const bomb = gzipSync(Buffer.alloc(200_000, 0x20));
    const read = async (b: Buffer, max?: number) => {
      for await (const _ of documentText(sliced(b, 1024).bytes, 'big.xml.gz', max));
    };
    const bound = read(bomb, 100_000);
    await expect(bound).rejects.toBeInstanceOf(DocumentProblem);
    await expect(bound).rejects.toThrow(/^big\.xml\.gz unpacks to more than 98 KB, the most a sitemap may be$/);
    await expect(read(gzipSync(xml).subarray(0, 500))).rejects.toThrow(/^big\.xml\.gz is not a whole gzip file/);
  });

  it("keeps every report of the site as its id, address, project and date: none of a report's checks", async () => {
    const emulator = await startEmulator({ seed: 0, seedReports: 120, rateLimit: 0 });
    try {
      const client = createClient({ baseUrl: emulator.baseUrl, seoBaseUrl: emulator.seoBaseUrl, apiKey: emulator.apiKey });
      const site = String(emulator.reports()[0].project);
      const known = await siteReports(client.reports, site, new AbortController().signal);
      expect(known.length).toBe(emulator.reports().filter((r) => r.project === site).length);
      for (const r of known) expect(Object.keys(r).sort()).toEqual(['generated_at', 'id', 'project', 'url']);
    } finally {
      await emulator.close();
    }
  });
});

// Figures 8d and 8e: `reports cover` under the rate limit, and its memory on a sitemap of 50 000 pages.
//
// Paced cover: the bundled CLI covers a list of pages given on stdin (one URL a line), none with a
// report, against an emulator limiting L requests per W seconds, k windows' worth of requests plus
// one (the one read of the site's reports, then a create a page). As for the paced read (paced.mjs),
// between the first request and the first of the last window the server lets k·L through, so the
// requests answered in that span per minute, set against the ceiling (L per W), are the share of the
// budget the cover uses. The 429s it met and any other failure are counted.
//
// Memory: the peak RSS (`/usr/bin/time`'s maximum resident set size, the kernel's own count) of a
// `--dry-run --json` cover of a sitemap of 5 000 and of 50 000 pages (BENCH_COVER_SIZES=5000,50000,100000
// adds sizes; past 50 000 the pages are counted and left out), served over HTTP from the bench process
// (written as it is sent), first with no report of the site on the host, then with a report for
// every fifth page (10 000 at 50 000, every one read, 100 a page); beside them the peak of the paced
// read's `websites list --all --format ndjson` over 20 000 websites, measured the same way in the same run.
// The reports of each size's site are read alone too (`reports list --all --project … --format ndjson`:
// 1 000 and 10 000), with the score history kept and without (SITEDECK_HISTORY=false): what the read
// itself holds, flat with the records, and what the history adds.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deckEnv } from '../emulator.mjs';
import { BUNDLE } from '../session.mjs';

const TIME = '/usr/bin/time';

/** Runs the bundle with `args`; resolves with its exit code, stdout's line count, stderr, and its peak RSS (bytes) when `peak`. */
function runBundle(emu, dir, args, { input, peak = false, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}`);
    const [cmd, ...rest] = peak ? [TIME, '-f', '%M', '-o', rssFile, ...BUNDLE] : BUNDLE;
    const child = spawn(cmd, [...rest, ...args], {
      env: {
        PATH: process.env.PATH,
        ...deckEnv(emu, join(dir, 'config')),
        XDG_RUNTIME_DIR: dir,
        XDG_STATE_HOME: join(dir, 'state'),
        ...env,
      },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    if (input !== undefined) child.stdin.end(input);
    child.on('error', reject);
    child.on('close', (code) => {
      const kb = peak ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : 0;
      resolve({ code, lines, stderr, peak: kb * 1024 });
    });
  });
}

const lastLine = (s) => s.trim().split('\n').pop();

export async function measureCoverPaced({ startEmulator, limit = 60, windowSec = 60, windows = 2 }) {
  // One read of the site's reports (it has none), then a create a page.
  const requests = windows * limit + 1;
  const pages = Array.from({ length: requests - 1 }, (_, i) => `https://cover-bench.example.com/p/${i}`);
  const emu = await startEmulator({ seed: 0, seedReports: 0, rateLimit: limit, rateWindow: windowSec });
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-cover-'));
  try {
    const t0 = performance.now();
    const run = await runBundle(emu, dir, ['reports', 'cover', '-', '--yes', '--json'], { input: pages.join('\n') + '\n' });
    const seconds = (performance.now() - t0) / 1000;
    if (run.code !== 0) throw new Error(`reports cover exited ${run.code}: ${lastLine(run.stderr)}`);
    const ok = emu.hits.filter((h) => h.status >= 200 && h.status < 300);
    const limited = emu.hits.filter((h) => h.status === 429).length;
    const failed = emu.hits.filter((h) => !(h.status >= 200 && h.status < 300) && h.status !== 429).length;
    const creates = emu.hits.filter((h) => h.method === 'POST' && h.status >= 200 && h.status < 300).length;
    const span = (ok[ok.length - 1].at - ok[0].at) / 60_000;
    const perMinute = (ok.length - 1) / span;
    const ceiling = (limit * 60) / windowSec;
    return { pages: pages.length, creates, requests: ok.length, perMinute, ceiling, share: perMinute / ceiling, limited, failed, seconds, limit, windowSec };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A `<urlset>` of `n` pages of `site`, written as it is sent (no whole document held). */
function serveSitemap(site, n) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
    let i = 0;
    const more = () => {
      while (i < n) {
        const chunk = [];
        for (const end = Math.min(n, i + 1000); i < end; i++)
          chunk.push(`  <url><loc>https://${site}/guides/page-${i}</loc><lastmod>2026-11-01</lastmod></url>\n`);
        if (!res.write(chunk.join(''))) return void res.once('drain', more);
      }
      res.end('</urlset>\n');
    };
    more();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Peak RSS of `--dry-run --json` covers of a sitemap of `pages` pages of `site`: with no report of the site, then with a report for every fifth page. */
async function coverPeaks(emu, dir, site, pages) {
  const server = await serveSitemap(site, pages);
  try {
    const sitemap = `http://127.0.0.1:${server.address().port}/sitemap.xml`;
    const cover = async () => {
      const run = await runBundle(emu, dir, ['reports', 'cover', sitemap, '--dry-run', '--json'], { peak: true });
      if (run.code !== 0) throw new Error(`reports cover --dry-run exited ${run.code}: ${lastLine(run.stderr)}`);
      return run.peak;
    };
    const bare = await cover();
    // The reports are of the pages a cover takes (COVER_LIMITS.pages: 50 000); the rest are counted and left out.
    const withReport = Math.floor(Math.min(pages, 50_000) / 5);
    const at = '2026-11-01T00:00:00.000000Z';
    for (let i = 0; i < withReport; i++) {
      const path = `${site}/guides/page-${i * 5}`;
      const dates = { generated_at: at, created_at: at, updated_at: at };
      emu.insertRaw('reports', { url: path, project: site, result: 80, privacy: 0, password: null, ...dates, _url: `https://${path}`, _run: 0 });
    }
    return { pages, withReport, barePeak: bare, reportedPeak: await cover() };
  } finally {
    server.close();
  }
}

/** Peak RSS of `reports list --all` of the reports of `site`, with the score history kept or not. */
async function reportsReadPeak(emu, dir, site, history) {
  const args = ['reports', 'list', '--all', '--project', site, '--per-page', '100', '--format', 'ndjson'];
  const run = await runBundle(emu, dir, args, { peak: true, env: history ? {} : { SITEDECK_HISTORY: 'false' } });
  if (run.code !== 0) throw new Error(`reports list --all exited ${run.code}: ${lastLine(run.stderr)}`);
  return { reports: run.lines, history, peak: run.peak };
}

/**
 * The paced read's peak, then each size's covers (a site of its own, so the reports of one are not
 * another's); with `reportsRead`, each site's reports read alone, with the score history and without.
 */
export async function measureCoverMemory({ startEmulator, sizes = [5_000, 50_000], listed = 20_000, reportsRead = true }) {
  const emu = await startEmulator({ seed: listed, seedReports: 0, rateLimit: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'sitedeck-bench-cover-memory-'));
  try {
    const list = await runBundle(emu, dir, ['websites', 'list', '--all', '--per-page', '100', '--format', 'ndjson'], { peak: true });
    if (list.code !== 0) throw new Error(`list --all exited ${list.code}: ${lastLine(list.stderr)}`);
    const runs = [];
    for (const pages of sizes) runs.push(await coverPeaks(emu, dir, `cover-bench-${pages}.example.com`, pages));
    // The same reports read by the paced read itself: what reading them costs without a cover.
    const reads = [];
    if (reportsRead)
      for (const run of runs) for (const history of [false, true]) reads.push(await reportsReadPeak(emu, dir, `cover-bench-${run.pages}.example.com`, history));
    return { listed: list.lines, listPeak: list.peak, runs, reads };
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

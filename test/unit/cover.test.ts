// The parts of `reports cover` that need no server: the URL as the SEO host stores it, the bounded
// sitemap reader, the plan, and the journal's schema step (a database of step 1 reaches step 2 with
// its rows kept).
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCover, planLine } from '../../src/api/cover/plan';
import { readSitemap, robotsSitemaps, urlLines } from '../../src/api/cover/sitemap';
import { cleanUrl } from '../../src/emulator/laravel';
import { storedUrl } from '../../src/domain/storedUrl';
import { coverSteps, markSending, openStateDatabase, readPace, recordAnswer, startCoverRun, unfinishedCoverRun } from '../../src/files/db';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/files/db/schema';

describe('storedUrl: a page and its report compare as the SEO host stores the URL', () => {
  it.each([
    'https://www.example.com/',
    'http://example.com',
    'https://example.com/a?b=1',
    'http://www.example.com/Docs/Getting_Started.html',
    'https://shop.example.com/path/',
  ])('%s is the emulator’s cleanUrl of it', (url) => {
    expect(storedUrl(url)).toBe(storedUrl(cleanUrl(url)));
    expect(storedUrl(url)).toBe(cleanUrl(url));
  });

  it('host names in any case are one page; paths keep their case', () => {
    expect(storedUrl('https://WWW.Example.COM/A')).toBe('example.com/A');
  });
});

describe('the sitemap reader', () => {
  it('reads each <loc> of a urlset in order: entities, CDATA and a namespace prefix', () => {
    const xml = `<?xml version="1.0"?><!-- c --><sm:urlset xmlns:sm="x"><sm:url><sm:loc> https://a.example/?x=1&amp;y=2 </sm:loc></sm:url>
      <url><loc><![CDATA[https://a.example/b]]></loc></url><url><loc>https://a.example/&#233;</loc></url></sm:urlset>`;
    expect(readSitemap(xml, 10)).toEqual({
      doc: { kind: 'urlset', locs: ['https://a.example/?x=1&y=2', 'https://a.example/b', 'https://a.example/é'] },
      over: 0,
    });
  });

  it('tells an index from a urlset, refuses anything else by its root, and counts what is past the bound', () => {
    expect(readSitemap('<sitemapindex><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>', 5).doc).toEqual({
      kind: 'index',
      locs: ['https://a.example/s.xml'],
    });
    expect(readSitemap('<html><body>Not Found</body></html>', 5).doc).toEqual({ kind: 'unknown', root: 'html' });
    expect(readSitemap('<urlset><url><loc>1</loc></url><url><loc>2</loc></url><url><loc>3</loc></url></urlset>', 2)).toEqual({
      doc: { kind: 'urlset', locs: ['1', '2'] },
      over: 1,
    });
  });

  it('robots.txt: every Sitemap: line, in any case; stdin: one URL a line, blanks and comments left out', () => {
    expect(robotsSitemaps('User-agent: *\nsitemap: https://a.example/1.xml\r\nDisallow: /x\nSITEMAP:https://a.example/2.xml\n')).toEqual([
      'https://a.example/1.xml',
      'https://a.example/2.xml',
    ]);
    expect([...urlLines('https://a.example/\n\n# x\r\n  https://a.example/b  \r\n')]).toEqual(['https://a.example/', 'https://a.example/b']);
  });
});

describe('the plan', () => {
  const pages = ['https://www.a.example/', 'https://a.example/new', 'https://a.example/old'];
  const gathered = {
    pages,
    keys: new Set(pages.map(storedUrl)),
    site: 'a.example',
    otherHosts: 2,
    notWeb: 0,
    duplicates: 0,
    overLimit: 0,
    documents: 1,
    tooDeep: 0,
  };
  const reports = [
    { id: 1, url: 'a.example', project: 'a.example', generated_at: '2026-11-30T00:00:00Z' },
    { id: 2, url: 'a.example/old', project: 'a.example', generated_at: '2026-01-01T00:00:00Z' },
    { id: 3, url: 'a.example/gone', project: 'a.example', generated_at: '2026-01-01T00:00:00Z' },
  ];

  it('creates the pages without a report, re-runs the old ones when asked, and deletes what left only with --prune', () => {
    const plain = planCover(gathered, reports, { prune: false });
    expect(plain.steps).toEqual([{ action: 'create', url: 'https://a.example/new', report_id: null }]);
    expect(planLine(plain.counts)).toBe('3 pages · 2 have a report · 1 to create · 2 on other hosts left out · 1 report of this site no longer in the sitemap');
    const full = planCover(gathered, reports, { prune: true, rerunBefore: Date.parse('2026-06-01T00:00:00Z') });
    expect(full.steps.map((s) => [s.action, s.report_id])).toEqual([
      ['create', null],
      ['rerun', '2'],
      ['delete', '3'],
    ]);
    expect(full.counts).toMatchObject({ to_create: 1, to_rerun: 1, to_delete: 1, gone: 1 });
  });
});

describe('the journal: schema step 2', () => {
  it('a database of step 1 reaches step 2 with its rows kept; a step goes planned → sending → its answer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-journal-'));
    let opened: DatabaseSync | undefined;
    try {
      const path = join(dir, 'state.sqlite');
      const old = new DatabaseSync(path);
      old.exec(MIGRATIONS[0].sql);
      old.exec("INSERT INTO pace (origin, state, updated) VALUES ('https://seo.example', '{}', 1)");
      old.exec('PRAGMA user_version = 1');
      old.close();
      const sdb = openStateDatabase(path);
      opened = sdb.db;
      expect((sdb.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBe(2);
      expect(readPace(sdb, 'https://seo.example')).toBe('{}');
      const run = startCoverRun(sdb, { host: 'h', source: 's', site: 'a.example', plan: '{}', started: 1 }, [
        { action: 'create', url: 'https://a.example/x', report_id: null },
      ]);
      markSending(sdb, run, 0);
      expect(coverSteps(sdb, run)[0].status).toBe('sending');
      recordAnswer(sdb, run, 0, { status: 'done', report_id: '41' }, 2);
      expect(coverSteps(sdb, run)[0]).toMatchObject({ status: 'done', report_id: '41' });
      expect(unfinishedCoverRun(sdb, 'h', 's')?.id).toBe(run);
    } finally {
      // This file's database only: others in the worker keep theirs open.
      opened?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

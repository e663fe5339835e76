// `reports cover` against the real Laravel reference (../shared/laravel-ref): a sitemap file of 150
// pages, 10 of which already have a report (created under https://www., as a person would type it),
// interrupted after 60 answers and resumed: every page ends with exactly one report, and the host saw
// one create per page that had none. The real host's `url` rule (stored without scheme and www.)
// and its project filter decide the plan here, not the emulator's copy of them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/commands/exitCodes';
import { runCommand } from '../commands/inProcess';
import { removeDir } from '../helpers/dirs';
import { laravelRef, refSuiteTitle, startLaravelRef, type RunningRef } from '../helpers/laravelRef';

const SITE = 'cover.example.com';
const PAGES = Array.from({ length: 150 }, (_, i) => `https://${SITE}/p/${i}`);

describe.runIf(laravelRef().ok)(refSuiteTitle('reports cover against real Laravel'), () => {
  let ref: RunningRef;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    // A budget the run never reaches: the reference's throttle is tested on its own (throttle.test.ts).
    ref = await startLaravelRef({ throttle: '1000,1', seedWebsites: 0, seedReports: 30 });
    dir = mkdtempSync(join(tmpdir(), 'sitedeck-cover-ref-'));
    env = {
      HOME: dir,
      SITEDECK_CONFIG_DIR: join(dir, 'sd'),
      SITEDECK_BASE_URL: ref.baseUrl,
      SITEDECK_SEO_BASE_URL: ref.seoBaseUrl,
      SITEDECK_API_KEY: ref.apiKey,
    };
  }, 120_000);
  afterAll(async () => {
    await ref?.stop();
    if (dir) removeDir(dir);
  });

  /** Every report of the site on the reference, by URL as it stores it. */
  async function reportsOfSite(): Promise<Map<string, number>> {
    const r = await runCommand(['reports', 'list', '--all', '--project', SITE, '--json'], { env });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    const byUrl = new Map<string, number>();
    for (const rep of (JSON.parse(r.stdout) as { data: { url: string }[] }).data) byUrl.set(rep.url, (byUrl.get(rep.url) ?? 0) + 1);
    return byUrl;
  }

  it('150 pages: planned against the host, interrupted after 60 answers, resumed; one report per page, none twice', async () => {
    for (let i = 0; i < 10; i++) expect((await runCommand(['reports', 'create', `https://www.${SITE}/p/${i}`], { env })).code).toBe(EXIT.ok);
    const file = join(dir, 'sitemap.xml');
    const locs = PAGES.map((u) => `<url><loc>${u}</loc></url>`).join('\n');
    writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs}\n</urlset>\n`);
    const plan = await runCommand(['reports', 'cover', file, '--dry-run', '--json'], { env });
    expect(plan.code, plan.stderr).toBe(EXIT.ok);
    expect(JSON.parse(plan.stdout)).toMatchObject({ site: SITE, pages: 150, with_report: 10, to_create: 140, gone: 0 });

    const ctrlC = new AbortController();
    const first = await runCommand(['reports', 'cover', file, '--yes', '--json'], {
      env,
      signal: ctrlC.signal,
      beforeWrite: (stream, _t, n) => void (stream === 'stdout' && n === 59 && ctrlC.abort()),
    });
    expect(first.code, first.stderr).toBe(EXIT.interrupted);
    expect(first.stderr).toContain('Covered cover.example.com: 60 of 140 done');
    expect(first.stderr).toContain('--resume --yes');
    expect([...(await reportsOfSite()).values()].reduce((a, b) => a + b, 0)).toBe(70);

    const resumed = await runCommand(['reports', 'cover', file, '--resume', '--yes', '--json'], { env });
    expect(resumed.code, resumed.stderr).toBe(EXIT.ok);
    expect(resumed.stdout.trim().split('\n')).toHaveLength(80);
    const byUrl = await reportsOfSite();
    expect(byUrl.size).toBe(150);
    expect([...byUrl.values()].every((n) => n === 1)).toBe(true);
    expect([...byUrl.keys()].sort()).toEqual(PAGES.map((u) => u.replace('https://', '')).sort());

    const again = await runCommand(['reports', 'cover', file, '--yes'], { env });
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(again.stderr).toContain('Nothing to do: every page of cover.example.com has a report');
  }, 180_000);
});

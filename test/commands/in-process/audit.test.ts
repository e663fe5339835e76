// `sitedeck reports audit` on the emulator with more reports than two pages of 100: every report
// read once at per_page=100 (exactly ceil(n/100) requests), in every format, against what the
// emulator's own records say; filters, --output, bad input, and what is new or fixed after a re-run
// (the table on a terminal: ./audit-terminal.test.ts).
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/commands/exitCodes';
import { CHECKS, IMPORTANCE_ORDER, type AuditCheck, type AuditPage } from '../../../src/domain';
import { XMLParser } from 'fast-xml-parser';
import { isInert } from '../../../src/text/sanitize';
import { xmlProblem } from '../../helpers/xml';
import { byPage, expectReadOnce, latest, readReports, type RawReport } from '../auditReports';
import { emulatorFixture, type Fixture } from '../helpers';
import { runCommand } from '../inProcess';

let fx: Fixture;
const N = 230;
const REQUESTS = Math.ceil(N / 100); // 3
let out: string;
/** Distinct pages among the N reports: the seed analyses some URLs more than once. */
let P: number;

beforeAll(async () => {
  fx = await emulatorFixture({ seed: N });
  out = mkdtempSync(join(tmpdir(), 'sitedeck-audit-'));
  P = byPage(await rawReports()).length;
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

/** The audit's JSON: the model's fields under the hosts' snake_case (docs/json.md), a page's score as `result`. */
type JsonPage = Omit<AuditPage, 'score' | 'isNew'> & { result: number | null; is_new: boolean | null };
type JsonCheck = Omit<AuditCheck, 'examples' | 'pages' | 'newlyFailing'> & { newly_failing: number | null; pages: JsonPage[] };

interface Json {
  data: { pages: number; reports: number; average_score: number; classes: Record<'good' | 'decent' | 'bad', number>; checks: JsonCheck[] };
  meta: {
    scope: Record<string, string | null>;
    gate: { passed: boolean; breaches: { check: string; why: string[] }[]; unjudged: { rule: string; why: string }[]; notes: string[] } | null;
  };
}

const rawReports = (query: Record<string, string> = {}) => readReports(fx.emulator, query);
const seoHits = () => fx.emulator.hits.filter((h) => h.host === 'seo');
const expectOneRead = (extra: Record<string, string> = {}) => expectReadOnce(fx.emulator, REQUESTS, extra);

const rank = (i: string | null) => (i === null ? IMPORTANCE_ORDER.length : IMPORTANCE_ORDER.indexOf(i as never));

/**
 * Reports of own.example as a host sends them with their own importance: load_time medium (the
 * table says high), a check sitedeck does not know as medium; /b analysed twice (the older passed
 * the title, so it newly fails).
 */
function insertOwn() {
  const check = (passed: boolean, importance: string, errors?: Record<string, unknown>, value?: unknown) => ({
    passed,
    importance,
    value,
    ...(errors ? { errors } : {}),
  });
  const at = (d: number) => `2024-10-${String(d).padStart(2, '0')}T10:00:00.000000Z`;
  const row = (url: string, day: number, result: number, results: Record<string, unknown>) => ({
    url,
    project: url.split('/')[0],
    result,
    privacy: 0,
    generated_at: at(day),
    created_at: at(day),
    updated_at: at(day),
    results,
  });
  const ids = [
    row('own.example/a', 3, 70, {
      title: check(true, 'high', undefined, 'A'),
      load_time: check(false, 'medium', { too_slow: { max: 1 } }, 2.5),
      brand_new_check: check(false, 'medium', { broken: 'yes' }),
    }),
    row('own.example/b', 1, 90, {
      title: check(true, 'high', undefined, 'B'),
      load_time: check(false, 'medium', { too_slow: { max: 1 } }, 1.5),
      brand_new_check: check(true, 'medium'),
    }),
    row('own.example/b/', 2, 60, {
      title: check(false, 'high', { missing: null }),
      load_time: check(false, 'medium', { too_slow: { max: 1 } }, 3),
      brand_new_check: check(true, 'medium'),
    }),
  ].map((r) => fx.emulator.insertRaw('reports', r));
  return { ids, row, check };
}

async function deleteReports(ids: readonly number[]) {
  for (const id of ids)
    await fetch(`${fx.emulator.seoBaseUrl}/api/v1/reports/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${fx.emulator.apiKey}`, Accept: 'application/json' },
    });
}

describe('reports audit', () => {
  it('json: every report read once in ceil(n/100) requests; per check the pages failing it, as the records say, most important first', async () => {
    const r = await runCommand(['reports', 'audit', '--format', 'json'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expectOneRead();
    // Not a terminal: no progress on stderr.
    expect(r.stderr).toBe('');
    const body = JSON.parse(r.stdout) as Json;
    expect(body.meta.scope).toEqual({ project: null, result: null, search: null });
    // No gate asked: none to say.
    expect(body.meta.gate).toBeNull();
    const all = await rawReports();
    expect(all).toHaveLength(N);
    // Some URLs have two analyses: a page counts once, at its latest.
    expect(P).toBeLessThan(N);
    const raw = latest(all);
    expect([body.data.pages, body.data.reports]).toEqual([P, N]);
    expect(body.data.average_score).toBe(Math.round(raw.reduce((s, x) => s + x.result, 0) / P));
    expect(body.data.classes.good + body.data.classes.decent + body.data.classes.bad).toBe(P);
    const failingNow = CHECKS.map((c) => ({
      name: c.name,
      ids: raw
        .filter((x) => !x.results[c.name].passed)
        .map((x) => x.id)
        .sort((a, b) => a - b),
    })).filter((c) => c.ids.length);
    expect(body.data.checks.map((c) => c.name).sort()).toEqual(failingNow.map((c) => c.name).sort());
    for (const c of body.data.checks) {
      const want = failingNow.find((f) => f.name === c.name)!.ids;
      expect(c.failing, c.name).toBe(want.length);
      expect(c.of).toBe(P);
      expect(c.share).toBeCloseTo(want.length / P, 10);
      // The drill-down lists a page once.
      expect(
        c.pages.map((p) => Number(p.id)).sort((a, b) => a - b),
        c.name,
      ).toEqual(want);
      expect(new Set(c.pages.map((p) => p.url)).size, c.name).toBe(c.pages.length);
      // Lowest score first; every page says why in words.
      const scores = c.pages.map((p) => p.result!);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      for (const p of c.pages) expect(p.reason, c.name).toMatch(/^[^{}[\]"]{4,}$/);
      expect(c.summary.length).toBeGreaterThan(3);
      // No history yet, but the older analyses of a page say what is new or fixed on it.
      expect(c.newly_failing, c.name).toBe(
        byPage(all).filter((l) => l.length > 1 && !l.at(-1)!.results[c.name].passed && l.at(-2)!.results[c.name].passed).length,
      );
    }
    const order = body.data.checks.map((c) => [rank(c.importance), -c.failing]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // The emulator's checks fail on pages in different shares, so the order says something.
    expect(new Set(body.data.checks.map((c) => c.failing)).size).toBeGreaterThan(10);
    expect(body.data.checks.find((c) => c.name === 'load_time')?.summary).toMatch(/^too slow: [\d.]+–[\d.]+ s \(max 1 s\)$/);
  });

  it('table piped: one whole tab-separated line per failing check, in the audit order, nothing cut', async () => {
    const json = JSON.parse((await runCommand(['reports', 'audit', '--format', 'json'], { env: fx.env })).stdout) as Json;
    fx.emulator.clearHits();
    const r = await runCommand(['reports', 'audit'], { env: fx.env });
    expect(r.code).toBe(0);
    expectOneRead();
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.map((l) => l[0])).toEqual(json.data.checks.map((c) => c.name));
    lines.forEach((l, i) => {
      const c = json.data.checks[i];
      expect(l).toEqual([
        c.name,
        c.label,
        c.importance ?? 'unknown',
        String(c.failing),
        String(P),
        String(Math.round(c.share * 1000) / 10),
        String(c.newly_failing),
        String(c.fixed),
        c.summary,
      ]);
    });
  });

  it('md: the summary line, the checks table, then each check’s failing pages with their reasons', async () => {
    const json = JSON.parse((await runCommand(['reports', 'audit', '--format', 'json'], { env: fx.env })).stdout) as Json;
    fx.emulator.clearHits();
    const r = await runCommand(['reports', 'audit', '--format', 'md'], { env: fx.env });
    expect(r.code).toBe(0);
    expectOneRead();
    const md = r.stdout;
    const lines = md.split('\n');
    expect(lines[0]).toBe('# SEO audit: all reports');
    expect(lines[2]).toBe(
      `${P} pages · average score ${json.data.average_score} · ` +
        `${json.data.classes.good} good · ${json.data.classes.decent} decent · ${json.data.classes.bad} bad`,
    );
    expect(lines[4]).toBe('| Importance | Check | Pages failing | Share | Since last analysis | What the pages show |');
    const rows = lines.slice(6, 6 + json.data.checks.length);
    rows.forEach((row, i) =>
      expect(
        row.startsWith(
          `| ${{ high: '▲', medium: '◆', low: '▽' }[json.data.checks[i].importance!]} ${json.data.checks[i].importance} | ` +
            `${json.data.checks[i].label.replace(/[_*]/g, (c) => `\\${c}`)} | ${json.data.checks[i].failing} of ${P} |`,
        ),
        row,
      ).toBe(true),
    );
    const sections = lines.filter((l) => l.startsWith('## '));
    expect(sections).toHaveLength(json.data.checks.length);
    const pageLines = lines.filter((l) => l.startsWith('- '));
    expect(pageLines).toHaveLength(json.data.checks.reduce((s, c) => s + c.failing, 0));
    // A page line: its URL (markup escaped), its score in words, its own reason.
    const title = json.data.checks.find((c) => c.name === 'title')!;
    const first = title.pages[0];
    expect(md).toContain(`- ${first.url.replace(/_/g, '\\_')} · `);
    expect(md).toMatch(/- \S+ · [●◐○] \d+ (good|decent|bad) · too long: \d+ characters \(max 60\)/);
  });

  it('csv: one row per (check, page), a header, cells safe for spreadsheets', async () => {
    const r = await runCommand(['reports', 'audit', '--format', 'csv'], { env: fx.env });
    expect(r.code).toBe(0);
    expectOneRead();
    const rows = r.stdout.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('check,label,importance,pages_failing,pages_read,id,url,project,result,reason,is_new,importance_note');
    const raw = latest(await rawReports());
    const failures = raw.reduce((s, x) => s + Object.values(x.results).filter((c) => !c.passed).length, 0);
    expect(rows).toHaveLength(1 + failures);
    expect(rows[1]).toMatch(new RegExp(`^[a-z0-9_]+,[^,]+,high,\\d+,${P},\\d+,`));
  });

  it('html: one self-contained page — no script, no request, escaped — with the checks table in importance order', async () => {
    const file = join(out, 'audit.html');
    // The extension chooses the format.
    const r = await runCommand(['reports', 'audit', '--output', file], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expectOneRead();
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^wrote .*audit\\.html: \\d+ failing checks over ${P} pages\n$`));
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // Polyglot: an XML parser reads it too.
    expect(xmlProblem(html)).toBeNull();
    expect(html).toContain('<title>SEO audit: all reports</title>');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'`);
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|src=|https?:\/\//i);
    const imps = [...html.matchAll(/<tr><td><span class="imp imp-(\w+)">/g)].map((m) => m[1]);
    expect(imps.length).toBeGreaterThan(10);
    expect(imps.map(rank)).toEqual([...imps.map(rank)].sort((a, b) => a - b));
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('reads only what --project, --result and --search select, and says so', async () => {
    const raw = await rawReports();
    const project = raw[0].project;
    const mine = byPage(raw.filter((x) => x.project === project && x.result < 49));
    fx.emulator.clearHits();
    const r = await runCommand(['reports', 'audit', '--project', project, '--result', 'bad', '--format', 'json'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    const hits = seoHits();
    expect(hits).toHaveLength(1);
    expect(hits[0].query).toMatchObject({ project, result: 'bad', per_page: '100' });
    const body = JSON.parse(r.stdout) as Json;
    expect(body.data.pages).toBe(mine.length);
    expect(body.meta.scope).toEqual({ project, result: 'bad', search: null });
    const found = await rawReports({ search: 'blog' });
    expect(found.length).toBeGreaterThan(0);
    fx.emulator.clearHits();
    const searched = JSON.parse((await runCommand(['reports', 'audit', '--search', 'blog', '--format', 'json'], { env: fx.env })).stdout) as Json;
    expect(seoHits().map((h) => h.query.search)).toEqual(['blog']);
    expect(searched.data.pages).toBe(byPage(found).length);
    expect(searched.meta.scope.search).toBe('blog');
    const md = await runCommand(['reports', 'audit', '--project', project, '--format', 'md'], { env: fx.env });
    expect(md.stdout.split('\n')[0]).toBe(`# SEO audit: project ${project.replace(/[_*]/g, (c) => `\\${c}`)}`);
  });

  it('refuses a bad format, result or output before any request', async () => {
    const cases: [string[], RegExp][] = [
      [['--format', 'pdf'], /--format must be one of table, md, html, json, csv, junit \(got "pdf"\)/],
      [['--result', 'awful'], /--result: .*good/],
      [['--output', out], /is a directory/],
      [['--output', join(out, 'no-such-dir', 'a.html')], /cannot write in/],
    ];
    for (const [args, msg] of cases) {
      const r = await runCommand(['reports', 'audit', ...args], { env: fx.env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('writes nothing when the read fails part way, and says where it stopped', async () => {
    const file = join(out, 'failed.html');
    const off = fx.emulator.addFault({ host: 'seo', method: 'GET', fault: { type: 'status', status: 500 } });
    try {
      const r = await runCommand(['reports', 'audit', '--output', file], { env: fx.env });
      expect(r.code).toBe(7);
      expect(r.stderr).toMatch(/^sitedeck: stopped after 0 of \? reports; no audit written$/m);
      expect(existsSync(file)).toBe(false);
      expect(seoHits().length).toBeGreaterThan(0);
    } finally {
      off();
    }
  });

  it('after a re-run, says per check how many pages newly fail it and how many were fixed', async () => {
    const env = { ...fx.env, XDG_STATE_HOME: join(out, 'state') };
    // The first audit records every page's analysis (and its failed checks) in the history.
    const before = await rawReports();
    expect((await runCommand(['reports', 'audit', '--format', 'json'], { env })).code).toBe(0);
    // Re-run pages analysed once; a page analysed twice compares its latest with its older report.
    const ids = byPage(before)
      .filter((l) => l.length === 1)
      .slice(0, 12)
      .map((l) => l[0].id);
    const twice = byPage(before).filter((l) => l.length > 1);
    expect(twice.length).toBeGreaterThan(0);
    const rerun = await runCommand(['reports', 'rerun', '--ids', ids.join(',')], { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    fx.emulator.clearHits();
    const r = await runCommand(['reports', 'audit', '--format', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expectOneRead();
    const after = await rawReports();
    const body = JSON.parse(r.stdout) as Json;
    let anyNew = 0;
    let anyFixed = 0;
    for (const c of CHECKS) {
      const fails = (x: RawReport) => !x.results[c.name].passed;
      const was = (id: number) => fails(before.find((x) => x.id === id)!);
      const now = (id: number) => fails(after.find((x) => x.id === id)!);
      const newly = [...ids.filter((id) => now(id) && !was(id)), ...twice.filter((l) => fails(l.at(-1)!) && !fails(l.at(-2)!)).map((l) => l.at(-1)!.id)];
      const fixed = [...ids.filter((id) => !now(id) && was(id)), ...twice.filter((l) => !fails(l.at(-1)!) && fails(l.at(-2)!))];
      anyNew += newly.length;
      anyFixed += fixed.length;
      const got = body.data.checks.find((x) => x.name === c.name);
      if (!got) {
        expect(latest(after).some(fails), c.name).toBe(false);
        continue;
      }
      expect([got.newly_failing, got.fixed], c.name).toEqual([newly.length, fixed.length]);
      expect(
        got.pages
          .filter((p) => p.is_new)
          .map((p) => Number(p.id))
          .sort((a, b) => a - b),
        c.name,
      ).toEqual(newly.sort((a, b) => a - b));
      // Pages neither re-run nor analysed twice have nothing earlier to compare with.
      const compared = new Set([...ids, ...twice.map((l) => l.at(-1)!.id)]);
      expect(got.pages.filter((p) => !compared.has(Number(p.id))).every((p) => p.is_new === null)).toBe(true);
    }
    expect(anyNew).toBeGreaterThan(0);
    expect(anyFixed).toBeGreaterThan(0);
    const md = await runCommand(['reports', 'audit', '--format', 'md'], { env });
    expect(md.stdout).toContain('| Since last analysis |');
    expect(md.stdout).toMatch(/\| \+\d+ new · \d+ fixed \|/);
  });

  it('follows the reports: their own importance, an unknown check at its level, one page per URL — in every format', async () => {
    const { ids, row, check } = insertOwn();
    try {
      const args = ['reports', 'audit', '--project', 'own.example'];
      const json = JSON.parse((await runCommand([...args, '--format', 'json'], { env: fx.env })).stdout) as Json;
      expect([json.data.pages, json.data.reports, json.data.average_score]).toEqual([2, 3, 65]);
      expect(json.data.checks.map((c) => [c.name, c.label, c.importance, c.failing, c.of, c.newly_failing, c.fixed])).toEqual([
        ['title', 'Title', 'high', 1, 2, 1, 0],
        ['load_time', 'Load time', 'medium', 2, 2, 0, 0],
        ['brand_new_check', 'Brand new check', 'medium', 1, 2, 0, 0],
      ]);
      // The drill-down lists /b once, at its latest analysis.
      expect(json.data.checks[1].pages.map((p) => p.id)).toEqual([ids[2], ids[0]]);
      const md = (await runCommand([...args, '--format', 'md'], { env: fx.env })).stdout;
      expect(md.split('\n')[2]).toMatch(/^2 pages · average score 65 · /);
      expect(
        md
          .split('\n')
          .filter((l) => l.startsWith('| ') && !l.startsWith('| Importance') && !l.startsWith('| ---'))
          .map((l) => l.split(' | ').slice(0, 3).join(' | ')),
      ).toEqual(['| ▲ high | Title | 1 of 2', '| ◆ medium | Load time | 2 of 2', '| ◆ medium | Brand new check | 1 of 2']);
      const html = (await runCommand([...args, '--format', 'html'], { env: fx.env })).stdout;
      expect(
        [...html.matchAll(/<tr><td><span class="imp imp-(\w+)">[^<]*<\/span><\/td><td><a [^>]*>([^<]*)<\/a><\/td><td class="num">([^<]*)</g)].map((m) =>
          m.slice(1).join(' '),
        ),
      ).toEqual(['high Title 1 of 2', 'medium Load time 2 of 2', 'medium Brand new check 1 of 2']);
      const csv = (await runCommand([...args, '--format', 'csv'], { env: fx.env })).stdout
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .map((l) => l.split(',').slice(0, 6).join(','));
      expect(csv).toEqual([
        `title,Title,high,1,2,${ids[2]}`,
        `load_time,Load time,medium,2,2,${ids[2]}`,
        `load_time,Load time,medium,2,2,${ids[0]}`,
        `brand_new_check,Brand new check,medium,1,2,${ids[0]}`,
      ]);
      const tsv = (await runCommand(args, { env: fx.env })).stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t').slice(0, 5).join(' '));
      expect(tsv).toEqual(['title Title high 1 2', 'load_time Load time medium 2 2', 'brand_new_check Brand new check medium 1 2']);
      // Reports that disagree: the most severe, and the row says so.
      ids.push(fx.emulator.insertRaw('reports', row('own.example/c', 4, 50, { load_time: check(false, 'high', { too_slow: { max: 1 } }, 4) })));
      const again = JSON.parse((await runCommand([...args, '--format', 'json'], { env: fx.env })).stdout) as Json;
      const load = again.data.checks.find((c) => c.name === 'load_time')!;
      expect([load.importance, load.importances]).toEqual(['high', { high: 1, medium: 2 }]);
      expect(again.data.checks.map((c) => c.name)).toEqual(['load_time', 'title', 'brand_new_check']);
      const md2 = (await runCommand([...args, '--format', 'md'], { env: fx.env })).stdout;
      expect(md2).toContain(
        '| ▲ high | Load time | 3 of 3 | 100 % | +0 new · 0 fixed | reports disagree: high on 1 page, medium on 2 pages; too slow: 2.5–4 s (max 1 s) |',
      );
    } finally {
      await deleteReports(ids);
    }
  });

  it('keeps a hostile page’s text inert and its markup escaped in every format', async () => {
    const evil = '=HYPERLINK("x")|<script>alert(1)</script>*x*\x1b]52;c;ZXZpbA==\x07';
    const id = fx.emulator.insertRaw('reports', { url: evil, project: 'evil.example', result: 10, privacy: 0 });
    try {
      const args = ['reports', 'audit', '--project', 'evil.example'];
      const md = (await runCommand([...args, '--format', 'md'], { env: fx.env })).stdout;
      expect(md).toContain('\\<script\\>alert(1)\\</script\\>\\*x\\*');
      const html = (await runCommand([...args, '--format', 'html'], { env: fx.env })).stdout;
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script');
      const csv = (await runCommand([...args, '--format', 'csv'], { env: fx.env })).stdout;
      const rows = csv.split('\r\n').filter(Boolean).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      // The URL would be a formula in a spreadsheet: it stays text behind a '.
      for (const row of rows) expect(row).toContain(`,"'=HYPERLINK(""x"")|<script>alert(1)</script>*x*`);
      const junit = (await runCommand([...args, '--format', 'junit'], { env: fx.env })).stdout;
      expect(xmlProblem(html)).toBeNull();
      expect(xmlProblem(junit)).toBeNull();
      for (const text of [md, html, csv, junit, (await runCommand(args, { env: fx.env })).stdout]) {
        expect(/\x1b|\x07/.test(text)).toBe(false);
        for (const line of text.split(/\r?\n/)) expect(isInert(line.replace(/\t/g, ' '))).toBe(true);
      }
    } finally {
      await fetch(`${fx.emulator.seoBaseUrl}/api/v1/reports/${id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${fx.emulator.apiKey}`, Accept: 'application/json' },
      });
    }
  });
  it('junit and html stay well-formed XML with report URLs holding U+FFFE, U+FFFF, a lone surrogate or C0 controls', async () => {
    const urls = ['xml.example/a\ufffe', 'xml.example/b\uffff', 'xml.example/c\ud800', 'xml.example/d\x01\x0b\x1f'];
    const ids = urls.map((url) =>
      fx.emulator.insertRaw('reports', { url, project: 'xml.example', result: 10, privacy: 0, results: { title: { passed: false, importance: 'high' } } }),
    );
    try {
      const args = ['reports', 'audit', '--project', 'xml.example'];
      const junit = await runCommand([...args, '--format', 'junit', '--fail-on', 'high'], { env: fx.env });
      expect(junit.code, junit.stderr).toBe(9);
      const html = await runCommand([...args, '--format', 'html'], { env: fx.env });
      for (const text of [junit.stdout, html.stdout]) {
        expect(xmlProblem(text)).toBeNull();
        // Every page is named, what XML cannot hold shown as U+FFFD.
        for (const name of ['a', 'b', 'c', 'd']) expect(text).toContain(`xml.example/${name}\ufffd`);
      }
    } finally {
      await deleteReports(ids);
    }
  });
});

describe('reports audit as a release gate', () => {
  const args = ['reports', 'audit', '--project', 'own.example'];
  let ids: number[] = [];
  beforeAll(() => void (ids = insertOwn().ids));
  afterAll(() => deleteReports(ids));

  it('--fail-on high|medium|low: exit 9 when a check of that importance or above fails; the document on stdout, the summary on stderr', async () => {
    const high = await runCommand([...args, '--format', 'json', '--fail-on', 'high'], { env: fx.env });
    expect(high.code).toBe(9);
    const body = JSON.parse(high.stdout) as Json;
    expect(body.data.pages).toBe(2);
    expect(body.meta.gate).toEqual({
      passed: false,
      breaches: [{ check: 'title', why: ['high, fails on 1 of 2 pages (--fail-on high)'] }],
      unjudged: [],
      notes: [],
    });
    expect(high.stderr).toBe('✗ release gate failed: 1 check breaks it (2 pages read)\n  Title (title): high, fails on 1 of 2 pages (--fail-on high)\n');
    const medium = await runCommand([...args, '--format', 'md', '--fail-on', 'medium'], { env: fx.env });
    expect(medium.code).toBe(9);
    expect(medium.stdout).toMatch(/^# SEO audit: project own\.example/);
    expect(
      medium.stderr
        .split('\n')
        .filter((l) => l.startsWith('  '))
        .map((l) => l.trim().split(':')[0]),
    ).toEqual(['Title (title)', 'Load time (load_time)', 'Brand new check (brand_new_check)']);
    // Low is the least: every failing check breaks it, whichever importance the report gave.
    const low = await runCommand([...args, '--format', 'csv', '--fail-on', 'low'], { env: fx.env });
    expect([low.code, low.stderr.split('\n')[0]]).toEqual([9, '✗ release gate failed: 3 checks break it (2 pages read)']);
  });

  it('passes (exit 0) within budgets, says so, and fails (exit 9) over one; --fail-on new fails on what newly fails', async () => {
    const within = await runCommand([...args, '--format', 'json', '--max-failing', 'title=1', '--max-failing', 'load_time=2,title=1'], {
      env: fx.env,
    });
    expect(within.code, within.stderr).toBe(0);
    expect(within.stderr).toBe('✓ release gate passed (2 pages read)\n');
    expect((JSON.parse(within.stdout) as Json).meta.gate).toEqual({ passed: true, breaches: [], unjudged: [], notes: [] });
    const over = await runCommand([...args, '--format', 'json', '--max-failing', 'load_time=1'], { env: fx.env });
    expect(over.code).toBe(9);
    expect(over.stderr).toContain('  Load time (load_time): fails on 2 pages, over its budget of 1 (--max-failing load_time=1)\n');
    // /b passed the title in its older analysis and fails it now.
    const fresh = await runCommand([...args, '--format', 'json', '--fail-on', 'new'], { env: fx.env });
    expect(fresh.code).toBe(9);
    expect(fresh.stderr).toContain('  Title (title): newly fails on 1 page since its previous analysis (--fail-on new)\n');
    // Nothing to compare with: the rule judged nothing, so the gate fails and says how a history starts.
    const once = fx.emulator.insertRaw('reports', {
      url: 'once.example/x',
      project: 'once.example',
      result: 20,
      privacy: 0,
      generated_at: '2024-10-01T10:00:00.000000Z',
      results: { title: { passed: false, importance: 'high' } },
    });
    try {
      const none = await runCommand(['reports', 'audit', '--project', 'once.example', '--format', 'json', '--fail-on', 'new'], { env: fx.env });
      expect(none.code).toBe(EXIT.gateEmpty);
      expect(none.stderr).toMatch(
        /^✗ release gate failed: judged nothing by a rule \(1 page read\)\n {2}--fail-on new: no earlier analysis of the page read to compare with/,
      );
    } finally {
      await deleteReports([once]);
    }
  });

  it('with --output the summary goes to stdout (free of the document); the document is written either way', async () => {
    const file = join(out, 'gate.md');
    const r = await runCommand([...args, '--fail-on', 'high', '--output', file], { env: fx.env });
    expect(r.code).toBe(9);
    expect(readFileSync(file, 'utf8')).toMatch(/^# SEO audit: project own\.example/);
    expect(r.stdout).toMatch(/^✗ release gate failed: 1 check breaks it/);
    expect(r.stderr).toMatch(/^wrote .*gate\.md: 3 failing checks over 2 pages\n$/);
  });

  it('refuses a bad gate before any request, naming what was probably meant', async () => {
    fx.emulator.clearHits();
    const cases: [string[], string][] = [
      [['--fail-on', 'hihg'], `sitedeck: --fail-on must be one of high, medium, low, new (got "hihg"): did you mean 'high'?`],
      [['--max-failing', 'titel=3'], `sitedeck: --max-failing: no check 'titel': did you mean 'title'?`],
      [
        ['--max-failing', 'title'],
        'sitedeck: --max-failing wants CHECK=N, a check\'s name and the most pages it may fail on (got "title"), e.g. --max-failing title=5',
      ],
      // An unset variable in a CI job must not turn the gate off.
      [['--fail-on', ''], 'sitedeck: --fail-on needs one of high, medium, low, new (got ""); an empty value would turn the gate off'],
      [['--fail-on', ',,,'], 'sitedeck: --fail-on needs one of high, medium, low, new (got ",,,"); an empty value would turn the gate off'],
      [['--fail-on', 'high', '--fail-on', ' '], 'sitedeck: --fail-on needs one of high, medium, low, new (got " "); an empty value would turn the gate off'],
      [
        ['--max-failing', ''],
        'sitedeck: --max-failing needs CHECK=N, a check\'s name and the most pages it may fail on (got ""); an empty value would turn the gate off',
      ],
    ];
    for (const [extra, msg] of cases) {
      const r = await runCommand([...args, ...extra], { env: fx.env });
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr.trim()).toBe(msg);
    }
    expect(fx.emulator.hits).toHaveLength(0);
    // A check sitedeck does not know is refused, even one the host sends: its budget would judge nothing by a typo.
    expect((await runCommand([...args, '--format', 'json', '--max-failing', 'brand_new_check=0'], { env: fx.env })).code).toBe(EXIT.usage);
  });

  it('matches a project as the host stores it: scheme and www. dropped, lower-case', async () => {
    for (const given of ['www.own.example', 'https://www.Own.Example/b/', 'OWN.example']) {
      fx.emulator.clearHits();
      const r = await runCommand(['reports', 'audit', '--project', given, '--format', 'json', '--fail-on', 'high'], { env: fx.env });
      expect(r.code, `${given}: ${r.stderr}`).toBe(9);
      expect(seoHits().map((h) => h.query.project)).toEqual(['own.example']);
      const body = JSON.parse(r.stdout) as Json;
      expect([body.data.pages, body.meta.scope.project]).toEqual([2, 'own.example']);
    }
  });

  it(`a gate that read no page fails (exit ${EXIT.gateEmpty}) and says why, naming the projects nearest a typo; --allow-empty passes it`, async () => {
    fx.emulator.clearHits();
    const typo = await runCommand(['reports', 'audit', '--project', 'own.exmaple', '--fail-on', 'high'], { env: fx.env });
    expect(typo.code).toBe(EXIT.gateEmpty);
    expect(typo.stderr).toBe(
      "sitedeck: the SEO host has no report of project 'own.exmaple'; did you mean 'own.example'?\n" +
        '✗ release gate failed: no page read (0 pages)\n' +
        '  note: no page read, so nothing was judged; --allow-empty lets a read of no page pass\n',
    );
    // The audit's own read, then the known projects (every report: fewer than 10 pages).
    expect(seoHits().map((h) => h.query.project ?? null)).toEqual([...['own.exmaple'], ...Array<null>(Math.ceil((N + 3) / 100)).fill(null)]);
    // A budget alone is a gate too; the json says it failed and why.
    const budget = await runCommand(['reports', 'audit', '--project', 'www.zq.invalid', '--max-failing', 'title=3', '--format', 'json'], { env: fx.env });
    expect(budget.code).toBe(EXIT.gateEmpty);
    expect(budget.stderr).toMatch(
      new RegExp(
        /^sitedeck: the SEO host has no report of project 'zq\.invalid', nor of one close to it; /.source +
          /sitedeck reports projects lists its \d+ projects\n✗ release gate failed: no page read/.source,
      ),
    );
    expect((JSON.parse(budget.stdout) as Json).meta.gate).toEqual({
      passed: false,
      breaches: [],
      unjudged: [{ rule: 'Pages read', why: 'no page read, so nothing was judged; --allow-empty lets a read of no page pass' }],
      notes: ['no page read, so nothing was judged; --allow-empty lets a read of no page pass'],
    });
    // The project is there; the other filters matched none of its reports.
    const filtered = await runCommand([...args, '--result', 'bad', '--fail-on', 'high'], { env: fx.env });
    expect(filtered.code).toBe(EXIT.gateEmpty);
    expect(filtered.stderr.split('\n')[0]).toBe("sitedeck: project 'own.example' has reports, but none matched --project own.example --result bad");
    // junit carries the failure too, so a dashboard does not show all green.
    const junit = await runCommand(['reports', 'audit', '--project', 'own.exmaple', '--fail-on', 'high', '--format', 'junit'], { env: fx.env });
    expect(junit.code).toBe(EXIT.gateEmpty);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(junit.stdout).testsuites.testsuite as {
      failures: string;
      testcase: { name: string; failure?: { message: string } }[];
    };
    expect(suite.failures).toBe('1');
    expect(suite.testcase.filter((t) => t.failure).map((t) => [t.name, t.failure!.message])).toEqual([
      ['Pages read', 'no page read, so nothing was judged; --allow-empty lets a read of no page pass'],
    ]);
    // --allow-empty: a project with no reports yet passes, and says so.
    const allowed = await runCommand(['reports', 'audit', '--project', 'own.exmaple', '--fail-on', 'high', '--allow-empty'], { env: fx.env });
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('✓ release gate passed (0 pages read)\n  note: no page read, so nothing was judged (--allow-empty lets that pass)\n');
    // Without a gate an empty audit is not a failure, and still says why.
    const plain = await runCommand(['reports', 'audit', '--project', 'own.exmaple', '--format', 'md'], { env: fx.env });
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe("sitedeck: the SEO host has no report of project 'own.exmaple'; did you mean 'own.example'?\n");
    expect(plain.stdout).toContain('No reports matched: nothing to audit.');
  });

  it("--format junit: one test case per check, read by a JUnit XML parser; failures are the gate's breaches", async () => {
    const r = await runCommand([...args, '--format', 'junit', '--fail-on', 'high', '--max-failing', 'load_time=1'], { env: fx.env });
    expect(r.code).toBe(9);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' }).parse(r.stdout) as {
      testsuites: {
        testsuite: {
          name: string;
          tests: string;
          failures: string;
          testcase: { name: string; classname: string; failure?: { message: string; type: string; '#text': string } }[];
        };
      };
    };
    const suite = doc.testsuites.testsuite;
    expect(suite.name).toBe('SEO audit: project own.example');
    expect(suite.testcase).toHaveLength(CHECKS.length + 1);
    expect([suite.tests, suite.failures]).toEqual([String(CHECKS.length + 1), '2']);
    const failed = suite.testcase.filter((t) => t.failure);
    expect(failed.map((t) => [t.name, t.failure!.type, t.failure!.message])).toEqual([
      ['Title (title)', 'high', 'high, fails on 1 of 2 pages (--fail-on high)'],
      ['Load time (load_time)', 'medium', 'fails on 2 pages, over its budget of 1 (--max-failing load_time=1)'],
    ]);
    expect(failed[0].failure!['#text']).toContain('own.example/b/ · ◐ 60 decent · missing');
    expect(suite.testcase.find((t) => t.name === 'Brand new check (brand_new_check)')).toBeDefined();
    // Without a gate a check fails its case when it fails on any page.
    const plain = await runCommand([...args, '--format', 'junit'], { env: fx.env });
    expect(plain.code).toBe(0);
    expect(new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(plain.stdout).testsuites.testsuite.failures).toBe('3');
    // The .xml extension chooses it.
    const file = join(out, 'audit.xml');
    expect((await runCommand([...args, '--output', file], { env: fx.env })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
  });
});

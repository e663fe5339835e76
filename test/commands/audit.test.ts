// `sitedeck reports audit` on the emulator with more reports than two pages of 100: every report
// read once at per_page=100 (exactly ceil(n/100) requests), in every format, against what the
// emulator's own records say; filters, --output, bad input, and what is new or fixed after a re-run.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKS, IMPORTANCE_ORDER, type AuditCheck } from '../../src/domain';
import { isInert } from '../../src/text/sanitize';
import { runCli, runInPty, startFixture, type Fixture } from './helpers';

let fx: Fixture;
const N = 230;
const REQUESTS = Math.ceil(N / 100); // 3
let out: string;

beforeAll(async () => {
  fx = await startFixture({ seed: N });
  out = mkdtempSync(join(tmpdir(), 'sitedeck-audit-'));
});
afterAll(() => fx.cleanup());
beforeEach(() => fx.emulator.clearHits());

interface Json {
  data: { pages: number; averageScore: number; classes: Record<'good' | 'decent' | 'bad', number>; checks: Omit<AuditCheck, 'examples'>[] };
  meta: { scope: Record<string, string | null> };
}

/** Every report as the emulator sends it, read here with plain HTTP (not sitedeck's client). */
interface RawReport {
  id: number;
  project: string;
  result: number;
  results: Record<string, { passed: boolean }>;
}

async function rawReports(query: Record<string, string> = {}): Promise<RawReport[]> {
  const all: RawReport[] = [];
  for (let page = 1; ; page++) {
    const url = new URL(`${fx.emulator.seoBaseUrl}/api/v1/reports`);
    for (const [k, v] of Object.entries({ ...query, per_page: '100', page: String(page) })) url.searchParams.set(k, v);
    const body = (await (await fetch(url, { headers: { Authorization: `Bearer ${fx.emulator.apiKey}`, Accept: 'application/json' } })).json()) as { data: RawReport[]; meta: { last_page: number } };
    all.push(...body.data);
    if (page >= body.meta.last_page) return all;
  }
}

function seoHits() {
  return fx.emulator.hits.filter((h) => h.host === 'seo');
}

function expectOneRead(extra: Record<string, string> = {}) {
  const hits = seoHits();
  expect(hits).toHaveLength(REQUESTS);
  hits.forEach((h, i) => expect(h).toMatchObject({ method: 'GET', query: { per_page: '100', page: String(i + 1), ...extra } }));
}

const rank = (i: string | null) => (i === null ? IMPORTANCE_ORDER.length : IMPORTANCE_ORDER.indexOf(i as never));

describe('reports audit', () => {
  it('json: every report read once in ceil(n/100) requests; per check the pages failing it, as the records say, most important first', async () => {
    const r = await runCli(['reports', 'audit', '--format', 'json'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expectOneRead();
    // Not a terminal: no progress on stderr.
    expect(r.stderr).toBe('');
    const body = JSON.parse(r.stdout) as Json;
    expect(body.meta.scope).toEqual({ project: null, result: null, search: null });
    const raw = await rawReports();
    expect(raw).toHaveLength(N);
    expect(body.data.pages).toBe(N);
    expect(body.data.averageScore).toBe(Math.round(raw.reduce((s, x) => s + x.result, 0) / N));
    expect(body.data.classes.good + body.data.classes.decent + body.data.classes.bad).toBe(N);
    const failingNow = CHECKS.map((c) => ({ name: c.name, ids: raw.filter((x) => !x.results[c.name].passed).map((x) => x.id).sort((a, b) => a - b) })).filter((c) => c.ids.length);
    expect(body.data.checks.map((c) => c.name).sort()).toEqual(failingNow.map((c) => c.name).sort());
    for (const c of body.data.checks) {
      const want = failingNow.find((f) => f.name === c.name)!.ids;
      expect(c.failing, c.name).toBe(want.length);
      expect(c.of).toBe(N);
      expect(c.share).toBeCloseTo(want.length / N, 10);
      expect(c.pages.map((p) => Number(p.id)).sort((a, b) => a - b), c.name).toEqual(want);
      // Lowest score first; every page says why in words.
      const scores = c.pages.map((p) => p.score!);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      for (const p of c.pages) expect(p.reason, c.name).toMatch(/^[^{}[\]"]{4,}$/);
      expect(c.summary.length).toBeGreaterThan(3);
      // No history yet: nothing new or fixed to say.
      expect([c.newlyFailing, c.fixed]).toEqual([null, null]);
    }
    const order = body.data.checks.map((c) => [rank(c.importance), -c.failing]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // The emulator's checks fail on pages in different shares, so the order says something.
    expect(new Set(body.data.checks.map((c) => c.failing)).size).toBeGreaterThan(10);
    expect(body.data.checks.find((c) => c.name === 'load_time')?.summary).toMatch(/^too slow: [\d.]+–[\d.]+ s \(max 1 s\)$/);
  });

  it('table piped: one whole tab-separated line per failing check, in the audit order, nothing cut', async () => {
    const json = JSON.parse((await runCli(['reports', 'audit', '--format', 'json'], { env: fx.env })).stdout) as Json;
    fx.emulator.clearHits();
    const r = await runCli(['reports', 'audit'], { env: fx.env });
    expect(r.code).toBe(0);
    expectOneRead();
    const lines = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(lines.map((l) => l[0])).toEqual(json.data.checks.map((c) => c.name));
    lines.forEach((l, i) => {
      const c = json.data.checks[i];
      expect(l).toEqual([c.name, c.label, c.importance ?? 'unknown', String(c.failing), String(N), String(Math.round(c.share * 1000) / 10), '', '', c.summary]);
    });
  });

  it('table on a terminal: the summary line, then an aligned table that fits the width; progress on stderr', async () => {
    for (const cols of [80, 120]) {
      fx.emulator.clearHits();
      const pty = runInPty(['--no-color', 'reports', 'audit'], fx.env, cols);
      expect(await pty.done).toBe(0);
      expectOneRead();
      const text = pty.output().replace(/\r/g, '');
      expect(text).toContain(`reports 200/${N}`);
      const shown = text.replace(/\x1b\[2K/g, '\n').split('\n').filter(Boolean);
      const head = shown.findIndex((l) => /^IMPORTANCE\s+CHECK\s+FAILING\s+SHARE\s+WHAT THE PAGES SHOW$/.test(l));
      expect(head).toBeGreaterThan(0);
      expect(shown[head - 1]).toMatch(new RegExp(`^${N} pages · average score \\d+ · \\d+ good · \\d+ decent · \\d+ bad$`));
      const rows = shown.slice(head + 1);
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        expect([...row].length, row).toBeLessThanOrEqual(cols);
        expect(row).toMatch(new RegExp(`^[▲◆▽?] (high|medium|low|unknown)\\s+\\S.*\\s\\d+ of ${N}\\s+\\d+ %`));
      }
      expect(rows[0]).toMatch(/^▲ high/);
      expect(rows.at(-1)).toMatch(/^▽ low/);
    }
  });

  it('md: the summary line, the checks table, then each check’s failing pages with their reasons', async () => {
    const json = JSON.parse((await runCli(['reports', 'audit', '--format', 'json'], { env: fx.env })).stdout) as Json;
    fx.emulator.clearHits();
    const r = await runCli(['reports', 'audit', '--format', 'md'], { env: fx.env });
    expect(r.code).toBe(0);
    expectOneRead();
    const md = r.stdout;
    const lines = md.split('\n');
    expect(lines[0]).toBe('# SEO audit: all reports');
    expect(lines[2]).toBe(`${N} pages · average score ${json.data.averageScore} · ${json.data.classes.good} good · ${json.data.classes.decent} decent · ${json.data.classes.bad} bad`);
    expect(lines[4]).toBe('| Importance | Check | Pages failing | Share | What the pages show |');
    const rows = lines.slice(6, 6 + json.data.checks.length);
    rows.forEach((row, i) => expect(row.startsWith(`| ${{ high: '▲', medium: '◆', low: '▽' }[json.data.checks[i].importance!]} ${json.data.checks[i].importance} | ${json.data.checks[i].label.replace(/[_*]/g, (c) => `\\${c}`)} | ${json.data.checks[i].failing} of ${N} |`), row).toBe(true));
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
    const r = await runCli(['reports', 'audit', '--format', 'csv'], { env: fx.env });
    expect(r.code).toBe(0);
    expectOneRead();
    const rows = r.stdout.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('check,label,importance,pages_failing,pages_read,id,url,project,score,reason,new');
    const raw = await rawReports();
    const failures = raw.reduce((s, x) => s + Object.values(x.results).filter((c) => !c.passed).length, 0);
    expect(rows).toHaveLength(1 + failures);
    expect(rows[1]).toMatch(new RegExp(`^[a-z0-9_]+,[^,]+,high,\\d+,${N},\\d+,`));
  });

  it('html: one self-contained page — no script, no request, escaped — with the checks table in importance order', async () => {
    const file = join(out, 'audit.html');
    // The extension chooses the format.
    const r = await runCli(['reports', 'audit', '--output', file], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expectOneRead();
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^wrote .*audit\.html: \d+ failing checks over 230 reports\n$/);
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
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
    const mine = raw.filter((x) => x.project === project && x.result < 49);
    fx.emulator.clearHits();
    const r = await runCli(['reports', 'audit', '--project', project, '--result', 'bad', '--format', 'json'], { env: fx.env });
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
    const searched = JSON.parse((await runCli(['reports', 'audit', '--search', 'blog', '--format', 'json'], { env: fx.env })).stdout) as Json;
    expect(seoHits().map((h) => h.query.search)).toEqual(['blog']);
    expect(searched.data.pages).toBe(found.length);
    expect(searched.meta.scope.search).toBe('blog');
    const md = await runCli(['reports', 'audit', '--project', project, '--format', 'md'], { env: fx.env });
    expect(md.stdout.split('\n')[0]).toBe(`# SEO audit: project ${project.replace(/[_*]/g, (c) => `\\${c}`)}`);
  });

  it('refuses a bad format, result or output before any request', async () => {
    const cases: [string[], RegExp][] = [
      [['--format', 'pdf'], /--format must be one of table, md, html, json, csv \(got "pdf"\)/],
      [['--result', 'awful'], /--result: .*good/],
      [['--output', out], /is a directory/],
      [['--output', join(out, 'no-such-dir', 'a.html')], /cannot write in/],
    ];
    for (const [args, msg] of cases) {
      const r = await runCli(['reports', 'audit', ...args], { env: fx.env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
    expect(fx.emulator.hits).toHaveLength(0);
  });

  it('writes nothing when the read fails part way, and says where it stopped', async () => {
    const file = join(out, 'failed.html');
    const off = fx.emulator.addFault({ host: 'seo', method: 'GET', fault: { type: 'status', status: 500 } });
    try {
      const r = await runCli(['reports', 'audit', '--output', file], { env: fx.env });
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
    expect((await runCli(['reports', 'audit', '--format', 'json'], { env })).code).toBe(0);
    const ids = before.slice(0, 12).map((x) => x.id);
    const rerun = await runCli(['reports', 'rerun', '--ids', ids.join(',')], { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    fx.emulator.clearHits();
    const r = await runCli(['reports', 'audit', '--format', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expectOneRead();
    const after = await rawReports();
    const body = JSON.parse(r.stdout) as Json;
    let anyNew = 0;
    let anyFixed = 0;
    for (const c of CHECKS) {
      const was = (id: number) => !before.find((x) => x.id === id)!.results[c.name].passed;
      const now = (id: number) => !after.find((x) => x.id === id)!.results[c.name].passed;
      const newly = ids.filter((id) => now(id) && !was(id));
      const fixed = ids.filter((id) => !now(id) && was(id));
      anyNew += newly.length;
      anyFixed += fixed.length;
      const got = body.data.checks.find((x) => x.name === c.name);
      if (!got) {
        expect(after.some((x) => !x.results[c.name].passed), c.name).toBe(false);
        continue;
      }
      expect([got.newlyFailing, got.fixed], c.name).toEqual([newly.length, fixed.length]);
      expect(got.pages.filter((p) => p.isNew).map((p) => Number(p.id)).sort((a, b) => a - b), c.name).toEqual(newly.sort((a, b) => a - b));
      // Pages not re-run have nothing earlier to compare with.
      expect(got.pages.filter((p) => !ids.includes(Number(p.id))).every((p) => p.isNew === null)).toBe(true);
    }
    expect(anyNew).toBeGreaterThan(0);
    expect(anyFixed).toBeGreaterThan(0);
    const md = await runCli(['reports', 'audit', '--format', 'md'], { env });
    expect(md.stdout).toContain('| Since last analysis |');
    expect(md.stdout).toMatch(/\| \+\d+ new · \d+ fixed \|/);
  });

  it('keeps a hostile page’s text inert and its markup escaped in every format', async () => {
    const evil = '=HYPERLINK("x")|<script>alert(1)</script>*x*\x1b]52;c;ZXZpbA==\x07';
    const id = fx.emulator.insertRaw('reports', { url: evil, project: 'evil.example', result: 10, privacy: 0 });
    try {
      const args = ['reports', 'audit', '--project', 'evil.example'];
      const md = (await runCli([...args, '--format', 'md'], { env: fx.env })).stdout;
      expect(md).toContain('\\<script\\>alert(1)\\</script\\>\\*x\\*');
      const html = (await runCli([...args, '--format', 'html'], { env: fx.env })).stdout;
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script');
      const csv = (await runCli([...args, '--format', 'csv'], { env: fx.env })).stdout;
      const rows = csv.split('\r\n').filter(Boolean).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      // The URL would be a formula in a spreadsheet: it stays text behind a '.
      for (const row of rows) expect(row).toContain(`,"'=HYPERLINK(""x"")|<script>alert(1)</script>*x*`);
      for (const text of [md, html, csv, (await runCli(args, { env: fx.env })).stdout]) {
        expect(/\x1b|\x07/.test(text)).toBe(false);
        for (const line of text.split(/\r?\n/)) expect(isInert(line.replace(/\t/g, ' '))).toBe(true);
      }
    } finally {
      await fetch(`${fx.emulator.seoBaseUrl}/api/v1/reports/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${fx.emulator.apiKey}`, Accept: 'application/json' } });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, IMPORTANCE, classify } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { call, emulator, REP } from './helpers';

let clock = new Date('2024-10-13T13:09:15Z');
let emu: Emulator;

beforeAll(async () => {
  emu = await emulator({ now: () => clock });
});
afterAll(() => emu.close());

/** The score a `results` object implies: passed points ÷ total points × 100 (stored rounded). */
function exactScore(results: Record<string, { passed: boolean; importance: keyof typeof IMPORTANCE }>): number {
  let got = 0;
  let total = 0;
  for (const c of Object.values(results)) {
    total += IMPORTANCE[c.importance];
    if (c.passed) got += IMPORTANCE[c.importance];
  }
  return (got / total) * 100;
}
const impliedScore = (results: Parameters<typeof exactScore>[0]) => Math.round(exactScore(results));

describe('reports', () => {
  it('stores a report scored from its URL, with the full check breakdown; the URL kept without scheme and www.', async () => {
    const a = await call(emu, 'POST', REP, { form: { url: 'https://www.Shop.example.com/products/red-shoes' } });
    expect(a.status).toBe(201);
    const r = a.body.data;
    expect(Object.keys(r)).toEqual(['id', 'url', 'project', 'result', 'results', 'privacy', 'password', 'generated_at', 'created_at', 'updated_at']);
    expect(r).toMatchObject({
      url: 'Shop.example.com/products/red-shoes',
      project: 'shop.example.com',
      privacy: null,
      password: false,
      generated_at: '2024-10-13T13:09:15.000000Z',
    });
    // The store answers the score as computed; the list and show, as stored (whole).
    expect(r.result).toBe(exactScore(r.results));
    expect((await call(emu, 'GET', `${REP}/${r.id}`)).body.data.result).toBe(Math.round(r.result));
    expect(Object.keys(r.results)).toEqual(CHECKS.map((c) => c.name));
    for (const c of CHECKS) {
      // A check carries errors only when it failed.
      const keys = r.results[c.name].passed ? ['passed', 'importance', 'value'] : ['passed', 'importance', 'value', 'errors'];
      expect(Object.keys(r.results[c.name])).toEqual(keys);
      expect(r.results[c.name]).toMatchObject({ passed: expect.any(Boolean), importance: c.importance });
    }
    expect(r.results.https_encryption.passed).toBe(true);
    expect(r.results.seo_friendly_url.value).toBe('https://www.Shop.example.com/products/red-shoes');
  });

  it('scores deterministically: the same URL gives the same score', async () => {
    const url = 'http://blog.example.net/Archive_2019/index.php?id=7';
    const a = await call(emu, 'POST', REP, { form: { url } });
    const b = await call(emu, 'POST', REP, { json: { url } });
    expect(a.body.data.results.https_encryption.passed).toBe(false);
    expect(a.body.data.results.seo_friendly_url.passed).toBe(false);
    expect(b.body.data.id).toBeGreaterThan(a.body.data.id);
    expect(b.body.data.result).toBe(a.body.data.result);
    expect(b.body.data.results).toEqual(a.body.data.results);
    expect(exactScore(b.body.data.results)).toBe(b.body.data.result);
  });

  it('validates url, privacy and password with Laravel messages', async () => {
    const none = await call(emu, 'POST', REP, { form: { privacy: 1 } });
    expect(none.body).toEqual({ message: { url: ['The url field is required.'] }, status: 422 });
    const bad = await call(emu, 'POST', REP, { form: { url: 'not a url', privacy: 3 } });
    expect(bad.body.message).toEqual({ url: ['The url must be a valid URL.'], privacy: ['The privacy must be between 0 and 2.'] });
    // A host that does not resolve fails as the page fetch reports it (.invalid never resolves).
    const dns = await call(emu, 'POST', REP, { form: { url: 'https://nowhere.invalid/page' } });
    expect(dns.body.message.url[0]).toMatch(/^cURL error 6: Could not resolve host: nowhere\.invalid/);
    const pw = await call(emu, 'POST', REP, { form: { url: 'https://a.example.com/', privacy: 2, password: 'pw' } });
    expect(pw.status).toBe(201);
    expect(pw.body.data).toMatchObject({ url: 'a.example.com', privacy: '2', password: true });
  });

  it('shows, updates by PUT or PATCH, and deletes', async () => {
    const made = (await call(emu, 'POST', REP, { form: { url: 'https://docs.example.io/start' } })).body.data;
    const shown = await call(emu, 'GET', `${REP}/${made.id}`);
    expect(shown.body).toEqual({ data: { ...made, result: Math.round(made.result) }, status: 200 });

    clock = new Date('2024-10-14T08:00:00Z');
    const upd = await call(emu, 'PUT', `${REP}/${made.id}`, { form: { privacy: 1, url: 'https://elsewhere.example.com/' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ id: made.id, url: made.url, privacy: '1', result: Math.round(made.result), generated_at: made.generated_at });
    expect(upd.body.data.updated_at).toBe('2024-10-14T08:00:00.000000Z');
    expect((await call(emu, 'PATCH', `${REP}/${made.id}`, { form: { privacy: 0 } })).body.data.privacy).toBe('0');
    // Eloquent's model-not-found, pretty-printed by Laravel's handler (after validation).
    expect((await call(emu, 'PUT', `${REP}/424242`, { form: { privacy: 9 } })).status).toBe(422);
    const missing = await call(emu, 'PUT', `${REP}/424242`, { form: { privacy: 1 } });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('{\n    "message": "No query results for model [App\\\\Report]."\n}');

    const del = await call(emu, 'DELETE', `${REP}/${made.id}`);
    expect(del.body).toEqual({ id: made.id, object: 'report', deleted: true, status: 200 });
    expect((await call(emu, 'GET', `${REP}/${made.id}`)).status).toBe(404);
  });

  it('re-analyses on results=1: new generated_at, a score consistent with its checks', async () => {
    const made = (await call(emu, 'POST', REP, { form: { url: 'https://rerun.example.com/blog/post' } })).body.data;
    const scores = new Set<number>([Math.round(made.result)]);
    for (let i = 0; i < 8; i++) {
      clock = new Date(Date.UTC(2024, 10, 1, 0, i));
      const a = await call(emu, 'PUT', `${REP}/${made.id}`, { form: { results: 1 } });
      expect(a.status).toBe(200);
      expect(a.body.data.generated_at).toBe(clock.toISOString().slice(0, 19) + '.000000Z');
      expect(exactScore(a.body.data.results)).toBe(a.body.data.result);
      const stored = Math.round(a.body.data.result);
      scores.add(stored);
      // The list sees the new score too (the sort index follows updates), stored whole.
      const listed = await call(emu, 'GET', REP, { query: { sort_by: 'result', result: classify(stored), per_page: 100 } });
      expect(listed.body.data.some((r: any) => r.id === made.id && r.result === stored)).toBe(true);
    }
    expect(scores.size).toBeGreaterThan(1);
    // results=0 leaves the analysis alone.
    const before = (await call(emu, 'GET', `${REP}/${made.id}`)).body.data;
    const same = await call(emu, 'PUT', `${REP}/${made.id}`, { form: { results: 0 } });
    expect(same.body.data.result).toBe(before.result);
    expect(same.body.data.generated_at).toBe(before.generated_at);
  });
});

describe('seeded data', () => {
  it('fails different checks on different pages, shares site-wide ones per project, and changes them on a re-run', async () => {
    const e = await emulator({ seed: 0, seedRandom: 11, seedReports: 120, now: () => new Date('2025-01-01T00:00:00Z') });
    try {
      const rows: any[] = (await call(e, 'GET', REP, { query: { per_page: 100, sort_by: 'id', sort: 'asc' } })).body.data;
      expect(rows).toHaveLength(100);
      const failing = (r: any) =>
        Object.keys(r.results)
          .filter((k) => !r.results[k].passed)
          .sort()
          .join(' ');
      // Pages differ in what they fail, and checks differ in how many pages fail them.
      expect(new Set(rows.map(failing)).size).toBeGreaterThan(80);
      const perCheck = CHECKS.map((c) => rows.filter((r) => !r.results[c.name].passed).length);
      expect(new Set(perCheck).size).toBeGreaterThan(10);
      // A site-wide check (the favicon) is the same on every page of a project.
      const byProject = new Map<string, Set<boolean>>();
      for (const r of rows) byProject.set(r.project, (byProject.get(r.project) ?? new Set()).add(r.results.favicon.passed));
      expect([...byProject.values()].every((v) => v.size === 1)).toBe(true);
      expect(new Set([...byProject.values()].map((v) => [...v][0])).size).toBe(2);
      // A re-run changes what fails on most pages; the score stays consistent with the checks.
      let changed = 0;
      for (const r of rows.slice(0, 10)) {
        const again = (await call(e, 'PUT', `${REP}/${r.id}`, { form: { results: 1 } })).body.data;
        expect(exactScore(again.results)).toBe(again.result);
        if (failing(again) !== failing(r)) changed++;
      }
      expect(changed).toBeGreaterThan(5);
    } finally {
      await e.close();
    }
  });

  it('is deterministic and spreads reports over good, decent and bad', async () => {
    const a = await emulator({ seed: 30, seedRandom: 7, now: () => new Date('2025-01-01T00:00:00Z') });
    const b = await emulator({ seed: 30, seedRandom: 7, now: () => new Date('2025-01-01T00:00:00Z') });
    try {
      expect(a.websites()).toEqual(b.websites());
      expect(a.reports()).toEqual(b.reports());
      expect(a.websites()).toHaveLength(30);
      const classes = new Set(a.reports().map((r) => classify(r.result as number)));
      expect([...classes].sort()).toEqual(['bad', 'decent', 'good']);
      const domains = a.websites().map((w) => w.domain as string);
      expect(new Set(domains).size).toBe(30);
      for (const d of domains) expect(d).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/);
      // Stored as the host stores them: no scheme, no www.; the project is the host without www.
      for (const r of a.reports()) {
        expect(r.url).not.toMatch(/^https?:|^www\./);
        expect(r.project).toBe(new URL(r._url as string).hostname.replace(/^www\./, ''));
      }
      const list = await call(a, 'GET', REP, { query: { per_page: 10 } });
      for (const r of list.body.data) expect(impliedScore(r.results)).toBe(r.result);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

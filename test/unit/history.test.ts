// The score history's pure part: what is recorded, bounded, forgotten, and read back from disk.
import { describe, expect, it } from 'vitest';
import {
  arrow,
  bound,
  changeOf,
  forget,
  MAX_FAILED,
  MAX_NAME,
  observe,
  parseHistory,
  PER_REPORT,
  previousFailedOf,
  sparkline,
  trendOf,
  type Book,
} from '../../src/history/model';

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T10:00:00.000000Z`;
const rep = (id: number, day: number, result: number) => ({ id, url: `https://a.example/${id}`, generated_at: at(day), result });

describe('history model', () => {
  it('records an analysis once per generated_at, oldest first, and gives the same book when nothing is new', () => {
    let b: Book = {};
    b = observe(b, [rep(1, 2, 50), rep(2, 1, 70)]);
    b = observe(b, [rep(1, 1, 40)]);
    expect(b['1'].map((a) => a.result)).toEqual([40, 50]);
    expect(observe(b, [rep(1, 2, 50), rep(2, 1, 70)])).toBe(b);
    // No date or no score: nothing to record.
    expect(
      observe(b, [
        { id: 3, url: 'x', generated_at: null, result: 5 },
        { id: 4, url: 'y', generated_at: at(1), result: null },
      ]),
    ).toBe(b);
  });

  it('says the change since the analysis before the one shown, and arrows for it', () => {
    const b = observe({}, [rep(1, 1, 40), rep(1, 2, 52), rep(1, 3, 47)]);
    expect(changeOf(b, rep(1, 3, 47))).toBe(-5);
    expect(changeOf(b, rep(1, 2, 52))).toBe(12);
    expect(changeOf(b, rep(1, 1, 40))).toBeNull();
    expect(changeOf(b, rep(9, 1, 40))).toBeNull();
    expect([arrow(12), arrow(-5), arrow(0), arrow(null)]).toEqual(['↑12', '↓5', '=', '']);
    expect(sparkline([0, 50, 100])).toBe('▁▅█');
    expect(trendOf(b[1])).toEqual({
      summary: '▄▅▄ 3 analyses, ↑7 since 2026-01-01',
      rows: [
        { generated_at: at(3), result: 47, change: -5 },
        { generated_at: at(2), result: 52, change: 12 },
        { generated_at: at(1), result: 40, change: null },
      ],
    });
    expect(trendOf(b[1].slice(0, 1))).toBeNull();
  });

  it('is bounded per report and in total, the oldest going first', () => {
    let b: Book = {};
    for (let d = 1; d <= PER_REPORT + 5; d++) b = observe(b, [rep(1, d, d)]);
    expect(b['1']).toHaveLength(PER_REPORT);
    expect(b['1'][0].result).toBe(6);
    const many = observe({}, [rep(1, 1, 1), rep(2, 2, 2), rep(1, 3, 3), rep(3, 4, 4)]);
    const kept = bound(many, 2);
    expect(kept).toEqual({
      '1': [{ url: 'https://a.example/1', generated_at: at(3), result: 3 }],
      '3': [{ url: 'https://a.example/3', generated_at: at(4), result: 4 }],
    });
  });

  it('forgets a deleted report entirely', () => {
    const b = observe({}, [rep(1, 1, 1), rep(2, 1, 2)]);
    expect(forget(b, 1)).toEqual({ '2': b['2'] });
    expect(forget(b, 7)).toBe(b);
  });

  it('reads back only well-formed files, dropping malformed entries', () => {
    expect(parseHistory(null)).toBeNull();
    expect(parseHistory({ version: 2, hosts: {} })).toBeNull();
    expect(parseHistory({ version: 1, hosts: [] })).toBeNull();
    const read = parseHistory({
      version: 1,
      hosts: {
        'https://seo.example': {
          '1': [
            { url: 'u', generated_at: at(2), result: 5 },
            { url: 'u', generated_at: 3, result: 'x' },
          ],
          x: [],
          '2': 'no',
        },
        bad: 7,
      },
    });
    expect(read).toEqual({ version: 1, hosts: { 'https://seo.example': { '1': [{ url: 'u', generated_at: at(2), result: 5 }] } } });
  });

  const checks = (failing: string[], passing: string[] = []) => [
    ...failing.map((name) => ({ name, label: name, passed: false, importance: 'low' as const })),
    ...passing.map((name) => ({ name, label: name, passed: true, importance: 'low' as const })),
  ];

  it('keeps the names of the failed checks per analysis, and gives those of the analysis before the one shown', () => {
    let b: Book = observe({}, [{ ...rep(1, 1, 40), checks: checks(['title', 'favicon'], ['robots']) }]);
    b = observe(b, [{ ...rep(1, 2, 60), checks: checks(['favicon'], ['title', 'robots']) }]);
    expect(b['1'].map((a) => a.failed)).toEqual([['title', 'favicon'], ['favicon']]);
    expect(previousFailedOf(b, rep(1, 2, 60))).toEqual(['title', 'favicon']);
    expect(previousFailedOf(b, rep(1, 1, 40))).toBeNull();
    expect(previousFailedOf(b, { id: 1, generated_at: null })).toBeNull();
    // Every check passed: known, and nothing failed.
    b = observe(b, [{ ...rep(1, 3, 100), checks: checks([], ['title']) }]);
    expect(previousFailedOf(b, { id: 1, generated_at: at(4) })).toEqual([]);
  });

  it('adds the failed checks to an analysis first seen without them, and not the other way round', () => {
    const bare = observe({}, [rep(1, 1, 40)]);
    expect(bare['1'][0].failed).toBeUndefined();
    expect(previousFailedOf(bare, { id: 1, generated_at: at(2) })).toBeNull();
    const full = observe(bare, [{ ...rep(1, 1, 40), checks: checks(['title']) }]);
    expect(full['1']).toEqual([{ url: 'https://a.example/1', generated_at: at(1), result: 40, failed: ['title'] }]);
    expect(observe(full, [rep(1, 1, 40)])).toBe(full);
    expect(observe(full, [{ ...rep(1, 1, 40), checks: checks(['favicon']) }])).toBe(full);
  });

  it('bounds the failed names of a hostile report, and reads files without them or with junk in them', () => {
    const many = checks(Array.from({ length: MAX_FAILED + 10 }, (_, i) => `check_${i}_${'x'.repeat(MAX_NAME)}`));
    const b = observe({}, [{ ...rep(1, 1, 40), checks: many }]);
    expect(b['1'][0].failed).toHaveLength(MAX_FAILED);
    expect(Math.max(...b['1'][0].failed!.map((n) => n.length))).toBe(MAX_NAME);
    const read = parseHistory({
      version: 1,
      hosts: {
        h: {
          '1': [
            { url: 'u', generated_at: at(1), result: 5 },
            { url: 'u', generated_at: at(2), result: 6, failed: ['title', 7, null, 'title', 'favicon'] },
            { url: 'u', generated_at: at(3), result: 7, failed: 'title' },
          ],
        },
      },
    });
    expect(read!.hosts.h['1']).toEqual([
      { url: 'u', generated_at: at(1), result: 5 },
      { url: 'u', generated_at: at(2), result: 6, failed: ['title', 'favicon'] },
      { url: 'u', generated_at: at(3), result: 7 },
    ]);
  });
});

describe('history in the state database', () => {
  const setup = async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openStateDatabase } = await import('../../src/files/db');
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-hist-'));
    const dbPath = join(dir, 'sitedeck', 'state-default.sqlite');
    return { dir, dbPath, database: () => openStateDatabase(dbPath) };
  };

  it('what was seen before the first read is kept and written, one row an analysis', async () => {
    const { createHistory } = await import('../../src/history/store');
    const { readAnalyses } = await import('../../src/files/db');
    const { report } = await import('../helpers/records');
    const { database } = await setup();
    const host = 'https://seo.example';
    const h = createHistory({ database, host });
    h.observe([report(7, { generated_at: '2026-02-01T00:00:00.000000Z', result: 70 })]);
    await h.flush();
    expect(h.analyses(7).map((a) => a.result)).toEqual([70]);
    expect(readAnalyses(database(), host).map((r) => [r.report_id, r.result])).toEqual([['7', 70]]);
    // A second session of the profile reads it back; a deleted report's rows go.
    const again = createHistory({ database, host });
    await again.ready();
    expect(again.analyses(7).map((a) => a.result)).toEqual([70]);
    again.forget(7);
    await again.flush();
    expect(readAnalyses(database(), host)).toEqual([]);
  });

  it("an earlier sitedeck's history file is read in once, with every server's book, then removed", async () => {
    const { existsSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { createHistory } = await import('../../src/history/store');
    const { readAnalyses } = await import('../../src/files/db');
    const { dir, database } = await setup();
    mkdirSync(join(dir, 'sitedeck'), { mode: 0o700 });
    const oldFile = join(dir, 'sitedeck', 'history-default.json');
    const at = (d: number) => `2026-01-0${d}T00:00:00.000000Z`;
    writeFileSync(
      oldFile,
      JSON.stringify({
        version: 1,
        hosts: {
          'https://a.example': { '1': [{ url: 'u', generated_at: at(1), result: 5, failed: ['title'] }] },
          'https://b.example': { '2': [{ url: 'v', generated_at: at(2), result: 6 }] },
        },
      }),
      { mode: 0o600 },
    );
    const h = createHistory({ database, oldFile, host: 'https://a.example' });
    await h.ready();
    expect(h.analyses(1)).toEqual([{ url: 'u', generated_at: at(1), result: 5, failed: ['title'] }]);
    expect(readAnalyses(database(), 'https://b.example').map((r) => r.report_id)).toEqual(['2']);
    expect(existsSync(oldFile)).toBe(false);
    // A file put back by hand is not read twice.
    writeFileSync(oldFile, JSON.stringify({ version: 1, hosts: { 'https://a.example': { '9': [{ url: 'w', generated_at: at(3), result: 1 }] } } }), {
      mode: 0o600,
    });
    const again = createHistory({ database, oldFile, host: 'https://a.example' });
    await again.ready();
    expect(again.analyses(9)).toEqual([]);
  });

  it('keeps the books of the 8 servers written last', async () => {
    const { changeBook, MAX_HOSTS } = await import('../../src/history/file');
    const { readAnalyses } = await import('../../src/files/db');
    const { database } = await setup();
    const hosts = Array.from({ length: MAX_HOSTS + 2 }, (_, i) => `https://h${i}.example`);
    for (const host of hosts) changeBook(database(), host, () => ({ '1': [{ url: 'u', generated_at: '2026-01-01', result: 1 }] }));
    const kept = hosts.filter((host) => readAnalyses(database(), host).length > 0);
    expect(kept).toEqual(hosts.slice(2));
  });
});

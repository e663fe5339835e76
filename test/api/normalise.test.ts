import { describe, expect, it } from 'vitest';
import { CHECKS, idProblem } from '../../src/domain';
import { hostTextOf } from '../../src/domain/hostText';
import { toJson } from '../../src/commands/format/json';
import {
  normaliseChecks,
  normaliseDeleted,
  normalisePage,
  normaliseRecordBody,
  normaliseReport,
  normaliseWebsite,
  toIsoDate,
  toPasswordSet,
} from '../../src/api/normalise';

const website = {
  id: 42,
  domain: 'example.com',
  privacy: 0,
  email: 1,
  password: false,
  exclude_bots: 1,
  exclude_ips: '1.2.3.4\n5.6.7.8',
  favorite: false,
  favorited_at: null,
  created_at: '2024-10-13T13:09:15.000000Z',
  updated_at: '2024-10-13T13:09:15.000000Z',
};

function ok<T>(p: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!p.ok) throw new Error(`expected ok, got: ${p.error}`);
  return p.value;
}

describe('dates', () => {
  it('turns the Laravel 10 format into plain ISO', () => {
    expect(toIsoDate('2024-10-13T13:09:15.000000Z')).toBe('2024-10-13T13:09:15Z');
  });
  it('turns the older space-separated format into ISO UTC', () => {
    expect(toIsoDate('2022-01-14 18:09:25')).toBe('2022-01-14T18:09:25Z');
  });
  it('keeps non-zero milliseconds and converts offsets to UTC', () => {
    expect(toIsoDate('2024-10-13T13:09:15.123456Z')).toBe('2024-10-13T13:09:15.123Z');
    expect(toIsoDate('2024-10-13T15:09:15+02:00')).toBe('2024-10-13T13:09:15Z');
  });
  it('keeps the host’s own text beside a rewritten date, which JSON output passes on and nothing else sees', () => {
    const w = ok(normaliseWebsite({ ...website, created_at: '2022-01-14 18:09:25', updated_at: '2024-10-13T13:09:15Z' }));
    expect([w.created_at, w.updated_at]).toEqual(['2022-01-14T18:09:25Z', '2024-10-13T13:09:15Z']);
    // Only what was rewritten is kept (a date already in ISO form has nothing to put back), and the record's own JSON (the deck's cache) is the ISO form.
    expect(hostTextOf(w)).toEqual({ created_at: '2022-01-14 18:09:25' });
    expect((JSON.parse(JSON.stringify(w)) as { created_at: string }).created_at).toBe('2022-01-14T18:09:25Z');
    expect({ ...w }).toEqual(w);
    const printed = JSON.parse(toJson({ data: [w] })) as { data: Record<string, unknown>[] };
    expect([printed.data[0].created_at, printed.data[0].updated_at]).toEqual(['2022-01-14 18:09:25', '2024-10-13T13:09:15Z']);
    expect(hostTextOf(ok(normaliseWebsite({ ...website, created_at: 1_700_000_000, updated_at: null })))).toBeUndefined();
  });
  it('accepts epoch seconds and refuses garbage', () => {
    expect(toIsoDate(1_700_000_000)).toBe('2023-11-14T22:13:20Z');
    expect(toIsoDate('yesterday')).toBeNull();
    expect(toIsoDate('2024-13-45 99:99:99')).toBeNull();
    expect(toIsoDate(null)).toBeNull();
  });
});

describe('password forms', () => {
  it('reads booleans, 0/1 and absent', () => {
    expect(toPasswordSet(true)).toBe(true);
    expect(toPasswordSet(false)).toBe(false);
    expect(toPasswordSet(1)).toBe(true);
    expect(toPasswordSet('0')).toBe(false);
    expect(toPasswordSet(undefined)).toBeNull();
  });
  it('never keeps a password string an old server returns, only that one is set', () => {
    const w = ok(normaliseWebsite({ ...website, password: 's3cret-value' }));
    expect(w.password).toBe(true);
    expect(JSON.stringify(w)).not.toContain('s3cret-value');
    expect(ok(normaliseWebsite({ ...website, password: '' })).password).toBe(false);
  });
  it('is null when the server does not send it', () => {
    const { password: _drop, ...rest } = website;
    expect(ok(normaliseWebsite(rest)).password).toBeNull();
  });
});

describe('websites', () => {
  it('maps a real record and keeps unknown fields in extra', () => {
    const w = ok(normaliseWebsite(website));
    expect(w).toEqual({
      id: 42,
      domain: 'example.com',
      privacy: 0,
      password: false,
      email: 1,
      exclude_bots: 1,
      exclude_ips: '1.2.3.4\n5.6.7.8',
      created_at: '2024-10-13T13:09:15Z',
      updated_at: '2024-10-13T13:09:15Z',
      extra: { favorite: false, favorited_at: null },
    });
  });
  it('accepts numeric strings and old dates', () => {
    const w = ok(normaliseWebsite({ id: '7', domain: 'a.example', privacy: '2', email: '0', exclude_bots: true, created_at: '2022-01-14 18:09:25' }));
    expect(w).toMatchObject({ id: 7, privacy: 2, email: 0, exclude_bots: 1, created_at: '2022-01-14T18:09:25Z', updated_at: null, exclude_ips: null });
  });
  it('keeps an unusable value of a known field visible in extra', () => {
    const w = ok(normaliseWebsite({ ...website, privacy: 'weird', created_at: 'soon' }));
    expect(w.privacy).toBeNull();
    expect(w.created_at).toBeNull();
    expect(w.extra).toMatchObject({ privacy: 'weird', created_at: 'soon' });
  });
  it('refuses records without an id or a domain', () => {
    expect(normaliseWebsite({ domain: 'x.example' }).ok).toBe(false);
    expect(normaliseWebsite({ id: '', domain: 'x.example' }).ok).toBe(false);
    expect(normaliseWebsite({ id: { n: 1 }, domain: 'x.example' }).ok).toBe(false);
    expect(normaliseWebsite({ id: 3 }).ok).toBe(false);
    expect(normaliseWebsite('nope').ok).toBe(false);
  });
  it('keeps an id exactly: above 2^53 as its digits; one that is not a whole number from 1 marks the record unusable for writes', () => {
    expect(ok(normaliseWebsite({ id: '9007199254740993', domain: 'a.example' })).id).toBe('9007199254740993');
    expect(ok(normaliseWebsite({ id: ' 0042 ', domain: 'a.example' })).id).toBe(42);
    for (const [raw, shown] of [
      [0, '0'],
      [-3, '-3'],
      [1.5, '1.5'],
      [1e21, '1e+21'],
      ['abc', 'abc'],
    ] as const) {
      const w = ok(normaliseWebsite({ id: raw, domain: 'a.example' }));
      expect(w.id).toBe(shown);
      expect(idProblem(w.id)).toBe(`its id ${shown} is not a whole number from 1, so sitedeck sends nothing for it`);
    }
    expect(idProblem(42)).toBeNull();
    expect(idProblem(ok(normaliseWebsite({ id: '9007199254740993', domain: 'a.example' })).id)).toBeNull();
  });
});

describe('reports', () => {
  const report = {
    id: 9,
    url: 'https://www.shop.example/a',
    project: 'shop.example',
    result: 87,
    privacy: 0,
    password: false,
    generated_at: '2022-01-14 18:09:25',
    created_at: '2022-01-14 18:09:25',
    updated_at: '2022-01-14 18:09:25',
    results: {
      title: { passed: true, importance: 'high', value: 'Shop', errors: [] },
      favicon: { passed: false, importance: 'low', value: null, errors: { missing: null } },
      mystery_check: { passed: true, importance: 'medium' },
    },
  };

  it('reads the score under result and classifies it', () => {
    const r = ok(normaliseReport(report));
    expect(r).toMatchObject({ id: 9, url: 'https://www.shop.example/a', project: 'shop.example', result: 87, result_class: 'good' });
    expect(r.generated_at).toBe('2022-01-14T18:09:25Z');
    expect(r.extra).toEqual({});
  });
  it('reads the score under score (newer servers), as a number or a numeric string', () => {
    const { result: _r, ...rest } = report;
    expect(ok(normaliseReport({ ...rest, score: 61 }))).toMatchObject({ result: 61, result_class: 'decent' });
    expect(ok(normaliseReport({ ...rest, score: '23' }))).toMatchObject({ result: 23, result_class: 'bad' });
    expect(ok(normaliseReport({ ...rest, result: '80' }))).toMatchObject({ result: 80, result_class: 'good' });
  });
  it('rounds a score answered as computed (a store or re-run) to the whole number the host stores', () => {
    expect(ok(normaliseReport({ ...report, result: 78.125 }))).toMatchObject({ result: 78, result_class: 'decent' });
    expect(ok(normaliseReport({ ...report, result: 79.5 }))).toMatchObject({ result: 80, result_class: 'good' });
    expect(ok(normaliseReport({ ...report, result: '48.5' }))).toMatchObject({ result: 49, result_class: 'decent' });
  });
  it('reads a write answer with the changed fields as strings, and a URL without scheme as it came', () => {
    const r = ok(normaliseReport({ ...report, url: 'shop.example/a', privacy: '2' }));
    expect(r).toMatchObject({ url: 'shop.example/a', privacy: 2 });
    expect(r.extra).toEqual({});
  });
  it('uses the class boundaries of the domain: 79 decent, 80 good, 49 decent, 48 bad', () => {
    const cls = (n: number) => ok(normaliseReport({ ...report, result: n })).result_class;
    expect([cls(79), cls(80), cls(49), cls(48)]).toEqual(['decent', 'good', 'decent', 'bad']);
  });
  it('keeps only the class when the server sends a class string', () => {
    expect(ok(normaliseReport({ ...report, result: 'Decent' }))).toMatchObject({ result: null, result_class: 'decent' });
    expect(ok(normaliseReport({ ...report, result: undefined, result_class: 'bad' }))).toMatchObject({ result: null, result_class: 'bad' });
  });
  it('has neither score nor class when none is sent, and keeps a nonsense score in extra', () => {
    expect(ok(normaliseReport({ ...report, result: null }))).toMatchObject({ result: null, result_class: null });
    const odd = ok(normaliseReport({ ...report, result: 'n/a' }));
    expect(odd).toMatchObject({ result: null, result_class: null });
    expect(odd.extra).toEqual({ result: 'n/a' });
  });
  it('maps the results object to checks, labelled from the domain, unknown ones by name', () => {
    const r = ok(normaliseReport(report));
    expect(r.checks.map((c) => [c.name, c.label, c.passed, c.importance])).toEqual([
      ['title', 'Title', true, 'high'],
      ['favicon', 'Favicon', false, 'low'],
      ['mystery_check', 'mystery_check', true, 'medium'],
    ]);
    expect(r.checks[0].value).toBe('Shop');
    expect(r.checks[0].errors).toBeUndefined();
    expect(r.checks[1].errors).toEqual({ missing: null });
  });
  it('reads checks sent JSON-encoded, takes importance from the domain when missing, and orders them like CHECKS', () => {
    const checks = normaliseChecks(JSON.stringify({ load_time: { passed: 1 }, title: { passed: false } }));
    expect(checks?.map((c) => [c.name, c.passed, c.importance])).toEqual([
      ['title', false, 'high'],
      ['load_time', true, CHECKS.find((c) => c.name === 'load_time')?.importance],
    ]);
    expect(normaliseChecks('{broken')).toBeNull();
  });
  it('keeps the importance a report sends over the table, and says where a filled-in one came from', () => {
    const checks = normaliseChecks({
      load_time: { passed: false, importance: 'medium' },
      title: { passed: false },
      brand_new_check: { passed: false, importance: 'medium' },
      other_check: { passed: false },
    });
    expect(checks?.map((c) => [c.name, c.importance, c.importanceFrom])).toEqual([
      ['title', 'high', 'table'],
      ['load_time', 'medium', undefined],
      ['brand_new_check', 'medium', undefined],
      ['other_check', 'low', 'guess'],
    ]);
  });
  it('has no checks when results is absent, and keeps an unreadable one in extra', () => {
    expect(ok(normaliseReport({ id: 1, url: 'https://a.example' })).checks).toEqual([]);
    const r = ok(normaliseReport({ id: 1, url: 'https://a.example', results: 5 }));
    expect(r.checks).toEqual([]);
    expect(r.extra).toEqual({ results: 5 });
  });
  it('refuses a report without a url', () => {
    expect(normaliseReport({ id: 1 }).ok).toBe(false);
  });
});

describe('envelopes', () => {
  it('reads {data: record} and a bare record alike', () => {
    expect(ok(normaliseRecordBody({ data: website, status: 200 }, normaliseWebsite)).id).toBe(42);
    expect(ok(normaliseRecordBody(website, normaliseWebsite)).id).toBe(42);
    expect(normaliseRecordBody({ status: 200 }, normaliseWebsite).ok).toBe(false);
    expect(normaliseRecordBody([website], normaliseWebsite).ok).toBe(false);
  });

  it('reads the nested resource collection', () => {
    const p = ok(
      normalisePage(
        {
          data: [website, { ...website, id: 41, domain: 'b.example' }],
          links: { first: '?page=1', last: '?page=3', prev: null, next: '?page=2' },
          meta: { current_page: 2, from: 11, last_page: 3, path: '/x', per_page: 10, to: 12, total: 27, links: [] },
          status: 200,
        },
        normaliseWebsite,
      ),
    );
    expect(p.items.map((w) => w.id)).toEqual([42, 41]);
    expect(p.meta).toEqual({ page: 2, lastPage: 3, perPage: 10, total: 27, from: 11, to: 12 });
  });

  it('reads the flat paginator', () => {
    const p = ok(normalisePage({ current_page: 1, data: [website], last_page: 3, per_page: 10, total: 27, from: 1, to: 1 }, normaliseWebsite));
    expect(p.meta).toEqual({ page: 1, lastPage: 3, perPage: 10, total: 27, from: 1, to: 1 });
  });

  it('derives what a paginator leaves out', () => {
    const flat = ok(normalisePage({ current_page: '2', data: [website], per_page: '10', total: '11' }, normaliseWebsite));
    expect(flat.meta).toEqual({ page: 2, lastPage: 2, perPage: 10, total: 11, from: 11, to: 11 });
    const simple = ok(normalisePage({ current_page: 1, data: [website], per_page: 1, next_page_url: '?page=2' }, normaliseWebsite));
    expect(simple.meta.lastPage).toBe(2);
    const bare = ok(normalisePage([website], normaliseWebsite));
    expect(bare.meta).toEqual({ page: 1, lastPage: 1, perPage: 1, total: 1, from: 1, to: 1 });
    const empty = ok(normalisePage({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, from: null, to: null } }, normaliseReport));
    expect(empty).toEqual({ items: [], meta: { page: 1, lastPage: 1, perPage: 25, total: 0, from: null, to: null } });
  });

  it('refuses a body without a list, and a list with an unreadable item', () => {
    expect(normalisePage({ data: { id: 1 } }, normaliseWebsite).ok).toBe(false);
    const bad = normalisePage({ data: [website, { domain: 'no-id.example' }] }, normaliseWebsite);
    expect(bad).toEqual({ ok: false, error: 'item 2 of the list: a website has no id' });
  });

  it('reads delete receipts, an empty 204 included', () => {
    const asked = { id: 42, object: 'website' };
    expect(ok(normaliseDeleted({ id: 42, object: 'website', deleted: true, status: 200 }, asked))).toEqual({ id: 42, object: 'website', deleted: true });
    expect(ok(normaliseDeleted({ data: { id: '42', object: 'website', deleted: 1 } }, asked))).toEqual({ id: 42, object: 'website', deleted: true });
    expect(ok(normaliseDeleted(undefined, asked))).toEqual({ id: 42, object: 'website', deleted: true });
    expect(ok(normaliseDeleted({ status: 200 }, asked))).toEqual({ id: 42, object: 'website', deleted: true });
    expect(normaliseDeleted('gone', asked).ok).toBe(false);
  });
});

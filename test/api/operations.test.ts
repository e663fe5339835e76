// The real client against the real emulator over loopback: every operation of both resources and
// every list parameter.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, WEBSITES, defaultQuery, type RecordId } from '../../src/domain';
import type { Emulator } from '../../src/emulator';
import { apiError, clientFor, startTestEmulator } from './helpers';

let emu: Emulator;
let client: ReturnType<typeof clientFor>['client'];

beforeAll(async () => {
  emu = await startTestEmulator(40);
  client = clientFor(emu).client;
});
afterAll(() => emu?.close());

const lastHit = () => emu.hits[emu.hits.length - 1];

describe('websites', () => {
  it('lists with the server defaults when no parameter is given (10 per page, newest id first)', async () => {
    const page = await client.websites.list();
    expect(lastHit().query).toEqual({});
    expect(lastHit().path).toBe(WEBSITES.apiPath);
    expect(page.meta).toEqual({ page: 1, lastPage: 4, perPage: defaultQuery(WEBSITES).per_page, total: 40, from: 1, to: 10 });
    const ids = page.items.map((w) => w.id);
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
    expect(page.items[0]).toMatchObject({ domain: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
  });

  it('sends every list parameter it is given, and none that is empty', async () => {
    await client.websites.list({ search: '', sort_by: 'domain', sort: 'asc', per_page: 25, page: 2, search_by: 'domain' });
    expect(lastHit().query).toEqual({ sort_by: 'domain', sort: 'asc', per_page: '25', page: '2', search_by: 'domain' });
  });

  it('encodes search text with URL metacharacters and non-ASCII intact', async () => {
    const page = await client.websites.list({ search: 'a&b=c #ü/?' });
    expect(lastHit().query).toEqual({ search: 'a&b=c #ü/?' });
    expect(page.items).toEqual([]);
    expect(page.meta).toMatchObject({ total: 0, from: null, to: null });
  });

  it('sorts by domain in both directions and pages', async () => {
    const asc = await client.websites.list({ sort_by: 'domain', sort: 'asc', per_page: 25 });
    const domains = asc.items.map((w) => w.domain);
    expect(domains).toEqual([...domains].sort());
    const desc = await client.websites.list({ sort_by: 'domain', sort: 'desc', per_page: 10 });
    expect(desc.items[0].domain >= desc.items[9].domain).toBe(true);
    const second = await client.websites.list({ sort_by: 'domain', sort: 'asc', per_page: 10, page: 2 });
    expect(second.meta).toMatchObject({ page: 2, from: 11, to: 20, perPage: 10 });
    expect(second.items.map((w) => w.domain)).toEqual(domains.slice(10, 20));
  });

  it('searches by domain', async () => {
    const all = await client.websites.list({ per_page: 100 });
    const needle = all.items[3].domain.slice(0, 5);
    const found = await client.websites.list({ search: needle, search_by: 'domain', per_page: 100 });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((w) => w.domain.includes(needle))).toBe(true);
    expect(found.meta.total).toBe(all.items.filter((w) => w.domain.includes(needle)).length);
  });

  it('creates, shows, updates only the changed fields, and deletes', async () => {
    const created = await client.websites.create({
      domain: 'https://www.Fresh-Site.example',
      privacy: 2,
      password: 'hunter22',
      email: 1,
      exclude_bots: 0,
      exclude_params: 'utm_source\nref',
      exclude_ips: '10.1.1.1',
    });
    expect(lastHit().body).toMatchObject({ domain: 'https://www.Fresh-Site.example', privacy: '2', exclude_params: 'utm_source\nref' });
    expect(created).toMatchObject({ domain: 'fresh-site.example', privacy: 2, password: true, email: 1, exclude_bots: 0, exclude_ips: '10.1.1.1' });
    expect(JSON.stringify(created)).not.toContain('hunter22');

    const shown = await client.websites.get(created.id);
    expect(shown).toEqual(created);

    const updated = await client.websites.update(created.id, { email: 0 });
    expect(lastHit()).toMatchObject({ method: 'PUT', path: `${WEBSITES.apiPath}/${created.id}`, body: { email: '0' } });
    expect(Object.keys(lastHit().body)).toEqual(['email']);
    expect(updated).toMatchObject({ id: created.id, email: 0, privacy: 2, password: true, exclude_ips: '10.1.1.1' });
    // exclude_params is never returned, and an update of another field must not wipe it.
    expect(emu.websites().find((w) => w.id === created.id)?.exclude_params).toBe('utm_source\nref');

    const gone = await client.websites.delete(created.id);
    expect(gone).toEqual({ id: created.id, object: 'website', deleted: true });
    const err = await apiError(client.websites.get(created.id));
    expect(err.kind).toBe('notFound');
  });
});

describe('reports', () => {
  it('lists with the server defaults (25 per page, newest id first)', async () => {
    const page = await client.reports.list();
    expect(lastHit().query).toEqual({});
    expect(page.meta).toMatchObject({ page: 1, perPage: defaultQuery(REPORTS).per_page, total: 40, lastPage: 2 });
    const ids = page.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
    const r = page.items[0];
    expect(r.result).toEqual(expect.any(Number));
    expect(r.result_class).toMatch(/^(good|decent|bad)$/);
    expect(r.checks.length).toBeGreaterThan(0);
    expect(r.checks.every((c) => c.label.length > 0)).toBe(true);
  });

  it('filters by result class and by project, and sends them', async () => {
    for (const cls of ['good', 'decent', 'bad'] as const) {
      const page = await client.reports.list({ result: cls, per_page: 100 });
      expect(lastHit().query).toEqual({ result: cls, per_page: '100' });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((r) => r.result_class === cls)).toBe(true);
    }
    const any = (await client.reports.list({ per_page: 10 })).items[0];
    const inProject = await client.reports.list({ project: any.project ?? '', per_page: 100 });
    expect(lastHit().query.project).toBe(any.project);
    expect(inProject.items.every((r) => r.project === any.project)).toBe(true);
  });

  it('sorts by every sort key of the domain table', async () => {
    const by = async (sort_by: string) => (await client.reports.list({ sort_by, sort: 'asc', per_page: 100 })).items;
    const scores = (await by('result')).map((r) => r.result ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const urls = (await by('url')).map((r) => r.url);
    expect(urls).toEqual([...urls].sort());
    const generated = (await by('generated_at')).map((r) => r.generated_at ?? '');
    expect(generated).toEqual([...generated].sort());
    const ids = (await by('id')).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
  });

  it('searches by url and pages', async () => {
    const found = await client.reports.list({ search: 'https', search_by: 'url', per_page: 10, page: 2 });
    expect(lastHit().query).toEqual({ search: 'https', search_by: 'url', per_page: '10', page: '2' });
    expect(found.meta.page).toBe(2);
    expect(found.items.every((r) => r.url.includes('https'))).toBe(true);
  });

  it('creates, shows, re-runs with results=1, updates privacy only, and deletes', async () => {
    const created = await client.reports.create({ url: 'https://www.audit-me.example/pricing', privacy: 1 });
    // The host keeps the URL without scheme and www., and answers the fields sent as strings.
    expect(created).toMatchObject({ url: 'audit-me.example/pricing', project: 'audit-me.example', privacy: 1 });
    expect(Number.isInteger(created.result)).toBe(true);
    expect(created.checks.length).toBeGreaterThan(0);
    expect(await client.reports.get(created.id)).toEqual(created);

    const rerun = await client.reports.update(created.id, { results: 1 });
    expect(lastHit()).toMatchObject({ method: 'PUT', body: { results: '1' } });
    expect(Object.keys(lastHit().body)).toEqual(['results']);
    expect(rerun.id).toBe(created.id);
    expect(rerun.generated_at).not.toBeNull();

    const priv = await client.reports.update(created.id, { privacy: 0 });
    expect(Object.keys(lastHit().body)).toEqual(['privacy']);
    expect(priv.privacy).toBe(0);

    expect(await client.reports.delete(created.id)).toEqual({ id: created.id, object: 'report', deleted: true });
    expect((await apiError(client.reports.delete(created.id))).kind).toBe('notFound');
  });

  it('refuses an id that is not a positive whole number without sending anything', async () => {
    const before = emu.hits.length;
    for (const id of [0, -3, 1.5, Number.NaN, '1e+21' as RecordId]) {
      expect((await apiError(client.reports.get(id))).kind).toBe('badId');
    }
    expect(emu.hits.length).toBe(before);
  });

  it('reaches the same hosts through base URLs given with their API path', async () => {
    const { client: other } = clientFor(emu, { baseUrl: `${emu.baseUrl}/public/api/v1/`, seoBaseUrl: `${emu.seoBaseUrl}/api/v1` });
    expect((await other.websites.list({ per_page: 10 })).meta.total).toBeGreaterThan(0);
    expect((await other.reports.list({ per_page: 10 })).meta.total).toBeGreaterThan(0);
    expect(other.hosts.analytics).toBe(new URL(emu.baseUrl).origin);
  });
});

import { describe, expect, it } from 'vitest';
import { REPORTS, WEBSITES } from '../../src/domain';
import { resolveEndpoint } from '../../src/api/urls';

const collection = (base: string, path = WEBSITES.apiPath) => {
  const r = resolveEndpoint(base, path);
  if (!r.ok) throw new Error(r.error);
  return r.value.collection;
};

describe('base URL normalisation', () => {
  it.each([
    'https://a.example',
    'https://a.example/',
    'https://a.example//',
    'https://a.example/public/api/v1',
    'https://a.example/public/api/v1/',
    'https://a.example/public/api/v1/websites',
    'https://a.example/public/api/v1/websites/',
    '  https://a.example/public/api/v1  ',
    'https://a.example/?x=1#top',
    'a.example',
  ])('analytics %j → the websites collection', (base) => {
    expect(collection(base)).toBe('https://a.example/public/api/v1/websites');
  });

  it.each(['http://127.0.0.1:4001', 'http://127.0.0.1:4001/api/v1', 'http://127.0.0.1:4001/api/v1/reports/'])('SEO %j → the reports collection', (base) =>
    expect(collection(base, REPORTS.apiPath)).toBe('http://127.0.0.1:4001/api/v1/reports'),
  );

  it('keeps a sub-folder install', () => {
    expect(collection('https://x.example/analytics/')).toBe('https://x.example/analytics/public/api/v1/websites');
    expect(collection('https://x.example/seo/api/v1', REPORTS.apiPath)).toBe('https://x.example/seo/api/v1/reports');
  });

  it('names the host without scheme or credentials', () => {
    const r = resolveEndpoint('https://user:pw@a.example:8443/public/api/v1', WEBSITES.apiPath);
    expect(r).toEqual({
      ok: true,
      value: { collection: 'https://a.example:8443/public/api/v1/websites', origin: 'https://a.example:8443', hostLabel: 'a.example:8443' },
    });
  });

  it('refuses what is not an http(s) URL', () => {
    expect(resolveEndpoint('', WEBSITES.apiPath).ok).toBe(false);
    expect(resolveEndpoint('ftp://a.example', WEBSITES.apiPath).ok).toBe(false);
    expect(resolveEndpoint('http://', WEBSITES.apiPath).ok).toBe(false);
  });
});

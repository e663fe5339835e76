import { describe, expect, it } from 'vitest';
import { WEBSITES, REPORTS, classify, createDefaults, defaultQuery, parseChoice, PRIVACY, sortKeys, validateWrite } from '../../src/domain';

describe('domain tables', () => {
  it('gives the seed defaults for list queries', () => {
    expect(defaultQuery(WEBSITES)).toEqual({ search_by: 'domain', sort_by: 'id', sort: 'desc', per_page: 10, page: 1 });
    expect(defaultQuery(REPORTS)).toEqual({ search_by: 'url', sort_by: 'id', sort: 'desc', per_page: 25, page: 1 });
  });

  it('gives the seed defaults on create', () => {
    expect(createDefaults(WEBSITES)).toEqual({ privacy: 1, email: 0, exclude_bots: 1 });
    expect(createDefaults(REPORTS)).toEqual({ privacy: 0 });
  });

  it('lists sort keys in table order', () => {
    expect(sortKeys(WEBSITES)).toEqual(['id', 'domain']);
    expect(sortKeys(REPORTS)).toEqual(['id', 'generated_at', 'url', 'result']);
  });

  it('classifies scores at the class boundaries', () => {
    expect([100, 80, 79, 49, 48, 0].map(classify)).toEqual(['good', 'good', 'decent', 'decent', 'bad', 'bad']);
  });

  it('parses choices by value or label and names the allowed values otherwise', () => {
    expect(parseChoice('Privacy', PRIVACY, 'private')).toEqual({ ok: true, value: 1 });
    expect(parseChoice('Privacy', PRIVACY, '2')).toEqual({ ok: true, value: 2 });
    const bad = parseChoice('Privacy', PRIVACY, 'secret');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toBe('Privacy must be one of: public (0), private (1), password (2) (got "secret")');
  });

  it('validates a website create and fills defaults', () => {
    expect(validateWrite(WEBSITES, 'create', { domain: ' shop.example.com ', email: 'enabled' })).toEqual({
      ok: true,
      values: { domain: 'shop.example.com', privacy: 1, email: 1, exclude_bots: 1 },
    });
  });

  it('refuses a missing domain, a bad choice, a domain on update and a password-less Password page', () => {
    const r = validateWrite(WEBSITES, 'create', { privacy: 'password', email: 'maybe' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['domain', 'email', 'password']);
    const u = validateWrite(WEBSITES, 'update', { domain: 'x.com' });
    expect(u).toEqual({ ok: false, errors: { domain: ['Domain cannot be set on update.'] } });
  });

  it('sends only what an update names', () => {
    expect(validateWrite(WEBSITES, 'update', { exclude_ips: '1.2.3.4\n5.6.7.8' })).toEqual({ ok: true, values: { exclude_ips: '1.2.3.4\n5.6.7.8' } });
    expect(validateWrite(REPORTS, 'update', { results: 'yes' })).toEqual({ ok: true, values: { results: 1 } });
  });

  it('checks report URLs', () => {
    expect(validateWrite(REPORTS, 'create', { url: 'not a url' }).ok).toBe(false);
    expect(validateWrite(REPORTS, 'create', { url: 'https://example.com/a' })).toEqual({ ok: true, values: { url: 'https://example.com/a', privacy: 0 } });
  });
});

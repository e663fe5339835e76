// What a cover's source names, one rule for `reports cover SOURCE` and the deck's `:cover SOURCE`:
// `demo` under --demo is the sample site's robots.txt on the emulator's SEO origin (elsewhere a file
// of that name), `-` stdin, an http(s) URL as given, anything else a file from the directory given.
import { describe, expect, it } from 'vitest';
import { sourceOf } from '../../src/api/cover/gather';

describe('a cover source', () => {
  it('demo under --demo is the emulator’s robots.txt; without --demo a file named demo', () => {
    expect(sourceOf('demo', '/home/u', 'http://127.0.0.1:4001')).toEqual({ kind: 'url', url: 'http://127.0.0.1:4001/robots.txt' });
    expect(sourceOf('demo', '/home/u')).toEqual({ kind: 'file', path: '/home/u/demo' });
  });

  it('-, a URL, a relative and an absolute file', () => {
    expect(sourceOf('-', '/home/u', 'http://127.0.0.1:4001')).toEqual({ kind: 'stdin' });
    expect(sourceOf('HTTPS://example.com/sitemap.xml', '/home/u')).toEqual({ kind: 'url', url: 'HTTPS://example.com/sitemap.xml' });
    expect(sourceOf('maps/site.xml', '/home/u')).toEqual({ kind: 'file', path: '/home/u/maps/site.xml' });
    expect(sourceOf('/srv/site.xml.gz', '/home/u')).toEqual({ kind: 'file', path: '/srv/site.xml.gz' });
  });
});

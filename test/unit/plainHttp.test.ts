// The plain-http rule: a base URL that sends the key in the clear to another machine warns, naming
// the host; loopback and https never do.

import { describe, expect, it } from 'vitest';
import { isLoopbackHost, plainHttpHost, plainHttpWarnings } from '../../src/domain/baseUrl';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'api.localhost', '[::1]', '::1', 'localhost.', '[::ffff:7f00:1]'])('%s is this machine', (h) => {
    expect(isLoopbackHost(h)).toBe(true);
  });
  it.each(['128.0.0.1', '10.0.0.5', 'stats.example.com', '127.example.com', 'localhost.example.com', '[::2]', '[::ffff:a00:1]', '1270.0.0.1'])(
    '%s is another machine',
    (h) => {
      expect(isLoopbackHost(h)).toBe(false);
    },
  );
});

describe('plainHttpHost', () => {
  it('names the host (with its port) of an http URL to another machine', () => {
    expect(plainHttpHost('http://stats.example.com/public/api/v1')).toBe('stats.example.com');
    expect(plainHttpHost('http://10.0.0.5:8080')).toBe('10.0.0.5:8080');
    expect(plainHttpHost('HTTP://Stats.Example.com')).toBe('stats.example.com');
  });
  it('never names credentials', () => {
    expect(plainHttpHost('http://ann:secret@stats.example.com/api')).toBe('stats.example.com');
  });
  it('https, loopback, no scheme (https assumed), empty or unparsable: nothing to say', () => {
    for (const u of [
      'https://stats.example.com',
      'http://127.0.0.1:8000',
      'http://localhost/api',
      'http://[::1]:9',
      'stats.example.com',
      '',
      undefined,
      'http://',
    ]) {
      expect(plainHttpHost(u)).toBeUndefined();
    }
  });
});

describe('plainHttpWarnings', () => {
  it('one warning per host, naming the settings that point there', () => {
    const w = plainHttpWarnings([
      { setting: 'SITEDECK_BASE_URL', url: 'http://stats.example.com/public/api/v1' },
      { setting: 'SITEDECK_SEO_BASE_URL', url: 'http://stats.example.com/api/v1' },
    ]);
    expect(w).toEqual([
      'warning: SITEDECK_BASE_URL and SITEDECK_SEO_BASE_URL are plain http to stats.example.com: ' +
        'the API key travels unencrypted to that machine with every request; use https:// if the host offers it',
    ]);
  });
  it('two hosts, two warnings; loopback and https none', () => {
    expect(
      plainHttpWarnings([
        { setting: 'a', url: 'http://a.example' },
        { setting: 'b', url: 'http://b.example' },
      ]),
    ).toHaveLength(2);
    expect(
      plainHttpWarnings([
        { setting: 'a', url: 'http://127.0.0.1:1' },
        { setting: 'b', url: 'https://b.example' },
      ]),
    ).toEqual([]);
  });
});

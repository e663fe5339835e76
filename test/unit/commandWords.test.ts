// A command's errors name where each base URL really came from, and advise what a command can do.
import { describe, expect, it } from 'vitest';
import { commandWords } from '../../src/commands/words';
import { resolveConfig } from '../../src/config';

const LINE = 'Could not reach the analytics host a.example (connection refused). Check the base URL (SITEDECK_BASE_URL) and the network.';
const config = (flags: Record<string, string>, env: Record<string, string>, file?: Record<string, string>) =>
  resolveConfig({ flags, env, configDir: '/cfg', file: file ? { current: 'work', profiles: { work: file } } : undefined });

describe('command words', () => {
  it('name the flag, the config file and profile, or keep the environment variable', () => {
    expect(commandWords(LINE, config({ baseUrl: 'https://a.example' }, {}))).toContain('Check the base URL (--base-url) and the network.');
    expect(commandWords(LINE, config({}, {}, { base_url: 'https://a.example' }))).toContain(
      'Check the base URL (base_url in profile "work" of /cfg/config.json)',
    );
    expect(commandWords(LINE, config({}, { SITEDECK_BASE_URL: 'https://a.example' }))).toBe(LINE);
    const seo = 'Check that SITEDECK_SEO_BASE_URL points at the API.';
    expect(commandWords(seo, config({ seoBaseUrl: 'https://s.example' }, {}))).toBe('Check that --seo-base-url points at the API.');
  });

  it('never advise a deck key: reading the record again is how a command checks', () => {
    const c = config({}, {});
    expect(commandWords('The change may have been applied — refresh to check.', c)).toBe(
      'The change may have been applied — read it again to check (get or list).',
    );
    expect(commandWords('The analytics host has no website 9 (404): the record may have been deleted elsewhere — refresh.', c)).toBe(
      'The analytics host has no website 9 (404): the record may have been deleted elsewhere.',
    );
  });
});

// A password written into a base URL is never printed back: every message that quotes a URL
// (validation through the environment, a flag or `config set`, `--json` errors, doctor) masks it
// with the one function in src/text/maskUrl.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../inProcess';

const PASSWORD = 's3cretpw';
/** Base URLs that are refused for as many reasons, each with the password in it. */
const BAD = [
  `ftp://user:${PASSWORD}@host.example.com`,
  `https://user:${PASSWORD}@host .example.com`,
  `https://user:${PASSWORD}@[host.example.com`,
  `user:${PASSWORD}@notaurl`,
  `https://us@er:${PASSWORD}@ho st.example.com`,
  `https:/user:${PASSWORD}@host example.com`,
];

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'sitedeck-url-mask-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({
  HOME: root,
  SITEDECK_CONFIG_DIR: join(root, 'cfg'),
  SITEDECK_API_KEY: 'sd_test_key_0123456789',
  ...extra,
});

describe('a base URL with a password, refused', () => {
  it.each(BAD)('%s: through the environment, a flag, --json, config set and doctor the password is never printed', async (url) => {
    const runs = [
      await runCommand(['websites', 'list'], { env: env({ SITEDECK_BASE_URL: url }) }),
      await runCommand(['websites', 'list', '--json'], { env: env({ SITEDECK_BASE_URL: url }) }),
      await runCommand(['--base-url', url, 'websites', 'list'], { env: env() }),
      await runCommand(['--seo-base-url', url, 'reports', 'list', '--json'], { env: env() }),
      await runCommand(['config', 'set', 'base_url', url], { env: env() }),
      await runCommand(['config', 'set', 'seo_base_url', url, '--json'], { env: env() }),
      await runCommand(['doctor'], { env: env({ SITEDECK_BASE_URL: url, SITEDECK_SEO_BASE_URL: url }) }),
    ];
    for (const r of runs) {
      expect(r.code).not.toBe(0);
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    }
    // Refused in words that still name the URL, masked.
    expect(runs[0].stderr).toContain(':••••@');
    expect(runs[4].stderr).toContain(':••••@');
  });
});

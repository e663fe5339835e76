import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../inProcess';

const KEY = 'sd_live_0123456789abcdefWXYZ';
let root: string;
let env: Record<string, string>;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sitedeck-cfgcmd-'));
  env = { HOME: root, SITEDECK_CONFIG_DIR: join(root, 'sd') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const run = (args: string[], input?: string, extra: Record<string, string | undefined> = {}) => runCommand(args, { env: { ...env, ...extra }, input });
const path = () => join(root, 'sd', 'config.json');

describe('sitedeck config', () => {
  it('path follows SITEDECK_CONFIG_DIR, then XDG_CONFIG_HOME, then the HOME it is given', async () => {
    expect((await run(['config', 'path'])).stdout).toBe(path() + '\n');
    const xdg = await runCommand(['config', 'path'], { env: { HOME: root, XDG_CONFIG_HOME: join(root, 'xdg') } });
    expect(xdg.stdout).toBe(join(root, 'xdg', 'sitedeck', 'config.json') + '\n');
    const home = await runCommand(['config', 'path'], { env: { HOME: root } });
    expect(home.stdout).toBe(join(root, '.config', 'sitedeck', 'config.json') + '\n');
  });

  it('set, set-key from stdin, show (key masked), profiles, use', async () => {
    expect((await run(['config', 'set', 'base_url', 'https://a.example'])).code).toBe(0);
    expect((await run(['config', 'set', 'seo-base-url', 'https://s.example'])).code).toBe(0);
    const sk = await run(['config', 'set-key'], `${KEY}\n`);
    expect(sk.code).toBe(0);
    expect(sk.stderr).toContain('••••WXYZ');
    expect(statSync(path()).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'sd')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path(), 'utf8'))).toEqual({
      current: 'default',
      profiles: { default: { base_url: 'https://a.example', seo_base_url: 'https://s.example', api_key: KEY } },
    });

    const show = await run(['config', 'show']);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^api_key\s+••••WXYZ \(config file\)$/m);
    expect(show.stdout).toMatch(/^base_url\s+https:\/\/a\.example \(config file\)$/m);
    const showEnv = await run(['config', 'show', '--json'], undefined, { SITEDECK_BASE_URL: 'https://env.example' });
    expect(JSON.parse(showEnv.stdout)).toMatchObject({
      profile: 'default',
      base_url: 'https://env.example',
      api_key: '••••WXYZ',
      sources: { base_url: 'env', api_key: 'file' },
    });

    // The deck's warm-start cache, off for one profile.
    expect((await run(['--profile', 'work', 'config', 'set', 'cache', 'false'])).code).toBe(0);
    expect(JSON.parse(readFileSync(path(), 'utf8')).profiles.work).toEqual({ cache: false });
    expect((await run(['--profile', 'work', 'config', 'show'])).stdout).toMatch(/^cache\s+false \(config file\)$/m);
    expect((await run(['config', 'show'])).stdout).toMatch(/^cache\s+true \(default\)$/m);
    expect((await run(['--profile', 'work', 'config', 'set', 'read_only', 'yes'])).code).toBe(0);
    const profiles = await run(['config', 'profiles']);
    expect(profiles.stdout).toMatch(/^\* default\t.*key ••••WXYZ/m);
    expect(profiles.stdout).toMatch(/^ {2}work\t.*read-only/m);
    expect((await run(['config', 'use', 'work'])).code).toBe(0);
    expect(JSON.parse((await run(['config', 'profiles', '--json'])).stdout)).toEqual({ current: 'work', profiles: ['default', 'work'] });
    const missing = await run(['config', 'use', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('profiles: default, work');

    for (const r of [sk, show, showEnv, profiles]) expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('refuses a key on the command line, unknown settings and bad values', async () => {
    const k = await run(['config', 'set', 'api_key', KEY]);
    expect(k.code).toBe(2);
    expect(k.stderr).toContain('sitedeck config set-key');
    expect((await run(['config', 'set', 'colour', 'red'])).code).toBe(2);
    const ro = await run(['config', 'set', 'read_only', 'maybe']);
    expect(ro.code).toBe(2);
    expect(ro.stderr).toContain('true, yes, on, 1, false, no, off, 0');
    expect((await run(['config', 'set', 'base_url', 'ftp://x.example'])).code).toBe(2);
    expect((await run(['config', 'set-key'], '\n')).code).toBe(2);
  });

  it('refuses to read a key from a group/world-readable file, with the chmod fix (exit 2)', async () => {
    await run(['config', 'set-key'], KEY);
    chmodSync(path(), 0o644);
    for (const args of [
      ['config', 'show'],
      ['websites', 'list'],
    ]) {
      const r = await run(args, undefined, { SITEDECK_BASE_URL: 'http://127.0.0.1:9' });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`chmod 600 ${path()}`);
      expect(r.stderr).not.toContain(KEY);
    }
  });

  it('a command with an unknown --profile says so', async () => {
    await run(['config', 'set', 'base_url', 'https://a.example']);
    const r = await run(['--profile', 'ghost', 'websites', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('profile "ghost" is not in');
  });

  it('set-key refuses more than one line (or a control character) and saves nothing', async () => {
    for (const input of [`${KEY}\nsecond-line\n`, `${KEY}\r\nmore`, `${KEY.slice(0, 8)}\x1b[2J${KEY.slice(8)}`]) {
      const r = await run(['config', 'set-key'], input);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the key must be one line; 2 lines were given\. Nothing was saved\.|the key holds control characters/);
      expect(r.stderr).not.toContain(KEY);
    }
    expect(() => readFileSync(path(), 'utf8')).toThrow();
    expect((await run(['config', 'set-key'], `${KEY}\r\n`)).code).toBe(0);
    expect(JSON.parse(readFileSync(path(), 'utf8')).profiles.default.api_key).toBe(KEY);
  });

  it('credentials in a base URL are masked wherever it is shown', async () => {
    expect((await run(['config', 'set', 'base_url', 'http://user:hunter2pass@a.example/public/api/v1'])).code).toBe(0);
    expect((await run(['config', 'set', 'seo_base_url', 'https://tok3nvalue@s.example'])).code).toBe(0);
    const outs = [await run(['config', 'show']), await run(['config', 'show', '--json']), await run(['config', 'profiles'])];
    expect(outs[0].stdout).toMatch(/^base_url\s+http:\/\/user:••••@a\.example\/public\/api\/v1 \(config file\)$/m);
    expect(outs[0].stdout).toMatch(/^seo_base_url\s+https:\/\/••••@s\.example/m);
    expect(JSON.parse(outs[1].stdout)).toMatchObject({ base_url: 'http://user:••••@a.example/public/api/v1' });
    for (const r of outs) {
      expect(r.code).toBe(0);
      expect(r.stdout + r.stderr).not.toContain('hunter2pass');
      expect(r.stdout + r.stderr).not.toContain('tok3nvalue');
    }
  });

  it('--profile __proto__ (constructor, prototype) is refused in words; nothing is written, an existing file stays whole', async () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const r = await run(['--profile', name, 'config', 'set', 'base_url', 'https://a.example']);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `sitedeck: --profile "${name}" cannot name a profile: JavaScript objects keep that name for themselves; choose another (nothing was changed)\n`,
      );
    }
    expect(() => readFileSync(path(), 'utf8')).toThrow();
    expect((await run(['config', 'set', 'base_url', 'https://a.example'])).code).toBe(0);
    const before = readFileSync(path(), 'utf8');
    expect((await run(['config', 'set', 'base_url', 'https://b.example'], undefined, { SITEDECK_PROFILE: '__proto__' })).code).toBe(2);
    expect((await run(['config', 'use', '__proto__'])).code).toBe(2);
    expect(readFileSync(path(), 'utf8')).toBe(before);
    // A file that holds such a profile (written by hand) is read without it, and the rest still works.
    writeFileSync(path(), '{"current":"default","profiles":{"__proto__":{"base_url":"https://evil.example"},"default":{"base_url":"https://a.example"}}}', {
      mode: 0o600,
    });
    const shown = await run(['config', 'show', '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ base_url: 'https://a.example' });
    expect((await run(['config', 'profiles'])).stdout).not.toContain('__proto__');
  });

  it('a base URL without a scheme, with credentials (user:pass@host:1), is masked by config show and doctor', async () => {
    const extra = { SITEDECK_BASE_URL: 'user:s3cretpass@127.0.0.1:1', SITEDECK_SEO_BASE_URL: 'tok3nvalue@127.0.0.1:1', SITEDECK_API_KEY: KEY };
    const outs = [
      await run(['config', 'show'], undefined, extra),
      await run(['config', 'show', '--json'], undefined, extra),
      await run(['doctor', '--json', '--timeout', '1'], undefined, extra),
    ];
    expect(outs[0].stdout).toMatch(/^base_url\s+user:••••@127\.0\.0\.1:1 \(environment\)$/m);
    expect(outs[0].stdout).toMatch(/^seo_base_url\s+••••@127\.0\.0\.1:1 \(environment\)$/m);
    expect(JSON.parse(outs[1].stdout)).toMatchObject({ base_url: 'user:••••@127.0.0.1:1' });
    // JSON writes the mask's glyphs as \u escapes (the same string in every locale): read it as JSON.
    expect(JSON.stringify(JSON.parse(outs[2].stdout))).toContain('user:••••@127.0.0.1:1');
    for (const r of outs) {
      expect(r.stdout + r.stderr).not.toContain('s3cretpass');
      expect(r.stdout + r.stderr).not.toContain('tok3nvalue');
    }
  });
});

import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_KEY_FLAG_WARNING,
  ConfigError,
  configDirFrom,
  loadConfig,
  loadConfigFile,
  maskKey,
  maskUrl,
  parseConfigFile,
  readConfigKeys,
  redactKey,
  resolveConfig,
  saveProfile,
  switchProfile,
  unsetProfileSetting,
} from '../../src/config';
import type { ConfigFile } from '../../src/config';
import { cacheOffAtStart } from '../../src/config/cacheSwitch';
import { MAX_CONFIG_DEPTH } from '../../src/config/configText';
import { exposure } from '../../src/config/trust';
import { SETTING_NAMES } from '../../src/config/settings';

const FILE: ConfigFile = {
  current: 'work',
  profiles: {
    work: { base_url: 'https://a.file', seo_base_url: 'https://s.file', api_key: 'file-key-0000wxyz', read_only: true },
    home: { base_url: 'https://a.home' },
  },
};

describe('resolveConfig (pure)', () => {
  const dir = '/cfg';

  it('takes flags over env over file over defaults, and says where each came from', () => {
    const all = resolveConfig({
      flags: { baseUrl: 'https://a.flag' },
      env: { SITEDECK_BASE_URL: 'https://a.env', SITEDECK_SEO_BASE_URL: 'https://s.env' },
      file: FILE,
      configDir: dir,
    });
    expect(all.profile).toBe('work');
    expect(all.baseUrl).toBe('https://a.flag');
    expect(all.seoBaseUrl).toBe('https://s.env');
    expect(all.apiKey).toBe('file-key-0000wxyz');
    expect(all.readOnly).toBe(true);
    // Every setting of the table: those given say where from, the rest are the defaults.
    expect(all.sources).toEqual({
      ...Object.fromEntries(SETTING_NAMES.map((name) => [name, 'default'])),
      base_url: 'flag',
      seo_base_url: 'env',
      api_key: 'file',
      read_only: 'file',
    });
    expect(all.configPath).toBe('/cfg/config.json');
    expect(all.warnings).toEqual([]);
  });

  it('falls back to defaults with nothing given', () => {
    const c = resolveConfig({ flags: {}, env: {}, configDir: dir });
    expect(c).toMatchObject({ profile: 'default', readOnly: false, profileFound: false, warnings: [] });
    expect(c.baseUrl).toBeUndefined();
    expect(c.apiKey).toBeUndefined();
    expect(c.sources.read_only).toBe('default');
  });

  it('picks the profile by flag, then SITEDECK_PROFILE, then the file', () => {
    expect(resolveConfig({ flags: {}, env: { SITEDECK_PROFILE: 'home' }, file: FILE, configDir: dir }).baseUrl).toBe('https://a.home');
    const byFlag = resolveConfig({ flags: { profile: 'home' }, env: { SITEDECK_PROFILE: 'work' }, file: FILE, configDir: dir });
    expect(byFlag.profile).toBe('home');
    expect(byFlag.readOnly).toBe(false);
    expect(byFlag.profileFound).toBe(true);
    expect(resolveConfig({ flags: { profile: 'nope' }, env: {}, file: FILE, configDir: dir }).profileFound).toBe(false);
  });

  it('treats empty env values as unset', () => {
    const c = resolveConfig({ flags: {}, env: { SITEDECK_API_KEY: '' }, file: FILE, configDir: dir });
    expect(c.apiKey).toBe('file-key-0000wxyz');
  });

  it('--read-only from a flag wins over a writable profile', () => {
    const c = resolveConfig({ flags: { readOnly: true, profile: 'home' }, env: {}, file: FILE, configDir: dir });
    expect(c.readOnly).toBe(true);
    expect(c.sources.read_only).toBe('flag');
  });

  it('warns once when the key comes from --api-key, pointing to the env var and set-key', () => {
    const c = resolveConfig({ flags: { apiKey: 'k-from-flag-1234' }, env: { SITEDECK_API_KEY: 'other' }, configDir: dir });
    expect(c.apiKey).toBe('k-from-flag-1234');
    expect(c.warnings).toEqual([API_KEY_FLAG_WARNING]);
    expect(API_KEY_FLAG_WARNING).toContain('process list');
    expect(API_KEY_FLAG_WARNING).toContain('SITEDECK_API_KEY');
    expect(API_KEY_FLAG_WARNING).toContain('sitedeck config set-key');
    expect(API_KEY_FLAG_WARNING).not.toContain('k-from-flag');
  });

  it('takes the request timeout in seconds from --timeout over SITEDECK_TIMEOUT, and refuses nonsense', () => {
    expect(resolveConfig({ flags: {}, env: {}, configDir: dir }).timeoutMs).toBe(15_000);
    expect(resolveConfig({ flags: {}, env: { SITEDECK_TIMEOUT: '2.5' }, configDir: dir }).timeoutMs).toBe(2500);
    expect(resolveConfig({ flags: { timeout: '0.2' }, env: { SITEDECK_TIMEOUT: '9' }, configDir: dir }).timeoutMs).toBe(200);
    expect(() => resolveConfig({ flags: { timeout: 'soon' }, env: {}, configDir: dir })).toThrow(
      '--timeout must be a number of seconds between 0 and 600 (got "soon")',
    );
    expect(() => resolveConfig({ flags: {}, env: { SITEDECK_TIMEOUT: '-1' }, configDir: dir })).toThrow(/SITEDECK_TIMEOUT must be/);
  });
});

describe('config directory', () => {
  it('uses SITEDECK_CONFIG_DIR, then XDG_CONFIG_HOME/sitedeck, then ~/.config/sitedeck', () => {
    expect(configDirFrom({ SITEDECK_CONFIG_DIR: '/x/sd', XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/x/sd');
    expect(configDirFrom({ XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/xdg/sitedeck');
    expect(configDirFrom({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/sitedeck');
    expect(configDirFrom({}, '/home/u')).toBe('/home/u/.config/sitedeck');
  });
});

describe('maskUrl', () => {
  it('masks a password or a user part, with a scheme or without one', () => {
    expect(maskUrl('https://user:secret@host.example/x')).toBe('https://user:••••@host.example/x');
    expect(maskUrl('user:secret@host.example:1')).toBe('user:••••@host.example:1');
    expect(maskUrl(' token@host.example')).toBe(' ••••@host.example');
    expect(maskUrl('host.example/a@b')).toBe('host.example/a@b');
    expect(maskUrl('https://host.example')).toBe('https://host.example');
  });

  it('masks a URL that is not valid too: another scheme, a space, a `[`, an `@` in the password, one slash', () => {
    expect(maskUrl('ftp://user:s3cret@host.example')).toBe('ftp://user:••••@host.example');
    expect(maskUrl('https://user:s3cret@host .example')).toBe('https://user:••••@host .example');
    expect(maskUrl('https://user:s3cret@[host')).toBe('https://user:••••@[host');
    expect(maskUrl('https://user:s3@cret@host/p@th')).toBe('https://user:••••@host/p@th');
    expect(maskUrl('https:/user:s3cret@host')).toBe('https:/user:••••@host');
    expect(maskUrl('https:\\\\user:s3cret@host')).toBe('https:\\\\user:••••@host');
  });
});

describe('maskKey', () => {
  it('shows at most the last 4 characters', () => {
    expect(maskKey('sd_live_abcdefghabcd')).toBe('••••abcd');
    expect(maskKey('short')).toBe('••••');
    expect(maskKey(undefined)).toBe('');
    expect(redactKey('bad key sd_live_abcdefghabcd here', 'sd_live_abcdefghabcd')).toBe('bad key ••••abcd here');
  });
});

describe('config file on disk', () => {
  let root: string;
  let env: Record<string, string>;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sitedeck-config-'));
    env = { SITEDECK_CONFIG_DIR: join(root, 'sd') };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('saves a profile with mode 0600 in a 0700 directory, and reads it back', async () => {
    const path = await saveProfile('work', { base_url: 'https://a.example', api_key: 'sd_key_123456789' }, { env });
    expect(path).toBe(join(root, 'sd', 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'sd')).mode & 0o777).toBe(0o700);
    const c = loadConfig({}, env);
    expect(c).toMatchObject({ profile: 'work', baseUrl: 'https://a.example', apiKey: 'sd_key_123456789', profileFound: true });
  });

  it('merges into an existing profile and keeps the others; use switches the current one', async () => {
    await saveProfile('work', { base_url: 'https://a.example', api_key: 'sd_key_123456789' }, { env });
    await saveProfile('home', { base_url: 'https://home.example' }, { env });
    await saveProfile('work', { seo_base_url: 'https://s.example' }, { env });
    const stored = JSON.parse(readFileSync(join(root, 'sd', 'config.json'), 'utf8')) as ConfigFile;
    expect(stored.current).toBe('work');
    expect(stored.profiles.work).toEqual({ base_url: 'https://a.example', api_key: 'sd_key_123456789', seo_base_url: 'https://s.example' });
    await switchProfile('home', env);
    expect(loadConfig({}, env).baseUrl).toBe('https://home.example');
  });

  it('under XDG_CONFIG_HOME it writes to $XDG_CONFIG_HOME/sitedeck/config.json', async () => {
    const xenv = { XDG_CONFIG_HOME: join(root, 'xdg') };
    const path = await saveProfile('default', { base_url: 'https://a.example' }, { env: xenv });
    expect(path).toBe(join(root, 'xdg', 'sitedeck', 'config.json'));
    expect(loadConfig({}, xenv).configPath).toBe(path);
  });

  it('refuses to read a key from a group/world-readable file, naming the file and the chmod fix', async () => {
    const path = await saveProfile('work', { api_key: 'sd_key_123456789' }, { env });
    chmodSync(path, 0o644);
    let err: unknown;
    try {
      loadConfig({}, env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).kind).toBe('unsafeFile');
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toContain(`chmod 600 ${path}`);
    expect((err as Error).message).not.toContain('sd_key_123456789');
    // Saving again rewrites the file with safe modes.
    await saveProfile('work', { base_url: 'https://a.example' }, { env });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, env).apiKey).toBe('sd_key_123456789');
  });

  it('reads a loose file that holds no key, and reports a broken one clearly', () => {
    mkdirSync(join(root, 'sd'), { recursive: true });
    const path = join(root, 'sd', 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { base_url: 'https://a.example' } } }), { mode: 0o644 });
    expect(loadConfig({}, env).baseUrl).toBe('https://a.example');
    writeFileSync(path, '{not json');
    expect(() => loadConfig({}, env)).toThrow(/not valid JSON/);
  });

  /** config.json in sd/ holding an api_key_command, with these modes. */
  const commandFile = (fileMode: number, dirMode = 0o700) => {
    const dir = join(root, 'sd');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { base_url: 'https://a.example', api_key_command: "sh -c 'echo KEY'" } } }));
    chmodSync(path, fileMode);
    chmodSync(dir, dirMode);
    return { dir, path };
  };
  const refusal = (): string => {
    try {
      loadConfig({}, env);
    } catch (e) {
      expect((e as ConfigError).kind).toBe('unsafeFile');
      return (e as Error).message;
    }
    throw new Error('loaded');
  };

  it('refuses api_key_command from a file others can write, with the path, the mode and the chmod', () => {
    const { path } = commandFile(0o666);
    expect(refusal()).toBe(`${path} holds api_key_command but other users can write it (mode 0666); fix: chmod 600 ${path}`);
    chmodSync(path, 0o620);
    expect(refusal()).toContain('(mode 0620)');
    // Readable by others is fine for a command (it is no secret); writable is not.
    chmodSync(path, 0o644);
    expect(loadConfig({}, env).apiKeyCommand).toBe("sh -c 'echo KEY'");
  });

  it('refuses api_key_command from a file in a directory others can write (not sticky)', () => {
    const { dir, path } = commandFile(0o600, 0o777);
    expect(refusal()).toBe(`${path} holds api_key_command but other users can replace it: its directory ${dir} has mode 0777; fix: chmod 700 ${dir}`);
    chmodSync(dir, 0o1777);
    expect(loadConfig({}, env).apiKeyCommand).toBe("sh -c 'echo KEY'");
  });

  it.runIf(process.getuid?.() === 0)('refuses api_key_command from a file another user owns (a real chown)', () => {
    const { path } = commandFile(0o600);
    chownSync(path, 4321, 4321);
    expect(refusal()).toBe(
      `${path} holds api_key_command but is owned by another user (uid 4321), who can change it; fix: chown 0 ${path} && chmod 600 ${path}`,
    );
  });

  it('leaves no temporary files behind', async () => {
    await saveProfile('a', { base_url: 'https://a.example' }, { env });
    await saveProfile('b', { base_url: 'https://b.example' }, { env });
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(root, 'sd'))).toEqual(['config.json']);
  });
});

describe('exposure: who may change a file that holds a key or a key command (pure)', () => {
  const dir = { path: '/c', mode: 0o40700, uid: 1000 };
  const mine = { mode: 0o100600, uid: 1000 };
  it('trusts your own 0600 file in your own 0700 directory, and root-owned ones, whatever it holds', () => {
    expect(exposure('/c/config.json', 'api_key', mine, dir, 1000)).toBeNull();
    expect(exposure('/c/config.json', 'api_key_command', { mode: 0o100644, uid: 0 }, { ...dir, uid: 0, mode: 0o40755 }, 1000)).toBeNull();
  });
  it('judges nothing for a file that holds neither, nor where there are no uids (Windows)', () => {
    expect(exposure('/c/config.json', 'nothing', { mode: 0o100666, uid: 7 }, dir, 1000)).toBeNull();
    expect(exposure('/c/config.json', 'api_key', { mode: 0o100666, uid: 7 }, dir, undefined)).toBeNull();
  });
  it("refuses another user's file or directory, and a key readable by others", () => {
    expect(exposure('/c/config.json', 'api_key_command', { ...mine, uid: 7 }, dir, 1000)?.problem).toContain('owned by another user (uid 7)');
    expect(exposure('/c/config.json', 'api_key_command', mine, { ...dir, uid: 7 }, 1000)?.problem).toContain(
      'its directory /c is owned by another user (uid 7)',
    );
    expect(exposure('/c/config.json', 'api_key', { ...mine, mode: 0o100640 }, dir, 1000)).toMatchObject({
      problem: expect.stringContaining('other users can access it (mode 0640)'),
      fix: 'chmod 600 /c/config.json',
    });
  });
});

// config.json as people edit it (src/config/configText.ts): a byte-order mark is read and kept, and
// nesting past MAX_CONFIG_DEPTH is refused in words before anything walks the value.
describe('config.json as people edit it', () => {
  let root: string;
  let env: Record<string, string>;
  let path: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sitedeck-config-text-'));
    env = { SITEDECK_CONFIG_DIR: join(root, 'sd') };
    mkdirSync(join(root, 'sd'));
    path = join(root, 'sd', 'config.json');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const BOM = '\uFEFF';
  const written = { current: 'work', profiles: { work: { base_url: 'https://a.example', theme: 'dark' } }, keys: { list: { quit: 'x' } }, mine: [1, 2] };
  const deep = (levels: number, open: string, close: string) => `{"profiles": {"work": {"views": ${open.repeat(levels)}${close.repeat(levels)}}}}`;
  const refused = (text: string): string => {
    try {
      parseConfigFile(text, path);
    } catch (e) {
      expect((e as ConfigError).kind).toBe('badFile');
      return (e as Error).message;
    }
    throw new Error('read');
  };

  it('reads a file that begins with a byte-order mark, as the loader, config keys, the deck and the start-up cache switch read it', () => {
    const text = BOM + JSON.stringify(written, null, 2);
    expect(parseConfigFile(text, path)).toEqual({ current: 'work', profiles: written.profiles, keys: written.keys });
    writeFileSync(path, text, { mode: 0o600 });
    expect(loadConfig({}, env)).toMatchObject({ profile: 'work', baseUrl: 'https://a.example', theme: 'dark', profileFound: true });
    expect(readConfigKeys(path)).toEqual({ keys: written.keys, text });
    writeFileSync(path, BOM + JSON.stringify({ profiles: { default: { cache: false } } }), { mode: 0o600 });
    expect(cacheOffAtStart([], env)).toBe(`cache false in profile "default" of ${path}`);
    // One mark is an editor's; a second is text that is not JSON.
    expect(refused(BOM + BOM + '{}')).toMatch(/^\S+ is not valid JSON( at character 1)?; fix or remove it$/);
  });

  it('a rewrite keeps the byte-order mark and every key it does not know', async () => {
    writeFileSync(path, BOM + JSON.stringify(written, null, 2) + '\n', { mode: 0o600 });
    await saveProfile('work', { theme: 'light' }, { env });
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.startsWith(BOM + BOM)).toBe(false);
    expect(JSON.parse(text.slice(1))).toEqual({ ...written, profiles: { work: { base_url: 'https://a.example', theme: 'light' } } });
    // Without a mark, none is added.
    writeFileSync(path, JSON.stringify(written), { mode: 0o600 });
    await switchProfile('work', env);
    expect(readFileSync(path, 'utf8').startsWith('{')).toBe(true);
  });

  it(`refuses nesting past ${MAX_CONFIG_DEPTH} levels, of objects or arrays, in words naming the file and the limit`, () => {
    // The file, its profiles and a profile are 3 levels: the views make up the rest.
    const most = MAX_CONFIG_DEPTH - 3;
    expect(parseConfigFile(deep(most, '[', ']'), path).profiles.work).toEqual({}); // an array is no views object, but it is read
    expect(parseConfigFile(deep(most, '{"a":', '}').replace('{"a":}', '{}'), path).profiles.work.views).toBeDefined();
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ]) {
      for (const levels of [most + 1, 100_000]) {
        const text = deep(levels, open, close);
        // The character of the bracket that opens level MAX_CONFIG_DEPTH + 1, counted from 1.
        const at = [...text].flatMap((c, i) => (c === '{' || c === '[' ? [i + 1] : []))[MAX_CONFIG_DEPTH];
        expect(refused(text), `${open} ${levels}`).toBe(
          `${path} nests { and [ more than ${MAX_CONFIG_DEPTH} levels deep (at character ${at}; config.json is a few levels deep); fix or remove it`,
        );
      }
    }
    // Brackets inside strings are text, not nesting; an escaped quote does not end a string.
    const names = { profiles: { work: { views: { ['['.repeat(500) + '\\"{{' + '{'.repeat(500)]: { sort: 'name' } } } } };
    expect(Object.keys(parseConfigFile(JSON.stringify(names), path).profiles.work.views ?? {})).toHaveLength(1);
  });

  it('every reader of the file refuses a deep one, the file left as it was', async () => {
    const text = deep(100_000, '{"a":', '}');
    writeFileSync(path, text, { mode: 0o600 });
    const message = `more than ${MAX_CONFIG_DEPTH} levels deep`;
    expect(() => loadConfig({}, env)).toThrow(message);
    expect(() => loadConfigFile(env)).toThrow(message);
    expect(() => readConfigKeys(path)).toThrow(message);
    await expect(saveProfile('work', { theme: 'light' }, { env })).rejects.toThrow(new RegExp(`^${path} nests .* ${message}`));
    await expect(switchProfile('work', env)).rejects.toThrow(message);
    await expect(unsetProfileSetting('work', 'theme', env)).rejects.toThrow(message);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});

// Every entry of the settings table, round-tripped through `config set` (or `set-key`) → `show` →
// `show --json` → `get` → environment → flag → `unset`, with the source each one names.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runConfig, type ConfigVerb } from '../../src/commands/config';
import { setStateFileLimit } from '../../src/files';
import { testIo } from '../helpers/testIo';
import {
  flagAttribute,
  parseSetting,
  rangeText,
  settingDescription,
  SETTING_NAMES,
  SETTINGS,
  type SettingDef,
  type SettingName,
} from '../../src/config/settings';

/** Per setting: a value written to the file, one in the environment, and the flag's (as commander gives it). */
const SAMPLES: Record<SettingName, { file: string; env: string; flag?: string | boolean; shown: { file: string; env: string; flag?: string } }> = {
  base_url: {
    file: 'https://a.example',
    env: 'https://e.example',
    flag: 'https://f.example',
    shown: { file: 'https://a.example', env: 'https://e.example', flag: 'https://f.example' },
  },
  seo_base_url: {
    file: 'https://s.example',
    env: 'https://se.example',
    flag: 'https://sf.example',
    shown: { file: 'https://s.example', env: 'https://se.example', flag: 'https://sf.example' },
  },
  api_key: {
    file: 'sd_file_key_0000AAAA',
    env: 'sd_env_key_0000BBBB',
    flag: 'sd_flag_key_0000CCCC',
    shown: { file: '••••AAAA', env: '••••BBBB', flag: '••••CCCC' },
  },
  read_only: { file: 'true', env: 'no', flag: true, shown: { file: 'true', env: 'false', flag: 'true' } },
  cache: { file: 'false', env: 'on', flag: false, shown: { file: 'false', env: 'true', flag: 'false' } },
  history: { file: 'off', env: 'false', shown: { file: 'false', env: 'false' } },
  theme: { file: 'light', env: 'High-Contrast', flag: 'dark', shown: { file: 'light', env: 'high-contrast', flag: 'dark' } },
  mouse: { file: 'false', env: 'true', flag: false, shown: { file: 'false', env: 'true', flag: 'false' } },
  timeout: { file: '30', env: '2.5', flag: '7', shown: { file: '30', env: '2.5', flag: '7' } },
  max_wait: { file: '900', env: '60', flag: '3600', shown: { file: '900', env: '60', flag: '3600' } },
  max_body_mb: { file: '64', env: '1.5', flag: '128', shown: { file: '64', env: '1.5', flag: '128' } },
  max_depth: { file: '100', env: '8', flag: '1000', shown: { file: '100', env: '8', flag: '1000' } },
  max_stdin_mb: { file: '2', env: '1.5', shown: { file: '2', env: '1.5' } },
  max_state_file_mb: { file: '32', env: '4', shown: { file: '32', env: '4' } },
  screen_reader: { file: 'true', env: 'off', flag: true, shown: { file: 'true', env: 'false', flag: 'true' } },
  message_seconds: { file: '10', env: '2.5', flag: '60', shown: { file: '10', env: '2.5', flag: '60' } },
  api_key_command: {
    file: 'pass show sitedeck',
    env: 'op read op://vault/item/credential',
    shown: { file: 'pass show sitedeck', env: 'op read op://vault/item/credential' },
  },
};

let root: string;
const saved = { ...process.env };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sitedeck-settings-'));
  for (const name of SETTING_NAMES) delete process.env[(SETTINGS[name] as SettingDef).env ?? ''];
  delete process.env.SITEDECK_PROFILE;
  process.env.SITEDECK_CONFIG_DIR = join(root, 'sd');
});
afterEach(() => {
  process.env = { ...saved };
  rmSync(root, { recursive: true, force: true });
  // Loading a config sets the process's state-file limit (max_state_file_mb): put the default back.
  setStateFileLimit(undefined);
});

async function config(verb: ConfigVerb, args: string[] = [], opts: Record<string, unknown> = {}, input?: string) {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  if (input !== undefined) stdin.end(input);
  const io = testIo({
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin,
    env: process.env,
    cwd: process.cwd(),
    columns: 100,
    color: false,
  });
  const code = await runConfig(verb, args, opts, io);
  return { code, stdout, stderr };
}

/** The line `config show` prints for a setting, and what `--json` says of it. */
async function shown(name: SettingName, opts: Record<string, unknown> = {}) {
  const text = (await config('show', [], opts)).stdout;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '';
  const json = JSON.parse((await config('show', [], { ...opts, json: true })).stdout);
  const got = (await config('get', [name], opts)).stdout.trim();
  return { line, value: json[name], source: json.sources[name], got };
}

describe('the settings table', () => {
  for (const name of SETTING_NAMES) {
    const def: SettingDef = SETTINGS[name];
    const sample = SAMPLES[name];
    it(`${name}: default → file → environment → flag → unset`, async () => {
      const dflt = await shown(name);
      expect(dflt.source).toBe('default');
      expect(dflt.line).toMatch(/\(default\)$/);
      expect(dflt.value).toBe(def.default ?? null);

      if (def.settable) expect((await config('set', [name.replace(/_/g, '-'), sample.file])).code).toBe(0);
      else expect((await config('set-key', [], {}, `${sample.file}\n`)).code).toBe(0);
      const fromFile = await shown(name);
      expect(fromFile.source).toBe('file');
      expect(fromFile.line).toBe(`${name.padEnd(Math.max(...SETTING_NAMES.map((n) => n.length), 'profile'.length))}  ${sample.shown.file} (config file)`);
      expect(String(fromFile.value)).toBe(sample.shown.file);
      expect(fromFile.got).toBe(sample.shown.file);
      expect(JSON.parse(readFileSync(join(root, 'sd', 'config.json'), 'utf8')).profiles.default).toHaveProperty(name);

      process.env[def.env!] = sample.env;
      const fromEnv = await shown(name);
      expect([fromEnv.source, String(fromEnv.value)]).toEqual(['env', sample.shown.env]);
      expect(fromEnv.line).toContain(`${sample.shown.env} (environment)`);

      if (def.flag) {
        const opts = { [flagAttribute(def.flag)]: sample.flag };
        const fromFlag = await shown(name, opts);
        expect([fromFlag.source, String(fromFlag.value)]).toEqual(['flag', sample.shown.flag]);
        expect(fromFlag.line).toContain(`${sample.shown.flag} (flag)`);
      }

      delete process.env[def.env!];
      expect((await config('unset', [name])).code).toBe(0);
      const after = await shown(name);
      expect([after.source, after.value]).toEqual(['default', def.default ?? null]);
      expect(JSON.parse(readFileSync(join(root, 'sd', 'config.json'), 'utf8')).profiles.default).not.toHaveProperty(name);
    });
  }

  it("a number's limits are its row's: the parser keeps them and the description says them", () => {
    for (const name of SETTING_NAMES) {
      const def: SettingDef = SETTINGS[name];
      if (!['seconds', 'megabytes', 'levels'].includes(def.kind)) continue;
      expect(def.limits, name).toBeDefined();
      const { min, max } = def.limits!;
      expect(settingDescription(def), name).toContain(rangeText(def));
      expect(parseSetting(name, String(max), name).ok, name).toBe(true);
      expect(parseSetting(name, String(max + 1), name), name).toMatchObject({ ok: false, error: expect.stringContaining(`between ${min} and ${max}`) });
      expect(parseSetting(name, String(min - 1), name).ok, name).toBe(false);
    }
    expect(rangeText(SETTINGS.timeout)).toBe('0 < s ≤ 600');
    expect(rangeText(SETTINGS.max_body_mb)).toBe('1–4096');
  });

  it('refuses an unknown setting and a bad value, naming what is allowed', async () => {
    await expect(config('set', ['colour', 'red'])).rejects.toThrow(/unknown setting "colour": one of base_url, seo_base_url, read_only/);
    await expect(config('set', ['theme', 'purple'])).rejects.toThrow(
      'theme must be one of: auto, dark, light, high-contrast, high-contrast-dark, high-contrast-light (got "purple")',
    );
    await expect(config('set', ['timeout', '-1'])).rejects.toThrow('timeout must be a number of seconds between 0 and 600');
    await expect(config('set', ['api_key', 'x'])).rejects.toThrow('config set-key');
    // A stray word is not a base URL; a host name, an address with a port or a full intranet URL is.
    await expect(config('set', ['base_url', 'notaurl'])).rejects.toThrow(
      'base_url must be an http:// or https:// URL ("notaurl" is not a URL: give a host name such as analytics.example.com',
    );
    await expect(config('set', ['seo_base_url', 'ftp://x.example'])).rejects.toThrow('must start with http:// or https://');
    for (const ok of ['stats.example.com', 'http://analytics:8080', 'https://stats', 'localhost:8080', '127.0.0.1:4001/public/api/v1']) {
      expect((await config('set', ['base_url', ok])).code, ok).toBe(0);
    }
  });

  it('a bad value in the environment stops; one in the file is said and skipped', async () => {
    process.env.SITEDECK_MOUSE = 'maybe';
    await expect(config('show')).rejects.toThrow('SITEDECK_MOUSE must be one of: true, yes, on, 1, false, no, off, 0 (got "maybe")');
    delete process.env.SITEDECK_MOUSE;
    await config('set', ['timeout', '30']);
    const file = join(root, 'sd', 'config.json');
    const text = readFileSync(file, 'utf8').replace('"timeout": 30', '"timeout": "soon"');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, text, { mode: 0o600 });
    const { loadConfig } = await import('../../src/config');
    const c = loadConfig({}, process.env);
    expect(c.timeoutMs).toBe(15_000);
    expect(c.warnings).toEqual([`timeout in profile "default" of ${file} must be a number of seconds between 0 and 600 (got "soon"); using 15`]);
  });
});

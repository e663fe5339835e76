// The entry reads the setting `cache` before the settings table loads (src/config/cacheSwitch.ts), so
// that Node's compile cache starts only when the setting is on. It must give resolveConfig's answer
// for every way of writing it: the flag, the variable, the profile in the file, and their order.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootProgram } from '../../src/commands/root';
import { configFlagsFrom, parseConfigFile, resolveConfig } from '../../src/config';
import { CACHE_ENV, CACHE_FLAG, cacheOffAtStart } from '../../src/config/cacheSwitch';
import { SETTINGS } from '../../src/config/settings';

const root = mkdtempSync(join(tmpdir(), 'sitedeck-cache-switch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The global options as the program parses them. */
function optionsOf(argv: string[]): Record<string, unknown> {
  const program = rootProgram(async () => {}).exitOverride();
  program.parse(argv, { from: 'user' });
  return program.opts();
}

const FILES: Record<string, object | undefined> = {
  none: undefined,
  'default off': { profiles: { default: { cache: false } } },
  'work off, current': { current: 'work', profiles: { work: { cache: 'no' }, default: {} } },
  'work off, not current': { profiles: { work: { cache: false }, default: { cache: true } } },
  'default on': { profiles: { default: { cache: 'yes' } } },
};
const ARGVS = [[], [CACHE_FLAG], ['--profile', 'work'], ['--profile=work', CACHE_FLAG], ['--profile', 'default']];
const ENVS = [
  {},
  { [CACHE_ENV]: 'false' },
  { [CACHE_ENV]: 'on' },
  { SITEDECK_PROFILE: 'work' },
  { SITEDECK_PROFILE: 'work', [CACHE_ENV]: 'true' },
  { [CACHE_ENV]: ' ' },
];

describe('cacheOffAtStart', () => {
  it('names the same flag and variable as the settings table', () => {
    expect(SETTINGS.cache.flag).toBe(CACHE_FLAG);
    expect(SETTINGS.cache.env).toBe(CACHE_ENV);
  });

  it('agrees with resolveConfig on every flag, variable and profile', () => {
    let n = 0;
    for (const [name, file] of Object.entries(FILES)) {
      const configDir = join(root, `c${n++}`);
      mkdirSync(configDir);
      if (file) writeFileSync(join(configDir, 'config.json'), JSON.stringify(file));
      for (const argv of ARGVS) {
        for (const extra of ENVS) {
          const env = { SITEDECK_CONFIG_DIR: configDir, ...extra };
          const resolved = resolveConfig({
            flags: configFlagsFrom(optionsOf(argv)),
            env,
            file: file && parseConfigFile(JSON.stringify(file), 'config.json'),
            configDir,
          });
          const off = cacheOffAtStart(argv, env);
          expect({ name, argv, extra, on: off === null }).toEqual({ name, argv, extra, on: resolved.cache });
        }
      }
    }
  });

  it('says where the switch was turned off', () => {
    const configDir = join(root, 'words');
    mkdirSync(configDir);
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { default: { cache: false } } }));
    expect(cacheOffAtStart([CACHE_FLAG], {})).toBe('--no-cache');
    expect(cacheOffAtStart(['--', CACHE_FLAG], { SITEDECK_CONFIG_DIR: join(root, 'nowhere') })).toBeNull();
    expect(cacheOffAtStart([], { SITEDECK_CACHE: 'off', SITEDECK_CONFIG_DIR: configDir })).toBe('SITEDECK_CACHE=off');
    expect(cacheOffAtStart([], { SITEDECK_CONFIG_DIR: configDir })).toBe(`cache false in profile "default" of ${join(configDir, 'config.json')}`);
  });
});

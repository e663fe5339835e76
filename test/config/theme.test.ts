// The theme setting: --theme > SITEDECK_THEME > `theme` in the profile > auto. A typo on the command
// line or in the environment stops with the allowed values; one in the file is said and skipped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig, THEME_SETTINGS } from '../../src/config';
import { baseEnv, ensureBuilt, runCli } from '../commands/helpers';

const dir = '/cfg';
const file = (theme: string) => ({ profiles: { default: { theme: theme as 'auto' } } });

describe('resolveConfig: theme', () => {
  it('takes the flag, then the environment, then the file, else auto', () => {
    expect(resolveConfig({ flags: {}, env: {}, configDir: dir })).toMatchObject({ theme: 'auto', sources: { theme: 'default' } });
    expect(resolveConfig({ flags: {}, env: {}, file: file('light'), configDir: dir })).toMatchObject({ theme: 'light', sources: { theme: 'file' } });
    expect(resolveConfig({ flags: {}, env: { SITEDECK_THEME: 'High-Contrast' }, file: file('light'), configDir: dir })).toMatchObject({ theme: 'high-contrast', sources: { theme: 'env' } });
    expect(resolveConfig({ flags: { theme: 'dark' }, env: { SITEDECK_THEME: 'light' }, configDir: dir })).toMatchObject({ theme: 'dark', sources: { theme: 'flag' } });
  });

  it('refuses an unknown theme from the flag or the environment, naming where and what is allowed', () => {
    expect(() => resolveConfig({ flags: { theme: 'purple' }, env: {}, configDir: dir })).toThrow(new ConfigError('badValue', `--theme must be one of: ${THEME_SETTINGS.join(', ')} (got "purple")`));
    expect(() => resolveConfig({ flags: {}, env: { SITEDECK_THEME: 'solarized' }, configDir: dir })).toThrow(/^SITEDECK_THEME must be one of: auto, dark, light, high-contrast \(got "solarized"\)$/);
  });

  it('warns about an unknown theme in the file and uses auto', () => {
    const c = resolveConfig({ flags: {}, env: {}, file: file('sepia'), configDir: dir });
    expect(c.theme).toBe('auto');
    expect(c.warnings).toEqual(['theme in profile "default" of /cfg/config.json must be one of: auto, dark, light, high-contrast (got "sepia"); using auto']);
  });
});

describe('sitedeck config set theme', () => {
  let home: string;
  let env: Record<string, string>;
  beforeAll(() => {
    ensureBuilt();
    home = mkdtempSync(join(tmpdir(), 'sitedeck-theme-cfg-'));
    env = baseEnv({ HOME: home, SITEDECK_CONFIG_DIR: join(home, 'sd') });
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('saves a theme, shows it with its source, and refuses one that does not exist', async () => {
    expect((await runCli(['config', 'set', 'theme', 'Light'], { env })).code).toBe(0);
    const shown = await runCli(['config', 'show', '--json'], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ theme: 'light', sources: { theme: 'file' } });
    expect((await runCli(['config', 'show'], { env })).stdout).toMatch(/^theme\s+light \(config file\)$/m);

    const bad = await runCli(['config', 'set', 'theme', 'purple'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('theme must be one of: auto, dark, light, high-contrast (got "purple")');
    expect(JSON.parse((await runCli(['config', 'show', '--json'], { env })).stdout).theme).toBe('light');

    const flag = await runCli(['--theme', 'purple', 'config', 'show'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--theme must be one of');
  });
});

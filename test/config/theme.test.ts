// The theme setting: --theme > SITEDECK_THEME > `theme` in the profile > auto. A typo on the command
// line or in the environment stops with the allowed values; one in the file is said and skipped.
// `sitedeck config set theme` through the bundled CLI: test/commands/theme.test.ts.
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig, THEME_SETTINGS } from '../../src/config';

const dir = '/cfg';
const file = (theme: string) => ({ profiles: { default: { theme: theme as 'auto' } } });

describe('resolveConfig: theme', () => {
  it('takes the flag, then the environment, then the file, else auto', () => {
    expect(resolveConfig({ flags: {}, env: {}, configDir: dir })).toMatchObject({ theme: 'auto', sources: { theme: 'default' } });
    expect(resolveConfig({ flags: {}, env: {}, file: file('light'), configDir: dir })).toMatchObject({ theme: 'light', sources: { theme: 'file' } });
    expect(resolveConfig({ flags: {}, env: { SITEDECK_THEME: 'High-Contrast' }, file: file('light'), configDir: dir })).toMatchObject({
      theme: 'high-contrast',
      sources: { theme: 'env' },
    });
    expect(resolveConfig({ flags: { theme: 'dark' }, env: { SITEDECK_THEME: 'light' }, configDir: dir })).toMatchObject({
      theme: 'dark',
      sources: { theme: 'flag' },
    });
  });

  it('refuses an unknown theme from the flag or the environment, naming where and what is allowed', () => {
    expect(() => resolveConfig({ flags: { theme: 'purple' }, env: {}, configDir: dir })).toThrow(
      new ConfigError('badValue', `--theme must be one of: ${THEME_SETTINGS.join(', ')} (got "purple")`),
    );
    expect(() => resolveConfig({ flags: {}, env: { SITEDECK_THEME: 'solarized' }, configDir: dir })).toThrow(
      /^SITEDECK_THEME must be one of: auto, dark, light, high-contrast, high-contrast-dark, high-contrast-light \(got "solarized"\)$/,
    );
  });

  it('warns about an unknown theme in the file and uses auto', () => {
    const c = resolveConfig({ flags: {}, env: {}, file: file('sepia'), configDir: dir });
    expect(c.theme).toBe('auto');
    expect(c.warnings).toEqual([
      'theme in profile "default" of /cfg/config.json must be one of: ' +
        'auto, dark, light, high-contrast, high-contrast-dark, high-contrast-light (got "sepia"); using auto',
    ]);
  });
});

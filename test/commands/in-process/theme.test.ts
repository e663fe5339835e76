// `sitedeck config set theme` and --theme through the commands (the setting's order and checks:
// test/config/theme.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv } from '../helpers';
import { runCommand } from '../inProcess';

describe('sitedeck config set theme', () => {
  let home: string;
  let env: Record<string, string>;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'sitedeck-theme-cfg-'));
    env = baseEnv({ HOME: home, SITEDECK_CONFIG_DIR: join(home, 'sd') });
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('saves a theme, shows it with its source, and refuses one that does not exist', async () => {
    expect((await runCommand(['config', 'set', 'theme', 'Light'], { env })).code).toBe(0);
    const shown = await runCommand(['config', 'show', '--json'], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ theme: 'light', sources: { theme: 'file' } });
    expect((await runCommand(['config', 'show'], { env })).stdout).toMatch(/^theme\s+light \(config file\)$/m);

    const bad = await runCommand(['config', 'set', 'theme', 'purple'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('theme must be one of: auto, dark, light, high-contrast, high-contrast-dark, high-contrast-light (got "purple")');
    expect(JSON.parse((await runCommand(['config', 'show', '--json'], { env })).stdout).theme).toBe('light');

    const flag = await runCommand(['--theme', 'purple', 'config', 'show'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--theme must be one of');
  });
});

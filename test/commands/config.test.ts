// On the bundle: the home directory comes from the process (os.homedir()), not from the environment a command is given in-process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from './helpers';

let root: string;
let env: Record<string, string>;
beforeEach(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'sitedeck-cfgcmd-'));
  env = { HOME: root, SITEDECK_CONFIG_DIR: join(root, 'sd') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const run = (args: string[]) => runCli(args, { env });
const path = () => join(root, 'sd', 'config.json');

describe('sitedeck config', () => {
  it('path follows SITEDECK_CONFIG_DIR, then XDG_CONFIG_HOME', async () => {
    expect((await run(['config', 'path'])).stdout).toBe(path() + '\n');
    const xdg = await runCli(['config', 'path'], { env: { HOME: root, XDG_CONFIG_HOME: join(root, 'xdg') } });
    expect(xdg.stdout).toBe(join(root, 'xdg', 'sitedeck', 'config.json') + '\n');
    const home = await runCli(['config', 'path'], { env: { HOME: root } });
    expect(home.stdout).toBe(join(root, '.config', 'sitedeck', 'config.json') + '\n');
  });
});

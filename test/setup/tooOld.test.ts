// The installed bundle on a Node older than it needs: one line naming the Node it needs and the
// single file, exit 2, never a stack trace from deep inside Ink. Run with the registry's Node 20.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt } from '../commands/helpers';
import { registryNodeDir } from '../helpers/registryNode';

let node20: string;
beforeAll(() => {
  ensureBuilt();
  const dir = registryNodeDir('20.20.2');
  if (!dir) throw new Error(`the npm registry has no node-${process.platform}-${process.arch}@20.20.2`);
  node20 = join(dir, 'node');
}, 120_000);

describe('the bundle on Node 20', () => {
  for (const args of [[], ['--demo'], ['websites', 'list', '--json'], ['--version']]) {
    it(`sitedeck ${args.join(' ')}: one line, exit 2`, () => {
      const run = spawnSync(node20, [CLI, ...args], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' }, timeout: 30_000 });
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        'sitedeck: needs Node 22.12 or later (this is Node 20.20.2): install Node 24 LTS, or run the single file dist/sitedeck, which carries its own Node\n',
      );
      expect(run.status).toBe(2);
    });
  }
});

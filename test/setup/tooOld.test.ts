// The installed bundle on a Node older than it needs: one line naming the Node it needs and the
// single file, exit 2, never a stack trace from deep inside Ink. Run with the registry's Node 20.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt } from '../commands/helpers';
import { registryNodeDir } from '../helpers/registryNode';

const ROOT = resolve(__dirname, '../..');
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
      const run = spawnSync(node20, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' }, timeout: 30_000 });
      expect(run.stdout).toBe('');
      // In this checkout: the Node npm install linked, as a path from where the user is.
      expect(run.stderr).toBe(
        'sitedeck: needs Node 22.13 or later (this is Node 20.20.2): run it on the Node 24 that npm install put here ' +
          '(node_modules/.bin/node dist/cli.js, or any npm script: npm run demo)\n',
      );
      expect(run.status).toBe(2);
    });
  }
});

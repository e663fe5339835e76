import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_REQUIRED, nodeTooOld } from '../../src/nodeRequired';

describe('the Node the bundle needs', () => {
  it('is the one package.json names in engines', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${NODE_REQUIRED.major}.${NODE_REQUIRED.minor}`);
  });

  it('refuses an older Node in one line that names the Node needed and what to run instead', () => {
    for (const old of ['20.20.2', '22.12.0', '18.0.0', '22.0.0']) {
      expect(nodeTooOld(old)).toBe(
        `sitedeck: needs Node 22.13 or later (this is Node ${old}): ` +
          'install Node 24 LTS, or run the single file build of sitedeck, which carries its own Node (docs/single-file.md)\n',
      );
      // In a checkout, the Node npm install put there.
      expect(nodeTooOld(old, 'node_modules/.bin/node')).toBe(
        `sitedeck: needs Node 22.13 or later (this is Node ${old}): ` +
          'run it on the Node 24 that npm install put here (node_modules/.bin/node dist/cli.js, or any npm script: npm run demo)\n',
      );
    }
  });

  it('lets 22.13 and later through', () => {
    for (const ok of ['22.13.0', '22.23.3', '24.21.0', '26.0.0']) expect(nodeTooOld(ok)).toBeNull();
  });
});

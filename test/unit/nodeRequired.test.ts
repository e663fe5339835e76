import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_REQUIRED, nodeTooOld } from '../../src/nodeRequired';

describe('the Node the bundle needs', () => {
  it('is the one package.json names in engines', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${NODE_REQUIRED.major}.${NODE_REQUIRED.minor}`);
  });

  it('refuses an older Node in one line that names the Node needed and the single file', () => {
    for (const old of ['20.20.2', '22.11.0', '18.0.0', '22.0.0']) {
      const line = nodeTooOld(old);
      expect(line).toBe(
        `sitedeck: needs Node 22.12 or later (this is Node ${old}): install Node 24 LTS, or run the single file dist/sitedeck, which carries its own Node\n`,
      );
    }
  });

  it('lets 22.12 and later through', () => {
    for (const ok of ['22.12.0', '22.23.3', '24.21.0', '26.0.0']) expect(nodeTooOld(ok)).toBeNull();
  });
});

// The suite's shape by layer, counted from the sources (scripts/testLayers.mjs): what each count
// takes and leaves, on a small tree made here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error: a measuring script, plain JavaScript
import { testLayers } from '../../scripts/testLayers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'sitedeck-test-layers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('counts files, tests, assertions, bundle starts and tmux sessions per folder of test/, fixtures left out', () => {
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, 'test', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'test', path), text);
  };
  write(
    'unit/a.test.ts',
    [
      "it('one', () => { expect(1).toBe(1); expect.soft(2).toBe(2); });",
      "it.each([[1], [2]])('two %i', (n) => expect(n).toBeGreaterThan(0));",
      "test.skip('three', () => {});",
      "const notATest = submit('x'); obj.it('no');",
    ].join('\n'),
  );
  // The launcher's names spelled in two parts: written whole here, they would be counted by the suite's
  // own scan of the places that start the bundle (test/build/bundleRuns.test.ts).
  const [runCli, cli] = ['run' + 'Cli', 'C' + 'LI'];
  write('bundle/b.test.ts', `it('runs', async () => { const r = await ${runCli}(['--version']); expect(r.code).toBe(0); });`);
  write('e2e/c.test.ts', `it('walks', async () => { const t = startTmux({ command: [${cli}] }); await t.waitFor('x'); });`);
  write('e2e/helper.ts', 'export const open = () => startTmux({ command: [] });');
  write('unit/fixtures/d.test.ts', "it('not counted', () => expect(0).toBe(0));");
  expect(testLayers(dir)).toEqual({
    unit: { files: 1, tests: 3, assertions: 3, bundleStarts: 0, tmuxSessions: 0 },
    bundle: { files: 1, tests: 1, assertions: 1, bundleStarts: 1, tmuxSessions: 0 },
    e2e: { files: 1, tests: 1, assertions: 0, bundleStarts: 1, tmuxSessions: 2 },
  });
});
